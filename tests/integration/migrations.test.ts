// The migrations build the whole schema on both drivers, its constraints hold, and an embedded data folder is locked to one process.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { DataDirLockedError, openDatabase, type Database } from "#db/client.server";
import { lobbies, matches, players, tournaments, users } from "#db/schema";
import { describeEachDriver, queryRows } from "../setup/databases";

const root = fileURLToPath(new URL("../..", import.meta.url));
const migrationsDir = path.join(root, "db/migrations");
const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

const scoring = { first: 8, second: 7, third: 6, fourth: 5, fifth: 4, sixth: 3, seventh: 2, eighth: 1 };

let seedCounter = 0;
/** A user owning a tournament with two players and one lobby holding them. */
async function seedTournament(database: Database) {
  const { db } = database;
  const n = ++seedCounter;
  const [owner] = await db
    .insert(users)
    .values({ username: `owner-${n}`, password: "x" })
    .returning();
  const [tournament] = await db
    .insert(tournaments)
    .values({ name: `Cup ${n}`, maxPlayers: 8, totalRounds: 3, scoring, ownerId: owner.id })
    .returning();
  const [alice, bob] = await db
    .insert(players)
    .values([
      { tournamentId: tournament.id, name: "Alice", riotTag: "EUW1" },
      { tournamentId: tournament.id, name: "Bob", riotTag: "EUW2" },
    ])
    .returning();
  const [lobby] = await db
    .insert(lobbies)
    .values({ tournamentId: tournament.id, roundNumber: 1, name: "Lobby 1", playerIds: [alice.id, bob.id] })
    .returning();
  return { owner, tournament, alice, bob, lobby };
}

type PgError = { code: string; constraint?: string };
type DriverError = { code?: unknown; constraint?: string; constraint_name?: string; cause?: DriverError };

/** Awaits a write that the database must refuse, and returns the PostgreSQL error behind drizzle's wrapper. */
async function rejection(write: Promise<unknown>): Promise<PgError> {
  try {
    await write;
  } catch (error) {
    // drizzle wraps the driver's error; PGlite names the constraint `constraint`, postgres.js `constraint_name`.
    for (let e = error as DriverError | undefined; e; e = e.cause) {
      if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
        return { code: e.code, constraint: e.constraint ?? e.constraint_name };
      }
    }
    throw error;
  }
  throw new Error("The database accepted a write that its constraints should have refused");
}

const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";

describeEachDriver("the migrations", (getDb) => {
  test("apply every migration in the journal", async () => {
    const [row] = await queryRows<{ n: number | string }>(
      getDb(),
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(row.n)).toBe(journal.entries.length);
  });

  test("create every table", async () => {
    const rows = await queryRows<{ table_name: string }>(
      getDb(),
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["users", "sessions", "login_attempts", "tournaments", "players", "lobbies", "matches"]),
    );
  });

  test("refuse a second user with the same username", async () => {
    const { db } = getDb();
    await db.insert(users).values({ username: "taken", password: "x" });
    expect(await rejection(db.insert(users).values({ username: "taken", password: "y" }))).toEqual({
      code: UNIQUE_VIOLATION,
      constraint: "users_username_unique",
    });
  });

  test("refuse a username that differs from another only in case", async () => {
    const { db } = getDb();
    await db.insert(users).values({ username: "casey", password: "x" });
    expect(await rejection(db.insert(users).values({ username: "Casey", password: "y" }))).toEqual({
      code: UNIQUE_VIOLATION,
      constraint: "users_username_lower_uq",
    });
  });

  test("deleting a tournament deletes its players, lobbies and matches", async () => {
    const { db } = getDb();
    const { tournament, alice, lobby } = await seedTournament(getDb());
    await db.insert(matches).values({
      tournamentId: tournament.id,
      lobbyId: lobby.id,
      roundNumber: 1,
      playerId: alice.id,
      placement: 1,
      points: 8,
    });

    await db.delete(tournaments).where(eq(tournaments.id, tournament.id));

    expect(await db.select().from(players).where(eq(players.tournamentId, tournament.id))).toEqual([]);
    expect(await db.select().from(lobbies).where(eq(lobbies.tournamentId, tournament.id))).toEqual([]);
    expect(await db.select().from(matches).where(eq(matches.tournamentId, tournament.id))).toEqual([]);
  });

  test("allow one match per player in a lobby", async () => {
    const { db } = getDb();
    const { tournament, alice, lobby } = await seedTournament(getDb());
    const match = { tournamentId: tournament.id, lobbyId: lobby.id, roundNumber: 1, playerId: alice.id, points: 8 };
    await db.insert(matches).values({ ...match, placement: 1 });
    expect(await rejection(db.insert(matches).values({ ...match, placement: 2 }))).toEqual({
      code: UNIQUE_VIOLATION,
      constraint: "matches_lobby_player_uq",
    });
  });

  test("allow one player per placement in a lobby", async () => {
    const { db } = getDb();
    const { tournament, alice, bob, lobby } = await seedTournament(getDb());
    const match = { tournamentId: tournament.id, lobbyId: lobby.id, roundNumber: 1, placement: 3, points: 6 };
    await db.insert(matches).values({ ...match, playerId: alice.id });
    expect(await rejection(db.insert(matches).values({ ...match, playerId: bob.id }))).toEqual({
      code: UNIQUE_VIOLATION,
      constraint: "matches_lobby_placement_uq",
    });
  });

  test.each([0, 9, -1])("refuse placement %i, outside 1..8", async (placement) => {
    const { db } = getDb();
    const { tournament, alice, lobby } = await seedTournament(getDb());
    const match = {
      tournamentId: tournament.id,
      lobbyId: lobby.id,
      roundNumber: 1,
      playerId: alice.id,
      placement,
      points: 0,
    };
    expect(await rejection(db.insert(matches).values(match))).toEqual({
      code: CHECK_VIOLATION,
      constraint: "matches_placement_range",
    });
  });
});

