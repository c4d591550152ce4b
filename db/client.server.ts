// Opens the database: embedded PGlite in a data folder, or postgres.js against DATABASE_URL; one schema, one set of migrations.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import postgres from "postgres";
import * as schema from "./schema";

type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type AppTx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: model functions accept both. */
export type Executor = AppDb | AppTx;

export type Database = {
  db: AppDb;
  /**
   * Short reads and NOTIFY that must never queue behind the pool's waiting transactions (the event
   * bus after a commit): PostgreSQL's own connection, PGlite's one connection.
   */
  side: AppDb;
  driver: "pglite" | "postgres";
  /**
   * Subscribes to a NOTIFY channel; returns the unsubscribe function. On PostgreSQL the listening
   * connection comes back by itself after the server went away (with backoff), and `onRestored`
   * runs each time it is listening again: notifications sent meanwhile are lost, so the caller
   * treats everything as changed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onRestored?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** False while the LISTEN connection has lost the server (PostgreSQL restarting or unreachable). */
  connected(): boolean;
  close(): Promise<void>;
};

export type OpenOptions =
  | { databaseUrl: string; dataDir?: undefined; migrationsDir?: string; maxConnections?: number }
  | { databaseUrl?: undefined; dataDir: string; migrationsDir?: string; lock?: boolean };

