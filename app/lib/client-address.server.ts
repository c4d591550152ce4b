// The client's address for the login limit: the TCP peer, or, behind proxies named in TRUST_PROXY, the rightmost
// X-Forwarded-For hop they did not add, as Express's `trust proxy` walks it (docs/decisions/037-one-typed-server.md).
import type { IncomingMessage } from "node:http";
import net from "node:net";
import proxyaddr from "proxy-addr";

/** Which peers are our own proxies: the nearest `hops` addresses, or those in a list of addresses and CIDR ranges. */
export type TrustProxy = { hops: number } | { ranges: { network: string; prefix: number; family: "ipv4" | "ipv6" }[] };

/**
 * Parses TRUST_PROXY: empty (trust no proxy), a hop count ("1": the peer is a proxy and the
 * address it forwards is the client), or a comma-separated list of addresses and CIDR ranges
 * ("10.0.0.0/8, ::1", "loopback" for 127.0.0.0/8 and ::1). Answers a message for a bad value.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null | { error: string } {
  const value = raw?.trim() ?? "";
  if (value === "") return null;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 20 ? { hops } : { error: "a hop count must be between 1 and 20" };
  }
  const ranges: Extract<TrustProxy, { ranges: unknown }>["ranges"] = [];
  for (const item of value.split(",").map((s) => s.trim())) {
    if (item.toLowerCase() === "loopback") {
      ranges.push({ network: "127.0.0.0", prefix: 8, family: "ipv4" }, { network: "::1", prefix: 128, family: "ipv6" });
      continue;
    }
    const [address, bits, extra] = item.split("/");
    const version = net.isIP(normalize(address));
    const max = version === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : /^\d+$/.test(bits) ? Number(bits) : NaN;
    if (version === 0 || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      return { error: `"${item}" is not an address, a CIDR range or "loopback"` };
    }
    ranges.push({ network: normalize(address), prefix, family: version === 4 ? "ipv4" : "ipv6" });
  }
  return { ranges };
}

/**
 * Express's `trust proxy` function for TRUST_PROXY (server/app.ts sets it): whether the address at `hop` of the chain
 * (0 the TCP peer, then X-Forwarded-For from the right) is one of our proxies, so the hop to its left is believed. A
 * hop that is not an address is never a proxy: the walk stops there, and `clientAddressOf` steps back from it.
 */
export function trustProxyFunction(trust: TrustProxy | null): (address: string, hop: number) => boolean {
  if (!trust) return () => false;
  const isTrusted = trustTest(trust);
  return (address, hop) => {
    const normalized = normalize(address);
    return net.isIP(normalized) !== 0 && isTrusted(normalized, hop);
  };
}

/** What the client's address is read from: Express's request (`req.ip` and `req.ips` under `trust proxy`). */
export type AddressedRequest = { ip?: string; ips: string[]; socket: { remoteAddress?: string } };

/**
 * The client's address from Express's walk of the chain (proxy-addr): `req.ip`, the first hop from the right that is
 * not a trusted proxy (hops to its left were written by the client and are never believed), normalised (no port, no
 * IPv4-mapped prefix). A hop that is not an address cannot be keyed on; the proxy that passed it on is the best we
 * know. Null when the server did not tell the peer's address.
 */
export function clientAddressOf(req: AddressedRequest): string | null {
  const peer = req.socket.remoteAddress;
  if (!peer) return null;
  const address = normalize(req.ip ?? peer);
  if (net.isIP(address) !== 0) return address;
  // req.ips lists the believed hops client first: the one before the bad hop is the proxy that passed it on.
  return normalize(req.ips[1] ?? peer);
}

/**
 * `clientAddressOf` for a peer and an X-Forwarded-For header, through the same walk Express runs for `req.ip`
 * (proxy-addr with `trustProxyFunction`): what a request with them is keyed on.
 */
export function resolveClientAddress(socket: string | null, forwardedFor: string | null, trust: TrustProxy | null) {
  if (!socket) return null;
  const request = {
    socket: { remoteAddress: socket },
    headers: forwardedFor === null ? {} : { "x-forwarded-for": forwardedFor },
  } as unknown as IncomingMessage;
  const chain = proxyaddr.all(request, trustProxyFunction(trust));
  return clientAddressOf({ ip: chain.at(-1), ips: chain.slice(1).reverse(), socket: request.socket });
}

/** Whether the TCP peer is one of our proxies (so its X-Forwarded-* headers are believed). */
export function peerIsTrusted(socket: string | null, trust: TrustProxy | null | undefined): boolean {
  if (!socket || !trust) return false;
  return trustTest(trust)(normalize(socket), 0);
}

function trustTest(trust: TrustProxy): (address: string, index: number) => boolean {
  if ("hops" in trust) return (_address, index) => index < trust.hops;
  const list = new net.BlockList();
  for (const range of trust.ranges) list.addSubnet(range.network, range.prefix, range.family);
  return (address) => {
    const version = net.isIP(address);
    return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}

/** "::ffff:1.2.3.4" and "1.2.3.4:5678" are 1.2.3.4; "[::1]:80" is ::1. */
function normalize(address: string) {
  let a = address.trim();
  const bracketed = a.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) a = bracketed[1];
  const withPort = a.match(/^(\d+\.\d+\.\d+\.\d+):\d+$/);
  if (withPort) a = withPort[1];
  const mapped = a.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return (mapped ? mapped[1] : a).toLowerCase();
}

/**
 * The warning printed at start when TRUST_PROXY is a hop count and the server listens beyond loopback (HOST unset is
 * every interface): a client that reaches the app directly, not through the proxy, then names its own address in
 * X-Forwarded-For and escapes the per-address limits. Null when there is nothing to warn about.
 */
export function trustProxyWarning(trust: TrustProxy | null | undefined, host: string | undefined): string | null {
  if (!trust || !("hops" in trust)) return null;
  const h = (host ?? "")
    .trim()
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
  const loopback = h === "localhost" || h === "::1" || (net.isIPv4(h) && h.startsWith("127."));
  if (loopback) return null;
  return [
    `Warning: TRUST_PROXY=${trust.hops} trusts the nearest ${trust.hops === 1 ? "peer" : `${trust.hops} peers`} whoever they are,`,
    `but the server listens on ${h ? h : "every interface"}: a client that reaches it directly can claim any address in`,
    "X-Forwarded-For. Name the proxy instead (TRUST_PROXY=10.0.0.5, a CIDR range, or loopback), or set HOST=127.0.0.1.",
  ].join("\n");
}
