// Request plumbing for sign-in: the session cookie, the bearer token, and the guards every private loader starts with.
import { createCookie, redirect, type RouterContextProvider } from "react-router";
import { getSessionUser, SESSION_DAYS, type PublicUser } from "~/models/access/auth.server";
import type { AppDb } from "#db/client.server";
import { clientContext, userContext } from "./context";
import { bearerToken } from "./cors.server";
import { isHttps } from "./forwarded.server";
import { getApp } from "./db.server";

const COOKIE_NAME = "tm_session";

async function sessionCookie(request: Request) {
  const { sessionSecret } = await getApp();
  return createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
    path: "/",
    maxAge: SESSION_DAYS * 24 * 3600,
    secrets: [sessionSecret],
  });
}

/** The token a request carries: `Authorization: Bearer` first, then the page cookie. */
export async function getRequestToken(request: Request): Promise<string | null> {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  const cookie = await (await sessionCookie(request)).parse(request.headers.get("cookie"));
  return typeof cookie === "string" ? cookie : null;
}

export async function getUser(db: AppDb, request: Request): Promise<PublicUser | null> {
  return getSessionUser(db, await getRequestToken(request));
}

export async function commitSessionCookie(request: Request, token: string) {
  return (await sessionCookie(request)).serialize(token);
}

export async function destroySessionCookie(request: Request) {
  return (await sessionCookie(request)).serialize("", { maxAge: 0 });
}

/** Pages: a visitor is sent to /auth, with the page to come back to. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): PublicUser {
  const user = context.get(userContext);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}

/** The master-only page: anyone else, a visitor included, is sent to / (SPEC: "non-masters are sent to /"). */
export function requireMaster(context: Readonly<RouterContextProvider>): PublicUser {
  const user = context.get(userContext);
  if (user?.role !== "master") throw redirect("/");
  return user;
}

/**
 * The caller's address for the login limit: the TCP peer the HTTP server saw, or behind proxies
 * named in TRUST_PROXY the address they forwarded (server/app.ts, Express's `trust proxy`). Null
 * when the server did not tell the peer's address.
 */
export async function clientAddress(_request: Request, context: Readonly<RouterContextProvider>) {
  return context.get(clientContext)?.address ?? null;
}
