// Spectators at scale, over HTTP against two app processes on one PostgreSQL: strong ETags and 304s for visitors,
// private answers for signed-in users, no stale page after any change on either process, and honest event streams.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MASTER, startApp, unavailableReason, unique, type App } from "./support/app";
import { openEventStream } from "./support/events";
import { drawnTournament, expectOk, placements, scoreLobbies, type Lobby } from "./support/fixtures";

const reason = unavailableReason();

type Page = { status: number; etag: string | null; cacheControl: string | null; vary: string | null; text: string };

/** Both processes sit behind one public address, as behind a proxy: pages (share links) depend on it. */
const PROXY = { "X-Forwarded-Host": "cup.example", "X-Forwarded-Proto": "https" };

async function get(app: App, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(app.baseURL + path, { headers: { ...PROXY, ...headers }, redirect: "manual" });
  return {
    status: response.status,
    etag: response.headers.get("etag"),
    cacheControl: response.headers.get("cache-control"),
    vary: response.headers.get("vary"),
    text: await response.text(),
  };
}

/** Polls until the page passes `check` (a change reaches the other process through LISTEN/NOTIFY, a few ms later). */
async function eventually(app: App, path: string, check: (page: Page) => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  let page = await get(app, path);
  while (!check(page)) {
    if (Date.now() > deadline)
      throw new Error(`${path} on ${app.baseURL} never passed the check; last answer:\n${page.text.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
    page = await get(app, path);
  }
  return page;
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe.skipIf(reason !== undefined && process.env.CI !== "true")("spectator pages at scale", () => {
  let first: App;
  let second: App;
  let token: string;

  beforeAll(async () => {
    // The tests speak as the proxy in front of both processes (PROXY's headers): the app believes them only from a
    // proxy it trusts (docs/decisions/021-check-in-and-share-links.md).
    first = await startApp({ env: { TRUST_PROXY: "loopback" } });
    second = await startApp({ shareWith: first, env: { TRUST_PROXY: "loopback" } });
    token = await first.login(unique("host"));
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  test("a visitor's public pages answer a strong ETag, public revalidating caching, and 304 while nothing changed", async () => {
    const { tournament, players } = await drawnTournament(first, token, 16, { isPublic: true });
    const id = tournament.id;
    const paths = [
      `/tournaments/${id}/public`,
      `/tournaments/${id}/public.data`,
      `/public/${id}`,
      `/tournaments/${id}/leaderboard`,
      `/tournaments/${id}/previous-lobbies`,
      `/tournaments/${id}/public/player/${players[0].id}`,
      `/`,
    ];
    const etags = new Set<string>();
    for (const path of paths) {
      for (const encoding of ["identity", "gzip"]) {
        const page = await get(first, path, { "Accept-Encoding": encoding });
        expect(page.status, path).toBe(200);
        expect(page.etag, `${path}: a strong ETag`).toMatch(/^"[^"]+"$/);
        expect(page.cacheControl).toBe("public, max-age=0, s-maxage=1, must-revalidate");
        expect(page.vary).toMatch(/Cookie/);
        etags.add(page.etag!);
        const again = await get(first, path, { "Accept-Encoding": encoding, "If-None-Match": page.etag! });
        expect(again.status, `${path} (${encoding}) unchanged`).toBe(304);
        expect(again.text).toBe("");
        // The same page from the other process: same bytes, same tag.
        const other = await get(second, path, { "Accept-Encoding": encoding, "If-None-Match": page.etag! });
        expect(other.status, `${path} (${encoding}) on the other process`).toBe(304);
      }
    }
    // Every page and encoding has its own tag.
    expect(etags.size).toBe(paths.length * 2);
    // A stale tag gets the page.
    expect((await get(first, paths[0], { "If-None-Match": '"1.1-stale"' })).status).toBe(200);
  });

  test("a navigation gets the stylesheet inline, the live script's re-fetch gets it linked: two stored answers, each with its own tag", async () => {
    // docs/decisions/016-inline-stylesheet.md
    const { tournament } = await drawnTournament(first, token, 16, { isPublic: true });
    for (const path of [`/tournaments/${tournament.id}/public`, `/tournaments/${tournament.id}/leaderboard`, `/`]) {
      const navigation = await get(first, path, { "Sec-Fetch-Dest": "document" });
      const refetch = await get(first, path, { "Sec-Fetch-Dest": "empty" });
      expect(navigation.vary, path).toMatch(/Sec-Fetch-Dest/);
      expect(refetch.vary, path).toMatch(/Sec-Fetch-Dest/);
      expect(navigation.text, `${path}: inline stylesheet`).toMatch(/<style id="app-stylesheet">[^<]*\.site-header\{/);
      expect(navigation.text, `${path}: no stylesheet link`).not.toMatch(/rel="stylesheet"/);
      expect(refetch.text, `${path}: no inline stylesheet`).not.toContain("<style");
      expect(refetch.text, `${path}: the stylesheet linked`).toMatch(/rel="stylesheet"/);
      // The same <main> either way.
      const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      expect(main(refetch.text)).toBe(main(navigation.text));
      expect(navigation.etag).not.toBe(refetch.etag);
      // Asked again (now from the stored answers, on this process and the other): the same bytes, and each tag
      // answers 304 only for its own kind of request.
      for (const app of [first, second]) {
        expect((await get(app, path, { "Sec-Fetch-Dest": "document" })).text).toBe(navigation.text);
        expect((await get(app, path, { "Sec-Fetch-Dest": "empty" })).text).toBe(refetch.text);
        expect((await get(app, path, { "Sec-Fetch-Dest": "empty", "If-None-Match": refetch.etag! })).status).toBe(304);
        expect((await get(app, path, { "If-None-Match": navigation.etag! })).status).toBe(304);
        expect((await get(app, path, { "Sec-Fetch-Dest": "empty", "If-None-Match": navigation.etag! })).status).toBe(
          200,
        );
      }
    }
  });

  test("signed-in views stay private and carry no ETag", async () => {
    const { tournament } = await drawnTournament(first, token, 16);
    const id = tournament.id;
    // The host's own pages too (they sent no Cache-Control before, so a shared cache could have kept one).
    for (const path of [
      `/tournaments/${id}/public`,
      `/tournaments/${id}/leaderboard`,
      `/`,
      "/dashboard",
      `/tournaments/${id}/settings`,
      `/scores/${id}`,
      `/tournaments/${id}/webhooks`,
    ]) {
      const page = await get(first, path, { Authorization: `Bearer ${token}` });
      expect(page.status).toBe(200);
      expect(page.cacheControl).toBe("private, no-cache");
      expect(page.etag).toBeNull();
    }
  });

  test("no stale page after a save, a cut, an undo or a master override, on either process", async () => {
    const master = await first.login(MASTER.username, MASTER.password);
    const { tournament, lobbies, players } = await drawnTournament(first, token, 16);
    const id = tournament.id;
    const view = `/tournaments/${id}/public`;
    const board = `/tournaments/${id}/leaderboard`;
    const before = await get(first, view);
    expect(count(before.text, ">Pending<")).toBe(2);
    await get(second, view);

    // A save: the saving process and the other one both show the lobby complete, under a new tag.
    expectOk(
      await first.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
        token,
        body: { scores: placements(lobbies[0]) },
      }),
      "save",
    );
    const saved = await get(first, view);
    expect(count(saved.text, ">Complete<"), "the saving process shows the save at once").toBe(1);
    expect(saved.etag).not.toBe(before.etag);
    await eventually(second, view, (p) => count(p.text, ">Complete<") === 1);

    // A cut: 8 players eliminated on advance; the leaderboard says so on both processes.
    await scoreLobbies(first, token, [lobbies[1]]);
    expectOk(
      await first.call("POST", `/api/tournaments/${id}/advance-round`, { token, body: { eliminationCount: 8 } }),
      "advance",
    );
    expect(count((await get(first, board)).text, ">Eliminated<")).toBeGreaterThanOrEqual(8);
    await eventually(second, board, (p) => count(p.text, ">Eliminated<") >= 8);

    // An undo: round 2's lobbies drawn, then undone; both processes are back to "No lobbies yet".
    const drawn = await first.call<{ lobbies: Lobby[] }>("POST", `/api/tournaments/${id}/lobbies/generate`, {
      token,
      body: {},
    });
    expectOk(drawn, "generate round 2");
    await eventually(second, view, (p) => count(p.text, ">Pending<") === 1);
    expectOk(await first.call("DELETE", `/api/tournaments/${id}/lobbies/round/2`, { token }), "undo");
    expect((await get(first, view)).text).toContain("No lobbies yet");
    await eventually(second, view, (p) => p.text.includes("No lobbies yet"));

    // A master's override of a player's points shows on the profile.
    const profile = `/tournaments/${id}/public/player/${players[0].id}`;
    expectOk(
      await first.call("PATCH", `/api/players/${players[0].id}`, { token: master, body: { totalPoints: 4321 } }),
      "override",
    );
    expect((await get(first, profile)).text).toContain("4321");
    await eventually(second, profile, (p) => p.text.includes("4321"));
  });

  test("a refused change leaves the version, and so the ETag, as it was", async () => {
    const { tournament, lobbies } = await drawnTournament(first, token, 16);
    const view = `/tournaments/${tournament.id}/public.data`;
    const before = await get(first, view);
    const duplicate = lobbies[0].playerIds.map((playerId) => ({ playerId, placement: 1 }));
    const refused = await first.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
      token,
      body: { scores: duplicate },
    });
    expect(refused.status).toBe(400);
    expect((await get(first, view, { "If-None-Match": before.etag! })).status).toBe(304);
  });

  test("the untargeted stream carries only listed tournaments' events; a tournament's own stream carries its events with the audience", async () => {
    const untargeted = await openEventStream(second.baseURL, null);
    try {
      await untargeted.waitFor("connected");
      const hidden = await drawnTournament(first, token, 16, { name: unique("Private Cup"), isPublic: false });
      // A private tournament's own stream is for its readers: here, the holder of its share link.
      const { key } = expectOk(
        await first.call<{ key: string }>("GET", `/api/tournaments/${hidden.tournament.id}/share-link`, { token }),
        "share link",
      );
      const refused = await openEventStream(second.baseURL, hidden.tournament.id);
      expect(refused.response.status, "without the share link").toBe(404);
      await refused.close();
      const own = await openEventStream(second.baseURL, hidden.tournament.id, key);
      try {
        await own.waitFor("connected");
        await scoreLobbies(first, token, [hidden.lobbies[0]]);
        const event = await own.waitFor("matches_saved");
        expect(event.data.lobbyName).toBe(hidden.lobbies[0].name);
        expect(event.audience, "the event says how many streams the process holds").toBeGreaterThanOrEqual(2);
      } finally {
        await own.close();
      }
      const listedName = unique("Listed Cup");
      const listed = expectOk(
        await first.call<{ id: number }>("POST", "/api/tournaments", {
          token,
          body: { name: listedName, maxPlayers: 16, totalRounds: 2, isPublic: true },
        }),
        "create listed",
      );
      const created = await untargeted.waitFor("tournament_created");
      expect(created.tournamentId).toBe(listed.id);
      // Nothing of the private tournament reached the untargeted stream, before or after.
      expect(untargeted.seen.filter((e) => e.tournamentId === hidden.tournament.id)).toEqual([]);
      expect(JSON.stringify(untargeted.seen)).not.toContain("Private Cup");
    } finally {
      await untargeted.close();
    }
  });
});
