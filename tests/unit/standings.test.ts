// Standings: the tiebreak chain, ranks, the separating criterion, and a total, stable order.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { CRITERION_LABELS, computeStandings, type StandingRow } from "../../app/models/format/standings";
import type { EngineMatch } from "../../app/models/format/types";
import { player, rng, shuffle, simulate } from "./fixtures";

const match = (playerId: number, roundNumber: number, placement: number, points: number): EngineMatch => ({
  playerId,
  lobbyId: roundNumber,
  roundNumber,
  placement,
  points,
});

const order = (rows: StandingRow[]) => rows.map((r) => r.playerId);

describe("computeStandings tiebreaks", () => {
  test("more total points rank first", () => {
    const rows = computeStandings([player(1), player(2)], [match(1, 1, 5, 4), match(2, 1, 1, 8)]);
    expect(order(rows)).toEqual([2, 1]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2]);
    expect(rows.map((r) => r.separatedBy)).toEqual([null, "totalPoints"]);
  });

  test("equal points: the lower average placement ranks first", () => {
    // Player 1: 8 points in 2 matches (avg 3.5 in the test's placements); player 2: 8 points in 1 match.
    const rows = computeStandings([player(1), player(2)], [match(1, 1, 3, 4), match(1, 2, 4, 4), match(2, 1, 1, 8)]);
    expect(order(rows)).toEqual([2, 1]);
    expect(rows[1].separatedBy).toBe("averagePlacement");
  });

  test("a player without matches counts as the worst average, not a perfect 0", () => {
    const rows = computeStandings([player(1, { adjustPoints: 4 }), player(2)], [match(2, 1, 5, 4)]);
    expect(order(rows)).toEqual([2, 1]);
    expect(rows[1].separatedBy).toBe("averagePlacement");
  });

  test("equal points and average: the better best finish ranks first", () => {
    const rows = computeStandings(
      [player(1), player(2)],
      [match(1, 1, 1, 5), match(1, 2, 5, 5), match(2, 1, 3, 5), match(2, 2, 3, 5)],
    );
    expect(order(rows)).toEqual([1, 2]);
    expect(rows[1].separatedBy).toBe("bestFinish");
  });

  test("then more wins", () => {
    // Same points (16), average (3) and best finish (1); player 2 won twice.
    const rows = computeStandings(
      [player(1), player(2)],
      [
        match(1, 1, 1, 8),
        match(1, 2, 4, 4),
        match(1, 3, 4, 4),
        match(2, 1, 1, 8),
        match(2, 2, 1, 8),
        match(2, 3, 7, 0),
      ],
    );
    expect(order(rows)).toEqual([2, 1]);
    expect(rows[1].separatedBy).toBe("wins");
  });

  test("then more top-4 finishes", () => {
    const rows = computeStandings(
      [player(1), player(2)],
      [
        match(1, 1, 1, 8),
        match(1, 2, 5, 4),
        match(1, 3, 6, 4),
        match(2, 1, 1, 8),
        match(2, 2, 3, 4),
        match(2, 3, 8, 4),
      ],
    );
    expect(order(rows)).toEqual([2, 1]);
    expect(rows[1].separatedBy).toBe("top4");
  });

  test("then the lower seed, with no seed last", () => {
    const rows = computeStandings([player(1), player(2, { seed: 5 }), player(3, { seed: 2 })], []);
    expect(order(rows)).toEqual([3, 2, 1]);
    expect(rows.map((r) => r.separatedBy)).toEqual([null, "seed", "seed"]);
  });

  test("then registration order, so the order is total", () => {
    const rows = computeStandings([player(9), player(4)], []);
    expect(order(rows)).toEqual([4, 9]);
    expect(rows[1].separatedBy).toBe("registration");
  });

  test("eliminated players rank after every active one, whatever their points", () => {
    const rows = computeStandings(
      [player(1, { isEliminated: true }), player(2), player(3)],
      [match(1, 1, 1, 8), match(2, 1, 8, 1), match(3, 1, 7, 2)],
    );
    expect(order(rows)).toEqual([3, 2, 1]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(rows[2].separatedBy).toBe("status");
    expect(rows[2].isEliminated).toBe(true);
  });

  test("soft-removed players are not ranked", () => {
    const rows = computeStandings([player(1), player(2, { isRemoved: true })], []);
    expect(order(rows)).toEqual([1]);
  });

  test("rows carry the player's stats with adjustments", () => {
    const [row] = computeStandings([player(1, { adjustPoints: 2, adjustAvg: 1.5 })], [match(1, 1, 2, 7)]);
    expect(row).toMatchObject({
      playerId: 1,
      totalPoints: 9,
      matchesPlayed: 1,
      averagePlacement: 1.5,
      bestFinish: 2,
      wins: 0,
      top4: 1,
      isEliminated: false,
      separatedBy: null,
    });
  });

  test("every criterion has a label", () => {
    expect(CRITERION_LABELS).toEqual({
      status: "Status",
      totalPoints: "Total points",
      eventPoints: "Event points",
      averagePlacement: "Average placement",
      bestFinish: "Best finish",
      wins: "Wins",
      top4: "Top-4 finishes",
      riotScore: "Top-4 finishes plus wins",
      placementCounts: "Placement counts",
      recentGames: "Most recent games",
      seed: "Seed",
      registration: "Registration order",
    });
  });
});

describe("standings properties over random fields", () => {
  const field = fc.record({
    players: fc.integer({ min: 16, max: 256 }),
    rounds: fc.integer({ min: 1, max: 10 }),
    seed: fc.integer(),
    cuts: fc.boolean(),
  });

  test("a total order: each row is strictly after the row above, for the criterion it names", () => {
    fc.assert(
      fc.property(field, (f) => {
        const { players, matches } = simulate({ ...f, method: "snake" });
        const rows = computeStandings(players, matches);
        expect(rows).toHaveLength(players.length);
        rows.forEach((row, i) => {
          expect(row.rank).toBe(i + 1);
          if (i === 0) return expect(row.separatedBy).toBeNull();
          const above = rows[i - 1];
          expect(row.separatedBy).not.toBeNull();
          expect(Number(above.isEliminated)).toBeLessThanOrEqual(Number(row.isEliminated));
          if (above.isEliminated === row.isEliminated) {
            expect(above.totalPoints).toBeGreaterThanOrEqual(row.totalPoints);
          }
          if (row.separatedBy === "averagePlacement") {
            expect(above.totalPoints).toBe(row.totalPoints);
            expect(above.averagePlacement).toBeLessThan(row.averagePlacement);
          }
          if (row.separatedBy === "registration") expect(above.playerId).toBeLessThan(row.playerId);
        });
      }),
      { numRuns: 40 },
    );
  });

  test("the same data in any input order gives the same standings", () => {
    fc.assert(
      fc.property(field, fc.integer(), (f, shuffleSeed) => {
        const { players, matches } = simulate({ ...f, method: "snake" });
        const rand = rng(shuffleSeed);
        const a = computeStandings(players, matches);
        const b = computeStandings(shuffle(players, rand), shuffle(matches, rand));
        expect(b).toEqual(a);
      }),
      { numRuns: 40 },
    );
  });
});
