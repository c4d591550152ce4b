// Player self check-in and the stream overlay over HTTP against PostgreSQL: the endpoints, the limits per address (429 with
// Retry-After, by the socket address the HTTP server saw) and no limit strangers trip for everyone, and the overlay's answers and 4xx.
import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { selfCheckinAnswer, selfCheckinStatusAnswer } from "~/lib/api-schemas.server";
import { MASTER, startApp, unavailableReason, unique, type App, type Json } from "./support/app";
import { expectRefusal, expectShape, expectStatus } from "./support/expect";
import { addPlayers, createTournament, drawnTournament, expectOk, placements } from "./support/fixtures";

const reason = unavailableReason();

type Answer = { status: number; body: Json; headers: http.IncomingHttpHeaders };

/** POST JSON from a chosen loopback source address (Linux routes all of 127.0.0.0/8 to this host). */
function postFrom(app: App, from: string, path: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, app.baseURL),
      {
        method: "POST",
        localAddress: from,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: res.headers }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const WRONG_CODE = "Wrong check-in code";
const TOO_MANY = "Too many wrong codes. Please wait 15 minutes and try again.";
/** A code that is never the real one (the real one is compared first). */
const wrongFor = (code: string) => (code === "AAAAAA" ? "BBBBBB" : "AAAAAA");

