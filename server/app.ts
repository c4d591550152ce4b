// The Express app `node server.js` serves, the same in development (loaded through Vite) and production (built into
// build/server/index.js): the fast paths, the event stream, compression, static files, the client's address, and
// React Router's request handler. docs/decisions/037-one-typed-server.md says why it is one module.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import morgan from "morgan";
import { RouterContextProvider } from "react-router";
// Importing the build runs the entry module's boot (environment, database, master account) before this module's body.
import * as build from "virtual:react-router/server-build";
import { fastApiAnswer } from "~/lib/api-cache.server";
import { INVALID_HOST, MALFORMED_URL, METHOD_NOT_ALLOWED } from "~/lib/api.server";
import { CORS_HEADERS, isApiPath } from "~/lib/cors.server";
import { clientAddressOf, peerIsTrusted, trustProxyFunction } from "~/lib/client-address.server";
import { clientContext } from "~/lib/context";
import { getApp } from "~/lib/db.server";
import { publishingFor, serveEventStream } from "~/lib/events.server";
import { fastPublicAnswer, type CachedAnswer, type RequestLike } from "~/lib/public-cache.server";
import { saveAdmission } from "~/lib/save-admission.server";
import { CROSS_SITE_MESSAGE } from "~/lib/security.server";
import type { RefusalCode } from "~/models/errors";
import { precompressedAssets } from "./precompressed";

const { env } = await getApp();

/**
 * express.static for a folder's files, asked only when a GET's first path segment names an entry of the folder (read
 * at start: a build's files do not change while it runs): every page and API call would otherwise cost a failed
 * `stat` per folder, which was a seventh of a small API read's CPU.
 */
function staticFolder(dir: string, options: Parameters<typeof express.static>[1]) {
  const names = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const serve = express.static(dir, options);
  return (req: Request, res: Response, next: NextFunction) =>
    names.has(req.path.split("/")[1] ?? "") ? serve(req, res, next) : next();
}

/** ACCESS_LOG: off by default; "1" logs every request, a fraction such as "0.01" samples that share. */
function accessLog() {
  const rate = env.ACCESS_LOG;
  if (rate === 0) return null;
  return morgan("tiny", { skip: () => rate < 1 && Math.random() >= rate });
}

function send(res: Response, answer: CachedAnswer) {
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  const { body } = answer;
  res.end(body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined);
}

const nosniff = (res: { setHeader: (name: string, value: string) => unknown }) =>
  res.setHeader("X-Content-Type-Options", "nosniff");

export const app = express();
app.disable("x-powered-by");

// The client's address is Express's `req.ip`: the peer, or behind the proxies TRUST_PROXY names, the hop they vouch for.
const trust = env.TRUST_PROXY ?? null;
app.set("trust proxy", trust ? trustProxyFunction(trust) : false);
if (trust) {
  // React Router's adapter takes the port of a request's URL from X-Forwarded-Host whenever `trust proxy` is on, even
  // from a peer that is not our proxy: such a peer's header is dropped here, so only our proxies name the host.
  app.use((req, _res, next) => {
    if (req.headers["x-forwarded-host"] !== undefined && !peerIsTrusted(req.socket.remoteAddress ?? null, trust))
      delete req.headers["x-forwarded-host"];
    next();
  });
}

// A visitor's public page, or a public tournament's API read, whose stored answer is current is sent here, before
// anything else runs: a crowd re-fetching after an event costs a map lookup each (app/lib/public-cache.server.ts,
// app/lib/api-cache.server.ts). tests/api/fast-path.test.ts checks it answers what React Router would.
app.use((req, res, next) => {
  const request: RequestLike = { method: req.method, url: req.url, header: (name) => req.get(name) };
  const hit = req.path.startsWith("/api/") ? fastApiAnswer(request) : fastPublicAnswer(request);
  if (!hit) return next();
  send(res, hit);
});

// Score saves (the routes app/routes.ts maps to a module marked with `saveRouteHandle`) wait for a place, first in,
// first out, before anything else of them runs (docs/decisions/040).
app.use(saveAdmission(build.routes));

// Every event stream, written straight to the socket (app/lib/events.server.ts); the route module answers refusals.
app.get("/api/events", (req, res, next) => {
  serveEventStream(req, res).then((served) => (served ? undefined : next()), next);
});

