// "What do I need" before a cut between games, through the API as the router calls it: an Elimination event of 32
// players, whose cut dialog proposes cutting the bottom quarter from round 3 on. Before round 3's game every leaderboard
// row says what its player needs to stay in the best 24, and the cut the advance screen then proposes agrees with it.
import { beforeEach, expect, test } from "vitest";
import { action as tournamentsAction } from "~/routes/api/tournaments";
import { action as generateAction } from "~/routes/api/tournament.lobbies.generate";
import { action as matchesAction } from "~/routes/api/lobby.matches";
import { action as advanceAction, loader as previewLoader } from "~/routes/api/tournament.advance-round";
import { loader as leaderboardLoader } from "~/routes/api/tournament.leaderboard";
import { describeEachDriver } from "../setup/databases";
import { callRoute as call, clearCaches } from "./route-call";
import { addPlayers, makeUser } from "./model-fixtures";

beforeEach(clearCaches);

type Row = {
  id: number;
  isEliminated: boolean;
  need: { kind: string; line: string; keep: number; playing: boolean; safe: number; alive: number } | null;
};

describeEachDriver("what do I need before Elimination's proposed cut, through the API", (getDb) => {
  test("32 players: round 3 is the last game before the cut to the best 24, and the proposed cut agrees", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const created = await call(
      tournamentsAction,
      db,
      owner,
      "POST",
      "/api/tournaments",
      {},
      { name: "Elimination Open", maxPlayers: 32, totalRounds: 4, format: "elimination", isPublic: true },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id as number;
    await addPlayers(db, owner, id, 32);
    const path = `/api/tournaments/${id}`;
    const ids = { id: String(id) };
    const board = async () =>
      (await call(leaderboardLoader, db, null, "GET", `${path}/leaderboard`, ids)).body as Row[];

    /** Draws the current round; `before` reads the board then; each lobby is scored by `rank` (best first). */
    const playRound = async (rank: (playerIds: number[]) => number[], before?: () => Promise<void>) => {
      const drawn = await call(generateAction, db, owner, "POST", `${path}/lobbies/generate`, ids, {});
      expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
      await before?.();
      const placed = new Map<number, number>();
      for (const lobby of drawn.body.lobbies as { id: number; playerIds: number[] }[]) {
        const order = rank(lobby.playerIds);
        order.forEach((playerId, i) => placed.set(playerId, i + 1));
        const saved = await call(
          matchesAction,
          db,
          owner,
          "POST",
          `/api/lobbies/${lobby.id}/matches`,
          { id: String(lobby.id) },
          { scores: order.map((playerId, i) => ({ playerId, placement: i + 1 })) },
        );
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      }
      return placed;
    };
    const advance = async (body: Record<string, unknown> = {}) => {
      const answer = await call(advanceAction, db, owner, "POST", `${path}/advance-round`, ids, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const ascending = (list: number[]) => [...list].sort((a, b) => a - b);

    // Rounds 1 and 2: no cut is proposed after them, so no line is ahead.
    await playRound(ascending, async () => {
      expect((await board()).every((r) => r.need === null)).toBe(true);
    });
    await advance();
    await playRound(ascending, async () => {
      expect((await board()).every((r) => r.need === null)).toBe(true);
    });
    await advance();

    // Round 3: the cut dialog will propose the bottom quarter (8 of 32): every row needs a place in the best 24.
    let needs = new Map<number, NonNullable<Row["need"]>>();
    const placed = await playRound(ascending, async () => {
      const rows = await board();
      expect(rows).toHaveLength(32);
      for (const row of rows)
        expect(row.need, `player ${row.id}`).toMatchObject({ kind: "cut", line: "overall", keep: 24, playing: true });
      needs = new Map(rows.map((r) => [r.id, r.need!]));
    });
    const preview = (await call(previewLoader, db, owner, "GET", `${path}/advance-round`, ids)).body;
    expect(preview.proposedCount).toBe(8);
    const plan = preview.plan as { sure: number[]; tied: number[]; needed: number };
    const mayGo = new Set([...plan.sure, ...plan.tied]);
    // Placing within "safe" kept a player out of the cut whatever; placing worse than "alive" put them in it for sure.
    let safe = 0;
    let out = 0;
    for (const [playerId, need] of needs) {
      const y = placed.get(playerId)!;
      if (y <= need.safe) {
        safe++;
        expect(mayGo.has(playerId), `player ${playerId} placed ${y}, safe ${need.safe}`).toBe(false);
      }
      if (y > need.alive) {
        out++;
        expect(plan.sure.includes(playerId), `player ${playerId} placed ${y}, alive ${need.alive}`).toBe(true);
      }
    }
    expect(safe).toBeGreaterThan(0);
    expect(out).toBeGreaterThan(0);
    const advanced = await advance({ eliminationCount: 8, tiebreakerPlayerIds: plan.tied.slice(0, plan.needed) });
    expect(advanced.eliminated).toHaveLength(8);

    // Round 4 is the last: advancing after it completes the tournament, so no cut is ahead of it.
    await playRound(ascending, async () => {
      expect((await board()).every((r) => r.need === null)).toBe(true);
    });
  });
});
