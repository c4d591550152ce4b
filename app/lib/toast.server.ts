// Flash toasts: one message carried across a redirect in a short-lived cookie, so they work without JavaScript.
import { createCookie, redirect, type MiddlewareFunction } from "react-router";
import { isHttps } from "./forwarded.server";

export type Toast = { title: string; description?: string; type?: "success" | "error" | "info" };

const TOAST_COOKIE = "tm_toast";
const toastCookie = createCookie(TOAST_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function toastHeader(toast: Toast) {
  return toastCookie.serialize(Buffer.from(JSON.stringify(toast)).toString("base64url"));
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw = await toastCookie.parse(request.headers.get("cookie"));
  if (typeof raw !== "string" || !raw) return { toast: null, clear: null };
  let toast: Toast | null = null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (parsed && typeof parsed.title === "string") toast = parsed;
  } catch {
    toast = null;
  }
  return { toast, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}

/**
 * Marks the toast cookie Secure under the session cookie's condition (HTTPS, or a TLS proxy's
 * X-Forwarded-Proto: https). Many actions set a toast without seeing the request's scheme, so
 * the root middleware adds the attribute once, on the way out.
 */
export const secureToastMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (!isHttps(request)) return response;
  const cookies = response.headers.getSetCookie();
  const isPlainToast = (c: string) => c.startsWith(`${TOAST_COOKIE}=`) && !/;\s*secure\s*(;|$)/i.test(c);
  if (!cookies.some(isPlainToast)) return response;
  // Redirects and streamed responses can carry immutable headers: answer a copy.
  const copy = new Response(response.body, response);
  copy.headers.delete("Set-Cookie");
  for (const cookie of cookies) copy.headers.append("Set-Cookie", isPlainToast(cookie) ? `${cookie}; Secure` : cookie);
  return copy;
};
