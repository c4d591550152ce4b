// The player's pass on the wire (docs/decisions/029-sign-up-and-passes.md): the link that carries it, the HttpOnly cookie
// it becomes (scoped to its tournament's pages), and the `Authorization: Pass <secret>` header API clients send.
import type { RouterContextProvider } from "react-router";
import { isHttps, publicOrigin } from "./forwarded.server";

const COOKIE_PREFIX = "tm_pass_";
const COOKIE_DAYS = 30;

/** The page a pass link opens; it sets the cookie and sends the player to their page, so the secret leaves the address bar. */
export const passPath = (tournamentId: number, pass: string) => `/tournaments/${tournamentId}/pass/${pass}`;
/** The player's page, read with the cookie. */
export const myPath = (tournamentId: number) => `/tournaments/${tournamentId}/me`;

export async function passLink(
  request: Request,
  context: Readonly<RouterContextProvider>,
  tournamentId: number,
  pass: string,
) {
  return `${await publicOrigin(request, context)}${passPath(tournamentId, pass)}`;
}

/** Set-Cookie for the pass: HttpOnly, SameSite=Lax, only sent to this tournament's pages (`/tournaments/{id}`). */
export function passCookie(request: Request, tournamentId: number, pass: string): string {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${COOKIE_PREFIX}${tournamentId}=${pass}; Path=/tournaments/${tournamentId}; Max-Age=${COOKIE_DAYS * 24 * 3600}; HttpOnly; SameSite=Lax${secure}`;
}

/** Set-Cookie that forgets the pass (a pass that is no longer valid). */
export function clearPassCookie(tournamentId: number): string {
  return `${COOKIE_PREFIX}${tournamentId}=; Path=/tournaments/${tournamentId}; Max-Age=0; HttpOnly; SameSite=Lax`;
}

/** Whether a cookie name is a pass's: a page read with one is the player's own, never shared. */
export function isPassCookie(name: string) {
  return name.startsWith(COOKIE_PREFIX);
}

/** The pass a page request carries for the tournament, or null. */
export function passFromCookie(request: Request, tournamentId: number): string | null {
  const name = `${COOKIE_PREFIX}${tournamentId}=`;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const trimmed = part.trim();
    if (trimmed.startsWith(name)) return trimmed.slice(name.length) || null;
  }
  return null;
}

/** The pass an API call carries: `Authorization: Pass <secret>`, else null. */
export function passFromHeader(request: Request): string | null {
  const match = /^Pass\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1] : null;
}
