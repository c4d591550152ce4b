// The app's one database connection, opened at start-up from the environment.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDatabase, type Database } from "#db/client.server";
import { parseEnv, type Env } from "./env.server";

type App = { env: Env; database: Database; sessionSecret: string };

let app: Promise<App> | undefined;

/** Opens the database once per process; later calls share it. */
export function getApp(): Promise<App> {
  app ??= start();
  return app;
}

export async function getDb() {
  return (await getApp()).database.db;
}

async function start(): Promise<App> {
  const env = parseEnv();
  const database = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL })
    : await openDatabase({ dataDir: path.resolve(env.DATA_DIR) });
  return { env, database, sessionSecret: env.SESSION_SECRET ?? fallbackSecret(env) };
}

/** Without SESSION_SECRET the embedded default keeps a generated one in its data folder, so restarts keep sessions. */
function fallbackSecret(env: Env) {
  if (env.DATABASE_URL) {
    console.warn("SESSION_SECRET is not set: using a random one; sessions end when this process restarts.");
    return crypto.randomBytes(32).toString("hex");
  }
  const file = path.join(path.resolve(env.DATA_DIR), ".session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Used by the shutdown handler and by tests. */
export async function closeApp() {
  if (!app) return;
  const current = app;
  app = undefined;
  const { database } = await current;
  await database.close();
}
