// Flash toasts: one message carried across a redirect in a short-lived cookie, so they work without JavaScript.
import { createCookie, redirect } from "react-router";

export type Toast = { title: string; description?: string; type?: "success" | "error" | "info" };

const toastCookie = createCookie("tm_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

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

/** Whether the request carries a flash toast: such a page is one person's, never a shared cache's. */
export function hasToastCookie(request: Request) {
  return /(?:^|;\s*)tm_toast=/.test(request.headers.get("cookie") ?? "");
}