// Static files: in development Vite's middleware serves them (server.js), in production the build's client folder.
const clientDir = import.meta.env.PROD ? fileURLToPath(new URL("../client", import.meta.url)) : null;
// Our read models send pre-compressed bodies (Content-Encoding set), which compression skips; the rest is gzipped at
// a level that costs less than rendering them. An answer whose length is known and under 8 KiB (the API's JSON
// answers say theirs) is sent as it is: it fits in the connection's first round trip either way (an initial window
// of ten segments is about 14 KB), and a gzip stream per answer cost a save more than its own JSON did.
if (clientDir) app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
app.use(compression({ level: 4, threshold: 8 * 1024 }));
if (clientDir) {
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", setHeaders: nosniff }),
  );
  app.use(staticFolder(clientDir, { maxAge: "1h", setHeaders: nosniff }));
  app.use(staticFolder("public", { maxAge: "1h", setHeaders: nosniff }));
}
const log = accessLog();
if (log) app.use(log);

// What a request publishes reaches this process's streams after its answer is sent (app/lib/events.server.ts).
app.use((_req, res, next) => publishingFor(res, next));

/** Methods React Router's adapter can hand on: a Fetch `Request` refuses TRACE, CONNECT and TRACK (a 500 before). */
const HANDLED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The address React Router's Express adapter builds the `Request` from: the host it names (X-Forwarded-Host's under
 * `trust proxy`, else Host's) and the port either names. False when no URL can be made of it (`Host: a b`,
 * `Host: x:99999`) or there is no host: the adapter would throw, a 500 for a client's bad header.
 */
function hostMakesUrl(req: Request) {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const forwardedPort = req.app.enabled("trust proxy") ? portOf(req.get("x-forwarded-host")) : NaN;
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : portOf(req.get("host"));
  // No Host at all (an HTTP/1.0 request): the adapter reads `req.hostname.split`, a TypeError.
  if (!req.hostname) return false;
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return URL.canParse(`http://${hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}/`);
}

/**
 * A request nothing of ours can read is refused before React Router: an unknown method (405), a Host that makes no
 * address (400), and a page post whose Origin is not an address (403, the cross-site refusal, which React Router's own
 * check would answer 400 "Bad Request" for; under /api our middleware refuses it unless a bearer token is sent).
 * Answered as every refusal is (docs/rules.md "Error codes").
 */
app.use((req, res, next) => {
  if (!HANDLED_METHODS.has(req.method)) return refuse(req, res, 405, METHOD_NOT_ALLOWED, "method_not_allowed");
  if (!hostMakesUrl(req)) return refuse(req, res, 400, INVALID_HOST, "invalid_input");
  const origin = req.get("origin");
  const pagePost = !isApiPath(req.path) && !["GET", "HEAD", "OPTIONS"].includes(req.method);
  if (pagePost && origin && origin !== "null" && !URL.canParse(origin)) {
    // The answer app/lib/security.server.ts gives any other cross-site post.
    res
      .status(403)
      .set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY" });
    res.json({ message: CROSS_SITE_MESSAGE, code: "cross_site" });
    return;
  }
  next();
});

app.all(
  "*",
  createRequestHandler({
    build,
    mode: import.meta.env.PROD ? "production" : "development",
    // Who sent the request, as Express resolved it under `trust proxy`: loaders read it for the per-address limits.
    getLoadContext: (req) =>
      new RouterContextProvider(
        new Map([
          [
            clientContext,
            {
              address: clientAddressOf(req),
              proxied: peerIsTrusted(req.socket.remoteAddress ?? null, trust),
            },
          ],
        ]),
      ),
  }),
);

/**
 * A malformed percent-encoding (`/api/tournaments/%zz`) fails Express's decoding before any route runs. Under /api it is
 * answered as every API refusal is, JSON with its code and the CORS headers (docs/rules.md, "Error codes"); a page gets
 * a plain 400 page. Any other error goes on to Express's own handler.
 */
app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
  if (!(error instanceof URIError) || res.headersSent) return next(error);
  refuse(req, res, 400, MALFORMED_URL, "invalid_input");
});

/** A refusal of the HTTP layer: under /api JSON with its code and the CORS headers, elsewhere a plain page. */
function refuse(req: Request, res: Response, status: number, message: string, code: RefusalCode) {
  if (isApiPath(req.path)) {
    res
      .status(status)
      .set({ ...CORS_HEADERS, "Cache-Control": "no-store" })
      .json({ message, code });
    return;
  }
  const title = { 400: "Bad Request", 403: "Forbidden", 405: "Method Not Allowed" }[status] ?? "Refused";
  res
    .status(status)
    .set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
    .type("html")
    .send(`<!doctype html><title>${title}</title><h1>${title}</h1><p>${message}.</p>`);
}
