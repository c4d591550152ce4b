// A stage's end as the advance applies it, previewed by the same plan (both databases): the API's advance-round GET
// and the score page show exactly who the advance will cut at a stage's end (cut to N, best K of each lobby), and a cut
// to N with N or fewer players left in play (after drops) lets them all through, saying so in the preview and the answer.
import { inArray } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import type { AppDb } from "#db/client.server";
import { players } from "#db/schema";
import { findTournamentOr404 } from "~/models/action.server";
import { abilities } from "~/models/access/policy";
import type { PublicUser } from "~/models/access/auth.server";
import { dropPlayer } from "~/models/roster/drops.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { scoreSheetView } from "~/models/views/score-sheet.server";
import { action as advanceAction, loader as previewLoader } from "~/routes/api/tournament.advance-round";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser, placements } from "./model-fixtures";
import { callRoute, clearCaches, type Handler } from "./route-call";

beforeEach(clearCaches);

/** An advance-round call on the tournament named in `path`. */
const call = (handler: Handler, db: AppDb, user: PublicUser | null, method: string, path: string, body?: unknown) =>
  callRoute(handler, db, user, method, path, { id: /\/api\/tournaments\/(\d+)/.exec(path)![1] }, body);

const ownerAccess = { role: "owner" as const, can: abilities("owner") };
const stage = (name: string, games: number, end: unknown) => ({ name, games, draw: "snake", points: "carry", end });

/** 24 players; Day 1 is one game, then `end`; Day 2 one game. Round 1 drawn, `drop` players dropped, then scored. */
async function dayOneScored(db: AppDb, end: unknown, drop = 0) {
  const owner = await makeUser(db);
  const t = await makeTournament(db, owner, {
    maxPlayers: 24,
    stages: [stage("Day 1", 1, end), stage("Day 2", 1, null)],
  });
  await addPlayers(db, owner, t.id, 24);
  const drawn = await generateLobbies(db, owner, t.id, 1);
  if (drawn.result.status !== "generated") throw new Error("expected lobbies");
  const lobbies = drawn.result.lobbies;
  // Dropped after the draw: they keep their seat this round (saved with the placement they played).
  const dropped = lobbies.flatMap((l) => l.playerIds.slice(0, 4)).slice(0, drop);
  for (const id of dropped) await dropPlayer(db, owner, id, "Had to leave");
  for (const lobby of lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
  const path = `/api/tournaments/${t.id}/advance-round`;
  const preview = async (query = "") => {
    const answer = await call(previewLoader, db, owner, "GET", `${path}${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const advance = async () => {
    const answer = await call(advanceAction, db, owner, "POST", path, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const sheet = async () =>
    scoreSheetView(db, await findTournamentOr404(db, t.id), ownerAccess, { round: null, cut: null });
  const eliminatedIds = async () =>
    (
      await db
        .select()
        .from(players)
        .where(inArray(players.tournamentId, [t.id]))
    )
      .filter((p) => p.isEliminated)
      .map((p) => p.id)
      .sort((a, b) => a - b);
  return { lobbies, dropped, preview, advance, sheet, eliminatedIds };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describeEachDriver("a stage's end, previewed as the advance applies it", (getDb) => {
  test("a cut to 15 at Day 1's end: the preview (API and score page) names the 9 the advance cuts", async () => {
    const { db } = getDb();
    const world = await dayOneScored(db, { cutTo: 15 });
    // Three lobbies of 8 placed in seat order: the 6th, 7th and 8th of each (9 players) go.
    const expected = sorted(world.lobbies.flatMap((l) => l.playerIds.slice(5)));
    const preview = await world.preview();
    // Before: the preview planned the between-games default (8: 6 sure, 2 of the 3 tied 6ths), not the stage's end.
    expect(preview).toMatchObject({ count: 9, error: null, plan: { tied: [], needed: 0 } });
    expect(sorted(preview.plan.sure)).toEqual(expected);
    expect(preview.stageEnd).toMatchObject({
      stage: { number: 1, name: "Day 1" },
      next: { number: 2, name: "Day 2" },
      kind: "cutTo",
      keep: 15,
      inPlay: 24,
      cut: 9,
      through: 15,
      words: "Day 1 ends here: the best 15 go through to Day 2.",
    });
    expect(Object.keys(preview.players)).toHaveLength(9);
    // A manual count is ignored at a stage end that cuts, by the preview as by the advance.
    expect(sorted((await world.preview("?eliminationCount=8")).plan.sure)).toEqual(expected);

    const page = await world.sheet();
    expect(page.stageEnd?.words).toBe("Day 1 ends here: the best 15 go through to Day 2.");
    expect(sorted(page.stageEnd!.cut.map((p) => p.id))).toEqual(expected);

    const advanced = await world.advance();
    expect(sorted(advanced.eliminated)).toEqual(expected);
    expect(advanced.stageEnd).toMatchObject({ kind: "cutTo", keep: 15, inPlay: 24, cut: 9, through: 15 });
    expect(await world.eliminatedIds()).toEqual(expected);
  });

  test("the best 2 of each lobby at Day 1's end: the preview names the 18 the advance cuts", async () => {
    const { db } = getDb();
    const world = await dayOneScored(db, { topPerLobby: 2 });
    const expected = sorted(world.lobbies.flatMap((l) => l.playerIds.slice(2)));
    const preview = await world.preview();
    expect(sorted(preview.plan.sure)).toEqual(expected);
    expect(preview.stageEnd).toMatchObject({ kind: "topPerLobby", keep: 2, inPlay: 24, cut: 18, through: 6 });
    const advanced = await world.advance();
    expect(sorted(advanced.eliminated)).toEqual(expected);
  });

  for (const drop of [9, 10]) {
    test(`a cut to 15 with ${24 - drop} players left in play (${drop} dropped): all go through, and both say so`, async () => {
      const { db } = getDb();
      const world = await dayOneScored(db, { cutTo: 15 }, drop);
      const inPlay = 24 - drop;
      const words = `Day 1 ends here: a cut to the best 15, but only ${inPlay} players are in play: all ${inPlay} go through to Day 2.`;
      const preview = await world.preview();
      expect(preview.stageEnd).toMatchObject({ kind: "cutTo", keep: 15, inPlay, cut: 0, through: inPlay, words });
      expect(preview).toMatchObject({ count: 0, error: null, plan: { sure: [], tied: [], needed: 0 } });
      const page = await world.sheet();
      expect(page.stage?.end).toBe(words);
      expect(page.stageEnd).toMatchObject({ words, cut: [] });
      const advanced = await world.advance();
      expect(advanced).toMatchObject({ currentRound: 2, eliminated: [] });
      expect(advanced.stageEnd).toMatchObject({ cut: 0, through: inPlay, words });
      expect(await world.eliminatedIds()).toEqual([]);
    });
  }
});
