// Flash toasts: one message carried across a redirect in a signed flash session (React Router's cookie session
// storage), so they work without JavaScript and a client cannot forge one (docs/decisions/033).
import { createCookieSessionStorage, redirect, type MiddlewareFunction } from "react-router";
import { z } from "zod";
import { getApp } from "./db.server";
import { isHttps } from "./forwarded.server";

/** What a toast carries; whatever else a (signed, so our own) cookie holds is ignored. */
const toastSchema = z.object({
  title: z.string().min(1),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).optional(),
});

export type Toast = z.infer<typeof toastSchema>;

const TOAST_COOKIE = "tm_toast";
const FLASH_KEY = "toast";

/** The flash session's storage: signed with the session secret, short-lived, never readable by scripts. */
async function toastStorage() {
  const { sessionSecret } = await getApp();
  return createCookieSessionStorage<Record<string, never>, { [FLASH_KEY]: Toast }>({
    cookie: { name: TOAST_COOKIE, path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [sessionSecret] },
  });
}

/** The Set-Cookie value that carries `toast` to the next page the browser loads. */
export async function toastHeader(toast: Toast) {
  const storage = await toastStorage();
  const session = await storage.getSession();
  session.flash(FLASH_KEY, toast);
  return storage.commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

const hasToastCookie = (cookieHeader: string | null) =>
  cookieHeader !== null && new RegExp(`(^|;)\\s*${TOAST_COOKIE}=`).test(cookieHeader);

/** Reads the pending toast (null when none, or when its signature or shape is wrong) and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookieHeader = request.headers.get("cookie");
  if (!hasToastCookie(cookieHeader)) return { toast: null, clear: null };
  const storage = await toastStorage();
  const session = await storage.getSession(cookieHeader);
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY));
  // Shown once: the flash is gone from the session, and the cookie expires now.
  return { toast: parsed.success ? parsed.data : null, clear: await storage.commitSession(session, { maxAge: 0 }) };
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
