// The JSON API of no-shows and drops against the built app on PostgreSQL: DNP entries in a lobby save, the drop endpoints,
// the answers' documented shapes, refusals that change nothing, and the OpenAPI document naming it all.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import * as answers from "~/lib/api-schemas.server";
import { startAppWithCallers, unavailableReason, type App } from "./support/app";
import { expectRefusal, expectShape, expectStatus } from "./support/expect";
import { drawnTournament, placements, readyTournament, type Lobby } from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

/** The lobby's first `absent` players as DNP, the others placed 1..k. */
function withDnp(lobby: Lobby, absent: number) {
  return lobby.playerIds.map((playerId, i) =>
    i < absent ? { playerId, dnp: true } : { playerId, placement: i - absent + 1 },
  );
}

describe.skipIf(skip)(`DNP and drops over the API${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    ({ app, owner, other } = await startAppWithCallers("other"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  const save = (lobby: Lobby, scores: unknown[], token = owner) =>
    app.call("POST", `/api/lobbies/${lobby.id}/matches`, { token, body: { scores } });

  test('a save with {"dnp": true}: no placement, 0 points, a game played; the matches and leaderboard say so', async () => {
    const { tournament, lobbies } = await drawnTournament(app, owner);
    const lobby = lobbies[0];
    const reply = await save(lobby, withDnp(lobby, 1));
    expectStatus(reply, 200);
    const body = expectShape(answers.scoresAnswer, reply.body);
    expect(body.matches.find((m) => m.playerId === lobby.playerIds[0])).toMatchObject({
      placement: null,
      points: 0,
      dnp: true,
    });
    expect(body.matches.filter((m) => !m.dnp).map((m) => m.placement)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    const listed = await app.call("GET", `/api/tournaments/${tournament.id}/matches`);
    const matches = expectShape(z.array(answers.matchAnswer), listed.body);
    expect(matches.filter((m) => m.dnp)).toHaveLength(1);
    const [player] = await app.sql`select total_points, matches_played from players where id = ${lobby.playerIds[0]}`;
    expect(player).toEqual({ total_points: 0, matches_played: 1 });
    const board = expectShape(
      z.array(answers.leaderboardRowAnswer),
      (await app.call("GET", `/api/tournaments/${tournament.id}/leaderboard`)).body,
    );
    expect(board.find((r) => r.id === lobby.playerIds[0])).toMatchObject({ matchesPlayed: 1, bestFinish: null });
  });

  test('{"dnp": true, "placement": null}, as the answers write a DNP, is the same no-show', async () => {
    const { lobbies } = await drawnTournament(app, owner);
    const lobby = lobbies[0];
    const scores = withDnp(lobby, 1).map((s) => ("dnp" in s ? { ...s, placement: null } : s));
    const reply = await save(lobby, scores);
    expectStatus(reply, 200);
    const body = expectShape(answers.scoresAnswer, reply.body);
    expect(body.matches.find((m) => m.playerId === lobby.playerIds[0])).toMatchObject({ placement: null, dnp: true });
    // Without "dnp": true a null placement is no result: refused.
    expectRefusal(await save(lobby, [{ playerId: lobby.playerIds[0], placement: null }, ...scores.slice(1)]), 400);
  });

  test("every player DNP, a DNP with a placement, placements not 1..k: 400, nothing saved", async () => {
    const { lobbies } = await drawnTournament(app, owner);
    const lobby = lobbies[0];
    expectRefusal(
      await save(
        lobby,
        lobby.playerIds.map((playerId) => ({ playerId, dnp: true })),
      ),
      400,
      "At least one player of the lobby must have played: every player cannot be DNP",
    );
    expectRefusal(
      await save(lobby, [{ playerId: lobby.playerIds[0], dnp: true, placement: 8 }, ...withDnp(lobby, 1).slice(1)]),
      400,
      "A DNP player cannot have a placement",
    );
    const gap = withDnp(lobby, 2).map((s, i) => (i === 2 ? { ...s, placement: 8 } : s));
    expectRefusal(
      await save(lobby, gap),
      400,
      "With a DNP, the 6 players present take placements 1st to 6th, each once",
    );
    expectRefusal(await save(lobby, [{ playerId: lobby.playerIds[0], dnp: "maybe" }]), 400);
    expect(await app.sql`select id from matches where lobby_id = ${lobby.id}`).toHaveLength(0);
  });

  test("POST and DELETE /api/players/{id}/drop: the player object carries the drop; refusals change nothing", async () => {
    const { tournament, lobbies } = await drawnTournament(app, owner);
    const id = lobbies[0].playerIds[0];
    const url = `/api/players/${id}/drop`;

    expectRefusal(await app.call("POST", url, { token: owner, body: {} }), 400, "Reason is required");
    expectRefusal(await app.call("POST", url, { token: owner, body: { reason: "   " } }), 400, "Reason is required");
    expectRefusal(
      await app.call("POST", url, { token: owner, body: { reason: "x".repeat(501) } }),
      400,
      "Reason must be 500 characters or less",
    );
    expectStatus(await app.call("POST", url, { token: other, body: { reason: "gone" } }), 403);
    expectStatus(await app.call("POST", url, { body: { reason: "gone" } }), 401);
    const [untouched] = await app.sql`select dropped_at from players where id = ${id}`;
    expect(untouched.dropped_at).toBeNull();

    const dropped = await app.call("POST", url, { token: owner, body: { reason: "Left for a flight" } });
    expectStatus(dropped, 200);
    expect(expectShape(answers.playerAnswer, dropped.body)).toMatchObject({
      id,
      isDropped: true,
      dropReason: "Left for a flight",
      dropRound: 1,
      isEliminated: false,
    });
    expectRefusal(await app.call("POST", url, { token: owner, body: { reason: "again" } }), 409, /already dropped/);
    const fetched = expectShape(answers.playerAnswer, (await app.call("GET", `/api/players/${id}`)).body);
    expect(fetched.isDropped).toBe(true);
    const board = expectShape(
      z.array(answers.leaderboardRowAnswer),
      (await app.call("GET", `/api/tournaments/${tournament.id}/leaderboard`)).body,
    );
    expect(board.at(-1)).toMatchObject({ id, isDropped: true });

    const undone = await app.call("DELETE", url, { token: owner });
    expectStatus(undone, 200);
    expect(expectShape(answers.playerAnswer, undone.body)).toMatchObject({ isDropped: false, dropReason: null });
    expectRefusal(await app.call("DELETE", url, { token: owner }), 409, /has not dropped/);
    const history = expectShape(
      z.array(answers.auditEntryAnswer),
      (await app.call("GET", `/api/tournaments/${tournament.id}/history`, { token: owner })).body,
    );
    expect(history.slice(0, 2).map((e) => e.action)).toEqual(["player.drop_undone", "player.dropped"]);
    expect(history[1].reason).toBe("Left for a flight");
  });

  test("dropping an eliminated player, before Round 1, or undoing after the next draw: 409", async () => {
    const { players } = await readyTournament(app, owner);
    expectRefusal(
      await app.call("POST", `/api/players/${players[0].id}/drop`, { token: owner, body: { reason: "ill" } }),
      409,
      /only be dropped while rounds are played/,
    );

    const { tournament, lobbies } = await drawnTournament(app, owner);
    const [leaver, cut] = lobbies[0].playerIds;
    expectStatus(await app.call("PATCH", `/api/players/${cut}`, { token: owner, body: { isEliminated: true } }), 200);
    expectRefusal(
      await app.call("POST", `/api/players/${cut}/drop`, { token: owner, body: { reason: "ill" } }),
      409,
      /is eliminated/,
    );
    expectStatus(await app.call("POST", `/api/players/${leaver}/drop`, { token: owner, body: { reason: "ill" } }), 200);
    // The leaver sat first in Lobby 1 and is saved as DNP there; the eliminated player still plays out this round.
    expectStatus(await save(lobbies[0], withDnp(lobbies[0], 1)), 200);
    for (const lobby of lobbies.slice(1)) expectStatus(await save(lobby, placements(lobby)), 200);
    expectStatus(
      await app.call("POST", `/api/tournaments/${tournament.id}/advance-round`, { token: owner, body: {} }),
      200,
    );
    const round2 = await app.call<{ lobbies: Lobby[] }>("POST", `/api/tournaments/${tournament.id}/lobbies/generate`, {
      token: owner,
      body: {},
    });
    expectStatus(round2, 200);
    expect(round2.body.lobbies.flatMap((l) => l.playerIds)).not.toContain(leaver);
    expect(round2.body.lobbies.flatMap((l) => l.playerIds)).not.toContain(cut);
    expectRefusal(
      await app.call("DELETE", `/api/players/${leaver}/drop`, { token: owner }),
      409,
      /can no longer be undone/,
    );
  });

  test("the OpenAPI document names the drop endpoints and the DNP fields", async () => {
    const doc = (await app.call<Record<string, any>>("GET", "/api/openapi.json")).body; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(Object.keys(doc.paths["/api/players/{id}/drop"]).sort()).toEqual(["delete", "post"]);
    expect(doc.paths["/api/players/{id}/drop"].post.operationId).toBe("dropPlayer");
    const text = JSON.stringify(doc.components.schemas);
    for (const field of ["isDropped", "dropReason", "dropRound", "dnp"]) expect(text).toContain(`"${field}"`);
  });
});
