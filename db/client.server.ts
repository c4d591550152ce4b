// Opens the database: embedded PGlite in a data folder, or postgres.js against DATABASE_URL; one schema, one set of migrations.
import fs from "node:fs";
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
  driver: "pglite" | "postgres";
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
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
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
    });
    const db = drizzlePostgres(client, { schema }) as unknown as AppDb;
    // Several app processes may start together against one server: migrate on one connection
    // holding an advisory lock (ending the connection releases it).
    const migrator = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await migrator`select pg_advisory_lock(727274)`;
      await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder });
    } catch (error) {
      await client.end({ timeout: 1 });
      throw error;
    } finally {
      await migrator.end({ timeout: 1 });
    }
    return {
      db,
      driver: "postgres",
      async listen(channel, onPayload) {
        const sub = await client.listen(channel, onPayload);
        return () => sub.unlisten();
      },
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
      close: () => client.end({ timeout: 2 }),
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
      driver: "pglite",
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
