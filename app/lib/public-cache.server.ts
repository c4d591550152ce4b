// HTTP caching of the anonymous public pages: a strong ETag from the data's version, 304s, and the rendered answer
// (HTML or .data, with its gzip) kept per version, so a crowd costs one render per change (docs/rules.md, "Versions and live pages").
import { createHash, createHmac } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { MiddlewareFunction } from "react-router";
import { landingView, peekLandingVersion } from "~/models/views/landing.server";
import { peekTournamentSnapshot, tournamentSnapshot, type Snapshot } from "~/models/views/snapshot.server";
import { scheduleClock } from "~/models/roster/signup";
import { dbContext, nonceContext, pageClockContext, scriptHashesContext, userContext } from "./context";
import { getApp } from "./db.server";
import { inlinesStylesheet } from "./lite-page";
import { forwardedHost, forwardedProto } from "./forwarded.server";
import { pageScriptHashes } from "./page-scripts.server";
import { parseTournamentParam } from "./params";
import { securityHeaders } from "./security.server";
import { isShareCookie } from "./share.server";

/** Browsers revalidate every time (a 304 when nothing changed); a shared cache may serve one second, then revalidate. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=1, must-revalidate";
/** Signed-in views carry the user's header and menu: never stored by a shared cache. */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";
/** A tournament that is not public: its pages are for its readers only, stored by no cache. */
const PRIVATE_NO_STORE = "private, no-store";

const BUILD_ID = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev";
/** The stored answers' total size; the least recently stored go first. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Answers larger than this are served but not kept. */
const MAX_BODY = 2 * 1024 * 1024;
const DROPPED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "etag",
  "cache-control",
  "vary",
  "date",
]);

/** What a page is a view of: `key` names the data (a tournament, the landing list), `version` its current version. */
export type CacheScope = { key: string; version: string };

type Stored = {
  scope: CacheScope;
  etag: string;
  /** The SHA-256 (base64) of each page script in the body, computed by the build: what its CSP allows, the same for every visitor. */
  hashes: string[];
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
};

/** Stored answers by request variant (see `variantOf`). */
const stored = new Map<string, Stored>();
let storedBytes = 0;

export type RequestLike = { method: string; url: string; header: (name: string) => string | null | undefined };
export type CachedAnswer = { status: number; headers: Headers; body: Uint8Array<ArrayBuffer> | null };

/** A web Request as the stored answers read it (method upper-cased). */
export function requestLikeOf(request: Request): RequestLike {
  return { method: request.method.toUpperCase(), url: request.url, header: (name) => request.headers.get(name) };
}

function digest(text: string) {
  return createHash("sha256").update(text).digest("base64url").slice(0, 16);
}

/** The theme cookie as sent: with the address and the URL, all a visitor's page depends on besides the data. */
function themeCookie(cookie: string | null | undefined) {
  return /(?:^|;\s*)ui-theme=([^;]*)/.exec(cookie ?? "")?.[1] ?? "";
}

/**
 * Everything a visitor's page bytes depend on besides the data and the build: address (share links), path and query,
 * theme, and whether the page carries its stylesheet inline (a navigation) or links it (the live script's re-fetch).
 */
function variantOf(request: RequestLike) {
  const url = new URL(request.url, "http://local");
  const header = (name: string) => request.header(name);
  const styles = inlinesStylesheet(header) ? "inline" : "linked";
  return `${forwardedProto(header) ?? ""}|${forwardedHost(header) ?? ""}|${url.pathname}${url.search}|${themeCookie(request.header("cookie"))}|${styles}`;
}

/**
 * Whether the request's cookies are only the theme and share keys: no session, no toast, nothing that makes the page
 * someone's own. Share keys only open tournaments that are not public, whose pages are never stored.
 */
function isVisitor(request: RequestLike) {
  if (request.header("authorization")) return false;
  const cookie = request.header("cookie");
  if (!cookie) return true;
  return cookie.split(";").every((part) => {
    const name = part.split("=")[0]?.trim();
    return !name || name === "ui-theme" || isShareCookie(name);
  });
}

