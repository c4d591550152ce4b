// Every checkmate stage ends (issue 37, defect 2), on both databases: a capped final played to its cap completes after
// its last game with the points leader first, not a game earlier or later; an uncapped final that reaches the event's
// 100th round completes on Advance (it failed, a 500: the database refuses a 101st round) with the points leader first.
// And the riot preset in a staged event (defect 5): a stage's points tie goes to the player with more event points.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import type { AppDb } from "#db/client.server";
import { matches, tournaments } from "#db/schema";
import type { PublicUser } from "~/models/access/auth.server";
import { getLeaderboard } from "~/models/format/standings.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { loader as tournamentLoader } from "~/routes/api/tournament";
import { loader as leaderboardLoader } from "~/routes/api/tournament.leaderboard";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser, placements } from "./model-fixtures";
import { callRoute, clearCaches } from "./route-call";

beforeEach(clearCaches);

type Lobby = { id: number; playerIds: number[] };

/** Draws the current round and saves every lobby in the order `order` gives its players (best first). */
async function playRound(db: AppDb, owner: PublicUser, id: number, order: (ids: number[]) => number[] = (ids) => ids) {
  const drawn = await generateLobbies(db, owner, id);
  if (drawn.result.status !== "generated") throw new Error(`expected lobbies, got ${drawn.result.status}`);
  for (const lobby of drawn.result.lobbies) await saveScores(db, owner, lobby.id, placements(order(lobby.playerIds)));
  return drawn.result.lobbies as Lobby[];
}

/** Each player's points over every saved match, the plain reference the leader is read from. */
async function totals(db: AppDb, id: number) {
  const rows = await db.select().from(matches).where(eq(matches.tournamentId, id));
  const sum = new Map<number, number>();
  for (const m of rows) sum.set(m.playerId, (sum.get(m.playerId) ?? 0) + m.points);
  return sum;
}

/**
 * Placements that make `leader` the points leader: 1st in their lobby; everyone else by points so far, fewest first,
 * so no one else gathers 1st places.
 */
function leaderFirst(leader: number, points: Map<number, number>) {
  return (ids: number[]) => [
    ...ids.filter((id) => id === leader),
    ...ids.filter((id) => id !== leader).sort((x, y) => (points.get(x) ?? 0) - (points.get(y) ?? 0) || x - y),
  ];
}

/** The one player with the most points (the test builds its results so that there is one). */
function leaderOf(points: Map<number, number>) {
  const best = Math.max(...points.values());
  const leaders = [...points].filter(([, p]) => p === best).map(([id]) => id);
  expect(leaders, "the results must make one points leader").toHaveLength(1);
  return leaders[0];
}

const stored = async (db: AppDb, id: number) => (await db.select().from(tournaments).where(eq(tournaments.id, id)))[0];

/** The tournament and its leaderboard as a client reads them through the API. */
async function read(db: AppDb, owner: PublicUser, id: number) {
  const params = { id: String(id) };
  const t = await callRoute(tournamentLoader, db, owner, "GET", `/api/tournaments/${id}`, params);
  const board = await callRoute(leaderboardLoader, db, owner, "GET", `/api/tournaments/${id}/leaderboard`, params);
  expect([t.status, board.status], JSON.stringify([t.body, board.body])).toEqual([200, 200]);
  return { tournament: t.body, rows: board.body as { id: number; separatedBy: string | null; onCheckmate: boolean }[] };
}

const final = (maxGames: number | null, games = 3) => ({
  name: "Final",
  games,
  draw: "snake",
  points: "carry",
  // Out of reach in a few games of 1 to 8 points: nobody is ever on checkmate, so only the stage's last game ends it.
  end: { checkmate: { threshold: 200, maxGames } },
});

