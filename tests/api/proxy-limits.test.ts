// TRUST_PROXY=1 with the app reachable directly, over HTTP: a client rotating X-Forwarded-For no longer gets unlimited
// password guesses (the per-username limit holds), and the owner's known device (device cookie) still signs in.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";

const reason = unavailableReason();

describe.skipIf(reason !== undefined && process.env.CI !== "true")("login limits behind TRUST_PROXY=1", () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp({ env: { TRUST_PROXY: "1" } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  const loginFrom = (forwardedFor: string, username: string, password: string, cookie?: string) =>
    app.call("POST", "/api/auth/login", {
      body: { username, password },
      headers: { "X-Forwarded-For": forwardedFor, ...(cookie ? { cookie } : {}) },
    });

  test("XFF rotation: 40 guesses get at most 20 checked, then 429; the owner's known device still signs in", async () => {
    const username = unique("victim");
    // The owner signs in once from their own browser: it becomes a known device (demo login creates the account).
    const first = await loginFrom("198.51.100.1", username, "owner-password");
    expect(first.status).toBe(200);
    const deviceCookie = first.headers.get("set-cookie")!.split(";")[0];
    expect(deviceCookie).toMatch(/^tm_device=/);

    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await loginFrom(`203.0.113.${i + 1}`, username, `guess-${i}`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(
      statuses.slice(20).every((s) => s === 429),
      "once locked, every new address waits",
    ).toBe(true);

    // A new device with the right password waits; the owner's known device gets in (slowed down, not locked out).
    expect((await loginFrom("192.0.2.50", username, "owner-password")).status).toBe(429);
    expect((await loginFrom("192.0.2.51", username, "owner-password", deviceCookie)).status).toBe(200);
    // A forged device cookie is an unknown device.
    expect((await loginFrom("192.0.2.52", username, "owner-password", "tm_device=forged")).status).toBe(429);
  }, 120_000);
});
