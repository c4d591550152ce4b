// Integration-test databases: the same suite on embedded PGlite and on a real PostgreSQL server, each on a fresh database.
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDatabase, type Database } from "#db/client.server";

export type Driver = Database["driver"];
export const drivers: readonly Driver[] = ["pglite", "postgres"];

const migrationsDir = fileURLToPath(new URL("../../db/migrations", import.meta.url));
const isCI = process.env.CI === "true";

/** Why the PostgreSQL variant cannot run here, or undefined when it can. */
export function postgresUnavailableReason(): string | undefined {
  if (inject("pgAdminUrl")) return undefined;
  return inject("pgUnavailableReason") ?? "no PostgreSQL server was provided by tests/setup/postgres-global.ts";
}

/**
 * Opens a fresh, migrated database: an in-memory PGlite, or a new `t_<random>` database
 * on the test PostgreSQL server. `cleanup` closes it (and drops the PostgreSQL database).
 */
export async function openTestDatabase(driver: Driver): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (driver === "pglite") {
    const database = await openDatabase({ dataDir: "memory://", migrationsDir });
    return { database, cleanup: () => database.close() };
  }

  const adminUrl = inject("pgAdminUrl");
  if (!adminUrl) {
    throw new Error(`PostgreSQL is not available for the integration tests: ${postgresUnavailableReason()}`);
  }
  const name = `t_${randomBytes(8).toString("hex")}`;
  await withAdmin(adminUrl, (sql) => sql.unsafe(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), migrationsDir, maxConnections: 5 });
  } catch (error) {
    await withAdmin(adminUrl, (sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
    throw error;
  }
  return {
    database,
    async cleanup() {
      try {
        await database.close();
      } finally {
        await withAdmin(adminUrl, (sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
      }
    },
  };
}

/**
 * Runs `fn` once per driver, each in its own `describe` with a fresh database opened in
 * `beforeAll` and dropped in `afterAll`; the tests of one suite share that database.
 * Without PostgreSQL the postgres variant is skipped with the reason in its name, except
 * with CI=true, where it runs and fails.
 */
export function describeEachDriver(name: string, fn: (getDb: () => Database, driver: Driver) => void) {
  for (const driver of drivers) {
    const unavailable = driver === "postgres" && !isCI ? postgresUnavailableReason() : undefined;
    if (unavailable) {
      describe.skip(`${name} [${driver}] (skipped: ${unavailable})`, () => fn(notOpened, driver));
      continue;
    }
    describe(`${name} [${driver}]`, () => {
      let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
      beforeAll(async () => {
        opened = await openTestDatabase(driver);
      });
      afterAll(async () => {
        await opened?.cleanup();
      });
      fn(() => {
        if (!opened) throw new Error(`The ${driver} test database is not open (did beforeAll fail?)`);
        return opened.database;
      }, driver);
    });
  }
}

/**
 * Runs a raw SQL query on either driver and returns its rows: drizzle's `execute` answers
 * `{ rows }` on PGlite and a bare array on postgres.js.
 */
export async function queryRows<Row extends Record<string, unknown>>(database: Database, query: SQL): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}

function notOpened(): never {
  throw new Error("This suite is skipped: its database was never opened.");
}

export async function withAdmin<T>(adminUrl: string, fn: (sql: postgres.Sql) => Promise<T>) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 2 });
  }
}
