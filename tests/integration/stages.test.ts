// Stages and a checkmate final on both databases, called as the router calls the API: a 64-player event of three
// stages (Day 1 carried and cut to 32, Day 2 carried with the best 2 of each lobby going through, a reset checkmate
// final) runs start to finish; the final is decided by checkmate. Refusals change nothing.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { players, tournaments, webhookDeliveries, webhookEndpoints } from "#db/schema";
import { exportTournament, importTournament } from "~/models/tournaments/spreadsheet.server";
import { action as tournamentsAction } from "~/routes/api/tournaments";
import { action as tournamentAction, loader as tournamentLoader } from "~/routes/api/tournament";
import { action as generateAction } from "~/routes/api/tournament.lobbies.generate";
import { action as matchesAction } from "~/routes/api/lobby.matches";
import { action as advanceAction } from "~/routes/api/tournament.advance-round";
import { loader as leaderboardLoader } from "~/routes/api/tournament.leaderboard";
import { playerProfileView } from "~/models/views/player-profile";
import { topStandings } from "~/models/views/public";
import { readTournamentData } from "~/models/views/tournament-data.server";
import { describeEachDriver } from "../setup/databases";
import { callRoute as call, clearCaches } from "./route-call";
import { addPlayers, makeUser } from "./model-fixtures";

beforeEach(clearCaches);

const STAGES = [
  { name: "Day 1", games: 2, draw: "snake", points: "carry", end: { cutTo: 32 } },
  { name: "Day 2", games: 2, draw: "swiss", points: "carry", end: { topPerLobby: 2 } },
  { name: "Final", games: 3, draw: "snake", points: "reset", end: { checkmate: { threshold: 20, maxGames: null } } },
];

