// Unlisted means unguessable, over HTTP: a stranger and another organizer enumerating the ids of tournaments that are not
// public read nothing (pages, API reads, overlay, export, live stream, host screens); the share link opens them, and stops
// opening them once the owner rotates it (docs/decisions/021-check-in-and-share-links.md).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startAppWithCallers, unavailableReason, type App } from "./support/app";
import { openEventStream } from "./support/events";
import { expectStatus } from "./support/expect";
import { addPlayers, createTournament, drawnTournament, expectOk } from "./support/fixtures";
import type { OpenApiDocument } from "./support/openapi-document";

const reason = unavailableReason();

/** Every read of one tournament: page, API read, overlay, export, live stream and host screen addresses. */
function readsOf(id: number, playerId: number) {
  return [
    `/tournaments/${id}/public`,
    `/tournaments/${id}/leaderboard`,
    `/tournaments/${id}/previous-lobbies`,
    `/tournaments/${id}/public/player/${playerId}`,
    `/tournaments/${id}/check-in`,
    `/tournaments/${id}/overlay`,
    `/api/tournaments/${id}`,
    `/api/tournaments/${id}/players`,
    `/api/tournaments/${id}/leaderboard`,
    `/api/tournaments/${id}/lobbies/all`,
    `/api/tournaments/${id}/matches`,
    `/api/tournaments/${id}/checked-in-players`,
    `/api/tournaments/${id}/export`,
    `/api/players/${playerId}`,
    `/api/events?tournamentId=${id}`,
  ];
}

/** GET with an optional bearer token and cookie; a live stream is read up to its status, then dropped. */
async function get(app: App, path: string, options: { token?: string; cookie?: string } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(app.baseURL + path, { headers, signal: controller.signal, redirect: "manual" });
  const body = response.headers.get("content-type")?.includes("event-stream") ? "" : await response.text();
  controller.abort();
  return { status: response.status, body, headers: response.headers };
}

