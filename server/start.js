// Serves the built app: Express with React Router's request handler, static assets, gzip, one process per core on PostgreSQL.
// docs/decisions/006-own-http-server.md says why this replaced react-router-serve's command line.
import cluster from "node:cluster";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Before React and React Router load (below, dynamically): they pick their production build from it.
process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { default: morgan } = await import("morgan");
const { RouterContextProvider } = await import("react-router");

const buildPath = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
if (!fs.existsSync(buildPath)) {
  console.error(`No build found at ${buildPath}. Run "npm run build" first (npm start does it for you).`);
  process.exit(1);
}

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

/** ACCESS_LOG: off by default; "1" logs every request, a fraction such as "0.01" samples that share. */
function accessLog() {
  const rate = Number(process.env.ACCESS_LOG ?? 0);
  if (!(rate > 0)) return null;
  return morgan("tiny", { skip: () => rate < 1 && Math.random() >= rate });
}

/** The encodings a request's Accept-Encoding allows (q > 0), lower-cased. */
function acceptedEncodings(header) {
  const accepted = new Set();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) <= 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * The build's scripts and stylesheets as vite.config.ts compressed them (brotli 11, gzip 9), held in memory and sent as
 * they are: smaller than gzip at level 4 and no compression work per visitor. Other files go on to express.static.
 */
function precompressedAssets(assetsDir) {
  const files = new Map();
  for (const name of fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []) {
    if (!/\.(js|css)$/.test(name)) continue;
    const variant = (ext) =>
      fs.existsSync(path.join(assetsDir, name + ext)) ? fs.readFileSync(path.join(assetsDir, name + ext)) : null;
    const type = name.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
    files.set(`/${name}`, { type, br: variant(".br"), gzip: variant(".gz") });
  }
  return (req, res, next) => {
    const file = files.get(req.path);
    if (!file || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const accepted = acceptedEncodings(req.get("Accept-Encoding"));
    const encoding = file.br && accepted.has("br") ? "br" : file.gzip && accepted.has("gzip") ? "gzip" : null;
    if (!encoding) return next();
    const body = file[encoding];
    res.setHeader("Content-Type", file.type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

async function serve(port) {
  const build = await import(pathToFileURL(buildPath).href);
  // The entry module names the context key; the same object must reach the app's loaders.
  const { clientAddressContext, fastApiAnswer, fastPublicAnswer, serveEventStream, saveAdmission } = build.entry.module;
  const clientDir = path.resolve(path.dirname(buildPath), "../client");
  const nosniff = (res) => res.setHeader("X-Content-Type-Options", "nosniff");

  const app = express();
  app.disable("x-powered-by");
  // A visitor's public page, or a public tournament's API read, whose stored answer is current is sent here, before
  // anything else runs: a crowd re-fetching after an event costs a map lookup each (app/lib/public-cache.server.ts,
  // app/lib/api-cache.server.ts).
  app.use((req, res, next) => {
    const request = { method: req.method, url: req.url, header: (name) => req.get(name) };
    const hit = req.path.startsWith("/api/") ? fastApiAnswer(request) : fastPublicAnswer(request);
    if (!hit) return next();
    res.writeHead(hit.status, Object.fromEntries(hit.headers));
    res.end(hit.body ? Buffer.from(hit.body.buffer, hit.body.byteOffset, hit.body.byteLength) : undefined);
  });
  // Score saves wait for a place, first in, first out, before anything else of them runs (docs/decisions/040).
  if (saveAdmission) app.use(saveAdmission());
  // Spectators' event streams, written straight to the socket (app/lib/events.server.ts).
  app.get("/api/events", (req, res, next) => {
    // A tournament's stream is checked against the database first (a promise); the untargeted one starts at once.
    Promise.resolve(serveEventStream(req, res)).then((served) => served || next(), next);
  });
  // Our read models send pre-compressed bodies (Content-Encoding set), which this skips; the rest is
  // gzipped at a level that costs less than rendering them.
  app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
  app.use(compression({ level: 4, threshold: 1024 }));
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", setHeaders: nosniff }),
  );
  app.use(express.static(clientDir, { maxAge: "1h", setHeaders: nosniff }));
  app.use(express.static("public", { maxAge: "1h", setHeaders: nosniff }));
  const log = accessLog();
  if (log) app.use(log);
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req) =>
        new RouterContextProvider(new Map([[clientAddressContext, req.socket.remoteAddress ?? null]])),
    }),
  );
  const onListen = () => {
    if (cluster.isWorker && cluster.worker.id !== 1) return;
    console.log(
      `[tournament-manager] http://localhost:${port}${cluster.isWorker ? ` (${workerCount()} processes)` : ""}`,
    );
  };
  const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
  // Spectators' event streams stay open; a keep-alive longer than a typical proxy's avoids needless reconnects.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

const workers = workerCount();
if (workers > 1 && cluster.isPrimary) {
  const port = await choosePort();
  for (let i = 0; i < workers; i++) cluster.fork({ PORT: String(port) });
  let stopping = false;
  // A worker that dies unexpectedly is replaced; on shutdown the signal is passed on and we wait for all.
  cluster.on("exit", (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${code}); starting another.`);
    cluster.fork({ PORT: String(port) });
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
