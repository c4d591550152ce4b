// The platform's limit for `npm run bench:live`: a bare node:http server holding SSE streams and serving fixed bytes.
// GET /events holds a stream (GET /events?raw=1: written as the app writes its streams, one socket write per event on a
// close-delimited body, app/lib/events.server.ts); POST /broadcast writes one message to every stream; GET /page
// answers PAGE_BYTES of pre-gzipped bytes on the wire (as a bare server would answer a cached page): the gzip of random
// bytes, which stays about PAGE_BYTES long, where the gzip of a repeated letter was 54 bytes and made the baseline
// answer a few packets' worth less than every page it was compared with.
// PLAIN_PROCESSES=2 (for `npm run bench:edge`): that many processes share the port through node:cluster, as the app's
// WEB_CONCURRENCY does; /api/events holds a stream as /events?raw=1 does, and a broadcast reaches the other processes'
// streams through the primary (where the app's go through PostgreSQL's NOTIFY).
import cluster from "node:cluster";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";

const streams = new Set();
const rawSockets = new Set();
const size = Number(process.env.PAGE_BYTES ?? 20_000);
const page = gzipSync(randomBytes(size));

const processes = Number(process.env.PLAIN_PROCESSES ?? 1);
if (processes > 1 && cluster.isPrimary) {
  const workers = Array.from({ length: processes }, () => cluster.fork());
  let ready = 0;
  for (const worker of workers)
    worker.on("message", (message) => {
      if (message === "ready" && ++ready === processes) console.log("plain server ready");
      else if (message?.broadcast) for (const other of workers) if (other !== worker) other.send(message);
    });
  process.on("SIGTERM", () => {
    for (const worker of workers) worker.process.kill("SIGTERM");
    process.exit(0);
  });
} else {
  process.on("message", (message) => {
    if (message?.broadcast) writeToAll(Buffer.from(message.broadcast));
  });
  serve();
}

function writeToAll(chunk) {
  for (const stream of streams) stream.write(chunk);
  for (const socket of rawSockets) socket.write(chunk);
}

function serve() {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/events?raw=1") || req.url?.startsWith("/api/events")) {
      res.useChunkedEncodingByDefault = false;
      res.writeHead(200, {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-store",
        Connection: "close",
        "X-Accel-Buffering": "no",
      });
      res.write(`data: {"type":"connected"}\n\n`);
      const socket = res.socket;
      socket.setNoDelay(true);
      rawSockets.add(socket);
      req.on("close", () => rawSockets.delete(socket));
      return;
    }
    if (req.url?.startsWith("/events")) {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
      res.write(`data: {"type":"connected"}\n\n`);
      streams.add(res);
      req.on("close", () => streams.delete(res));
      return;
    }
    if (req.url === "/broadcast" && req.method === "POST") {
      const audience = streams.size + rawSockets.size;
      const text = `data: ${JSON.stringify({ type: "matches_saved", audience })}\n\n`;
      if (cluster.isWorker) process.send({ broadcast: text });
      writeToAll(Buffer.from(text));
      res.end("ok");
      return;
    }
    if (req.url?.startsWith("/page")) {
      res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip", "Content-Length": page.length });
      res.end(page);
      return;
    }
    if (req.url === "/api/openapi.json") {
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      return;
    }
    res.writeHead(404).end();
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT), "127.0.0.1", () =>
    cluster.isWorker ? process.send("ready") : console.log("plain server ready"),
  );
  process.on("SIGTERM", () => process.exit(0));
}