/** Whether If-None-Match names this entity (weak comparison, as RFC 9110 asks of it). */
export function notModified(ifNoneMatch: string | null | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/"$/, "");
  return ifNoneMatch.split(",").some((raw) => {
    const candidate = raw.trim().replace(/^W\//, "");
    return candidate === "*" || candidate === etag || candidate === `${bare}-gz"`;
  });
}

function cacheHeaders(etag: string): [string, string][] {
  return [
    ["Cache-Control", PUBLIC_CACHE_CONTROL],
    ["Vary", "Cookie, Accept-Encoding, Sec-Fetch-Dest"],
    ["ETag", etag],
  ];
}

/** The answer to one request from a stored page: 304 when the client has it, else its gzip or plain bytes. */
function answerFrom(entry: Stored, request: RequestLike): CachedAnswer {
  const headers = new Headers(entry.headers);
  for (const [name, value] of cacheHeaders(entry.etag)) headers.set(name, value);
  securityHeaders(headers, "", entry.hashes);
  return storedAnswer(entry, headers, request);
}

/**
 * A kept answer's bytes for one request, with `headers` already set: 304 when the client holds the ETag (either
 * encoding's), else the gzip bytes or the plain ones; no body for HEAD. The gzip bytes' ETag is marked -gz, on their
 * 304 too: a 304 carries the ETag its 200 would have (RFC 9110, 15.4.5). Shared by the public pages and the API's
 * reads (app/lib/api-cache.server.ts).
 */
export function storedAnswer(
  entry: { etag: string; body: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> },
  headers: Headers,
  request: RequestLike,
): CachedAnswer {
  const gzip = /\bgzip\b/.test(request.header("accept-encoding") ?? "");
  if (gzip) headers.set("ETag", `${entry.etag.replace(/"$/, "")}-gz"`);
  if (notModified(request.header("if-none-match"), entry.etag)) {
    headers.delete("Content-Type");
    return { status: 304, headers, body: null };
  }
  const body = gzip ? entry.gzip : entry.body;
  if (gzip) headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(body.byteLength));
  return { status: 200, headers, body: request.method === "HEAD" ? null : body };
}

function remember(variant: string, entry: Stored) {
  const previous = stored.get(variant);
  if (previous) {
    storedBytes -= previous.body.byteLength + previous.gzip.byteLength;
    stored.delete(variant);
  }
  stored.set(variant, entry);
  storedBytes += entry.body.byteLength + entry.gzip.byteLength;
  while (storedBytes > MAX_BYTES && stored.size > 1) {
    const [oldest, old] = stored.entries().next().value!;
    stored.delete(oldest);
    storedBytes -= old.body.byteLength + old.gzip.byteLength;
  }
}

/**
 * A tournament page's cache version at `now`: the data's version, and while the schedule line moves with the clock
 * (a start ahead: "starts in 45 min", the check-in window's state) a digest of what it says, so a page stored at one
 * minute is not served, nor answered 304, at the next (a shared cache revalidates every second).
 */
function tournamentScopeVersion(snapshot: Snapshot, now: number) {
  const clock = scheduleClock(snapshot.data.schedule, new Date(now));
  return `${snapshot.data.tournament.id}.${snapshot.version}${clock ? `.${digest(clock).slice(0, 8)}` : ""}`;
}

/** Whether the data an answer was rendered from is still current, known without waiting on the database. */
function isCurrent(scope: CacheScope) {
  if (scope.key === "landing") return peekLandingVersion() === scope.version;
  const snapshot = peekTournamentSnapshot(Number(scope.key.slice(1)));
  return snapshot !== null && tournamentScopeVersion(snapshot, Date.now()) === scope.version;
}

/**
 * The HTTP server's fast path (server/app.ts), before React Router: a visitor's request for a
 * public page whose stored answer is still current gets it (or a 304) with the headers the full
 * path sends. Anything else (a cookie besides the theme, a token, a stale or missing answer)
 * answers null and takes the full path, which renders and stores.
 */
export function fastPublicAnswer(request: RequestLike): CachedAnswer | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (!isVisitor(request)) return null;
  let variant: string;
  try {
    variant = variantOf(request);
  } catch {
    return null;
  }
  const entry = stored.get(variant);
  return entry && isCurrent(entry.scope) ? answerFrom(entry, request) : null;
}

/** Forgets every stored answer (tests). */
export function clearPublicCache() {
  stored.clear();
  storedBytes = 0;
}

