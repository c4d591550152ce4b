// The login limit keyed on the username too, on both databases: a client rotating its address (X-Forwarded-For through a
// hop-count TRUST_PROXY) gets 20 wrong passwords per username per 15 minutes, not unlimited; the owner's known device
// (device cookie) is slowed down, not locked out, and has its own count (docs/decisions/021-check-in-and-share-links.md).
import { expect, test } from "vitest";
import { hashPassword, LOGIN_LIMIT, login } from "~/models/access/auth.server";
import { TOO_MANY_ATTEMPTS } from "~/models/messages";
import { users } from "#db/schema";
import { trustProxyWarning } from "~/lib/client-address.server";
import { describeEachDriver } from "../setup/databases";

let seq = 0;
const rotating = () => `203.0.113.${++seq % 250}`;

describeEachDriver("login limit per username", (getDb) => {
  async function account() {
    const { db } = getDb();
    const username = `owner_${Math.random().toString(36).slice(2, 10)}`;
    await db.insert(users).values({ username, password: await hashPassword("right-password"), role: "user" });
    return { db, username };
  }
  const tryAs = (
    db: ReturnType<typeof getDb>["db"],
    username: string,
    password: string,
    address: string,
    device?: string,
  ) => login(db, { username, password, address, demoLogin: false, device });

  test("rotating addresses no longer gives unlimited guesses: the username's limit holds across addresses", async () => {
    const { db, username } = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const result = await tryAs(db, username, `guess-${i}`, rotating());
      statuses.push(result.ok ? 200 : result.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT.keyFailures!);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_LIMIT.keyFailures!);
    // The right password from an unknown device waits too: that is the price of the lockout.
    expect(await tryAs(db, username, "right-password", rotating())).toEqual({
      ok: false,
      status: 429,
      code: "too_many_attempts",
      message: TOO_MANY_ATTEMPTS,
    });
    // Another username is not held up.
    const other = await account();
    expect((await tryAs(db, other.username, "right-password", rotating())).ok).toBe(true);
  });

  test("the owner's known device gets in while the username is locked, and has its own count", async () => {
    const { db, username } = await account();
    for (let i = 0; i < LOGIN_LIMIT.keyFailures!; i++) await tryAs(db, username, `guess-${i}`, rotating());
    expect((await tryAs(db, username, "right-password", rotating())).ok).toBe(false);
    const device = "known-device-nonce-0001";
    const result = await tryAs(db, username, "right-password", "198.51.100.7", device);
    expect(result).toMatchObject({ ok: true });
    // A stolen device cookie is no way around the limit: its own wrong tries are limited too.
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT.failures + 1; i++) {
      const r = await tryAs(db, username, `guess-${i}`, rotating(), "another-device-nonce01");
      statuses.push(r.ok ? 200 : r.status);
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT.failures).fill(401), 429]);
    // Each known-device try waits DEVICE_SLOWDOWN_MS while the username is locked: hence the longer timeout.
  }, 90_000);
});

test("a hop-count TRUST_PROXY warns at start unless the server listens on loopback only", () => {
  expect(trustProxyWarning({ hops: 1 }, undefined)).toMatch(/every interface/);
  expect(trustProxyWarning({ hops: 2 }, "0.0.0.0")).toMatch(/listens on 0\.0\.0\.0/);
  expect(trustProxyWarning({ hops: 1 }, "192.168.1.10")).toMatch(/TRUST_PROXY=10\.0\.0\.5/);
  for (const host of ["127.0.0.1", "localhost", "::1", "[::1]", "127.1.2.3"])
    expect(trustProxyWarning({ hops: 1 }, host), host).toBeNull();
  expect(trustProxyWarning({ ranges: [{ network: "10.0.0.5", prefix: 32, family: "ipv4" }] }, undefined)).toBeNull();
  expect(trustProxyWarning(null, undefined)).toBeNull();
});
