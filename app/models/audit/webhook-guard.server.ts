// The webhook SSRF guard: which addresses a delivery may connect to, and a DNS lookup that refuses the others, so the socket connects to exactly the address that was checked.
import dns from "node:dns";
import type { LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import type { AddressVerdict } from "./webhooks";

/** Addresses of cloud metadata services: never a receiver, whatever WEBHOOK_ALLOW_PRIVATE says. */
const METADATA = new Set(["169.254.169.254", "fd00:ec2::254"]);

/** Ranges a local receiver may use when WEBHOOK_ALLOW_PRIVATE=1 (ipaddr.js's names). */
const PRIVATE_RANGES = new Set([
  "loopback",
  "private",
  "linkLocal",
  "carrierGradeNat",
  "uniqueLocal",
  "deprecatedSiteLocal",
]);

/**
 * What an IP address is to the guard: "public" (a unicast Internet address), "private" (loopback, RFC 1918,
 * link-local, CGNAT, unique-local: allowed with WEBHOOK_ALLOW_PRIVATE=1), or "forbidden" (unspecified,
 * multicast, broadcast, reserved and other special ranges, cloud metadata: never). An IPv4-mapped or
 * NAT64-embedded IPv6 address is judged by its IPv4 address. Null when `text` is not an IP address.
 */
export function classifyAddress(text: string): AddressVerdict | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  // Only the plain dotted-quad and IPv6 forms count: "0x7f.1" or "2130706433" are names to the URL parser anyway.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !(bare.includes(":") && ipaddr.IPv6.isValid(bare))) return null;
  let address = ipaddr.parse(bare);
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) address = v6.toIPv4Address();
    else if (v6.range() === "rfc6052" || v6.range() === "rfc6145") {
      // NAT64 and SIIT carry an IPv4 address in their last 32 bits.
      const bytes = v6.toByteArray().slice(12);
      address = new ipaddr.IPv4(bytes);
    }
  }
  if (METADATA.has(address.toString())) return "forbidden";
  const range = address.range();
  if (range === "unicast") return "public";
  if (PRIVATE_RANGES.has(range)) return "private";
  return "forbidden";
}

/** Whether a delivery may connect to this address. */
export function addressAllowed(verdict: AddressVerdict | null, allowPrivate: boolean): boolean {
  return verdict === "public" || (verdict === "private" && allowPrivate);
}

/** WEBHOOK_ALLOW_PRIVATE, read when asked (the environment schema has already refused a malformed value at start). */
export function allowPrivateFromEnv(source: Record<string, string | undefined> = process.env): boolean {
  return ["1", "true", "yes"].includes(source.WEBHOOK_ALLOW_PRIVATE ?? "");
}

export class RefusedAddressError extends Error {
  readonly code = "EREFUSEDADDRESS";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the host once, refuses it when any of its addresses may not be
 * reached, and hands the socket the addresses it checked (no second resolution a DNS rebinding could change).
 */
export function guardedLookup(allowPrivate: boolean, resolve: typeof dns.lookup = dns.lookup) {
  return (hostname: string, options: { family?: number; all?: boolean }, callback: LookupCallback) => {
    resolve(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (list.length === 0) return callback(new RefusedAddressError(`${hostname} has no address`), []);
      const refused = list.find((a) => !addressAllowed(classifyAddress(a.address), allowPrivate));
      if (refused) {
        return callback(
          new RefusedAddressError(
            `Refused: ${hostname} resolves to ${refused.address}, a ${classifyAddress(refused.address) ?? "non-public"} address`,
          ),
          [],
        );
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
