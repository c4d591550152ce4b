// The outermost middleware: a request that failed because the database cannot be reached answers 503 "Service temporarily unavailable", not 500.
import { sql } from "drizzle-orm";
import type { MiddlewareFunction } from "react-router";
import { getApp } from "./db.server";

export const UNAVAILABLE_MESSAGE = "Service temporarily unavailable";
/** The API's code for it: the client waits `Retry-After` seconds and tries again (nothing was changed). */
export const UNAVAILABLE_CODE = "database_unavailable";
export const RESTARTING_TEXT = "The database is restarting. Try again in a moment.";
/** How long the database may take to answer `select 1` before it counts as unreachable. */
const PROBE_MS = 2000;

const CONNECTION_CODES = new Set([
  // postgres.js
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  // Node's sockets
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);

/**
 * Whether an error says the database connection failed rather than the query: the codes above,
 * SQLSTATE class 08 (connection exception) and 57P01–57P03 (the server is shutting down, crashed or
 * starting up). drizzle wraps the driver's error, so the causes are searched too.
 */
export function isConnectionError(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code)) return true;
  }
  return false;
}

/** Requests (and their router contexts) whose loader, action or middleware failed on the connection. */
const failedOnConnection = new WeakSet<object>();

/**
 * The server entry's `handleError` hands every error of a loader, action or middleware here, so the
 * middleware below knows that the request's 500 was the database going away (even when the
 * database answers again by the time it asks).
 */
export function noteRequestError(error: unknown, request: Request, context: object | undefined) {
  if (!isConnectionError(error)) return;
  failedOnConnection.add(request);
  if (context) failedOnConnection.add(context);
}

/** Whether the database answers now. Only asked after a failure, so a healthy request costs nothing. */
export async function databaseReachable(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { database } = await getApp();
    // The LISTEN connection noticed the server go away and has not reconnected yet: no need to ask.
    if (!database.connected()) return false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database probe timed out")), PROBE_MS);
    });
    await Promise.race([database.db.execute(sql`select 1`), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** A plain page for browsers, `{ message, code }` for the API; Retry-After says to come back soon. */
export function unavailableResponse(url: URL) {
  const headers = { "Cache-Control": "no-store", "Retry-After": "5", "X-Content-Type-Options": "nosniff" };
  if (url.pathname.startsWith("/api/"))
    return Response.json({ message: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE }, { status: 503, headers });
  const page =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${UNAVAILABLE_MESSAGE} | Tournament Manager</title></head>` +
    `<body><main><h1>${UNAVAILABLE_MESSAGE}</h1><p>${RESTARTING_TEXT}</p><p><a href="${escapeHref(url)}">Try again</a></p></main></body></html>`;
  return new Response(page, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * Loaders, actions and the other middleware reach the database; when it is down they fail with a
 * driver error that would render as a 500. A 5xx answer (or a thrown error) is checked against the
 * database once: unreachable means 503.
 */
export const availabilityMiddleware: MiddlewareFunction<Response> = async ({ url, request, context }, next) => {
  const failedHere = () => failedOnConnection.has(request) || failedOnConnection.has(context);
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (!isConnectionError(error) && !failedHere() && (await databaseReachable())) throw error;
    return unavailableResponse(url);
  }
  if (response.status < 500 || (!failedHere() && (await databaseReachable()))) return response;
  await response.body?.cancel().catch(() => {});
  return unavailableResponse(url);
};

/** The page's own address (path and query) for its "Try again" link, escaped for an attribute. */
function escapeHref(url: URL) {
  return (url.pathname.replace(/\.data$/, "") + url.search).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
