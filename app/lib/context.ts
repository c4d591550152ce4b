// Router contexts set by the root middleware and read by loaders, actions and the document renderer.
import { createContext } from "react-router";
import type { AppDb } from "#db/client.server";
import type { PublicUser } from "~/models/auth.server";

export const nonceContext = createContext<string>("");
export const userContext = createContext<PublicUser | null>(null);
/** The database, set by the root middleware: loaders, actions and API routes read it here, as they read the user (no default: reading it unset is a bug). */
export const dbContext = createContext<AppDb>();
/** The TCP peer's address as the HTTP server saw it (server/start.js); null when the server did not say. */
export const clientAddressContext = createContext<string | null>(null);
/** A page action's form, read once by the root middleware within the body limit (app/lib/security.server.ts). */
export const formContext = createContext<FormData | null>(null);