describe("an embedded data folder", () => {
  const LOCK_FILE = "tournament-manager.lock";
  const tempDirs: string[] = [];
  function tempDataDir() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-lock-"));
    tempDirs.push(dir);
    return dir;
  }
  afterAll(() => {
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("cannot be opened while another process holds it", { timeout: 90_000 }, async () => {
    const dataDir = tempDataDir();
    // The lock tolerates its own PID (a restarted container may reuse it), so the holder is another process.
    const holder = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "tests/setup/hold-data-dir.ts"), dataDir],
      {
        cwd: root,
        stdio: ["pipe", "pipe", "inherit"],
      },
    );
    try {
      await waitForLine(holder, "ready", 60_000);
      expect(lockOwner(dataDir)).toBe(String(holder.pid));

      const second = openDatabase({ dataDir, migrationsDir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(new RegExp(`${escapeRegExp(dataDir)} is in use .*PID ${holder.pid}`));
    } finally {
      holder.stdin?.end();
      await exited(holder);
    }

    // Once the holder has closed it, the folder opens again, already migrated.
    const reopened = await openDatabase({ dataDir, migrationsDir });
    await reopened.close();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  test("takes over a stale lock left by a process that no longer exists", { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    const deadPid = 2147483646;
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), String(deadPid));

    const database = await openDatabase({ dataDir, migrationsDir });
    try {
      expect(lockOwner(dataDir)).toBe(String(process.pid));
      await database.db.insert(users).values({ username: "after-crash", password: "x" });
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  // After a crash the lock file's PID may be reused by any process; start-up must not wait for that one to end.
  test.runIf(process.platform === "linux")(
    "takes over a lock whose PID now belongs to a live, unrelated process",
    { timeout: 60_000 },
    async () => {
      const unrelated = spawn("sleep", ["60"], { stdio: "ignore" });
      try {
        const pid = unrelated.pid!;
        // This version's lock file: the PID and the start time of the process that wrote it (not this one).
        const current = tempDataDir();
        fs.writeFileSync(path.join(current, LOCK_FILE), `${pid}\n00000000-0000-0000-0000-000000000000:1\n`);
        // An older version's lock file names only the PID, and was written before that process started.
        const older = tempDataDir();
        fs.writeFileSync(path.join(older, LOCK_FILE), String(pid));
        const anHourAgo = new Date(Date.now() - 3600_000);
        fs.utimesSync(path.join(older, LOCK_FILE), anHourAgo, anHourAgo);

        for (const dataDir of [current, older]) {
          const database = await openDatabase({ dataDir, migrationsDir });
          try {
            expect(lockOwner(dataDir)).toBe(String(process.pid));
          } finally {
            await database.close();
          }
        }
        expect(unrelated.exitCode, "the unrelated process is left alone").toBeNull();
      } finally {
        unrelated.kill("SIGKILL");
      }
    },
  );
});

/** The PID a data folder's lock file names (its first line). */
function lockOwner(dataDir: string) {
  return fs.readFileSync(path.join(dataDir, "tournament-manager.lock"), "utf8").split("\n")[0].trim();
}

function waitForLine(child: ReturnType<typeof spawn>, line: string, timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`No "${line}" from the holder process within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split("\n").includes(line)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The holder process exited (code ${code}) before printing "${line}":\n${output}`));
    });
  });
}

function exited(child: ReturnType<typeof spawn>) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => child.once("exit", () => resolve()));
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
