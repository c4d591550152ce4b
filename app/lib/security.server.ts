// The root middleware: per-request CSP nonce, security headers, the cross-site form post check, the signed-in user, page forms read once within a size limit.
import { createContext, data, type MiddlewareFunction } from "react-router";
import {
  IMPORT_UPLOAD_LIMIT,
  isWellFormedBody,
  PAGE_BODY_LIMIT,
  readBodyWithin,
  TOO_LARGE,
  tooLargeResponse,
} from "./body.server";
import { dbContext, formContext, nonceContext, scriptHashesContext, userContext } from "./context";
import { bearerToken, isApiPath } from "./cors.server";
import { getApp } from "./db.server";
import { forwardedHost, headersOf } from "./forwarded.server";
import { getUser } from "./session.server";
import { hasLoneSurrogate } from "~/models/fields";
import { INVALID_UTF8_MESSAGE, LONE_SURROGATE_MESSAGE } from "~/models/messages";
import { shareCookieFor } from "./share.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_MESSAGE = "Cross-site request refused";
export const INVALID_FORM_MESSAGE = "Invalid form submission";

/** Page routes that take a bigger body than PAGE_BODY_LIMIT from a signed-in user: the dashboard's spreadsheet import. */
const UPLOAD_LIMITS: Record<string, number> = { "/dashboard": IMPORT_UPLOAD_LIMIT };

/**
 * Page actions read the form this middleware put in formContext: the body is read once, within
 * the route's byte limit (413 past it, before anything is parsed), and parsed once. A body that
 * is not a form (JSON, broken multipart) answers 400 for every page instead of a 500.
 * The JSON API reads its own bodies (readJson) and answers its own 400s and 413s.
 */
async function readPageForm(request: Request, url: URL, signedIn: boolean): Promise<FormData | Response> {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const limit = (signedIn && UPLOAD_LIMITS[path]) || PAGE_BODY_LIMIT;
  const bytes = await readBodyWithin(request, limit);
  if (bytes === TOO_LARGE) return tooLargeResponse(limit);
  const type = request.headers.get("content-type");
  if (type?.toLowerCase().includes("application/x-www-form-urlencoded") && !isWellFormedBody(bytes, type))
    return Response.json({ message: INVALID_UTF8_MESSAGE, code: "invalid_text" }, { status: 400 });
  let form: FormData;
  // An empty post without a Content-Type (`curl -X POST /logout`) is an empty form, not a malformed one.
  if (bytes.byteLength === 0 && !type) return new FormData();
  try {
    form = await new Response(bytes, { headers: type ? { "content-type": type } : {} }).formData();
  } catch {
    return Response.json({ message: INVALID_FORM_MESSAGE }, { status: 400 });
  }
  // Browsers send well-formed text; a lone surrogate is refused here, once for every form (as readJson does for the API).
  const texts = [...form.entries()].flatMap(([name, value]) => (typeof value === "string" ? [name, value] : [name]));
  if (hasLoneSurrogate(texts))
    return Response.json({ message: LONE_SURROGATE_MESSAGE, code: "invalid_text" }, { status: 400 });
  return form;
}

/**
 * A state-changing request from another site is refused, whether it is a form post or a script.
 * The Origin decides; without one, the browser's Sec-Fetch-Site, then the Referer. A request
 * with none of them (curl, bots) carries no ambient cookie of ours. See docs/decisions/003-cross-site-posts.md.
 */
export function isCrossSite(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  // A bearer token is not ambient: a script on another site can only send one it holds, after a preflight, and
  // the session cookie is then never read (docs/decisions/023-cors-tokens-not-cookies.md).
  if (isApiPath(new URL(request.url).pathname) && bearerToken(request)) return false;
  const host = forwardedHost(headersOf(request)) ?? new URL(request.url).host;
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

/**
 * The security headers of every answer. Inline scripts run when they carry the request's nonce, or, for a cached
 * public page (`hashes` given), when their SHA-256 is listed: that page is the same bytes for every visitor, and a
 * nonce every visitor shares would be no secret (docs/decisions/021-check-in-and-share-links.md).
 */
export function securityHeaders(headers: Headers, nonce: string, hashes: string[] | null = null) {
  const inline = hashes ? hashes.map((h) => `'sha256-${h}'`).join(" ") : `'nonce-${nonce}'`;
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self'${inline ? ` ${inline}` : ""}`,
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
  // A page may ask for less (a pass's pages: their address is the secret); the default otherwise.
  if (!["no-referrer", "same-origin"].includes(headers.get("Referrer-Policy") ?? ""))
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
}

/**
 * A browser's own navigation (a form submitted without JavaScript): what it is answered is shown as a page, so a refusal
 * must be one. A script's call (fetch, the API, JavaScript's form submissions: Sec-Fetch-Dest "empty") is answered JSON.
 */
function isNavigation(request: Request) {
  const destination = request.headers.get("sec-fetch-dest");
  if (destination) return destination === "document";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** A page form refused before its action (too large, not a form): its status and message, for `refusedFormMiddleware`. */
const refusedFormContext = createContext<{ status: number; message: string } | null>(null);

export const securityMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const nonce = crypto.randomUUID().replaceAll("-", "");
  context.set(nonceContext, nonce);
  if (isCrossSite(request)) {
    const response = Response.json({ message: CROSS_SITE_MESSAGE, code: "cross_site" }, { status: 403 });
    securityHeaders(response.headers, nonce);
    return response;
  }
  const { database } = await getApp();
  const db = database.db;
  context.set(dbContext, db);
  // Who asks, on the side connection: a save's first read never waits behind the pool's queued transactions.
  const user = await getUser(database.side, request);
  context.set(userContext, user);
  if (!SAFE_METHODS.has(request.method.toUpperCase()) && !url.pathname.startsWith("/api/")) {
    const form = await readPageForm(request, url, user !== null);
    if (form instanceof Response && isNavigation(request)) {
      // Shown as the error screen (app/lib/error-screen.ts), a page with this status, by the middleware below.
      context.set(refusedFormContext, {
        status: form.status,
        message: ((await form.json()) as { message: string }).message,
      });
    } else if (form instanceof Response) {
      securityHeaders(form.headers, nonce);
      return form;
    } else context.set(formContext, form);
  }
  const response = await next();
  // A public page's cache may have swapped in the nonce its stored HTML was rendered with.
  const pageNonce = context.get(nonceContext);
  // A share link's key, when valid, is remembered for the pages it leads to (app/lib/share.server.ts).
  const shareCookie = url.searchParams.has("key") ? await shareCookieFor(db, request, url) : null;
  // Redirects and streamed responses can carry immutable headers; copy when needed.
  const hashes = context.get(scriptHashesContext);
  const decorate = (headers: Headers) => {
    securityHeaders(headers, pageNonce, hashes);
    if (shareCookie) headers.append("Set-Cookie", shareCookie);
    // A signed-in user's page is theirs: never kept by a shared cache, and revalidated by the browser. (Pages that
    // decide their own caching, the public ones and the API's answers, say so themselves.)
    if (user && !headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
  };
  try {
    decorate(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    decorate(copy.headers);
    return copy;
  }
};

/**
 * Right below `securityMiddleware`: a browser's form it refused is thrown here, so React Router renders the error screen
 * (a page a reader without JavaScript can read, not JSON) and the security middleware still adds its headers to it.
 */
export const refusedFormMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const refused = context.get(refusedFormContext);
  if (refused) throw data({ message: refused.message }, { status: refused.status });
  return next();
};
