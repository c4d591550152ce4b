// Cross-origin use of the API over HTTP: any origin reads it without credentials; a script on another site calls it
// with a bearer token after a preflight; the page cookie is never accepted from another site (docs/decisions/023).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { createTournament, drawnTournament } from "./support/fixtures";

const reason = unavailableReason();
const OVERLAY = "https://overlay.example";

describe.skipIf(reason !== undefined && process.env.CI !== "true")("CORS on the API", () => {
  let app: App;
  let token: string;
  let cookie: string;

  beforeAll(async () => {
    app = await startApp();
    const username = unique("cors");
    token = await app.login(username);
    const login = await fetch(`${app.baseURL}/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password: "password123" }),
      redirect: "manual",
    });
    cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("tm_session="))!
      .split(";")[0];
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(app.baseURL + path, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });

  test("a preflight answers 204 with the methods and headers a token call needs, and no credentials", async () => {
    const { id } = await createTournament(app, token, { isPublic: true });
    for (const path of [
      `/api/tournaments/${id}/players`,
      `/api/tournaments/${id}/leaderboard`,
      "/api/lobbies/1/matches",
    ]) {
      const preflight = await send("OPTIONS", path, {
        Origin: OVERLAY,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
      });
      expect(preflight.status, path).toBe(204);
      const h = preflight.headers;
      expect(h.get("access-control-allow-origin")).toBe("*");
      expect(h.get("access-control-allow-credentials")).toBeNull();
      const methods = h.get("access-control-allow-methods")!.split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "PATCH", "DELETE"]));
      const allowed = h.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(
        expect.arrayContaining(["authorization", "content-type", "if-none-match", "idempotency-key"]),
      );
      expect(Number(h.get("access-control-max-age"))).toBeGreaterThan(0);
    }
  });

  test("every API answer lets any origin read it (ETag exposed) and never allows credentials", async () => {
    const { tournament } = await drawnTournament(app, token, 16, { isPublic: true });
    for (const [path, status] of [
      [`/api/tournaments/${tournament.id}/leaderboard`, 200],
      [`/api/tournaments/${tournament.id}`, 200],
      ["/api/tournaments/public", 200],
      ["/api/tournaments/abc", 400],
      ["/api/tournaments/2147483647/players", 404],
      ["/api/auth/me", 401],
      ["/api/nothing-here", 404],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const answer = await send("GET", path, { Origin: OVERLAY });
        expect(answer.status, path).toBe(status);
        expect(answer.headers.get("access-control-allow-origin"), path).toBe("*");
        expect(answer.headers.get("access-control-allow-credentials"), path).toBeNull();
        expect(answer.headers.get("access-control-expose-headers")?.toLowerCase(), path).toContain("etag");
      }
    }
  });

  test("a token call from another origin changes what it asks", async () => {
    const { id } = await createTournament(app, token, { name: "Before" });
    const answer = await send(
      "PATCH",
      `/api/tournaments/${id}`,
      { Origin: OVERLAY, Authorization: `Bearer ${token}` },
      { name: "Renamed by a bot" },
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect((await app.sql`select name from tournaments where id = ${id}`)[0].name).toBe("Renamed by a bot");
  });

  test("a cookie call from another origin stays refused, and a foreign call's bad token never falls back to the cookie", async () => {
    const { id } = await createTournament(app, token, { name: "Before" });
    const before = await app.snapshot();
    for (const origin of [OVERLAY, "null"]) {
      const answer = await send(
        "PATCH",
        `/api/tournaments/${id}`,
        { Origin: origin, Cookie: cookie },
        { name: "Hijacked" },
      );
      expect(answer.status, origin).toBe(403);
      expect(await answer.json()).toEqual({ message: "Cross-site request refused", code: "cross_site" });
    }
    // The cookie rides along with a token that is not one: the token decides (401), the cookie is not read.
    const bad = await send(
      "PATCH",
      `/api/tournaments/${id}`,
      { Origin: OVERLAY, Cookie: cookie, Authorization: "Bearer not-a-real-token" },
      { name: "Hijacked" },
    );
    expect(bad.status).toBe(401);
    // Not a bearer token (a Basic header) is no token: the cross-site check refuses as for the cookie.
    const basic = await send(
      "PATCH",
      `/api/tournaments/${id}`,
      { Origin: OVERLAY, Cookie: cookie, Authorization: "Basic Zm9vOmJhcg==" },
      { name: "Hijacked" },
    );
    expect(basic.status).toBe(403);
    // A page's form post is never let through by a token.
    const page = await fetch(`${app.baseURL}/tournaments/${id}/settings`, {
      method: "POST",
      headers: { Origin: OVERLAY, Cookie: cookie, Authorization: `Bearer ${token}` },
      body: new URLSearchParams({ intent: "update", name: "Hijacked" }),
      redirect: "manual",
    });
    expect(page.status).toBe(403);
    expect(await app.snapshot()).toEqual(before);
  });

  test("the event stream may be followed from another origin", async () => {
    const { id } = await createTournament(app, token, { isPublic: true });
    const controller = new AbortController();
    const stream = await fetch(`${app.baseURL}/api/events?tournamentId=${id}`, {
      headers: { Origin: OVERLAY },
      signal: controller.signal,
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get("access-control-allow-origin")).toBe("*");
      expect(stream.headers.get("access-control-allow-credentials")).toBeNull();
    } finally {
      controller.abort();
      await stream.body?.cancel().catch(() => {});
    }
  });

  test("a malformed percent-encoding: the API answers its JSON refusal with CORS, a page a plain 400", async () => {
    for (const path of ["/api/tournaments/%zz", "/api/tournaments/1/players/%E0%A4%A", "/api/%"]) {
      const reply = await send("GET", path, { Origin: OVERLAY });
      expect(reply.status, path).toBe(400);
      expect(reply.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(reply.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(await reply.json(), path).toEqual({
        message: "Malformed URL: invalid percent-encoding",
        code: "invalid_input",
      });
    }
    for (const path of ["/tournaments/%zz", "/tournaments/1/%zz/public"]) {
      const page = await send("GET", path, {});
      expect(page.status, path).toBe(400);
      expect(page.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(page.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(await page.text(), path).toContain("Bad Request");
    }
  });

  /** A request fetch will not send (its own Host, TRACE): status, content type and body. */
  const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; type: string; cors: string | undefined; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(app.baseURL);
      const request = http.request({ hostname, port, method, path, headers, setHost: false }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            type: res.headers["content-type"] ?? "",
            cors: res.headers["access-control-allow-origin"] as string | undefined,
            body: text,
          }),
        );
      });
      request.on("error", reject);
      request.end(body);
    });

  test("the HTTP layer refuses what React Router's adapter cannot read, never a 500", async () => {
    const { host } = new URL(app.baseURL);
    // A Host that makes no address (the adapter built a URL of it and threw): 400, the API's as JSON with CORS.
    for (const bad of ["evil.example:99999", "a b", "["]) {
      const api = await raw("GET", "/api/tournaments/public", { Host: bad, Origin: OVERLAY });
      expect([api.status, api.cors], bad).toEqual([400, "*"]);
      expect(JSON.parse(api.body), bad).toEqual({ message: "Invalid Host header", code: "invalid_input" });
      const page = await raw("GET", "/login", { Host: bad });
      expect([page.status, page.type], bad).toEqual([400, "text/html; charset=utf-8"]);
      expect(page.body).toContain("Invalid Host header");
    }
    // TRACE (which a Fetch Request refuses to carry) and methods no route knows: 405, the API's with its code.
    for (const method of ["TRACE", "PROPFIND"]) {
      const api = await raw(method, "/api/tournaments", { Host: host });
      expect([api.status, api.cors], method).toEqual([405, "*"]);
      expect(JSON.parse(api.body), method).toEqual({ message: "Method not allowed", code: "method_not_allowed" });
      expect((await raw(method, "/", { Host: host })).status, method).toBe(405);
    }
    // A page post whose Origin is no address is the cross-site refusal (React Router's own check answered 400).
    for (const origin of ["not a url", "http://evil.example:99999", `http://${host}.evil.example`]) {
      const post = await raw(
        "POST",
        "/login",
        { Host: host, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        "username=someone&password=password123",
      );
      expect([post.status, JSON.parse(post.body)], origin).toEqual([
        403,
        { message: "Cross-site request refused", code: "cross_site" },
      ]);
    }
    // The same requests with a good Host and Origin are served.
    expect((await raw("GET", "/login", { Host: host })).status).toBe(200);
    const ok = await raw(
      "POST",
      "/login",
      { Host: host, Origin: app.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      `username=${unique("origin")}&password=password123`,
    );
    expect(ok.status).toBe(302);
  });
});
