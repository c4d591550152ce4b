// Scale: 4 scorekeepers save the 32 lobbies of a 256-player round at the same time through the API, on PostgreSQL:
// every save succeeds once, and the stored totals agree with the saved placements (docs/rules.md, "Staff").
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_SCORING, pointsFor } from "~/models/format/scoring";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { lobbyScores, scoreRound, staffedRound } from "./support/staff-round";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

describe.skipIf(skip)(`4 scorekeepers × 32 lobbies of 256 players${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  const keeperNames = [1, 2, 3, 4].map((k) => unique(`keeper${k}`));
  let keepers: string[];

  beforeAll(async () => {
    app = await startApp();
    [owner, ...keepers] = await Promise.all([app.login(unique("host")), ...keeperNames.map((name) => app.login(name))]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("every save succeeds once and the totals are consistent", async () => {
    const call = app.call.bind(app);
    const { tournamentId, playerIds, lobbies } = await staffedRound(call, owner, keeperNames);
    expect(lobbies).toHaveLength(32);
    expect(lobbies.every((l) => l.playerIds.length === 8)).toBe(true);

    const outcomes = await scoreRound(call, keepers, lobbies);
    expect(
      outcomes.filter((o) => o.status !== 200),
      "refused saves",
    ).toEqual([]);
    // Each lobby saved exactly once, each scorekeeper saved its 8.
    expect(new Set(outcomes.map((o) => o.lobbyId)).size).toBe(32);
    expect(outcomes).toHaveLength(32);
    for (const token of keepers) expect(outcomes.filter((o) => o.token === token)).toHaveLength(8);

    // Stored: 32 complete lobbies, one match per player, totals equal to the points of the placement saved.
    const [{ complete }] =
      await app.sql`select count(*)::int as complete from lobbies where tournament_id = ${tournamentId} and is_complete`;
    expect(complete).toBe(32);
    const rows = await app.sql<{ player_id: number; placement: number; points: number }[]>`
      select player_id, placement, points from matches where tournament_id = ${tournamentId}`;
    expect(rows).toHaveLength(256);
    const expected = new Map<number, number>();
    lobbies.forEach((l, i) => lobbyScores(l, i).forEach((s) => expected.set(s.playerId, s.placement)));
    for (const m of rows) expect(m.placement, `player ${m.player_id}`).toBe(expected.get(m.player_id));

    const board = (await app.call("GET", `/api/tournaments/${tournamentId}/leaderboard`)).body as {
      id: number;
      totalPoints: number;
      matchesPlayed: number;
    }[];
    expect(board).toHaveLength(256);
    expect(new Set(board.map((r) => r.id))).toEqual(new Set(playerIds));
    for (const r of board) {
      expect(r.matchesPlayed, `player ${r.id}`).toBe(1);
      expect(r.totalPoints, `player ${r.id}`).toBe(pointsFor(DEFAULT_SCORING, expected.get(r.id)!));
    }
    const perLobby = [1, 2, 3, 4, 5, 6, 7, 8].reduce((sum, place) => sum + pointsFor(DEFAULT_SCORING, place), 0);
    expect(board.reduce((sum, r) => sum + r.totalPoints, 0)).toBe(32 * perLobby);
  }, 180_000);
});
