// Stages through the API, three small agreements (both databases): POST and PATCH of a tournament answer what GET
// answers (the stages as a list, the current stage); stage numbers count from 1 everywhere a client passes one back
// (?stage=, currentStage.number, the rows' stage, the advance's stage); a running tournament's stage cuts are bound by
// the players in play, not by maxPlayers.
import { beforeEach, expect, test } from "vitest";
import { action as tournamentsAction } from "~/routes/api/tournaments";
import { action as tournamentAction, loader as tournamentLoader } from "~/routes/api/tournament";
import { action as generateAction } from "~/routes/api/tournament.lobbies.generate";
import { action as matchesAction } from "~/routes/api/lobby.matches";
import { action as finalizeAction } from "~/routes/api/tournament.finalize-round";
import { action as advanceAction } from "~/routes/api/tournament.advance-round";
import { loader as leaderboardLoader } from "~/routes/api/tournament.leaderboard";
import { describeEachDriver } from "../setup/databases";
import { callRoute as call, clearCaches } from "./route-call";
import { addPlayers, makeUser } from "./model-fixtures";

beforeEach(clearCaches);

const stage = (name: string, games: number, end: unknown) => ({ name, games, draw: "snake", points: "carry", end });

describeEachDriver("stages: the answers agree", (getDb) => {
  test("POST and PATCH answer the tournament as GET does: the stages as a list, the current stage", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const created = await call(
      tournamentsAction,
      db,
      owner,
      "POST",
      "/api/tournaments",
      {},
      {
        name: "One stage",
        maxPlayers: 16,
        totalRounds: 3,
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = String(created.body.id);
    const path = `/api/tournaments/${id}`;
    const get = async () => (await call(tournamentLoader, db, owner, "GET", path, { id })).body;
    expect(created.body.stages).toEqual([{ name: "Main", games: 3, draw: "snake", points: "carry", end: null }]);
    expect(created.body).toEqual(await get());

    const patched = await call(tournamentAction, db, owner, "PATCH", path, { id }, { name: "Renamed" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.stages).toHaveLength(1);
    expect(patched.body).toEqual(await get());
    expect(patched.body).toMatchObject({ name: "Renamed", currentStage: { index: 0, number: 1 }, gameInStage: 1 });
  });

  test("stage numbers from 1: ?stage= takes currentStage.number, the rows' stage and the advance's stage say it", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const created = await call(
      tournamentsAction,
      db,
      owner,
      "POST",
      "/api/tournaments",
      {},
      {
        name: "Two stages",
        maxPlayers: 16,
        stages: [stage("Day 1", 1, { cutTo: 8 }), stage("Day 2", 1, null)],
      },
    );
    const id = String(created.body.id);
    const path = `/api/tournaments/${id}`;
    await addPlayers(db, owner, Number(id), 16);
    const drawn = await call(generateAction, db, owner, "POST", `${path}/lobbies/generate`, { id }, {});
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    for (const lobby of drawn.body.lobbies as { id: number; playerIds: number[] }[]) {
      const scores = lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
      const saved = await call(
        matchesAction,
        db,
        owner,
        "POST",
        `/api/lobbies/${lobby.id}/matches`,
        { id: String(lobby.id) },
        { scores },
      );
      expect(saved.status).toBe(200);
    }
    const board = (query: string) => call(leaderboardLoader, db, owner, "GET", `${path}/leaderboard${query}`, { id });
    const first = (await call(tournamentLoader, db, owner, "GET", path, { id })).body.currentStage;
    expect(first).toEqual({ index: 0, number: 1, name: "Day 1" });
    const rows = await board(`?stage=${first.number}`);
    expect(rows.status).toBe(200);
    expect(rows.body.every((r: { stage: number }) => r.stage === first.number)).toBe(true);
    // The count from 0 is not a stage number.
    expect((await board(`?stage=${first.index}`)).status).toBe(400);

    expect((await call(finalizeAction, db, owner, "POST", `${path}/finalize-round`, { id }, {})).status).toBe(200);
    expect((await call(advanceAction, db, owner, "POST", `${path}/advance-round`, { id }, {})).status).toBe(200);
    const second = (await call(tournamentLoader, db, owner, "GET", path, { id })).body.currentStage;
    expect(second).toEqual({ index: 1, number: 2, name: "Day 2" });
    const secondRows = await board(`?stage=${second.number}`);
    expect(secondRows.status).toBe(200);
    expect(secondRows.body).toHaveLength(8);
  });

  test("a running tournament's stage cuts are bound by the players in play, not by maxPlayers", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    // 64 places, 24 players checked in: Day 1 cuts to 16, Day 2 to 8.
    const created = await call(
      tournamentsAction,
      db,
      owner,
      "POST",
      "/api/tournaments",
      {},
      {
        name: "Small field",
        maxPlayers: 64,
        stages: [stage("Day 1", 1, { cutTo: 16 }), stage("Day 2", 1, { cutTo: 8 }), stage("Final", 1, null)],
      },
    );
    const id = String(created.body.id);
    const path = `/api/tournaments/${id}`;
    // Before the draw, maxPlayers bounds the cuts: Day 2 to 24 is accepted (Day 1 keeps 16 of up to 64, though).
    const before = await call(
      tournamentAction,
      db,
      owner,
      "PATCH",
      path,
      { id },
      {
        stages: [stage("Day 1", 1, { cutTo: 40 }), stage("Day 2", 1, { cutTo: 24 }), stage("Final", 1, null)],
      },
    );
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    await addPlayers(db, owner, Number(id), 24);
    expect((await call(generateAction, db, owner, "POST", `${path}/lobbies/generate`, { id }, {})).status).toBe(200);
    // Under way with 24 in play: Day 1 (started) cuts to 40, so all 24 enter Day 2, whose cut to 24 keeps them all.
    const refused = await call(
      tournamentAction,
      db,
      owner,
      "PATCH",
      path,
      { id },
      {
        stages: [stage("Day 1", 1, { cutTo: 40 }), stage("Day 2", 1, { cutTo: 24 }), stage("Final", 2, null)],
      },
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.message).toMatch(/a cut to 24 must keep fewer players than the 24 who can enter the stage/);
    const fixed = await call(
      tournamentAction,
      db,
      owner,
      "PATCH",
      path,
      { id },
      {
        stages: [stage("Day 1", 1, { cutTo: 40 }), stage("Day 2", 1, { cutTo: 16 }), stage("Final", 1, null)],
      },
    );
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
  });
});
