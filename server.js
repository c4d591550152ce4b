// The HTTP server of `npm start` and `npm run dev` alike: it runs server/app.ts (every middleware, typed), built into
// BUILD_DIR's server/index.js in production, through Vite in middleware mode in development (NODE_ENV=development).
// This file holds only what the app cannot: the processes (WEB_CONCURRENCY), the port, and Vite. See
// docs/decisions/037-one-typed-server.md (it replaces 006's server/start.js).
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The threads this process started with besides its main one, V8's helpers (its optimizing compiler, its concurrent
 * garbage collection) and libuv's thread pool, run at a lower priority, on Linux: nice HELPER_THREAD_NICE (0 to 19,
 * default 10; 0 leaves them at the main thread's). Where they share a core with the main thread, a request's work goes
 * first and theirs mostly fills the gaps (docs/decisions/044-helper-threads-yield.md).
 */
function lowerHelperThreads() {
  const raw = process.env.HELPER_THREAD_NICE || "10";
  const nice = Number(raw);
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) {
    console.error(`HELPER_THREAD_NICE must be a whole number from 0 to 19 (got "${raw}").`);
    process.exit(1);
  }
  if (process.platform !== "linux" || nice === 0) return;
  for (const tid of fs.readdirSync("/proc/self/task").map(Number)) {
    if (tid === process.pid) continue;
    try {
      os.setPriority(tid, Math.max(nice, os.getPriority(tid)));
    } catch {
      // A thread that ended meanwhile, or a system that refuses: it keeps its priority.
    }
  }
}
lowerHelperThreads();

const DEVELOPMENT = process.env.NODE_ENV === "development";
// Before React and React Router load: they pick their production build from it.
process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
const buildPath = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");

/** WEB_CONCURRENCY: how many app processes share the port; only with DATABASE_URL (PGlite allows one process per folder). */
function workerCount() {
  const raw = process.env.WEB_CONCURRENCY;
  if (!raw) return 1;
  const wanted = raw === "auto" ? os.availableParallelism() : Number(raw);
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > 64) {
    console.error(`WEB_CONCURRENCY must be a whole number from 1 to 64, or "auto" (got "${raw}").`);
    process.exit(1);
  }
  if (wanted > 1 && !process.env.DATABASE_URL) {
    console.warn("WEB_CONCURRENCY is ignored without DATABASE_URL: the embedded database serves one process.");
    return 1;
  }
  return wanted;
}

/** PORT, else 3000 or the next free port after it (as react-router-serve did). */
async function choosePort() {
  if (process.env.PORT) return Number(process.env.PORT);
  for (let port = 3000; port < 3100; port++) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, process.env.HOST, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return 0;
}

/**
 * The request listener: in production the built app (importing it boots the environment and the database); in
 * development Vite's middleware (the browser's modules, HMR on this server's port), then server/app.ts loaded through
 * Vite on every request, so an edit to it or to anything it imports is picked up without a restart.
 */
async function requestListener(server) {
  if (!DEVELOPMENT) {
    if (!fs.existsSync(buildPath)) {
      console.error(`No build found at ${buildPath}. Run "npm run build" first (npm start does it for you).`);
      process.exit(1);
    }
    const { app } = await import(pathToFileURL(buildPath).href);
    return app;
  }
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true, hmr: { server } } });
  const loadApp = async () => (await viteDevServer.ssrLoadModule("./server/app.ts")).app;
  // Loaded once before listening: the environment, database and master account are ready, as in production.
  await loadApp();
  const { default: express } = await import("express");
  const dev = express();
  dev.disable("x-powered-by");
  dev.use(viteDevServer.middlewares);
  dev.use(async (req, res, next) => {
    try {
      (await loadApp())(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
  return dev;
}

async function serve(port) {
  const server = http.createServer();
  server.on("request", await requestListener(server));
  // Spectators' event streams stay open; a keep-alive longer than a typical proxy's avoids needless reconnects.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const onListen = () => {
    if (cluster.isWorker && cluster.worker?.id !== 1) return;
    const processes = cluster.isWorker ? ` (${workerCount()} processes)` : "";
    console.log(`[tournament-manager] http://localhost:${port}${processes}${DEVELOPMENT ? " (development)" : ""}`);
  };
  if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
  else server.listen(port, onListen);
}

const workers = workerCount();
if (workers > 1 && cluster.isPrimary) {
  const port = await choosePort();
  // Every process signs and checks the session cookie with one secret: without SESSION_SECRET each would make its own,
  // and a cookie would work only on the process that signed it. The primary makes one for all (and for replacements).
  const shared = process.env.SESSION_SECRET ? {} : { SESSION_SECRET: crypto.randomBytes(32).toString("hex") };
  if (!process.env.SESSION_SECRET)
    console.warn(
      "SESSION_SECRET is not set: the app processes share a random one; sessions end when the server restarts.",
    );
  const fork = () => cluster.fork({ PORT: String(port), ...shared });
  for (let i = 0; i < workers; i++) fork();
  let stopping = false;
  // A worker that dies unexpectedly is replaced; on shutdown the signal is passed on and we wait for all.
  cluster.on("exit", (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${code}); starting another.`);
    fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      setTimeout(() => process.exit(0), 6000).unref();
    });
  }
} else {
  // A worker whose primary is gone (killed outright) must not live on holding the port.
  if (cluster.isWorker) process.on("disconnect", () => process.exit(0));
  await serve(await choosePort());
}
