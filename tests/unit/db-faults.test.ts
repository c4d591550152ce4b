// The pure parts of surviving a database restart and of idempotency keys: which errors mean "the database went away",
// the reconnect delays, and how a key and a request's fingerprint are read.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { listenBackoffMs, reconnectBackoffSeconds } from "#db/client.server";
import { isConnectionError } from "~/lib/availability.server";
import { fingerprint, readKey } from "~/lib/idempotency.server";

describe("isConnectionError", () => {
  test("postgres.js's connection codes, socket errors, SQLSTATE 08 and 57P01-57P03 are; query errors are not", () => {
    for (const code of ["CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "ECONNREFUSED", "ECONNRESET"]) {
      expect(isConnectionError(Object.assign(new Error(code), { code })), code).toBe(true);
    }
    for (const code of ["08006", "08001", "57P01", "57P02", "57P03"]) {
      expect(isConnectionError({ code }), code).toBe(true);
    }
    for (const code of ["23505", "40001", "57014", "22P02", "P0001"]) {
      expect(isConnectionError({ code }), code).toBe(false);
    }
    expect(isConnectionError(new Error("no code"))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });

  test("the driver's error is found inside drizzle's wrapper", () => {
    const driver = Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" });
    expect(isConnectionError(new Error("Failed query: select 1", { cause: driver }))).toBe(true);
    expect(isConnectionError(new Error("Failed query", { cause: { code: "23505" } }))).toBe(false);
  });
});

describe("reconnect delays", () => {
  test("the LISTEN retry waits 50–100 % of 100 ms × 2^attempt, never above 5 s", () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, random) => {
        const ceiling = Math.min(5000, 100 * 2 ** attempt);
        const ms = listenBackoffMs(attempt, random);
        expect(ms).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(ms).toBeLessThanOrEqual(ceiling);
      }),
    );
  });

  test("a pool connection retries within a second however many attempts failed", () => {
    fc.assert(
      fc.property(fc.nat(10_000), (retries) => {
        const seconds = reconnectBackoffSeconds(retries);
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("Idempotency-Key", () => {
  const withKey = (value?: string) =>
    new Request("http://local/api/tournaments", {
      method: "POST",
      headers: value === undefined ? {} : { "Idempotency-Key": value },
    });

  test("absent is null, 1-255 visible ASCII characters are the key, anything else is malformed", () => {
    expect(readKey(withKey())).toBeNull();
    expect(readKey(withKey("3f1c2a9e-8d7b-4c6a-9f0e-1b2c3d4e5f60"))).toBe("3f1c2a9e-8d7b-4c6a-9f0e-1b2c3d4e5f60");
    expect(readKey(withKey("x".repeat(255)))).toBe("x".repeat(255));
    expect(readKey(withKey("x".repeat(256)))).toBeUndefined();
    expect(readKey(withKey("two words"))).toBeUndefined();
  });

  test("the fingerprint tells apart method, path, query and body, and nothing else", () => {
    const base = fingerprint("POST", "http://a/api/lobbies/1/matches", '{"scores":[]}');
    expect(fingerprint("post", "http://b/api/lobbies/1/matches", '{"scores":[]}')).toBe(base);
    expect(fingerprint("PATCH", "http://a/api/lobbies/1/matches", '{"scores":[]}')).not.toBe(base);
    expect(fingerprint("POST", "http://a/api/lobbies/2/matches", '{"scores":[]}')).not.toBe(base);
    expect(fingerprint("POST", "http://a/api/lobbies/1/matches?x=1", '{"scores":[]}')).not.toBe(base);
    expect(fingerprint("POST", "http://a/api/lobbies/1/matches", '{"scores":[1]}')).not.toBe(base);
  });
});