describe.skipIf(reason !== undefined && process.env.CI !== "true")("self check-in and overlay over HTTP", () => {
  let app: App;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await app.login(unique("host"));
    stranger = await app.login(unique("stranger"));
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  /** A tournament in check-in with `count` players registered, none checked in, self check-in open; answers its code. */
  async function openTournament(count = 8) {
    const tournament = await createTournament(app, owner);
    const players = await addPlayers(app, owner, tournament.id, count);
    expectOk(
      await app.call("POST", `/api/tournaments/${tournament.id}/start-checkin`, { token: owner }),
      "start check-in",
    );
    const opened = await app.call("POST", `/api/tournaments/${tournament.id}/self-checkin/code`, { token: owner });
    expectStatus(opened, 200);
    const { code } = expectShape(selfCheckinStatusAnswer, opened.body);
    return { tournament, players, code: code! };
  }

  test("the owner opens and closes it; others are refused; a player checks in by Name#Tag, a wrong code changes nothing", async () => {
    const setup = await createTournament(app, owner);
    expectRefusal(
      await app.call("POST", `/api/tournaments/${setup.id}/self-checkin/code`, { token: owner }),
      409,
      "Self check-in can only be opened while the tournament is in check-in",
    );

    const { tournament, players, code } = await openTournament();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    const path = `/api/tournaments/${tournament.id}/self-checkin`;
    expectRefusal(await app.call("POST", `${path}/code`, { token: stranger }), 403);
    expectRefusal(await app.call("DELETE", `${path}/code`), 401);
    // The code never shows on the tournament's public answer.
    expect((await app.call("GET", `/api/tournaments/${tournament.id}`)).text).not.toContain(code);

    const before = await app.snapshot();
    expectRefusal(
      await app.call("POST", path, {
        body: { playerId: players[0].id, riotTag: players[0].riotTag, code: wrongFor(code) },
      }),
      400,
      WRONG_CODE,
    );
    expectRefusal(
      await app.call("POST", path, { body: { playerId: players[0].id, riotTag: players[0].riotTag } }),
      400,
    );
    expectRefusal(
      await app.call("POST", path, { body: { nameTag: "no separator", code } }),
      400,
      "Enter your name as Name#Tag",
    );
    expectRefusal(await app.call("POST", path, { body: { nameTag: "Nobody#EUW", code } }), 404, "Player not found");
    // Reaches the player lookup with self check-in open: a NUL byte must be a 400, never a database error.
    expectRefusal(
      await app.call("POST", path, { body: { nameTag: "Bad\u0000Name#EUW", code } }),
      400,
      "Name#Tag must not contain control characters",
    );
    expect(await app.snapshot(), "refusals change nothing").toEqual(before);

    const ok = await app.call("POST", path, { body: { nameTag: "player 2#EUW2", code: code.toLowerCase() } });
    expectStatus(ok, 200);
    expect(expectShape(selfCheckinAnswer, ok.body)).toMatchObject({
      alreadyCheckedIn: false,
      player: { id: players[1].id, isCheckedIn: true },
    });

    const closed = await app.call("DELETE", `${path}/code`, { token: owner });
    expectStatus(closed, 200);
    expect(closed.body).toEqual({ open: false, code: null });
    expectRefusal(
      await app.call("POST", path, { body: { playerId: players[2].id, riotTag: players[2].riotTag, code } }),
      409,
      "Self check-in is not open",
    );
  });

  test("a full tournament and locking refuse with their messages", async () => {
    const { tournament, players, code } = await openTournament(10);
    const path = `/api/tournaments/${tournament.id}/self-checkin`;
    // The master narrows the tournament to what will be checked in: 8.
    const master = await app.login(MASTER.username, MASTER.password);
    expectOk(
      await app.call("PATCH", `/api/tournaments/${tournament.id}`, { token: master, body: { maxPlayers: 8 } }),
      "max 8",
    );
    for (const p of players.slice(0, 8))
      expectStatus(await app.call("POST", path, { body: { playerId: p.id, riotTag: p.riotTag, code } }), 200);
    expectRefusal(
      await app.call("POST", path, { body: { playerId: players[8].id, riotTag: players[8].riotTag, code } }),
      409,
      "Maximum 8 players can be checked in",
    );

    expectOk(
      await app.call("POST", `/api/tournaments/${tournament.id}/lock`, { token: owner, body: { locked: true } }),
      "lock",
    );
    expectRefusal(
      await app.call("POST", path, { body: { playerId: players[9].id, riotTag: players[9].riotTag, code } }),
      409,
      "Self check-in is not open",
    );
  });

  test("wrong codes: 429 with Retry-After per address and tournament; another address still gets in; another tournament is not held up", async () => {
    const first = await openTournament();
    const second = await openTournament();
    const path = `/api/tournaments/${first.tournament.id}/self-checkin`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await postFrom(app, "127.0.0.51", path, {
            playerId: first.players[0].id,
            riotTag: first.players[0].riotTag,
            code: wrongFor(first.code),
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const limited = await postFrom(app, "127.0.0.51", path, {
      playerId: first.players[0].id,
      riotTag: first.players[0].riotTag,
      code: first.code,
    });
    expect(limited.status, "even the right code waits").toBe(429);
    expect(limited.body).toEqual({ message: TOO_MANY, code: "too_many_attempts" });
    expect(limited.headers["retry-after"]).toBe("900");

    expect(
      (
        await postFrom(app, "127.0.0.52", path, {
          playerId: first.players[0].id,
          riotTag: first.players[0].riotTag,
          code: first.code,
        })
      ).status,
    ).toBe(200);
    const elsewhere = `/api/tournaments/${second.tournament.id}/self-checkin`;
    expect(
      (
        await postFrom(app, "127.0.0.51", elsewhere, {
          playerId: second.players[0].id,
          riotTag: second.players[0].riotTag,
          code: second.code,
        })
      ).status,
    ).toBe(200);
  });

  test("the stranger flood: 10 addresses x 10 wrong codes leave a player with the right code able to check in", async () => {
    const { tournament, players, code } = await openTournament();
    const path = `/api/tournaments/${tournament.id}/self-checkin`;
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postFrom(app, `127.0.1.${(i % 10) + 1}`, path, {
          playerId: players[i % 8].id,
          riotTag: players[i % 8].riotTag,
          code: wrongFor(code),
        }),
      ),
    );
    expect(flood.every((reply) => reply.status === 400 || reply.status === 429)).toBe(true);
    const fresh = await postFrom(app, "127.0.1.99", path, {
      playerId: players[0].id,
      riotTag: players[0].riotTag,
      code,
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body).toMatchObject({ checkedIn: true, player: { id: players[0].id } });
    // Knowing the code is not enough: another player's check-in needs that player's exact tag, and they may check out.
    expectRefusal(
      await app.call("POST", path, { body: { playerId: players[1].id, riotTag: "euw2", code } }),
      400,
      "This game tag does not match the player: type it exactly as registered",
    );
    const out = await app.call("POST", path, {
      body: { playerId: players[0].id, riotTag: players[0].riotTag, code, action: "checkout" },
    });
    expectStatus(out, 200);
    expect(expectShape(selfCheckinAnswer, out.body)).toMatchObject({ checkedIn: false, alreadyCheckedIn: false });

    // The owner sees the tries per address and changes the code; the old one stops working.
    const overview = await app.call<{ tries: { address: string; wrongCodes: number }[] }>("GET", `${path}/code`, {
      token: owner,
    });
    expectStatus(overview, 200);
    expect(overview.body.tries.find((t) => t.address === "127.0.1.1")?.wrongCodes).toBe(10);
    expectRefusal(await app.call("GET", `${path}/code`, { token: stranger }), 403);
    const rotated = await app.call("PATCH", `${path}/code`, { token: owner });
    expectStatus(rotated, 200);
    const newCode = expectShape(selfCheckinStatusAnswer, rotated.body).code!;
    expect(newCode).not.toBe(code);
    expectRefusal(
      await app.call("POST", path, { body: { playerId: players[2].id, riotTag: players[2].riotTag, code } }),
      400,
      WRONG_CODE,
    );
  });

  test("the overlay: complete small HTML, transparent, public cache with 304; standings, lobby and round views; 4xx for bad queries", async () => {
    const { tournament, lobbies } = await drawnTournament(app, owner, 16);
    const base = `${app.baseURL}/tournaments/${tournament.id}/overlay`;

    const standings = await fetch(base);
    expect(standings.status).toBe(200);
    expect(standings.headers.get("content-type")).toContain("text/html");
    expect(standings.headers.get("cache-control")).toContain("public");
    const html = await standings.text();
    expect(html).toMatch(/html,body\{background:transparent/);
    expect(html).not.toContain("<header");
    expect(html).not.toContain("<footer");
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).toContain("No games played yet");
    expect(html.length, "tiny: no React bundle, only its own data").toBeLessThan(6_000);
    // Every viewer gets these bytes: the CSP allows the inline script by its hash, never by a nonce they would all share.
    const script = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)![1];
    const hash = createHash("sha256").update(script, "utf8").digest("base64");
    expect(standings.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
    expect(standings.headers.get("content-security-policy")).not.toContain("nonce-");
    const etag = standings.headers.get("etag")!;
    expect((await fetch(base, { headers: { "If-None-Match": etag } })).status).toBe(304);

    const round = await (await fetch(`${base}?view=round`)).text();
    expect(round).toContain(`Round 1 of ${tournament.totalRounds}`);
    expect(round).toContain(`Lobbies complete: 0/${lobbies.length}`);

    const lobbyUrl = `${base}?view=lobby&lobby=${encodeURIComponent("lobby 1")}`;
    const lobby = await (await fetch(lobbyUrl)).text();
    expect(lobby).toContain("<h1>Lobby 1</h1>");
    expect(lobby).toContain("Pending");

    expectOk(
      await app.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
        token: owner,
        body: { scores: placements(lobbies[0]) },
      }),
      "save scores",
    );
    const after = await fetch(base, { headers: { "If-None-Match": etag } });
    expect(after.status, "a score save makes a new answer").toBe(200);
    const top = await after.text();
    expect(top).toContain("Top 8");
    expect(top).toContain("8 pts");
    expect(await (await fetch(`${base}?view=round`)).text()).toContain(`Lobbies complete: 1/${lobbies.length}`);
    expect(await (await fetch(lobbyUrl)).text()).toContain("1st");

    for (const query of [
      "?view=bad",
      "?top=0",
      "?top=33",
      "?top=abc",
      "?view=lobby",
      `?view=lobby&lobby=${"x".repeat(41)}`,
    ]) {
      const reply = await fetch(`${base}${query}`);
      expect(reply.status, query).toBe(400);
      expect(await reply.text(), query).toContain("Overlay unavailable");
    }
    const unknownLobby = await fetch(`${base}?view=lobby&lobby=Lobby%2099`);
    expect(unknownLobby.status).toBe(404);
    expect(await unknownLobby.text()).toContain("No lobby named &quot;Lobby 99&quot; in round 1");
    expect((await fetch(`${app.baseURL}/tournaments/abc/overlay`)).status).toBe(400);
    expect((await fetch(`${app.baseURL}/tournaments/2147483647/overlay`)).status).toBe(404);
  });
});