describeEachDriver("stages and a checkmate final through the API", (getDb) => {
  test("64 players, three stages: cuts between stages, reset points, the winner decided by checkmate", async () => {
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
        name: "Circuit Open",
        maxPlayers: 64,
        isPublic: true,
        stages: STAGES,
      },
    );
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    expect(created.body.totalRounds).toBe(7);
    expect(created.body.stages).toEqual(STAGES);
    await addPlayers(db, owner, id, 64);
    const path = `/api/tournaments/${id}`;
    const ids = { id: String(id) };

    const get = async () => (await call(tournamentLoader, db, null, "GET", path, ids)).body;
    const board = async (query = "") =>
      (await call(leaderboardLoader, db, null, "GET", `${path}/leaderboard${query}`, ids)).body;

    /** Draws the current round and scores it with `order` (player ids best first, within each lobby). */
    const playRound = async (rank: (playerIds: number[]) => number[], beforeScores?: () => Promise<void>) => {
      const drawn = await call(generateAction, db, owner, "POST", `${path}/lobbies/generate`, ids, {});
      expect(drawn.status).toBe(200);
      await beforeScores?.();
      for (const lobby of drawn.body.lobbies as { id: number; playerIds: number[] }[]) {
        const order = rank(lobby.playerIds);
        const saved = await call(
          matchesAction,
          db,
          owner,
          "POST",
          `/api/lobbies/${lobby.id}/matches`,
          {
            id: String(lobby.id),
          },
          { scores: order.map((playerId, i) => ({ playerId, placement: i + 1 })) },
        );
        expect(saved.status).toBe(200);
      }
      return drawn.body.lobbies as { id: number; playerIds: number[] }[];
    };
    const advance = async (body: Record<string, unknown> = {}) => {
      const answer = await call(advanceAction, db, owner, "POST", `${path}/advance-round`, ids, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const byIdAscending = (list: number[]) => [...list].sort((a, b) => a - b);

    // Day 1: the lower id places better in every lobby.
    expect((await get()).currentStage).toEqual({ index: 0, number: 1, name: "Day 1" });
    await playRound(byIdAscending);
    expect((await get()).gameInStage).toBe(1);
    await advance();
    expect((await get()).gameInStage).toBe(2);
    // Day 1's last game ends in a cut to 32: every active row says what its player needs (docs/rules.md).
    await playRound(byIdAscending, async () => {
      const rows = await board();
      for (const row of rows) expect(row.need?.kind, `player ${row.id}`).toBe("cut");
      const leader = rows[0];
      expect(leader.need.safe).toBeGreaterThan(0);
    });
    const day1 = await board();
    const cutLine = day1.slice(0, 32).map((r: { id: number }) => r.id);
    const afterDay1 = await advance();
    expect(afterDay1.eliminated).toHaveLength(32);
    expect((await get()).currentStage).toEqual({ index: 1, number: 2, name: "Day 2" });
    const still = await db.select().from(players).where(eq(players.tournamentId, id));
    expect(
      still
        .filter((p) => !p.isEliminated)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...cutLine].sort());

    // Day 2 carries Day 1's points; the best 2 of each of its last game's 4 lobbies go through.
    const day2Start = await board("?stage=2");
    expect(day2Start).toHaveLength(32);
    expect(day2Start[0].totalPoints).toBeGreaterThan(0);
    await playRound(byIdAscending);
    await advance();
    // Day 2's last game keeps the best 2 of each lobby by that game's placement (however they stand on points):
    // every player in play needs a top 2, and the leader on points is no exception.
    const lastDay2 = await playRound(
      (list) => [...list].sort((a, b) => b - a),
      async () => {
        const rows = (await board()).filter((r: { isEliminated: boolean }) => !r.isEliminated);
        expect(rows).toHaveLength(32);
        for (const row of rows)
          expect(row.need, `player ${row.id}`).toMatchObject({
            kind: "cut",
            line: "lobby",
            keep: 2,
            playing: true,
            safe: 2,
            alive: 2,
            text: "Top 2 keeps you safe; anything worse is out",
          });
      },
    );
    const through = lastDay2.flatMap((l) => [...l.playerIds].sort((a, b) => b - a).slice(0, 2));
    const afterDay2 = await advance();
    expect(afterDay2.eliminated).toHaveLength(24);
    const t2 = await get();
    expect(t2.currentStage.name).toBe("Final");
    const finalists = (await db.select().from(players).where(eq(players.tournamentId, id))).filter(
      (p) => !p.isEliminated,
    );
    expect(finalists.map((p) => p.id).sort()).toEqual([...through].sort());
    // Day 1's standings stay as they stood at its end: the 32 who went through first, in Day 1's order, none of them
    // marked out though Day 2 has cut 24 of them since.
    const day1Now = await board("?stage=1");
    expect(day1Now.slice(0, 32).map((r: { id: number }) => r.id)).toEqual(cutLine);
    expect(day1Now.slice(0, 32).every((r: { isEliminated: boolean }) => !r.isEliminated)).toBe(true);
    expect(day1Now.slice(32).every((r: { isEliminated: boolean }) => r.isEliminated)).toBe(true);

    // The final resets points: 0 before its first game; the overall board ranks finalists first, then Day 2's cut.
    const finalBoard = await board("?stage=3");
    expect(finalBoard.map((r: { totalPoints: number }) => r.totalPoints)).toEqual(Array(8).fill(0));
    const overall = await board();
    expect(overall.slice(0, 8).every((r: { stage: number }) => r.stage === 3)).toBe(true);
    expect(overall.slice(8, 32).every((r: { stage: number }) => r.stage === 2)).toBe(true);
    expect(overall.slice(32).every((r: { stage: number }) => r.stage === 1)).toBe(true);
    // The public view's Top 8 (and the overlay's) and a finalist's profile: the finalists, ranked as on the board,
    // though none has a point of the Final yet (they showed the cut players, and the leader as "Unranked").
    const finalData = (await readTournamentData(db, id))!;
    const finalistIds = overall.slice(0, 8).map((r: { id: number }) => r.id);
    expect(topStandings(finalData, 8).map((r) => r.id)).toEqual(finalistIds);
    expect(playerProfileView(finalData, finalistIds[0])!.rank).toBe(1);

    // Final: the hero wins games 1-3 (24 points: reaching 20 in game 3 does not win it), places 2nd in game 4 while on
    // checkmate, and wins game 5: the checkmate.
    const hero = through[0];
    const heroFirst = (list: number[]) => [hero, ...list.filter((p) => p !== hero)];
    await playRound(heroFirst);
    await advance();
    await playRound(heroFirst);
    await advance();
    await playRound(heroFirst);
    const third = await advance();
    expect(third.status).toBe("active");
    // Between the advance and game 4's draw the checkmate outlook is already known (it does not depend on the draw).
    const beforeDraw = await board();
    expect(beforeDraw.find((r: { id: number }) => r.id === hero).need).toMatchObject({
      kind: "checkmate",
      winsNow: true,
    });
    for (const row of beforeDraw.slice(0, 8)) expect(row.need?.kind, `player ${row.id}`).toBe("checkmate");
    const marked = await board();
    expect(marked.find((r: { id: number }) => r.id === hero).onCheckmate).toBe(true);
    for (const row of marked.slice(0, 8)) expect(row.onCheckmate).toBe(row.totalPoints >= 20);
    expect(marked.slice(8).some((r: { onCheckmate: boolean }) => r.onCheckmate)).toBe(false);
    // Game 4's winner is a finalist below the threshold: no checkmate.
    const low = marked.slice(0, 8).find((r: { totalPoints: number }) => r.totalPoints < 20).id as number;
    const grown = await get();
    expect(grown.stages[2].games).toBe(4);
    expect(grown.totalRounds).toBe(8);
    await playRound(
      (list) => [low, hero, ...list.filter((p) => p !== hero && p !== low)],
      async () => {
        // Before a checkmate game: the hero is told a win now wins it; the others how far they are from 20.
        const rows = await board();
        const heroRow = rows.find((r: { id: number }) => r.id === hero);
        expect(heroRow.need).toMatchObject({ kind: "checkmate", winsNow: true });
        const lowRow = rows.find((r: { id: number }) => r.id === low);
        expect(lowRow.need).toMatchObject({ kind: "checkmate", winsNow: false });
      },
    );
    await advance();
    await playRound(heroFirst);
    const done = await advance();
    expect(done.status).toBe("completed");
    const final = await get();
    expect(final.status).toBe("completed");
    expect(final.checkmateWinnerId).toBe(hero);
    const standings = await board();
    expect(standings[0].id).toBe(hero);
    expect(standings).toHaveLength(64);
    expect(standings.slice(0, 8).every((r: { stage: number }) => r.stage === 3)).toBe(true);
    const ranks = standings.map((r: { rank: number }) => r.rank);
    expect(ranks).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  test("bad stages are refused with invalid_stages and nothing is created; a started stage cannot change", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const before = (await db.select().from(tournaments)).length;
    const refused = async (stages: unknown, message: RegExp) => {
      const answer = await call(
        tournamentsAction,
        db,
        owner,
        "POST",
        "/api/tournaments",
        {},
        {
          name: "Bad",
          maxPlayers: 64,
          stages,
        },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    };
    const stage = (end: unknown, games = 2) => ({ name: "S", games, draw: "snake", points: "carry", end });
    await refused([stage(null, 0)], /a stage has 1 to 20 games/);
    await refused([stage({ cutTo: 64 }), stage(null)], /must keep fewer players than the 64/);
    await refused([stage({ cutTo: 12 }), stage(null)], /leaves no full lobby/);
    await refused([stage({ topPerLobby: 8 }), stage(null)], /best K of each lobby is 1 to 7/);
    await refused([stage({ topPerLobby: 0 }), stage(null)], /best K of each lobby is 1 to 7/);
    await refused([stage({ checkmate: { threshold: 0, maxGames: null } })], /threshold must be above 0/);
    await refused([stage({ checkmate: { threshold: 20, maxGames: null } }), stage(null)], /only the last stage/);
    expect((await db.select().from(tournaments)).length).toBe(before);

    const created = await call(
      tournamentsAction,
      db,
      owner,
      "POST",
      "/api/tournaments",
      {},
      {
        name: "Edits",
        maxPlayers: 16,
        stages: [stage({ cutTo: 8 }, 1), stage(null, 2)],
      },
    );
    const id = created.body.id as number;
    await addPlayers(db, owner, id, 16);
    const path = `/api/tournaments/${id}`;
    const later = [stage({ cutTo: 8 }, 1), { ...stage(null, 3), points: "reset" }];
    const edited = await call(tournamentAction, db, owner, "PATCH", path, { id: String(id) }, { stages: later });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.totalRounds).toBe(4);
    await call(generateAction, db, owner, "POST", `${path}/lobbies/generate`, { id: String(id) }, {});
    const row = async () => (await db.select().from(tournaments).where(eq(tournaments.id, id)))[0];
    const stored = await row();
    const started = await call(
      tournamentAction,
      db,
      owner,
      "PATCH",
      path,
      { id: String(id) },
      {
        stages: [stage({ cutTo: 8 }, 2), stage(null, 3)],
      },
    );
    expect(started.status).toBe(409);
    expect(started.body.message).toMatch(/has started/);
    // A master is refused too (issue 18: a started stage cannot change, on pages and API alike).
    const master = await makeUser(db, "master");
    const byMaster = await call(
      tournamentAction,
      db,
      master,
      "PATCH",
      path,
      { id: String(id) },
      {
        stages: [stage({ cutTo: 8 }, 2), stage(null, 3)],
      },
    );
    expect(byMaster.status).toBe(409);
    expect(byMaster.body.code).toBe("stage_started");
    expect((await row()).stages).toEqual(stored.stages);
    // A stage not yet started may still change.
    const ok = await call(
      tournamentAction,
      db,
      owner,
      "PATCH",
      path,
      { id: String(id) },
      {
        stages: [stage({ cutTo: 8 }, 1), stage(null, 2)],
      },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await row()).stages).toEqual([stage({ cutTo: 8 }, 1), stage(null, 2)]);
    expect(stored.version).toBeLessThan((await row()).version);

    // The export's Rules sheet carries the stages; the import reads them back.
    const { data } = await exportTournament(db, id, owner);
    const imported = await importTournament(db, owner, data.toString("base64"));
    expect(imported.result.tournament.stages).toEqual([stage({ cutTo: 8 }, 1), stage(null, 2)]);
    expect(imported.result.tournament.totalRounds).toBe(3);
  });

  test("moving to the next stage sends stage.changed to an endpoint that chose it", async () => {
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
        name: "Hooks",
        maxPlayers: 16,
        stages: [
          { name: "Groups", games: 1, end: { cutTo: 8 } },
          { name: "Final", games: 1, points: "reset" },
        ],
      },
    );
    const id = created.body.id as number;
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        tournamentId: id,
        url: "https://example.com/hook",
        kind: "standard",
        events: ["stage.changed"],
        secret: "whsec_test",
      })
      .returning();
    await addPlayers(db, owner, id, 16);
    const path = `/api/tournaments/${id}`;
    const drawn = await call(generateAction, db, owner, "POST", `${path}/lobbies/generate`, { id: String(id) }, {});
    for (const lobby of drawn.body.lobbies as { id: number; playerIds: number[] }[]) {
      await call(
        matchesAction,
        db,
        owner,
        "POST",
        `/api/lobbies/${lobby.id}/matches`,
        { id: String(lobby.id) },
        {
          scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
        },
      );
    }
    const advanced = await call(advanceAction, db, owner, "POST", `${path}/advance-round`, { id: String(id) }, {});
    expect(advanced.status).toBe(200);
    expect(advanced.body.eliminated).toHaveLength(8);
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries.map((d) => d.event)).toEqual(["stage.changed"]);
    const payload = JSON.parse(deliveries[0].body);
    expect(payload.data.summary).toBe("Groups ended: Final begins");
    expect(payload.data.stage).toMatchObject({ from: { name: "Groups" }, to: { name: "Final" }, cut: 8 });
  });
});
