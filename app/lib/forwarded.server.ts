// What a reverse proxy says about the client's request (X-Forwarded-Proto, X-Forwarded-Host), read in one place: the first hop, a malformed value ignored.
import type { RouterContextProvider } from "react-router";
import { clientContext } from "./context";
import { getApp } from "./db.server";

/** Reads one request header by its lower-case name: `request.headers.get` for a Fetch request, `req.header` for Express's. */
export type HeaderReader = (name: string) => string | null | undefined;

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export function headersOf(request: Request): HeaderReader {
  return (name) => request.headers.get(name);
}

/** A header's first value: a chain of proxies sends "client-facing, next". */
function first(header: HeaderReader, name: string): string | null {
  return header(name)?.split(",")[0]?.trim() || null;
}

/** The scheme the client used, as the proxy says ("http" or "https"), or null. */
export function forwardedProto(header: HeaderReader): "http" | "https" | null {
  const proto = first(header, "x-forwarded-proto");
  return proto === "http" || proto === "https" ? proto : null;
}

/** The host the client asked for (the proxy's X-Forwarded-Host, else Host), or null when missing or malformed. */
export function forwardedHost(header: HeaderReader): string | null {
  const host = first(header, "x-forwarded-host") ?? first(header, "host");
  return host && HOST_PATTERN.test(host) ? host : null;
}

/** Whether cookies are marked Secure: the request came over HTTPS, directly or through a TLS proxy. */
export function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:" || forwardedProto(headersOf(request)) === "https";
}

/**
 * The address people reach this server by, for the links a page shows (share links, check-in and overlay addresses):
 * PUBLIC_ORIGIN when it is configured; else, behind a proxy named in TRUST_PROXY, the proxy's X-Forwarded-Proto/Host;
 * else the request's own address. A client's X-Forwarded-Host is never believed on its own: a publicly cached page
 * would carry the client's host to everyone (docs/decisions/021-check-in-and-share-links.md).
 */
export async function publicOrigin(request: Request, context: Readonly<RouterContextProvider>): Promise<string> {
  const { env } = await getApp();
  if (env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN;
  const url = new URL(request.url);
  if (!context.get(clientContext)?.proxied) return url.origin;
  const header = headersOf(request);
  const scheme = forwardedProto(header) ?? url.protocol.replace(":", "");
  return `${scheme}://${forwardedHost(header) ?? url.host}`;
}
