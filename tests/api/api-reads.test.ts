// The API's tournament reads over HTTP, on the built app: a public tournament's answers are shared per version (strong
// ETag, 304, public caching, the same bytes for a visitor, a token and a cookie, from the fast path too), a private
// tournament's stay private, and the answers and events carry the tournament's version.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { openEventStream } from "./support/events";
import { drawnTournament, expectOk, placements } from "./support/fixtures";

const reason = unavailableReason();
const PUBLIC = "public, max-age=0, s-maxage=1, must-revalidate";

type Answer = { status: number; headers: Headers; text: string };

async function get(app: App, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  // fetch asks for gzip unless told otherwise; the identity bytes are the default here.
  const response = await fetch(app.baseURL + path, {
    headers: { "Accept-Encoding": "identity", ...headers },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The headers a shared answer is judged by (the date and the connection aside). */
const caching = (a: Answer) =>
  Object.fromEntries(
    ["cache-control", "etag", "vary", "tournament-version", "access-control-allow-origin", "content-type"].map((h) => [
      h,
      a.headers.get(h),
    ]),
  );

describe.skipIf(reason !== undefined && process.env.CI !== "true")("API reads from the version snapshot", () => {
  let app: App;
  let owner: string;
  let cookie: string;

  beforeAll(async () => {
    app = await startApp();
    const username = unique("reads");
    owner = await app.login(username);
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

  const readsOf = (id: number) => [
    `/api/tournaments/${id}`,
    `/api/tournaments/${id}/players`,
    `/api/tournaments/${id}/checked-in-players`,
    `/api/tournaments/${id}/leaderboard`,
    `/api/tournaments/${id}/leaderboard?round=1`,
    `/api/tournaments/${id}/lobbies`,
    `/api/tournaments/${id}/lobbies?round=1`,
    `/api/tournaments/${id}/lobbies/all`,
    `/api/tournaments/${id}/lobbies/round/1`,
    `/api/tournaments/${id}/matches`,
  ];

  test("a public tournament's reads: strong ETag from the version, 304, public caching, CORS, the same for every caller", async () => {
    const { tournament, lobbies } = await drawnTournament(app, owner, 16, { isPublic: true });
    expectOk(
      await app.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
        token: owner,
        body: { scores: placements(lobbies[0]) },
      }),
      "save",
    );
    const version = (await app.sql`select version from tournaments where id = ${tournament.id}`)[0].version as number;
    const etags = new Set<string>();
    for (const path of readsOf(tournament.id)) {
      const first = await get(app, path);
      expect(first.status, `${path}: ${first.text}`).toBe(200);
      expect(caching(first), path).toEqual({
        "cache-control": PUBLIC,
        etag: expect.stringMatching(new RegExp(`^"${tournament.id}\\.${version}-[\\w-]+"$`)),
        vary: "Accept-Encoding",
        "tournament-version": String(version),
        "access-control-allow-origin": "*",
        "content-type": "application/json; charset=utf-8",
      });
      etags.add(first.headers.get("etag")!);
      // Asked again (now from the HTTP server's fast path), by a token, by a cookie: the same bytes and headers.
      const callers: Record<string, string>[] = [{}, { Authorization: `Bearer ${owner}` }, { Cookie: cookie }];
      for (const headers of callers) {
        const again = await get(app, path, headers);
        expect(again.text, `${path} ${JSON.stringify(headers)}`).toBe(first.text);
        expect(caching(again), `${path} ${JSON.stringify(headers)}`).toEqual(caching(first));
        expect(again.headers.get("x-content-type-options")).toBe("nosniff");
      }
      const notModified = await get(app, path, { "If-None-Match": first.headers.get("etag")! });
      expect(notModified.status, path).toBe(304);
      expect(notModified.text).toBe("");
      expect(notModified.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(notModified.headers.get("access-control-allow-origin")).toBe("*");
      // Gzipped: its own tag, which answers 304 too.
      const gzip = await get(app, path, { "Accept-Encoding": "gzip" });
      expect(gzip.headers.get("content-encoding"), path).toBe("gzip");
      expect(gzip.headers.get("etag")).toBe(first.headers.get("etag")!.replace(/"$/, '-gz"'));
      expect(JSON.parse(gzip.text)).toEqual(JSON.parse(first.text));
      const gzipNotModified = await get(app, path, {
        "Accept-Encoding": "gzip",
        "If-None-Match": gzip.headers.get("etag")!,
      });
      expect(gzipNotModified.status).toBe(304);
    }
    expect(etags.size, "every read has its own tag").toBe(readsOf(tournament.id).length);
    // A HEAD is the GET's headers without the body.
    const head = await fetch(`${app.baseURL}/api/tournaments/${tournament.id}/leaderboard`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toMatch(/^"\d+\.\d+-/);
  });

  test("a save gives every read a new version and tag; the old tag gets the new answer", async () => {
    const { tournament, lobbies } = await drawnTournament(app, owner, 16, { isPublic: true });
    const paths = readsOf(tournament.id);
    const before = await Promise.all(paths.map((path) => get(app, path)));
    expectOk(
      await app.call("POST", `/api/lobbies/${lobbies[1].id}/matches`, {
        token: owner,
        body: { scores: placements(lobbies[1]) },
      }),
      "save",
    );
    for (const [i, path] of paths.entries()) {
      const after = await get(app, path, { "If-None-Match": before[i].headers.get("etag")! });
      expect(after.status, path).toBe(200);
      expect(Number(after.headers.get("tournament-version")), path).toBe(
        Number(before[i].headers.get("tournament-version")) + 1,
      );
    }
    const board = JSON.parse((await get(app, `/api/tournaments/${tournament.id}/leaderboard`)).text);
    expect(board.filter((r: { matchesPlayed: number }) => r.matchesPlayed === 1)).toHaveLength(8);
    // One stage with no end: no line ahead, so every row's "what do I need" is null (docs/rules.md "What do I need").
    expect(board.every((r: { need: unknown }) => r.need === null)).toBe(true);
  });

  test("a write's answer says the version it committed as; one player's read and the export say theirs", async () => {
    const { tournament, lobbies } = await drawnTournament(app, owner, 16, { isPublic: true });
    const saved = await app.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
      token: owner,
      body: { scores: placements(lobbies[0]) },
    });
    expectOk(saved, "save");
    const read = await get(app, `/api/tournaments/${tournament.id}`);
    const version = read.headers.get("tournament-version");
    expect(version).toMatch(/^\d+$/);
    expect(saved.headers.get("tournament-version")).toBe(version);
    expect(String(JSON.parse(read.text).version)).toBe(version);
    // Readable from another origin, as the reads' header is.
    expect(saved.headers.get("access-control-expose-headers")).toMatch(/Tournament-Version/);

    // The next write says the next version; a refused one says none.
    const renamed = await app.call("PATCH", `/api/tournaments/${tournament.id}`, {
      token: owner,
      body: { name: `${tournament.name} renamed` },
    });
    expectOk(renamed, "rename");
    expect(renamed.headers.get("tournament-version")).toBe(String(Number(version) + 1));
    const refused = await app.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
      token: owner,
      body: { scores: [] },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("tournament-version")).toBeNull();

    const now = String(Number(version) + 1);
    const player = await get(app, `/api/players/${lobbies[0].playerIds[0]}`);
    expect(player.status, player.text).toBe(200);
    expect(player.headers.get("tournament-version")).toBe(now);
    const exported = await get(app, `/api/tournaments/${tournament.id}/export`, { Authorization: `Bearer ${owner}` });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("tournament-version")).toBe(now);

    // Every other read of the tournament says it too (README: "the Tournament-Version header on every read"); a
    // refusal says none.
    for (const path of [
      "history",
      "staff",
      "registrations",
      "signup",
      "lobby-details",
      "advance-round",
      "webhooks",
      "share-link",
      "self-checkin/code",
    ]) {
      const own = await get(app, `/api/tournaments/${tournament.id}/${path}`, { Authorization: `Bearer ${owner}` });
      expect(own.status, `${path}: ${own.text}`).toBe(200);
      expect(own.headers.get("tournament-version"), path).toBe(now);
    }
    const stranger = await app.login(unique("stranger"));
    const refusedRead = await get(app, `/api/tournaments/${tournament.id}/history`, {
      Authorization: `Bearer ${stranger}`,
    });
    expect(refusedRead.status).toBe(403);
    expect(refusedRead.headers.get("tournament-version")).toBeNull();
  });

  test("a webhook endpoint's reads and changes say its tournament's version, as every answer about a tournament does", async () => {
    const { tournament } = await drawnTournament(app, owner, 16, { isPublic: true });
    const current = async () =>
      String((await app.sql`select version from tournaments where id = ${tournament.id}`)[0].version);
    const added = await app.call("POST", `/api/tournaments/${tournament.id}/webhooks`, {
      token: owner,
      body: { url: "https://bot.example.com/hooks", events: ["score.saved"] },
    });
    expectOk(added, "add a webhook");
    expect(added.headers.get("tournament-version"), "add").toBe(await current());
    const id = added.body.id as number;
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/tournaments/${tournament.id}/webhooks`],
      ["GET", `/api/webhooks/${id}`],
      ["GET", `/api/webhooks/${id}/deliveries`],
      ["PATCH", `/api/webhooks/${id}`, { events: ["score.saved", "round.finalized"] }],
      ["POST", `/api/webhooks/${id}/test`],
      ["POST", `/api/webhooks/${id}/rotate-secret`],
      ["DELETE", `/api/webhooks/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const reply = await app.call(method, path, { token: owner, body });
      expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(200);
      // A webhook change bumps no version: the answer says the tournament's, as it stands.
      expect(reply.headers.get("tournament-version"), `${method} ${path}`).toBe(await current());
    }
    const refused = await app.call("GET", `/api/webhooks/${id}`, { token: owner });
    expect(refused.status, "deleted").toBe(404);
    expect(refused.headers.get("tournament-version")).toBeNull();
  });

  test("one player's read is shared per version too: ETag, 304, public caching; a private tournament's player stays private", async () => {
    const { tournament, lobbies } = await drawnTournament(app, owner, 16, { isPublic: true });
    const path = `/api/players/${lobbies[0].playerIds[0]}`;
    const first = await get(app, path);
    expect(first.status, first.text).toBe(200);
    const version = first.headers.get("tournament-version");
    expect(caching(first)).toEqual({
      "cache-control": PUBLIC,
      etag: expect.stringMatching(new RegExp(`^"${tournament.id}\\.${version}-[\\w-]+"$`)),
      vary: "Accept-Encoding",
      "tournament-version": version,
      "access-control-allow-origin": "*",
      "content-type": "application/json; charset=utf-8",
    });
    for (const headers of [{}, { Authorization: `Bearer ${owner}` }] as Record<string, string>[]) {
      const again = await get(app, path, headers);
      expect(again.text).toBe(first.text);
      expect(caching(again)).toEqual(caching(first));
    }
    expect((await get(app, path, { "If-None-Match": first.headers.get("etag")! })).status).toBe(304);
    expect(JSON.parse(first.text)).toMatchObject({ id: lobbies[0].playerIds[0], tournamentId: tournament.id });
    expect((await get(app, "/api/players/2000000000")).status).toBe(404);

    const hidden = await drawnTournament(app, owner, 16, { isPublic: false });
    const privatePath = `/api/players/${hidden.lobbies[0].playerIds[0]}`;
    const own = await get(app, privatePath, { Authorization: `Bearer ${owner}` });
    expect(own.status, own.text).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-cache");
    expect(own.headers.get("tournament-version")).toMatch(/^\d+$/);
    expect(
      (await get(app, privatePath, { Authorization: `Bearer ${owner}`, "If-None-Match": own.headers.get("etag")! }))
        .status,
    ).toBe(304);
    const stranger = await get(app, privatePath);
    expect(stranger.status).toBe(404);
    expect(JSON.parse(stranger.text).code).toBe("player_not_found");
  });

  test("a private tournament's reads stay private: never a shared-cache header, for its owner or anyone", async () => {
    const { tournament } = await drawnTournament(app, owner, 16, { isPublic: false });
    for (const path of readsOf(tournament.id)) {
      const own = await get(app, path, { Authorization: `Bearer ${owner}` });
      expect(own.status, `${path}: ${own.text}`).toBe(200);
      expect(own.headers.get("cache-control"), path).toBe("private, no-cache");
      expect(own.headers.get("etag"), path).toMatch(/^"p-[\w-]+"$/);
      expect(own.headers.get("tournament-version"), path).toMatch(/^\d+$/);
      expect(
        (await get(app, path, { Authorization: `Bearer ${owner}`, "If-None-Match": own.headers.get("etag")! })).status,
      ).toBe(304);
      // Whatever a stranger is answered (who may read it is app/models/access/access.server.ts's), it is never shared.
      const stranger = await get(app, path);
      expect(stranger.headers.get("cache-control") ?? "", path).not.toMatch(/public|s-maxage/);
    }
  });

  test("a 304 to a gzip client carries the gzip ETag its 200 would (RFC 9110 15.4.5): pages, shared and private reads", async () => {
    const shown = await drawnTournament(app, owner, 16, { isPublic: true });
    const hidden = await drawnTournament(app, owner, 16, { isPublic: false });
    const cases: [string, Record<string, string>][] = [
      [`/tournaments/${shown.tournament.id}/leaderboard`, {}],
      [`/api/tournaments/${shown.tournament.id}/leaderboard`, {}],
      [`/api/tournaments/${hidden.tournament.id}/leaderboard`, { Authorization: `Bearer ${owner}` }],
    ];
    for (const [path, headers] of cases) {
      // Twice each: the first is built by the full path, the second (public) answered by the HTTP server's fast path.
      for (const pass of ["built", "kept"]) {
        const gzip = await get(app, path, { ...headers, "Accept-Encoding": "gzip" });
        expect(gzip.status, `${path} (${pass})`).toBe(200);
        const tag = gzip.headers.get("etag")!;
        expect(tag, `${path} (${pass})`).toMatch(/-gz"$/);
        for (const held of [tag, tag.replace(/-gz"$/, '"')]) {
          const notModified = await get(app, path, { ...headers, "Accept-Encoding": "gzip", "If-None-Match": held });
          expect(notModified.status, `${path} (${pass}) If-None-Match: ${held}`).toBe(304);
          expect(notModified.headers.get("etag"), `${path} (${pass}) If-None-Match: ${held}`).toBe(tag);
        }
        // Without gzip, the 304 keeps the plain tag.
        const plain = await get(app, path, { ...headers, "If-None-Match": tag });
        expect(plain.status, path).toBe(304);
        expect(plain.headers.get("etag"), path).toBe(tag.replace(/-gz"$/, '"'));
      }
    }
  });

  test("a tournament made private leaves the shared answers at once: the next read is private", async () => {
    const { tournament } = await drawnTournament(app, owner, 16, { isPublic: true });
    const path = `/api/tournaments/${tournament.id}/players`;
    const shared = await get(app, path);
    expect(shared.headers.get("cache-control")).toBe(PUBLIC);
    await get(app, path);
    expectOk(
      await app.call("PATCH", `/api/tournaments/${tournament.id}`, { token: owner, body: { isPublic: false } }),
      "make private",
    );
    const after = await get(app, path, {
      Authorization: `Bearer ${owner}`,
      "If-None-Match": shared.headers.get("etag")!,
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("cache-control")).toBe("private, no-cache");
    expect(after.text).toBe(shared.text);
  });

  test("the event of a change carries the version the reads then answer", async () => {
    const { tournament, lobbies } = await drawnTournament(app, owner, 16, { isPublic: true });
    const stream = await openEventStream(app.baseURL, tournament.id);
    try {
      await stream.waitFor("connected");
      expect(stream.response.headers.get("access-control-allow-origin")).toBe("*");
      expectOk(
        await app.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
          token: owner,
          body: { scores: placements(lobbies[0]) },
        }),
        "save",
      );
      const event = (await stream.waitFor("matches_saved")) as { version?: number };
      const board = await get(app, `/api/tournaments/${tournament.id}/leaderboard`);
      expect(event.version).toBe(Number(board.headers.get("tournament-version")));
      expect(board.headers.get("etag")).toMatch(new RegExp(`^"${tournament.id}\\.${event.version}-`));
    } finally {
      await stream.close();
    }
  });

  test("the stream's first message, connected, carries the tournament's version and the audience as every event does", async () => {
    const { tournament } = await drawnTournament(app, owner, 16, { isPublic: true });
    const board = await get(app, `/api/tournaments/${tournament.id}/leaderboard`);
    const first = await openEventStream(app.baseURL, tournament.id);
    const second = await openEventStream(app.baseURL, tournament.id);
    const untargeted = await openEventStream(app.baseURL, null);
    try {
      const connected = await first.waitFor("connected");
      expect(connected).toMatchObject({
        type: "connected",
        tournamentId: tournament.id,
        data: {},
        version: Number(board.headers.get("tournament-version")),
      });
      expect(connected.audience, "this stream counts").toBeGreaterThanOrEqual(1);
      const next = await second.waitFor("connected");
      expect(next.version).toBe(connected.version);
      expect(next.audience, "the second stream counts the first").toBeGreaterThan(connected.audience!);
      // The untargeted stream is of no one tournament: no version, an audience all the same.
      const landing = await untargeted.waitFor("connected");
      expect(landing).not.toHaveProperty("version");
      expect(landing.audience).toBeGreaterThan(next.audience!);
    } finally {
      await Promise.all([first.close(), second.close(), untargeted.close()]);
    }
  });

  test("?round=N: the standings after that round; a malformed or unstarted round is 400", async () => {
    const { tournament } = await drawnTournament(app, owner, 16, { isPublic: true });
    const board = await get(app, `/api/tournaments/${tournament.id}/leaderboard?round=1`);
    expect(board.status).toBe(200);
    // The rows as they always were (an array), none final before round 1 is finalized, none moved in round 1.
    const rows = JSON.parse(board.text) as { final: boolean; rankChange: number | null }[];
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => !r.final && r.rankChange === null)).toBe(true);
    for (const [query, message] of [
      ["0", "Invalid round number"],
      ["-1", "Invalid round number"],
      ["x", "Invalid round number"],
      ["2", "Round 2 has not started"],
    ]) {
      const refused = await app.call("GET", `/api/tournaments/${tournament.id}/leaderboard?round=${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual({ message, code: "invalid_input" });
      expect(refused.headers.get("cache-control"), query).toBe("no-store");
    }
    // Empty, padded and repeated are malformed too, on every read that takes them; `?stage=` as `?round=`.
    for (const read of ["leaderboard", "lobbies"])
      for (const query of ["round=", "round=%201", "round=1%20", "round=1&round=2", "round=1&round=1"]) {
        const refused = await app.call("GET", `/api/tournaments/${tournament.id}/${read}?${query}`);
        expect(refused.status, `${read}?${query}`).toBe(400);
        expect(refused.body, `${read}?${query}`).toEqual({ message: "Invalid round number", code: "invalid_input" });
      }
    const badStage = await app.call("GET", `/api/tournaments/${tournament.id}/leaderboard?stage=abc`);
    expect(badStage.body).toEqual({ message: "Invalid stage number", code: "invalid_input" });
    for (const query of ["stage=", "stage=%201", "stage=1&stage=1"]) {
      const refused = await app.call("GET", `/api/tournaments/${tournament.id}/leaderboard?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual(badStage.body);
    }
    const missing = await app.call("GET", `/api/tournaments/2147483647/leaderboard`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
  });
});
