// The platform's limit for `npm run bench:live`: a bare node:http server holding SSE streams and serving fixed bytes.
// GET /events holds a stream (GET /events?raw=1: written as the app writes its streams, one socket write per event on a
// close-delimited body, app/lib/events.server.ts); POST /broadcast writes one message to every stream; GET /page
// answers PAGE_BYTES of pre-gzipped bytes on the wire (as a bare server would answer a cached page): the gzip of random
// bytes, which stays about PAGE_BYTES long, where the gzip of a repeated letter was 54 bytes and made the baseline
// answer a few packets' worth less than every page it was compared with.
import http from "node:http";
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";

const streams = new Set();
const rawSockets = new Set();
const size = Number(process.env.PAGE_BYTES ?? 20_000);
const page = gzipSync(randomBytes(size));

const server = http.createServer((req, res) => {
  if (req.url?.startsWith("/events?raw=1")) {
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "close" });
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
    const chunk = Buffer.from(`data: ${JSON.stringify({ type: "matches_saved", audience })}\n\n`);
    for (const stream of streams) stream.write(chunk);
    for (const socket of rawSockets) socket.write(chunk);
    res.end("ok");
    return;
  }
  if (req.url?.startsWith("/page")) {
    res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip", "Content-Length": page.length });
    res.end(page);
    return;
  }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("plain server ready"));
process.on("SIGTERM", () => process.exit(0));
