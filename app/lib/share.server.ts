// The share key a request holds for a tournament: `?key=` in the link, else the cookie a link with a valid key left behind
// (so the pages it leads to, the live script's re-fetches and the event stream carry it). docs/decisions/021.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import type { AppDb } from "#db/client.server";
import type { PublicUser } from "~/models/access/auth.server";
import { shareKeyMatches, SHARE_KEY_PATTERN, type Reader } from "~/models/access/share.server";
import { userContext } from "./context";
import { isApiPath } from "./cors.server";
import { isHttps } from "./forwarded.server";

const COOKIE_PREFIX = "tm_share_";
const COOKIE_DAYS = 30;
/** The paths a share link opens: a tournament's pages (`/tournaments/{id}/…`, `/public/{id}`, …) and its API reads. */
const TOURNAMENT_PATH = /^\/(?:api\/)?(?:tournaments|public|leaderboard|previous-lobbies)\/(\d{1,10})(?:\/|$)/;

/** Whether a cookie name is a share key's: it makes no page anyone's own, so it never keeps a visitor from the cache. */
export function isShareCookie(name: string) {
  return name.startsWith(COOKIE_PREFIX);
}

function cookieKey(cookie: string | null | undefined, tournamentId: number): string | null {
  const name = `${COOKIE_PREFIX}${tournamentId}=`;
  for (const part of (cookie ?? "").split(";")) {
    const trimmed = part.trim();
    if (trimmed.startsWith(name)) return trimmed.slice(name.length) || null;
  }
  return null;
}

/** The key a request holds for the tournament: the link's `?key=`, else its cookie; null without one. */
export function shareKeyFrom(url: URL, cookie: string | null, tournamentId: number): string | null {
  return url.searchParams.get("key") || cookieKey(cookie, tournamentId);
}

/** `shareKeyFrom` for a Fetch request. */
export function shareKeyOf(request: Request, tournamentId: number): string | null {
  return shareKeyFrom(new URL(request.url), request.headers.get("cookie"), tournamentId);
}

/** The reader of a tournament in this request: the signed-in user and the key they hold for it. */
export function readerOf(request: Request, user: PublicUser | null, tournamentId: number): Reader {
  return { user, key: shareKeyOf(request, tournamentId) };
}

/** `readerOf` for a loader or action, with the user the root middleware read. */
export function pageReader(context: Readonly<RouterContextProvider>, request: Request, tournamentId: number): Reader {
  return readerOf(request, context.get(userContext), tournamentId);
}

/**
 * After a request that came through a share link (`?key=` on a tournament's address): when the key is the
 * tournament's current one, the cookie that lets the pages it leads to carry it. Null otherwise.
 */
export async function shareCookieFor(db: AppDb, request: Request, url: URL): Promise<string | null> {
  const key = url.searchParams.get("key");
  const id = TOURNAMENT_PATH.exec(url.pathname)?.[1];
  if (!key || !id || !SHARE_KEY_PATTERN.test(key)) return null;
  const tournamentId = Number(id);
  if (cookieKey(request.headers.get("cookie"), tournamentId) === key) return null;
  if (!(await shareKeyMatches(db, tournamentId, key))) return null;
  const secure = isHttps(request) ? "; Secure" : "";
  return `${COOKIE_PREFIX}${tournamentId}=${key}; Path=/; Max-Age=${COOKIE_DAYS * 24 * 3600}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The root middleware's check of an API call's `?key=`: one that cannot be a share key (the pattern, once) answers 400
 * "Invalid share key" before anything is read, as the event stream's does and as OpenAPI documents it; a well-formed
 * key that is not the tournament's opens nothing (404, as for a missing tournament).
 */
export const shareKeyQueryMiddleware: MiddlewareFunction<Response> = async ({ url }, next) => {
  if (!isApiPath(url.pathname)) return next();
  const keys = url.searchParams.getAll("key");
  if (keys.length === 0 || (keys.length === 1 && SHARE_KEY_PATTERN.test(keys[0]))) return next();
  return Response.json(
    { message: "Invalid share key", code: "invalid_input" },
    { status: 400, headers: { "Cache-Control": "no-store" } },
  );
};
