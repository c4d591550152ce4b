// The client's address for the login limit: the socket's peer, and X-Forwarded-For believed only as far as TRUST_PROXY's proxies vouch for it.
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, test } from "vitest";
import {
  clientAddressOf,
  parseTrustProxy,
  resolveClientAddress,
  trustProxyFunction,
  type TrustProxy,
} from "~/lib/client-address.server";

function trust(raw: string): TrustProxy | null {
  const parsed = parseTrustProxy(raw);
  if (parsed && "error" in parsed) throw new Error(parsed.error);
  return parsed;
}

describe("resolveClientAddress", () => {
  test("without TRUST_PROXY the socket's peer is the client, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.7", "198.51.100.1", null)).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:203.0.113.7", null, null)).toBe("203.0.113.7");
  });

  test("an unknown peer gives no address, and then the header is never believed", () => {
    expect(resolveClientAddress(null, "198.51.100.1", trust("1"))).toBeNull();
    expect(resolveClientAddress(null, "198.51.100.1", trust("loopback"))).toBeNull();
  });

  test("from a trusted proxy, the rightmost hop it did not add is the client; hops a client wrote to its left are ignored", () => {
    const proxies = trust("10.0.0.0/8, 127.0.0.1");
    // The client sent "X-Forwarded-For: 1.1.1.1" itself; our proxy appended the real peer.
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 203.0.113.7", proxies)).toBe("203.0.113.7");
    // Two trusted proxies in a row.
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 203.0.113.7, 10.1.2.3", proxies)).toBe("203.0.113.7");
    // Every hop trusted: the leftmost is the best we know.
    expect(resolveClientAddress("10.0.0.2", "10.0.0.3", proxies)).toBe("10.0.0.3");
    // The IPv4-mapped form of a trusted peer is the same peer.
    expect(resolveClientAddress("::ffff:127.0.0.1", "203.0.113.7", proxies)).toBe("203.0.113.7");
  });

  test("from a peer that is not a trusted proxy, X-Forwarded-For is not believed", () => {
    expect(resolveClientAddress("203.0.113.9", "1.1.1.1", trust("10.0.0.0/8"))).toBe("203.0.113.9");
  });

  test("a hop count trusts that many nearest addresses, the peer first", () => {
    expect(resolveClientAddress("192.0.2.1", "1.1.1.1, 203.0.113.7", trust("1"))).toBe("203.0.113.7");
    expect(resolveClientAddress("192.0.2.1", "1.1.1.1, 203.0.113.7, 192.0.2.2", trust("2"))).toBe("203.0.113.7");
    // A trusted proxy that forwarded nothing: the peer itself.
    expect(resolveClientAddress("192.0.2.1", null, trust("1"))).toBe("192.0.2.1");
  });

  test("ports, brackets and a hop that is not an address", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7:51234", trust("loopback"))).toBe("203.0.113.7");
    expect(resolveClientAddress("::1", "[2001:db8::7]:443", trust("loopback"))).toBe("2001:db8::7");
    expect(resolveClientAddress("127.0.0.1", "not-an-address", trust("loopback"))).toBe("127.0.0.1");
  });
});

describe("Express's trust proxy", () => {
  test("req.ip under trustProxyFunction, through clientAddressOf, is resolveClientAddress's answer (server/app.ts)", async () => {
    const cases: [string, string | null][] = [
      ["", null],
      ["loopback", "1.1.1.1, 203.0.113.7"],
      ["loopback", "203.0.113.7:51234"],
      ["loopback", "[2001:db8::7]:443"],
      ["loopback", "not-an-address"],
      ["loopback", "198.51.100.2, not-an-address"],
      ["10.0.0.0/8", "1.1.1.1"],
      ["1", "1.1.1.1, 203.0.113.7"],
      ["2", "1.1.1.1, 203.0.113.7, 10.1.2.3"],
      ["127.0.0.1, 10.0.0.0/8", "1.1.1.1, 203.0.113.7, 10.1.2.3"],
      ["1", null],
    ];
    for (const [raw, forwardedFor] of cases) {
      const app = express();
      app.set("trust proxy", trustProxyFunction(trust(raw)));
      app.get("/", (req, res) => {
        res.json({ address: clientAddressOf(req) });
      });
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const response = await fetch(`http://127.0.0.1:${port}/`, {
          headers: forwardedFor === null ? {} : { "X-Forwarded-For": forwardedFor },
        });
        const { address } = (await response.json()) as { address: string };
        expect(address, `TRUST_PROXY=${raw} X-Forwarded-For: ${forwardedFor}`).toBe(
          resolveClientAddress("127.0.0.1", forwardedFor, trust(raw)),
        );
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });
});

describe("parseTrustProxy", () => {
  test("empty trusts nothing; a count, addresses, CIDR ranges and loopback are understood", () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy(" ")).toBeNull();
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    expect(parseTrustProxy("10.0.0.0/8, fd00::/8, 192.0.2.1")).toEqual({
      ranges: [
        { network: "10.0.0.0", prefix: 8, family: "ipv4" },
        { network: "fd00::", prefix: 8, family: "ipv6" },
        { network: "192.0.2.1", prefix: 32, family: "ipv4" },
      ],
    });
  });

  test.each(["0", "21", "10.0.0.0/33", "example.com", "10.0.0.1/8/2", "true"])(
    "%s is refused with a message",
    (raw) => {
      expect(parseTrustProxy(raw)).toMatchObject({ error: expect.any(String) });
    },
  );
});
