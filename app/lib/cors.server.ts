// Cross-origin use of the JSON API: every origin may read it and call it with a bearer token, never with the page cookie
// (docs/decisions/023-cors-tokens-not-cookies.md).
import type { MiddlewareFunction } from "react-router";

/** On every /api answer: any origin may read it; no Access-Control-Allow-Credentials, so a browser never sends our cookie along. */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Tournament-Version, Retry-After, Allow",
} as const;

/** The preflight's answer: the methods and headers a script on another site may use (Authorization, not cookies). */
export const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, HEAD, POST, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, If-None-Match, Idempotency-Key",
  // Two hours: Chromium's ceiling.
  "Access-Control-Max-Age": "7200",
} as const;

export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** The bearer token a request carries, parsed as app/lib/session.server.ts reads it; null without one. */
export function bearerToken(request: Request): string | null {
  return request.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

function withCors(response: Response) {
  try {
    for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a redirect): copy.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(CORS_HEADERS)) copy.headers.set(name, value);
    return copy;
  }
}

/**
 * The root middleware's CORS step for /api: a preflight (OPTIONS) is answered here with 204 before
 * anything reads a session; every other /api answer gets the CORS headers. Whether a cross-origin
 * call may change anything is app/lib/security.server.ts's `isCrossSite` (a bearer token: yes; a cookie: no).
 */
export const corsMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
  if (!isApiPath(url.pathname)) return next();
  if (request.method.toUpperCase() === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        ...PREFLIGHT_HEADERS,
        Allow: PREFLIGHT_HEADERS["Access-Control-Allow-Methods"],
        "Cache-Control": "no-store",
      },
    });
  }
  return withCors(await next());
};
