// The known-device cookie (OWASP's device-cookie technique): signed, issued after a successful login, it names the usernames
// that signed in on this browser, so a username locked by strangers' guesses still lets its owner in, slowed down (docs/decisions/021).
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { getApp } from "./db.server";
import { isHttps } from "./forwarded.server";

const COOKIE_NAME = "tm_device";
const MAX_USERNAMES = 10;
const YEAR = 365 * 24 * 3600;

/** The cookie's content: a random nonce naming this browser (its own try count) and the usernames that signed in here. */
export type KnownDevice = { nonce: string; usernames: string[] };

async function deviceCookie(request: Request) {
  const { sessionSecret } = await getApp();
  return createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
    path: "/",
    maxAge: YEAR,
    secrets: [sessionSecret],
  });
}

/** The request's device cookie when its signature holds; null for none, a forged or a malformed one. */
export async function readDevice(request: Request): Promise<KnownDevice | null> {
  const value: unknown = await (await deviceCookie(request)).parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return null;
  const { nonce, usernames } = value as Partial<KnownDevice>;
  if (typeof nonce !== "string" || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
  if (!Array.isArray(usernames) || !usernames.every((u) => typeof u === "string")) return null;
  return { nonce, usernames: usernames.slice(0, MAX_USERNAMES) };
}

/** The device's nonce when this username signed in on it before, else null (an unknown device for that username). */
export function deviceFor(device: KnownDevice | null, username: string): string | null {
  return device?.usernames.includes(username.trim().toLowerCase()) ? device.nonce : null;
}

/** The Set-Cookie value after a successful login: this browser now knows the username (the newest first). */
export async function rememberDevice(request: Request, device: KnownDevice | null, username: string): Promise<string> {
  const name = username.trim().toLowerCase();
  const usernames = [name, ...(device?.usernames ?? []).filter((u) => u !== name)].slice(0, MAX_USERNAMES);
  const nonce = device?.nonce ?? randomBytes(16).toString("base64url");
  return (await deviceCookie(request)).serialize({ nonce, usernames } satisfies KnownDevice);
}
