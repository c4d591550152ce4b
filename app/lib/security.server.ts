// The root middleware: per-request CSP nonce, security headers, the cross-site form post check, the signed-in user.
import type { MiddlewareFunction } from "react-router";
import { nonceContext, userContext } from "./context";
import { getUser } from "./session.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_MESSAGE = "Cross-site request refused";
export const INVALID_FORM_MESSAGE = "Invalid form submission";

/**
 * Page actions read `request.formData()`, which throws on a body that is not a form (JSON,
 * broken multipart). Checking once here answers 400 for all of them instead of a 500.
 * The JSON API reads its own bodies and answers its own 400s.
 */
async function isUnreadableForm(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (new URL(request.url).pathname.startsWith("/api/")) return false;
  try {
    await request.clone().formData();
    return false;
  } catch {
    return true;
  }
}

/**
 * A state-changing request from another site is refused, whether it is a form post or a script.
 * The Origin decides; without one, the browser's Sec-Fetch-Site, then the Referer. A request
 * with none of them (curl, bots) carries no ambient cookie of ours. See docs/decisions/003-cross-site-posts.md.
 */
export function isCrossSite(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  // "null" (a sandboxed or privacy-stripped origin) and anything unparsable count as foreign.
  const isForeign = (url: string) => {
    try {
      return new URL(url).host !== host;
    } catch {
      return true;
    }
  };
  const origin = request.headers.get("origin");
  if (origin) return isForeign(origin);
  // Only same-origin and "none" (typed by the user) pass: same-site is another host, as a foreign Origin would be.
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const referer = request.headers.get("referer");
  if (referer) return isForeign(referer);
  return false;
}

export function securityHeaders(headers: Headers, nonce: string) {
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
}

export const securityMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const nonce = crypto.randomUUID().replaceAll("-", "");
  context.set(nonceContext, nonce);
  if (isCrossSite(request)) {
    const response = Response.json({ message: CROSS_SITE_MESSAGE }, { status: 403 });
    securityHeaders(response.headers, nonce);
    return response;
  }
  if (await isUnreadableForm(request)) {
    const response = Response.json({ message: INVALID_FORM_MESSAGE }, { status: 400 });
    securityHeaders(response.headers, nonce);
    return response;
  }
  context.set(userContext, await getUser(request));
  const response = await next();
  // A public page's cache may have swapped in the nonce its stored HTML was rendered with.
  const pageNonce = context.get(nonceContext);
  // Redirects and streamed responses can carry immutable headers; copy when needed.
  try {
    securityHeaders(response.headers, pageNonce);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    securityHeaders(copy.headers, pageNonce);
    return copy;
  }
};
