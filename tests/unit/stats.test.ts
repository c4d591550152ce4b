// Player stats from matches plus a master's adjustments.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { adjustmentsFor, computePlayerStats, formatAverage, formatBestFinish } from "../../app/models/format/stats";
import { DEFAULT_SCORING, pointsFor } from "../../app/models/format/scoring";
import type { EngineMatch } from "../../app/models/format/types";
import { player, playLobby, rng } from "./fixtures";

const m = (placement: number, roundNumber = 1): EngineMatch => ({
  playerId: 1,
  lobbyId: roundNumber,
  roundNumber,
  placement,
  points: pointsFor(DEFAULT_SCORING, placement),
});

describe("computePlayerStats", () => {
  test("a player without matches has zero totals and no best finish", () => {
    expect(computePlayerStats(player(1), [])).toEqual({
      totalPoints: 0,
      matchesPlayed: 0,
      averagePlacement: 0,
      bestFinish: null,
      wins: 0,
      top4: 0,
    });
  });

  test("totals, average, best finish, wins and top-4 come from the matches", () => {
    const stats = computePlayerStats(player(1), [m(1, 1), m(4, 2), m(6, 3), m(1, 4)]);
    expect(stats).toEqual({
      totalPoints: 8 + 5 + 3 + 8,
      matchesPlayed: 4,
      averagePlacement: 3,
      bestFinish: 1,
      wins: 2,
      top4: 3,
    });
  });

  test("the average is kept unrounded", () => {
    expect(computePlayerStats(player(1), [m(1), m(2), m(2)]).averagePlacement).toBeCloseTo(5 / 3, 12);
  });

  test("a master's adjustments are added to the computed totals", () => {
    const p = player(1, { adjustPoints: 5, adjustMatches: 1, adjustAvg: 2.5 });
    const stats = computePlayerStats(p, [m(3), m(5)]);
    expect(stats.totalPoints).toBe(6 + 4 + 5);
    expect(stats.matchesPlayed).toBe(3);
    expect(stats.averagePlacement).toBe(2.5);
  });

  test("matches played never goes below zero", () => {
    expect(computePlayerStats(player(1, { adjustMatches: -3 }), [m(2)]).matchesPlayed).toBe(0);
  });
});

describe("adjustmentsFor", () => {
  test("a master's desired totals show exactly and survive a later recompute", () => {
    const matches = [m(2), m(4)];
    const adj = adjustmentsFor(player(1), matches, { totalPoints: 30, matchesPlayed: 5, averagePlacement: 1.5 });
    const now = computePlayerStats(adj, matches);
    expect([now.totalPoints, now.matchesPlayed, now.averagePlacement]).toEqual([30, 5, 1.5]);
    const later = computePlayerStats(adj, [...matches, m(1, 2)]);
    expect(later.totalPoints).toBe(30 + 8);
    expect(later.matchesPlayed).toBe(6);
  });

  test("undefined fields keep the current adjustment; the computed average clears the override", () => {
    const current = { adjustPoints: 3, adjustMatches: 1, adjustAvg: 4 };
    expect(adjustmentsFor(current, [m(2)], {})).toEqual(current);
    expect(adjustmentsFor(current, [m(2)], { averagePlacement: 2 }).adjustAvg).toBeNull();
    expect(adjustmentsFor(current, [m(2)], { averagePlacement: null }).adjustAvg).toBeNull();
  });
});

describe("display helpers", () => {
  test("average shows one decimal, or - before any match", () => {
    expect(formatAverage(0, 0)).toBe("-");
    expect(formatAverage(3.25, 4)).toBe("3.3");
    expect(formatAverage(4, 1)).toBe("4.0");
    expect(formatAverage(5 / 3, 3)).toBe("1.7");
  });

  test("best finish shows an ordinal or N/A", () => {
    expect(formatBestFinish(null)).toBe("N/A");
    expect(formatBestFinish(2)).toBe("2nd");
  });
});

describe("totals stay equal to the saved matches", () => {
  type Op = { kind: "save"; round: number; lobby: number; seed: number } | { kind: "undo"; round: number };

  const op = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("save" as const),
        round: fc.integer({ min: 1, max: 4 }),
        lobby: fc.integer({ min: 0, max: 3 }),
        seed: fc.integer(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("undo" as const), round: fc.integer({ min: 1, max: 4 }) }) },
  );

  test("after any sequence of saves, edits and undos", () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 32 }), fc.array(op, { maxLength: 40 }), (n, ops: Op[]) => {
        const players = Array.from({ length: n }, (_, i) =>
          player(i + 1, { adjustPoints: i % 5 === 0 ? 3 : 0, adjustMatches: i % 7 === 0 ? 1 : 0 }),
        );
        // Fixed lobbies per round: players split into four groups of up to 8.
        const lobbyOf = (id: number) => (id - 1) % 4;
        let matches: EngineMatch[] = [];
        // An independent ledger moved by deltas, as an incremental implementation would.
        const ledger = new Map(players.map((p) => [p.id, { points: p.adjustPoints, played: p.adjustMatches }]));
        const apply = (removed: EngineMatch[], added: EngineMatch[]) => {
          for (const x of removed) {
            const e = ledger.get(x.playerId)!;
            e.points -= x.points;
            e.played -= 1;
          }
          for (const x of added) {
            const e = ledger.get(x.playerId)!;
            e.points += x.points;
            e.played += 1;
          }
        };
        for (const o of ops) {
          if (o.kind === "save") {
            const lobbyId = o.round * 10 + o.lobby;
            const ids = players.filter((p) => lobbyOf(p.id) === o.lobby).map((p) => p.id);
            const removed = matches.filter((x) => x.lobbyId === lobbyId);
            const added = playLobby(lobbyId, o.round, ids, rng(o.seed));
            matches = [...matches.filter((x) => x.lobbyId !== lobbyId), ...added];
            apply(removed, added);
          } else {
            const removed = matches.filter((x) => x.roundNumber === o.round);
            matches = matches.filter((x) => x.roundNumber !== o.round);
            apply(removed, []);
          }
        }
        for (const p of players) {
          const mine = matches.filter((x) => x.playerId === p.id);
          const stats = computePlayerStats(p, mine);
          const expected = ledger.get(p.id)!;
          expect(stats.totalPoints).toBe(expected.points);
          expect(stats.matchesPlayed).toBe(expected.played);
          expect(stats.totalPoints).toBe(mine.reduce((s, x) => s + x.points, 0) + p.adjustPoints);
          if (mine.length > 0) {
            expect(stats.averagePlacement).toBeCloseTo(
              mine.reduce((s, x) => s + (x.placement ?? 0), 0) / mine.length,
              9,
            );
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
