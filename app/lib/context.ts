// Router contexts set by the root middleware and read by loaders, actions and the document renderer.
import { createContext } from "react-router";
import type { AppDb } from "#db/client.server";
import type { PublicUser } from "~/models/access/auth.server";

export const nonceContext = createContext<string>("");
/**
 * The script sources the CSP allows instead of the request's nonce: a cached public page's answer lists the SHA-256
 * hashes of its inline scripts (the same bytes for every visitor, so no visitor shares a nonce with another). Null: the nonce.
 */
export const scriptHashesContext = createContext<string[] | null>(null);
export const userContext = createContext<PublicUser | null>(null);
/** The database, set by the root middleware: loaders, actions and API routes read it here, as they read the user (no default: reading it unset is a bug). */
export const dbContext = createContext<AppDb>();
/**
 * Who sent the request, as the HTTP server resolved it with Express's `trust proxy` (server/app.ts): the client's
 * address (the peer, or behind the proxies TRUST_PROXY names the hop they vouch for; null when unknown) and whether the
 * peer is one of those proxies (so its X-Forwarded-Proto and -Host are believed). Null when no HTTP server said.
 */
export const clientContext = createContext<{ address: string | null; proxied: boolean } | null>(null);
/** A page action's form, read once by the root middleware within the body limit (app/lib/security.server.ts). */
export const formContext = createContext<FormData | null>(null);
/**
 * The instant a cached public page is made for (ms): its cache key holds the schedule line's clock at that instant
 * (app/lib/public-cache.server.ts), so the page renders "starts in …" from the same one. Null: now.
 */
export const pageClockContext = createContext<number | null>(null);