function withHeaders(response: Response, headers: Iterable<[string, string]>) {
  try {
    for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch {
    // Redirects and some streamed answers have immutable headers: copy.
    const copy = new Response(response.body, response);
    for (const [name, value] of headers) copy.headers.set(name, value);
    return copy;
  }
}

/**
 * A route middleware for a public page. For a visitor it answers 304 when If-None-Match names the
 * current version, serves the stored answer of this version when there is one, and otherwise
 * renders once and stores the answer. The stored HTML is the same bytes for everyone; its CSP allows
 * its inline scripts by their SHA-256 hashes, never by a nonce every visitor would share. Signed-in users get a private, uncached answer.
 * `scopeOf` answers null for a page that does not exist (the loader answers its 404 as usual).
 */
export function publicPageCache(
  scopeOf: (args: Parameters<MiddlewareFunction<Response>>[0]) => Promise<CacheScope | null>,
): MiddlewareFunction<Response> {
  return async (args, next) => {
    const { request, context } = args;
    const like = requestLikeOf(request);
    if (like.method !== "GET" && like.method !== "HEAD") return next();
    if (context.get(userContext) || !isVisitor(like)) {
      return withHeaders(await next(), [
        ["Cache-Control", PRIVATE_CACHE_CONTROL],
        ["Vary", "Cookie, Sec-Fetch-Dest"],
      ]);
    }
    const scope = await scopeOf(args);
    // No scope: a missing page, or a tournament that is not public (only its readers may see it): never stored.
    if (!scope) return withHeaders(await next(), [["Cache-Control", PRIVATE_NO_STORE]]);

    const variant = variantOf(like);
    const etag = `"${scope.version}-${digest(`${variant}|${BUILD_ID}`)}"`;
    // The stored page is answered (or a 304 for it) with the CSP hashes of its own scripts. Without it, the page is
    // rendered first, even for a 304: its CSP must name the scripts of the bytes the client holds.
    const hit = stored.get(variant);
    if (hit && hit.scope.key === scope.key && hit.scope.version === scope.version) {
      context.set(scriptHashesContext, hit.hashes);
      const { status, headers, body } = answerFrom(hit, like);
      return new Response(body, { status, headers });
    }
    // Rendered once for every visitor of this version: a nonce in it would be every visitor's, so the CSP names the
    // scripts' hashes instead, and this nonce (derived, not random, so the bytes and the ETag stay stable) allows nothing.
    const { sessionSecret } = await getApp();
    context.set(
      nonceContext,
      createHmac("sha256", sessionSecret).update(`${scope.key}|${etag}`).digest("hex").slice(0, 32),
    );

    const response = await next();
    if (response.status !== 200 || response.headers.has("Set-Cookie") || like.method === "HEAD") {
      return withHeaders(response, response.status === 200 ? cacheHeaders(etag) : [["Cache-Control", "no-store"]]);
    }
    const body = new Uint8Array(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
    });
    // The build hashed each page script (app/lib/page-scripts.server.ts): the CSP names those this page carries.
    const hashes = /text\/html/.test(response.headers.get("content-type") ?? "")
      ? pageScriptHashes(new TextDecoder().decode(body))
      : [];
    context.set(scriptHashesContext, hashes);
    const entry: Stored = { scope, etag, hashes, headers, body, gzip: new Uint8Array(gzipSync(body, { level: 6 })) };
    if (body.byteLength <= MAX_BODY) remember(variant, entry);
    const answer = answerFrom(entry, like);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}

/**
 * The cache of a public tournament's spectator pages, keyed by the tournament's version (and the schedule line's clock,
 * `tournamentScopeVersion`); others are not stored. The page renders at the instant its key was taken.
 */
export const tournamentPageCache = publicPageCache(async ({ params, context }) => {
  const parsed = parseTournamentParam(params.tournamentId);
  if (!parsed.ok) return null;
  const snapshot = await tournamentSnapshot(context.get(dbContext), parsed.id);
  if (!snapshot?.data.tournament.isPublic) return null;
  const now = Date.now();
  context.set(pageClockContext, now);
  return { key: `t${parsed.id}`, version: tournamentScopeVersion(snapshot, now) };
});

/** The landing page's cache, keyed by a hash of the listed tournaments. */
export const landingPageCache = publicPageCache(async ({ context }) => {
  const view = await landingView(context.get(dbContext));
  return { key: "landing", version: view.version };
});
