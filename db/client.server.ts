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
 * PGlite does not lock its folder, and two processes writing one folder corrupt it,
 * so the embedded database takes a lock file holding the owner's PID.
 */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "tournament-manager.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another process (PID ${owner}). ` +
            `Stop it first, or start this one with another DATA_DIR.`,
        );
      }
      // The owner is gone (a crash or kill -9): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
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