export function defaultMigrationsDir() {
  return process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "db/migrations");
}

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its folder, and two processes writing one folder corrupt it, so the
 * embedded database takes a lock file naming its owner: the PID and, where the system tells it
 * (Linux /proc), when that process started. A PID is reused after a crash or a container restart;
 * the start time tells the owner from an unrelated process that now has its number.
 */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "tournament-manager.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n${processStart(process.pid) ?? ""}\n`, { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readLock(lockPath);
      if (owner && isHeld(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another process (PID ${owner.pid}). ` +
            `Stop it first, or start this one with another DATA_DIR.`,
        );
      }
      // The owner is gone (a crash or kill -9), or its PID now belongs to another process: the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

type LockOwner = { pid: number; start: string | null; writtenAt: number };

function readLock(lockPath: string): LockOwner | null {
  try {
    const [pid, start] = fs
      .readFileSync(lockPath, "utf8")
      .split("\n")
      .map((line) => line.trim());
    return { pid: Number(pid), start: start || null, writtenAt: fs.statSync(lockPath).mtimeMs };
  } catch {
    return null;
  }
}

function isHeld(owner: LockOwner) {
  const { pid } = owner;
  // The lock tolerates its own PID: a restarted container may give this process the old owner's number.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return false;
  const start = processStart(pid);
  // Where start times are unknown, a live PID is taken to be the owner.
  if (start === null) return true;
  if (owner.start !== null) return owner.start === start;
  // A lock file of an older version names only the PID: a process started after it was written is not its owner.
  const startedAt = processStartedAt(start);
  return startedAt === null || startedAt <= owner.writtenAt + 1000;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** "<boot id>:<start time in clock ticks since boot>" of a running process (Linux), or null where /proc cannot tell. */
function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22, counted after the parenthesised command name (which may hold spaces) ends at field 2.
    const ticks = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const bootId = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return ticks && /^\d+$/.test(ticks) ? `${bootId}:${ticks}` : null;
  } catch {
    return null;
  }
}

/** When a process started, in epoch milliseconds, from processStart's ticks and the boot time (USER_HZ is 100 on Linux). */
function processStartedAt(start: string): number | null {
  try {
    const bootSeconds = Number(fs.readFileSync("/proc/stat", "utf8").match(/^btime (\d+)$/m)?.[1]);
    const ticks = Number(start.split(":")[1]);
    return Number.isFinite(bootSeconds) && Number.isFinite(ticks) ? bootSeconds * 1000 + ticks * 10 : null;
  } catch {
    return null;
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrationsFolder = options.migrationsDir ?? defaultMigrationsDir();
  if (options.databaseUrl) {
    warnIfUnpatched();
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      backoff: reconnectBackoffSeconds,
    });
    const db = drizzlePostgres(client, { schema }) as unknown as AppDb;
    // With every pool connection held by a transaction waiting for a tournament's row lock, a
    // notification (and the read before it) queued behind them all; on its own connection it does not.
    const sideClient = postgres(options.databaseUrl, { max: 1, onnotice: () => {}, backoff: reconnectBackoffSeconds });
    const side = drizzlePostgres(sideClient, { schema }) as unknown as AppDb;
    const listener = new Listener(options.databaseUrl);
    // Several app processes may start together against one server: migrate on one connection
    // holding an advisory lock (ending the connection releases it).
    const migrator = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await migrator`select pg_advisory_lock(727274)`;
      await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder });
    } catch (error) {
      await Promise.all([client.end({ timeout: 1 }), sideClient.end({ timeout: 1 })]);
      throw error;
    } finally {
      await migrator.end({ timeout: 1 });
    }
    return {
      db,
      side,
      driver: "postgres",
      listen: (channel, onPayload, onRestored) => listener.listen(channel, onPayload, onRestored),
      connected: () => listener.connected,
      async notify(channel, payload) {
        await sideClient`select pg_notify(${channel}, ${payload})`;
      },
      async close() {
        await listener.close();
        await Promise.all([client.end({ timeout: 2 }), sideClient.end({ timeout: 2 })]);
      },
    };
  }

  const { dataDir, lock } = options as { dataDir: string; lock?: boolean };
  const inMemory = dataDir.startsWith("memory://");
  const release = inMemory || lock === false ? () => {} : acquireLock(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(inMemory ? undefined : dataDir);
    const db = drizzlePglite(pg, { schema }) as unknown as AppDb;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      side: db,
      driver: "pglite",
      connected: () => true,
      async listen(channel, onPayload) {
        const unlisten = await pg.listen(channel, onPayload);
        return () => unlisten();
      },
      async notify(channel, payload) {
        await pg.query("select pg_notify($1, $2)", [channel, payload]);
      },
      async close() {
        try {
          await pg.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * How long a pool connection waits before connecting again after failed attempts (postgres.js counts them
 * for the whole pool). Its default grows as 3^n / 100 s up to 20 s, so ten connections failing through a
 * restart of a second or two left every query waiting up to 20 s after the server was back; here the wait
 * stays under a second.
 */
export function reconnectBackoffSeconds(retries: number) {
  return Math.min(1, 0.05 * 2 ** Math.min(retries, 10)) * (0.5 + Math.random() / 2);
}

/** The delay before the `attempt`th (0-based) try to listen again: 100 ms doubling up to 5 s, with jitter. */
export function listenBackoffMs(attempt: number, random = Math.random()) {
  const ceiling = Math.min(5000, 100 * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

type Subscriber = { onPayload: (payload: string) => void; onRestored?: () => void };

/**
 * LISTEN on a connection of its own that comes back after PostgreSQL went away. postgres.js's own
 * `listen` tries once to listen again when its connection closes, and gives up for good if the
 * server is still down at that moment (a restart takes longer), so the app would stop hearing other
 * processes' events. This one keeps trying, with backoff, until it listens again, then tells its
 * subscribers (`onRestored`) that they may have missed notifications.
 */
class Listener {
  private sql: postgres.Sql | undefined;
  private readonly channels = new Map<string, Set<Subscriber>>();
  /** Listening on every channel, as far as this process knows. */
  private up = false;
  private restoring: Promise<void> | undefined;
  private closing = false;
  private wake: (() => void) | undefined;

  constructor(private readonly url: string) {}

  private connection() {
    // `onnotify` is the option postgres.js's own `listen` is built on (src/index.js), left out of its types.
    const onnotify = (channel: string, payload: string) => {
      for (const subscriber of this.channels.get(channel) ?? []) subscriber.onPayload(payload);
    };
    this.sql ??= postgres(this.url, {
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      onnotice: () => {},
      onnotify,
      // The connection closed (the server restarted or the link broke): its LISTENs are gone with it.
      onclose: () => this.lost(),
    } as postgres.Options<Record<string, never>>);
    return this.sql;
  }

  private async listenOn(channel: string) {
    await this.connection().unsafe(`listen "${channel.replace(/"/g, '""')}"`);
  }

  async listen(channel: string, onPayload: Subscriber["onPayload"], onRestored?: Subscriber["onRestored"]) {
    const subscriber: Subscriber = { onPayload, onRestored };
    const existing = this.channels.get(channel);
    if (existing) existing.add(subscriber);
    else {
      this.channels.set(channel, new Set([subscriber]));
      try {
        await this.listenOn(channel);
        this.up = true;
      } catch (error) {
        // Down at the first LISTEN: keep trying in the background; the subscriber hears `onRestored`.
        console.error(`Could not LISTEN on ${channel}; trying again`, error);
        this.lost();
      }
    }
    return async () => {
      const subscribers = this.channels.get(channel);
      subscribers?.delete(subscriber);
      if (!subscribers || subscribers.size > 0) return;
      this.channels.delete(channel);
      await this.connection()
        .unsafe(`unlisten "${channel.replace(/"/g, '""')}"`)
        .catch(() => {});
    };
  }

  private lost() {
    if (this.closing || this.channels.size === 0) return;
    this.up = false;
    this.restoring ??= this.restore().finally(() => (this.restoring = undefined));
  }

  private async restore() {
    for (let attempt = 0; !this.closing; attempt++) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, listenBackoffMs(attempt));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
      if (this.closing) return;
      try {
        for (const channel of this.channels.keys()) await this.listenOn(channel);
      } catch {
        continue;
      }
      this.up = true;
      console.log("Listening for other processes' changes again (the database is back).");
      for (const subscribers of this.channels.values()) {
        for (const subscriber of subscribers) {
          try {
            subscriber.onRestored?.();
          } catch (error) {
            console.error("A subscriber failed after the database came back", error);
          }
        }
      }
      return;
    }
  }

  /** False from the listening connection's loss until it listens again (or before anything listened). */
  get connected() {
    return this.up || this.channels.size === 0;
  }

  async close() {
    this.closing = true;
    this.wake?.();
    await this.sql?.end({ timeout: 1 });
  }
}

const PATCH_MARK = "tournament-manager patch";

/**
 * postgres.js 3.4.9 crashes the process when PostgreSQL restarts under load, unless the patch that
 * `npm install` applies (patches/, docs/decisions/017) is in place: an install that skipped it is told so.
 */
function warnIfUnpatched() {
  try {
    const entry = createRequire(import.meta.url).resolve("postgres");
    const files = [
      path.join(path.dirname(entry), "connection.js"),
      path.resolve(path.dirname(entry), "../../src/connection.js"),
    ];
    const unpatched = files.filter(
      (file) => fs.existsSync(file) && !fs.readFileSync(file, "utf8").includes(PATCH_MARK),
    );
    if (unpatched.length > 0) {
      console.warn(
        `postgres.js is not patched (${unpatched.join(", ")}): a PostgreSQL restart may crash this process. ` +
          "Run `npx patch-package` (docs/decisions/017-postgres-js-patch.md).",
      );
    }
  } catch {
    // Where the package cannot be located (a bundled build), there is nothing to check.
  }
}
