// The outermost middleware: a request that failed because the database cannot be reached answers 503 "Service temporarily unavailable", not 500.
import { sql } from "drizzle-orm";
import type { MiddlewareFunction } from "react-router";
import { getApp } from "./db.server";

export const UNAVAILABLE_MESSAGE = "Service temporarily unavailable";
/** How long the database may take to answer `select 1` before it counts as unreachable. */
const PROBE_MS = 2000;

/** Whether the database answers now. Only asked after a failure, so a healthy request costs nothing. */
export async function databaseReachable(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { database } = await getApp();
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

/** A plain page for browsers, `{ message }` for the API; Retry-After says to come back soon. */
export function unavailableResponse(url: URL) {
  const headers = { "Cache-Control": "no-store", "Retry-After": "5", "X-Content-Type-Options": "nosniff" };
  if (url.pathname.startsWith("/api/"))
    return Response.json({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers });
  const page =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${UNAVAILABLE_MESSAGE} | Tournament Manager</title></head>` +
    `<body><h1>${UNAVAILABLE_MESSAGE}</h1><p>The database cannot be reached. Please try again in a moment.</p></body></html>`;
  return new Response(page, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * Loaders, actions and the other middleware reach the database; when it is down they fail with a
 * driver error that would render as a 500. A 5xx answer (or a thrown error) is checked against the
 * database once: unreachable means 503.
 */
export const availabilityMiddleware: MiddlewareFunction<Response> = async ({ url }, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (await databaseReachable()) throw error;
    return unavailableResponse(url);
  }
  if (response.status < 500 || (await databaseReachable())) return response;
  await response.body?.cancel().catch(() => {});
  return unavailableResponse(url);
};
