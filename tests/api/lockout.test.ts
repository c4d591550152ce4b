// No one locked out by a stranger, end to end (the page form and the API alike): the HTTP server hands the app each client's socket address, so the
// login limit is per username and address; X-Forwarded-For counts only from a proxy named in TRUST_PROXY.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";

const reason = unavailableReason();

/** POST /api/auth/login from a chosen loopback source address (Linux routes all of 127.0.0.0/8 to this host). */
function loginFrom(app: App, from: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return postFrom(app, from, "/api/auth/login", JSON.stringify(body), {
    "Content-Type": "application/json",
    ...headers,
  });
}

/** The login page's form, posted without JavaScript from a chosen source address. */
function formLoginFrom(app: App, from: string, fields: Record<string, string>): Promise<number> {
  return postFrom(app, from, "/login", new URLSearchParams(fields).toString(), {
    "Content-Type": "application/x-www-form-urlencoded",
  });
}

function postFrom(app: App, from: string, path: string, payload: string, headers: Record<string, string>) {
  const url = new URL(path, app.baseURL);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        localAddress: from,
        headers: { "Content-Length": String(Buffer.byteLength(payload)), ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function failTenTimes(app: App, from: string, username: string, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push(await loginFrom(app, from, { username, password: `wrong-${i}` }, headers));
  return statuses;
}

describe.skipIf(reason !== undefined && process.env.CI !== "true")("login limits by socket address", () => {
  let app: App;
  let proxied: App;

  beforeAll(async () => {
    app = await startApp();
    proxied = await startApp({ env: { TRUST_PROXY: "127.0.0.9" } });
  }, 120_000);

  afterAll(async () => {
    await proxied?.stop();
    await app?.stop();
  });

  test("a stranger's failures lock only the stranger's address: the owner signs in from theirs", async () => {
    const username = unique("owner");
    expect(await loginFrom(app, "127.0.0.20", { username, password: "owner-pass-1" })).toBe(200);
    const stranger = await failTenTimes(app, "127.0.0.21", username);
    expect(stranger.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(stranger[10], "the stranger's 11th try").toBe(429);
    // Even the right password stays locked from the stranger's address...
    expect(await loginFrom(app, "127.0.0.21", { username, password: "owner-pass-1" })).toBe(429);
    // ...while the owner, from another address, gets in.
    expect(await loginFrom(app, "127.0.0.20", { username, password: "owner-pass-1" })).toBe(200);
    // A forged X-Forwarded-For from an untrusted peer changes nothing.
    expect(await loginFrom(app, "127.0.0.21", { username, password: "x" }, { "X-Forwarded-For": "203.0.113.7" })).toBe(
      429,
    );
  });

  test("the login page's form and the JSON API are one login: their failures count against one limit", async () => {
    const username = unique("owner");
    expect(await loginFrom(app, "127.0.0.40", { username, password: "owner-pass-1" })).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(await loginFrom(app, "127.0.0.41", { username, password: `wrong-api-${i}` }));
      statuses.push(await formLoginFrom(app, "127.0.0.41", { username, password: `wrong-page-${i}` }));
    }
    expect(statuses).toEqual(Array(10).fill(401));
    expect(await formLoginFrom(app, "127.0.0.41", { username, password: "owner-pass-1" }), "the page, 11th").toBe(429);
    expect(await loginFrom(app, "127.0.0.41", { username, password: "owner-pass-1" }), "the API, 12th").toBe(429);
    expect(await formLoginFrom(app, "127.0.0.40", { username, password: "owner-pass-1" })).toBe(302);
  });

  test("a password's line breaks reach the check as sent (demo login, then signing in again)", async () => {
    const username = unique("lines");
    expect(await loginFrom(app, "127.0.0.42", { username, password: "line\nbreak-pass" })).toBe(200);
    expect(await loginFrom(app, "127.0.0.42", { username, password: "line\nbreak-pass" })).toBe(200);
    expect(await loginFrom(app, "127.0.0.42", { username, password: "line\r\nbreak-pass" })).toBe(401);
  });

  test("behind a trusted proxy, the forwarded client address decides", async () => {
    const username = unique("owner");
    expect(
      await loginFrom(
        proxied,
        "127.0.0.9",
        { username, password: "owner-pass-1" },
        { "X-Forwarded-For": "198.51.100.1" },
      ),
    ).toBe(200);
    const viaProxy = { "X-Forwarded-For": "203.0.113.66" };
    const stranger = await failTenTimes(proxied, "127.0.0.9", username, viaProxy);
    expect(stranger[10]).toBe(429);
    // Another client behind the same proxy is not the stranger.
    expect(
      await loginFrom(
        proxied,
        "127.0.0.9",
        { username, password: "owner-pass-1" },
        { "X-Forwarded-For": "198.51.100.1" },
      ),
    ).toBe(200);
    // From a peer that is not the proxy, the header is ignored: this is the peer's own (clean) address.
    expect(await loginFrom(proxied, "127.0.0.30", { username, password: "owner-pass-1" }, viaProxy)).toBe(200);
  });
});
