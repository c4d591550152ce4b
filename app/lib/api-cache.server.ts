// The JSON API's reads of public tournaments, built once per tournament version and shared: a strong ETag, 304s, the
// public pages' shared-cache headers, and the bytes (with their gzip) kept for the HTTP server's fast path. Reads of any
// other tournament are built the same way for whoever may read them, and stay private
// (docs/decisions/022-api-reads-from-the-snapshot.md).
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Snapshot } from "~/models/views/snapshot.server";
import { peekTournamentVersion } from "~/models/views/snapshot.server";
import { CORS_HEADERS } from "./cors.server";
import {
  requestLikeOf,
  storedAnswer,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  type CachedAnswer,
  type RequestLike,
} from "./public-cache.server";
import { securityHeaders } from "./security.server";

/** Sent with every tournament read: the version its answer is of (also the ETag's first part). */
export const VERSION_HEADER = "Tournament-Version";

const BUILD_ID = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev";
/** The kept answers' total size and count for the fast path; the least recently stored go first. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRIES = 2048;
/** A fixed nonce for the fast path's CSP header: a JSON answer runs no script. */
const JSON_NONCE = "json";

type Entry = {
  tournamentId: number;
  version: number;
  etag: string;
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
};

/** Kept answers by the request's path and query as sent, for `fastApiAnswer`. */
const kept = new Map<string, Entry>();
let keptBytes = 0;

function digest(text: string) {
  return createHash("sha256").update(text).digest("base64url").slice(0, 16);
}

function sharedHeaders(entry: Entry): Headers {
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": PUBLIC_CACHE_CONTROL,
    // The answer is the same for every caller (token, cookie or none): only the encoding varies.
    Vary: "Accept-Encoding",
    ETag: entry.etag,
    [VERSION_HEADER]: String(entry.version),
    ...CORS_HEADERS,
  });
  return headers;
}

function answerFrom(entry: Entry, request: RequestLike): CachedAnswer {
  return storedAnswer(entry, sharedHeaders(entry), request);
}

function keep(key: string, entry: Entry) {
  const previous = kept.get(key);
  if (previous) {
    keptBytes -= previous.body.byteLength + previous.gzip.byteLength;
    kept.delete(key);
  }
  kept.set(key, entry);
  keptBytes += entry.body.byteLength + entry.gzip.byteLength;
  while ((keptBytes > MAX_BYTES || kept.size > MAX_ENTRIES) && kept.size > 1) {
    const [oldest, old] = kept.entries().next().value!;
    kept.delete(oldest);
    keptBytes -= old.body.byteLength + old.gzip.byteLength;
  }
}

/** A kept answer's bytes: the JSON text and its gzip, made once. */
function jsonBytes(text: string) {
  const body = new TextEncoder().encode(text);
  return { body, gzip: new Uint8Array(gzipSync(body, { level: 6 })) };
}

const pathAndQuery = (url: string) => {
  const parsed = new URL(url, "http://local");
  return parsed.pathname + parsed.search;
};

/**
 * A public tournament's read: `build` runs once per snapshot (version) and `variant` (the read and
 * its parsed query, so `?round=2` and `?round=02` share one answer); every request of that version
 * gets the same bytes, ETag and shared-cache headers, or a 304.
 */
export function sharedApiAnswer(request: Request, snapshot: Snapshot, variant: string, build: () => unknown): Response {
  const tournamentId = snapshot.data.tournament.id;
  const entry = snapshot.view(`api|${variant}`, (): Entry => ({
    tournamentId,
    version: snapshot.version,
    etag: `"${tournamentId}.${snapshot.version}-${digest(`${variant}|${BUILD_ID}`)}"`,
    ...jsonBytes(JSON.stringify(build())),
  }));
  keep(pathAndQuery(request.url), entry);
  const { status, headers, body } = answerFrom(entry, requestLikeOf(request));
  return new Response(body, { status, headers });
}

/**
 * A read of a tournament that is not public, for a caller its checks let in: built once per version from the snapshot
 * as a shared answer is (a bot polling an unlisted tournament with its share key costs a lookup, not a database read
 * and a build; its gzip is made once too), but answered `private, no-cache`: never stored by a shared cache nor kept
 * for the fast path, which asks no one's rights. Its ETag is of its own bytes, so a token's poller still gets 304s.
 */
export function privateApiAnswer(
  request: Request,
  snapshot: Snapshot,
  variant: string,
  build: () => unknown,
): Response {
  const entry = snapshot.view(`private-api|${variant}`, () => {
    const text = JSON.stringify(build());
    return { etag: `"p-${digest(text)}"`, ...jsonBytes(text) };
  });
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": PRIVATE_CACHE_CONTROL,
    Vary: "Accept-Encoding, Authorization, Cookie",
    ETag: entry.etag,
    [VERSION_HEADER]: String(snapshot.version),
    ...CORS_HEADERS,
  });
  const { status, body } = storedAnswer(entry, headers, requestLikeOf(request));
  return new Response(body, { status, headers });
}

/**
 * The HTTP server's fast path for the API (server/app.ts), before React Router: a GET of a public
 * tournament's read whose kept answer is of the current version gets it (or a 304), whoever asks.
 * Anything else answers null and takes the full path, which checks, builds and keeps.
 */
export function fastApiAnswer(request: RequestLike): CachedAnswer | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  let key: string;
  try {
    key = pathAndQuery(request.url);
  } catch {
    return null;
  }
  const entry = kept.get(key);
  if (!entry || peekTournamentVersion(entry.tournamentId) !== entry.version) return null;
  const answer = answerFrom(entry, request);
  securityHeaders(answer.headers, JSON_NONCE);
  return answer;
}

/** Forgets every kept answer (tests). */
export function clearApiCache() {
  kept.clear();
  keptBytes = 0;
}