describeEachDriver("every checkmate stage ends", (getDb) => {
  test("a capped final played to its cap: games past the planned 3 are played one at a time, game 5 ends it", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: undefined, stages: [final(5)] });
    const leader = (await addPlayers(db, owner, t.id, 16))[0].id;
    for (let game = 1; game <= 4; game++) {
      await playRound(db, owner, t.id, leaderFirst(leader, await totals(db, t.id)));
      const advanced = await advanceRound(db, owner, t.id);
      // Before the cap the final plays on: a game more each time past the planned ones, never completed.
      expect(advanced.result, `after game ${game}`).toMatchObject({ status: "active", currentRound: game + 1 });
      expect((await stored(db, t.id)).totalRounds).toBe(Math.max(3, game + 1));
    }
    await playRound(db, owner, t.id, leaderFirst(leader, await totals(db, t.id)));
    expect(leaderOf(await totals(db, t.id))).toBe(leader);
    const done = await advanceRound(db, owner, t.id);
    expect(done.result).toMatchObject({
      status: "completed",
      currentRound: 5,
      message: "Tournament has been completed",
    });
    const row = await stored(db, t.id);
    expect(row).toMatchObject({ status: "completed", totalRounds: 5, finalizedRound: 5 });
    const { tournament, rows } = await read(db, owner, t.id);
    expect(tournament.checkmateWinnerId).toBeNull();
    expect(rows[0].id).toBe(leader);
    expect(rows.some((r) => r.onCheckmate)).toBe(false);
    expect((await getLeaderboard(db, t.id))[0].id).toBe(leader);
  });

  test("an uncapped final at the event's 100th round: Advance completes it, the points leader first, no failure", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: undefined, stages: [final(null, 2)] });
    const leader = (await addPlayers(db, owner, t.id, 16))[0].id;
    await playRound(db, owner, t.id, leaderFirst(leader, new Map()));
    expect((await advanceRound(db, owner, t.id)).result).toMatchObject({ status: "active", currentRound: 2 });
    // Games 2 to 99 played on without a checkmate winner (as the advance grows the stage one game at a time): the
    // final now stands at its 100th game, the last the event may play.
    const row = await stored(db, t.id);
    await db
      .update(tournaments)
      .set({
        currentRound: 100,
        totalRounds: 100,
        finalizedRound: 99,
        stages: row.stages!.map((s) => ({ ...s, games: 100 })),
      })
      .where(eq(tournaments.id, t.id));
    const lobbies = await playRound(db, owner, t.id, leaderFirst(leader, await totals(db, t.id)));
    expect(lobbies.length).toBe(2);
    expect(leaderOf(await totals(db, t.id))).toBe(leader);

    // Before the fix this advance grew the stage to 101 games: the database's check refused it and the call failed
    // (a 500 through the API).
    const done = await advanceRound(db, owner, t.id);
    expect(done.result).toMatchObject({
      status: "completed",
      currentRound: 100,
      message: "Tournament has been completed",
    });
    expect(await stored(db, t.id)).toMatchObject({ status: "completed", totalRounds: 100, finalizedRound: 100 });
    const { tournament, rows } = await read(db, owner, t.id);
    expect(tournament.checkmateWinnerId).toBeNull();
    expect(rows[0].id).toBe(leader);
  });

  test("a final that would run past the 100th round, or a threshold above 200, is refused with invalid_stages", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const create = (stages: unknown) =>
      makeTournament(db, owner, { maxPlayers: 16, totalRounds: undefined, stages }).then(
        () => null,
        (error: unknown) => error,
      );
    const day = { name: "Day 1", games: 10, draw: "snake", points: "carry", end: null };
    expect(await create([day, { ...final(91), games: 5 }])).toMatchObject({
      status: 400,
      code: "invalid_stages",
      message: "Final: the game cap is at most 90 games: an event plays at most 100 games",
    });
    expect(await create([day, { ...final(90), games: 5 }])).toBeNull();
    expect(await create([{ ...final(null), end: { checkmate: { threshold: 201, maxGames: null } } }])).toMatchObject({
      status: 400,
      code: "invalid_stages",
      message: "Final: the checkmate threshold is at most 200 points",
    });
    expect(await create([{ ...final(null), end: { checkmate: { threshold: 200, maxGames: null } } }])).toBeNull();
  });
});

describeEachDriver("the riot preset in a staged event", (getDb) => {
  test("level on the final's points (reset): the one with more event points wins, though with fewer top 4s + 1sts", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, {
      maxPlayers: 16,
      totalRounds: undefined,
      ruleset: { preset: "riot" },
      stages: [
        { name: "Day 1", games: 1, draw: "snake", points: "carry", end: { cutTo: 8 } },
        { name: "Final", games: 2, draw: "snake", points: "reset", end: null },
      ],
    });
    await addPlayers(db, owner, t.id, 16);
    // Day 1: each lobby in its drawn order; the best 4 of each (8, 7, 6, 5 points) go through, no tie at the line.
    const day1 = await playRound(db, owner, t.id);
    const a = day1[0].playerIds[0]; // 8 event points
    const b = day1[1].playerIds[3]; // 5 event points
    expect((await advanceRound(db, owner, t.id)).result.eliminated).toHaveLength(8);
    // The final, one lobby: B 1st then 3rd (8 + 6), A 2nd and 2nd (7 + 7): level on 14, B ahead on top 4s + 1sts
    // (3 to 2); the others stay below 14.
    const [finalLobby] = await playRound(db, owner, t.id, (ids) => {
      const others = ids.filter((id) => id !== a && id !== b);
      return [b, a, ...others];
    });
    const others = finalLobby.playerIds.filter((id) => id !== a && id !== b);
    expect(others).toHaveLength(6);
    await advanceRound(db, owner, t.id);
    await playRound(db, owner, t.id, () => [others[5], a, b, ...others.slice(0, 5).reverse()]);
    expect((await advanceRound(db, owner, t.id)).result.status).toBe("completed");

    const { rows } = await read(db, owner, t.id);
    expect(rows.slice(0, 2).map((r) => r.id)).toEqual([a, b]);
    expect(rows[1].separatedBy).toBe("eventPoints");
    expect((await getLeaderboard(db, t.id)).slice(0, 2).map((r) => r.id)).toEqual([a, b]);
  });
});
