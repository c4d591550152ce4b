// Start-up and shutdown of the server process: environment, database, master account, signal handling.
import { DataDirLockedError } from "#db/client.server";
import { ensureMaster } from "~/models/access/auth.server";
import { closeApp, getApp } from "./db.server";
import { EnvError } from "./env.server";
import { trustProxyWarning } from "./client-address.server";
import { closeAllStreams, ensureListening } from "./events.server";
import { startWebhookWorker, stopWebhookWorker } from "./webhook-worker.server";

let booted: Promise<void> | undefined;

export function boot() {
  booted ??= start();
  return booted;
}

async function start() {
  try {
    const { env, database } = await getApp();
    const proxyWarning = trustProxyWarning(env.TRUST_PROXY, env.HOST);
    if (proxyWarning) console.warn(proxyWarning);
    const generated = await ensureMaster(database.db, {
      username: env.MASTER_USERNAME,
      password: env.MASTER_PASSWORD,
      generateIfMissing: !env.DATABASE_URL,
    });
    if (generated) {
      console.log(
        [
          "",
          "  Master account created (shown once, keep it safe):",
          `    username: ${generated.username}`,
          `    password: ${generated.password}`,
          "",
        ].join("\n"),
      );
    }
    // Other processes' changes must reach this one's snapshots even before a spectator connects.
    await ensureListening();
    // Webhook deliveries wait in the database; every process sends them (docs/decisions/020-webhooks-outbox.md).
    startWebhookWorker(database.db, {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE ?? false,
      // The embedded database has one process: a lease left behind is a previous run's, killed mid-delivery.
      releaseLeases: database.driver === "pglite",
    });
    console.log(`Database: ${database.driver === "pglite" ? `embedded PGlite in ${env.DATA_DIR}` : "PostgreSQL"}`);
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error("Could not start Tournament Manager:", error);
    }
    process.exit(1);
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void shutdown(signal));
}

async function shutdown(signal: string) {
  console.log(`${signal} received: closing event streams and the database.`);
  // Never hang: a stuck close must not keep the process alive.
  const timer = setTimeout(() => process.exit(0), 4000);
  timer.unref();
  try {
    closeAllStreams();
    await stopWebhookWorker();
    await closeApp();
  } catch (error) {
    console.error("Error during shutdown", error);
  }
  process.exit(0);
}