describe.skipIf(reason !== undefined && process.env.CI !== "true")("share links over HTTP", () => {
  let app: App;
  let owner: string;
  let other: string;
  let master: string;

  beforeAll(async () => {
    ({ app, owner, other, master } = await startAppWithCallers());
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  test("enumerating non-public ids as a stranger and as another organizer reads nothing; the share link reads them until rotated", async () => {
    const hidden = [];
    for (let i = 0; i < 3; i++) {
      const t = await createTournament(app, owner, { isPublic: false, name: `Hidden Secret Cup ${i}` });
      const [player] = await addPlayers(app, owner, t.id, 1);
      hidden.push({ id: t.id, playerId: player.id, name: t.name });
    }
    for (const t of hidden) {
      for (const path of readsOf(t.id, t.playerId)) {
        for (const [who, token] of [
          ["a stranger", undefined],
          ["another organizer", other],
        ] as const) {
          const reply = await get(app, path, { token });
          expect(reply.status, `${path} as ${who}`).toBe(404);
          expect(reply.body, `${path} as ${who}`).not.toContain("Secret");
        }
      }
      // Another organizer's host screens answer "Tournament not found" too, as every read does.
      const host = await get(app, `/tournaments/${t.id}/players`, { token: other });
      expect(host.status).toBe(404);
      // The owner and a master still read everything, the live stream too (the HTTP server reads who is signed in).
      for (const token of [owner, master]) {
        expect((await get(app, `/api/tournaments/${t.id}`, { token })).status).toBe(200);
        const stream = await get(app, `/api/events?tournamentId=${t.id}`, { token });
        expect(stream.status).toBe(200);
        expect(stream.headers.get("content-type")).toContain("text/event-stream");
        // HEAD answers what GET would, without the stream; to a stranger as for a missing id.
        const head = await fetch(`${app.baseURL}/api/events?tournamentId=${t.id}`, {
          method: "HEAD",
          headers: { authorization: `Bearer ${token}` },
        });
        expect([head.status, head.headers.get("content-type")]).toEqual([200, "text/event-stream; charset=utf-8"]);
      }
      const strangerHead = await fetch(`${app.baseURL}/api/events?tournamentId=${t.id}`, { method: "HEAD" });
      expect(strangerHead.status).toBe(404);
    }

    // The share link: only the owner (or a master) gets it; to another organizer the tournament does not exist.
    const [first] = hidden;
    expectStatus(await app.call("GET", `/api/tournaments/${first.id}/share-link`, { token: other }), 404);
    expectStatus(await app.call("GET", `/api/tournaments/${first.id}/share-link`), 401);
    const link = expectOk(
      await app.call<{ url: string; key: string }>("GET", `/api/tournaments/${first.id}/share-link`, { token: owner }),
      "share link",
    );
    expect(link.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`${app.baseURL}/tournaments/${first.id}/public?key=${link.key}`);
    for (const path of readsOf(first.id, first.playerId)) {
      const withKey = `${path}${path.includes("?") ? "&" : "?"}key=${link.key}`;
      expect((await get(app, withKey)).status, withKey).toBe(200);
    }
    // The link leaves a cookie, so the pages it leads to (and the live stream) carry the key.
    const page = await get(app, `/tournaments/${first.id}/public?key=${link.key}`);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const cookie = page.headers.get("set-cookie")!.split(";")[0];
    expect(page.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await get(app, `/tournaments/${first.id}/leaderboard`, { cookie })).status).toBe(200);
    expect((await get(app, `/api/events?tournamentId=${first.id}`, { cookie })).status).toBe(200);
    // A key opens its own tournament only.
    expect((await get(app, `/api/tournaments/${hidden[1].id}?key=${link.key}`)).status).toBe(404);

    // Rotated: the old key (in a link or a cookie) stops working, the new one works.
    expectStatus(await app.call("POST", `/api/tournaments/${first.id}/share-link`, { token: other }), 403);
    const rotated = expectOk(
      await app.call<{ key: string }>("POST", `/api/tournaments/${first.id}/share-link`, { token: owner }),
      "rotate",
    );
    expect(rotated.key).not.toBe(link.key);
    expect((await get(app, `/tournaments/${first.id}/public?key=${link.key}`)).status).toBe(404);
    expect((await get(app, `/api/tournaments/${first.id}/export?key=${link.key}`)).status).toBe(404);
    expect((await get(app, `/tournaments/${first.id}/leaderboard`, { cookie })).status).toBe(404);
    expect((await get(app, `/api/tournaments/${first.id}/players?key=${rotated.key}`)).status).toBe(200);
  });

  test("a visitor's stream on a tournament made private hears that its access changed, not the change: no new name", async () => {
    const t = await createTournament(app, owner, { isPublic: true, name: "Open For Now" });
    const stream = await openEventStream(app.baseURL, t.id);
    try {
      await stream.waitFor("connected");
      expectStatus(
        await app.call("PATCH", `/api/tournaments/${t.id}`, {
          token: owner,
          body: { name: "Now Secret Cup", isPublic: false },
        }),
        200,
      );
      const last = await stream.waitFor("tournament_updated");
      expect(last.data).toEqual({ accessChanged: true });
      expect(JSON.stringify(stream.seen)).not.toContain("Now Secret");
    } finally {
      await stream.close();
    }
  });

  test("every documented API read of a tournament or player id answers a stranger nothing of a non-public one", async () => {
    // From the OpenAPI document, so a read added later is covered without being listed here (the cut preview was not).
    const doc = (await app.call<OpenApiDocument>("GET", "/api/openapi.json")).body;
    const t = await createTournament(app, owner, { isPublic: false, name: "Hidden Secret Open" });
    const [player] = await addPlayers(app, owner, t.id, 1);
    const reads = Object.entries(doc.paths)
      .filter(([path, methods]) => methods.get && /^\/api\/(tournaments|players)\/\{id\}/.test(path))
      .map(([path]) =>
        path
          .replace(/^\/api\/tournaments\/\{id\}/, `/api/tournaments/${t.id}`)
          .replace(/^\/api\/players\/\{id\}/, `/api/players/${player.id}`)
          .replace(/\{\w+\}/g, "1"),
      );
    expect(reads.length).toBeGreaterThan(15);
    expect(reads).toContain(`/api/tournaments/${t.id}/advance-round`);
    for (const path of reads) {
      for (const [who, token] of [
        ["a stranger", undefined],
        ["another organizer", other],
      ] as const) {
        const reply = await get(app, path, { token });
        // 404 as for an unknown id, owner-only reads too (their 403 would say it exists); 401 without a token, which
        // a missing id answers as well.
        expect(token ? [404] : [401, 404], `${path} as ${who}: ${reply.status} ${reply.body}`).toContain(reply.status);
        expect(reply.body, `${path} as ${who}`).not.toContain("Secret");
        expect(reply.body, `${path} as ${who}`).not.toContain(player.riotTag);
      }
    }
  });

  test("another organizer's owner-only reads of a non-public tournament and its webhooks answer 404, changes 403; on a public one 403", async () => {
    const doc = (await app.call<OpenApiDocument>("GET", "/api/openapi.json")).body;
    const hiddenOne = await createTournament(app, owner, { isPublic: false, name: "Hidden Secret Masters" });
    const shown = await createTournament(app, owner, { isPublic: true });
    const hook = async (id: number) =>
      expectOk(
        await app.call<{ id: number }>("POST", `/api/tournaments/${id}/webhooks`, {
          token: owner,
          body: { url: "https://bot.example.com/hooks", events: ["score.saved"] },
        }),
        "add a webhook",
      );
    const hiddenHook = await hook(hiddenOne.id);
    const before = await app.snapshot();
    const MISSING = 2147483647;
    const calls = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/(tournaments|webhooks)\/\{id\}/.test(path))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ["get", "post", "patch", "delete"].includes(m))
          .map((method) => ({
            method: method.toUpperCase(),
            path: (tournamentId: number, webhookId: number) =>
              path
                .replace(/^\/api\/tournaments\/\{id\}/, `/api/tournaments/${tournamentId}`)
                .replace(/^\/api\/webhooks\/\{id\}/, `/api/webhooks/${webhookId}`)
                .replace(/\{\w+\}/g, "1"),
          })),
      );
    expect(calls.length).toBeGreaterThan(40);
    for (const { method, path } of calls) {
      const hiddenPath = path(hiddenOne.id, hiddenHook.id);
      const reply = await app.call(method, hiddenPath, { token: other, body: {} });
      expect(reply.text, `${method} ${hiddenPath}`).not.toContain("Secret");
      // A change is refused (DECISIONS.md: "Mutations: the owner or a master … 403 otherwise"), or its input first.
      if (method !== "GET") {
        expect([400, 403, 405], `${method} ${hiddenPath} as another organizer: ${reply.text}`).toContain(reply.status);
        continue;
      }
      // A read is answered as for an id that does not exist (a 403 would say it does).
      const missing = await app.call(method, path(MISSING, MISSING), { token: other, body: {} });
      expect(reply.status, `${method} ${hiddenPath} as another organizer: ${reply.text}`).toBe(missing.status);
      expect(reply.body?.code, `${method} ${hiddenPath} as another organizer: ${reply.text}`).toBe(missing.body?.code);
    }
    for (const path of [
      `/api/tournaments/${hiddenOne.id}/webhooks`,
      `/api/tournaments/${hiddenOne.id}/history`,
      `/api/tournaments/${hiddenOne.id}/staff`,
    ]) {
      const reply = await app.call("GET", path, { token: other });
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).toEqual({ message: "Tournament not found", code: "tournament_not_found" });
    }
    for (const path of [`/api/webhooks/${hiddenHook.id}`, `/api/webhooks/${hiddenHook.id}/deliveries`]) {
      const reply = await app.call("GET", path, { token: other });
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).toEqual({ message: "Webhook endpoint not found", code: "webhook_not_found" });
    }
    expect(await app.snapshot(), "nothing changed").toEqual(before);
    // The owner and a master keep their answers.
    for (const token of [owner, master])
      for (const path of [
        `/api/tournaments/${hiddenOne.id}/webhooks`,
        `/api/tournaments/${hiddenOne.id}/history`,
        `/api/tournaments/${hiddenOne.id}/staff`,
        `/api/webhooks/${hiddenHook.id}`,
      ])
        expectStatus(await app.call("GET", path, { token }), 200);
    // Who may read a public tournament but does not own it is refused owner-only things with 403, as before.
    const shownHook = await hook(shown.id);
    for (const path of [
      `/api/tournaments/${shown.id}/webhooks`,
      `/api/tournaments/${shown.id}/history`,
      `/api/tournaments/${shown.id}/staff`,
      `/api/webhooks/${shownHook.id}`,
    ])
      expectStatus(await app.call("GET", path, { token: other }), 403);
    expectStatus(
      await app.call("POST", `/api/tournaments/${shown.id}/lock`, { token: other, body: { locked: true } }),
      403,
    );
  });

  test("another organizer's reads of a non-public tournament's players and lobbies answer as for missing ids; changes 403", async () => {
    const doc = (await app.call<OpenApiDocument>("GET", "/api/openapi.json")).body;
    const { players, lobbies } = await drawnTournament(app, owner, 16, { isPublic: false });
    const before = await app.snapshot();
    const MISSING = 2147483647;
    const calls = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/(players|lobbies)\/\{id\}/.test(path))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
          .map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(calls.length).toBeGreaterThan(8);
    const idFor = (path: string) => (path.startsWith("/api/players/") ? players[0].id : lobbies[0].id);
    for (const { method, path } of calls) {
      const hidden = path.replace("{id}", String(idFor(path)));
      const body = path.endsWith("/matches")
        ? { scores: lobbies[0].playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })) }
        : {};
      const reply = await app.call(method, hidden, { token: other, body });
      // A change is refused (DECISIONS.md: "403 otherwise"), or its input first; a read answers as for a missing id.
      if (method !== "GET") {
        expect([400, 403, 405], `${method} ${hidden} as another organizer: ${reply.text}`).toContain(reply.status);
        continue;
      }
      const missing = await app.call(method, path.replace("{id}", String(MISSING)), { token: other, body });
      expect(reply.status, `${method} ${hidden} as another organizer: ${reply.text}`).toBe(missing.status);
      expect(reply.body?.code, `${method} ${hidden} as another organizer: ${reply.text}`).toBe(missing.body?.code);
    }
    expect(await app.snapshot(), "nothing changed").toEqual(before);
  });

  test("OpenAPI documents ?key= on every read a share key opens, and each opens a non-public tournament with it", async () => {
    const doc = (await app.call<OpenApiDocument>("GET", "/api/openapi.json")).body;
    const t = await createTournament(app, owner, { isPublic: false });
    const [player] = await addPlayers(app, owner, t.id, 1);
    const { key } = expectOk(
      await app.call<{ key: string }>("GET", `/api/tournaments/${t.id}/share-link`, { token: owner }),
      "share link",
    );
    // The reads anyone may make (no token) of a tournament or one of its players.
    const reads = Object.entries(doc.paths).filter(
      ([path, methods]) => methods.get?.security.length === 0 && /^\/api\/(tournaments|players)\/\{id\}/.test(path),
    );
    expect(reads.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        "/api/tournaments/{id}",
        "/api/tournaments/{id}/players",
        "/api/tournaments/{id}/leaderboard",
        "/api/tournaments/{id}/lobbies",
        "/api/tournaments/{id}/matches",
        "/api/tournaments/{id}/export",
        "/api/players/{id}",
      ]),
    );
    for (const [path, methods] of reads) {
      const documentedKey = methods.get.parameters?.find((p) => p.name === "key");
      expect(documentedKey, `${path} documents ?key=`).toMatchObject({ in: "query" });
      expect(documentedKey?.schema?.pattern, path).toBe("^[A-Za-z0-9_-]{32}$");
      const concrete = path
        .replace(/^\/api\/tournaments\/\{id\}/, `/api/tournaments/${t.id}`)
        .replace(/^\/api\/players\/\{id\}/, `/api/players/${player.id}`)
        .replace(/\{\w+\}/g, "1");
      const without = await get(app, concrete);
      expect(without.status, `${concrete} without the key`).toBe(404);
      // A key that cannot be one is refused before anything is read, as the event stream refuses it.
      const malformed = await get(app, `${concrete}?key=not-a-key`);
      expect(malformed.status, `${concrete}?key=not-a-key`).toBe(400);
      expect(JSON.parse(malformed.body), concrete).toEqual({ message: "Invalid share key", code: "invalid_input" });
      const withKey = await get(app, `${concrete}?key=${key}`);
      // Opened: whatever the read then says (a round not drawn yet is 400, …), never "Tournament not found".
      expect(withKey.status, `${concrete}?key=…: ${withKey.body}`).not.toBe(404);
    }
  });

  test("the settings page shows the owner the share link and changes it with a plain form", async () => {
    const t = await createTournament(app, owner, { isPublic: false });
    const settings = await get(app, `/tournaments/${t.id}/settings`, { token: owner });
    expect(settings.status).toBe(200);
    const key = /\/public\?key=([A-Za-z0-9_-]{32})/.exec(settings.body)?.[1];
    expect(key, "the share link on the settings page").toBeDefined();
    expect(settings.body).toContain("Change share link");
    const other_ = await get(app, `/tournaments/${t.id}/settings`, { token: other });
    expect(other_.status).toBe(404);
  });
});
