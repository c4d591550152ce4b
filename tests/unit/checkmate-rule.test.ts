// The checkmate stage's owners against plain references (issue 37): where a stage's points start (pointsFrom), the
// last game a checkmate stage can play (its cap, never past the event's 100th round), the bounds the stage list puts
// on threshold and cap, and the checkmate tally; and the riot preset, whose event points decide a stage's points tie
// in a staged event and change nothing with one stage.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readRuleset, RIOT_TIEBREAKERS, rulesetFromTiebreakers, type Tiebreaker } from "~/models/format/ruleset";
import { checkmateTally, overallStandings } from "~/models/format/stage-standings";
import { computeStandings } from "~/models/format/standings";
import { checkmateRule, pointsFrom, stageRoundNote, stagesProblem, type Stage } from "~/models/format/stages";
import type { EngineMatch } from "~/models/format/types";
import { player, playLobby, rng, shuffle } from "./fixtures";

const stageArb = fc.record({
  games: fc.integer({ min: 1, max: 6 }),
  points: fc.constantFrom("carry" as const, "reset" as const),
});
const capArb = fc.option(fc.integer({ min: 1, max: 120 }), { nil: null });

/** A list of stages, the last a checkmate with the given cap (at least its games). */
function listOf(shape: { games: number; points: "carry" | "reset" }[], cap: number | null): Stage[] {
  return shape.map((s, i) => ({
    name: `S${i + 1}`,
    games: s.games,
    draw: "snake",
    points: s.points,
    end:
      i === shape.length - 1
        ? { checkmate: { threshold: 20, maxGames: cap === null ? null : Math.max(cap, s.games) } }
        : null,
  }));
}

describe("where a stage's points start", () => {
  test("the first round of the latest stage up to it that resets, else round 1", () => {
    fc.assert(
      fc.property(fc.array(stageArb, { minLength: 1, maxLength: 5 }), (shape) => {
        const stages = listOf(shape, null);
        // Reference: walk the rounds, remembering where the last reset began.
        let round = 1;
        let start = 1;
        shape.forEach((s, index) => {
          if (s.points === "reset") start = round;
          expect(pointsFrom(stages, index)).toBe(start);
          round += s.games;
        });
      }),
    );
  });
});

describe("the last game of a checkmate stage", () => {
  test("its cap's game, never past round 100; round 100 without a cap; none without a checkmate", () => {
    fc.assert(
      fc.property(fc.array(stageArb, { minLength: 1, maxLength: 5 }), capArb, (shape, cap) => {
        const stages = listOf(shape, cap);
        const before = shape.slice(0, -1).reduce((sum, s) => sum + s.games, 0);
        const games = shape[shape.length - 1].games;
        const rule = checkmateRule(stages)!;
        expect(rule.threshold).toBe(20);
        expect(rule.position.firstRound).toBe(before + 1);
        const byCap = cap === null ? Infinity : before + Math.max(cap, games);
        expect(rule.lastGame).toBe(Math.min(100, byCap));
        expect(checkmateRule(stages.map((s) => ({ ...s, end: null })))).toBeNull();
      }),
    );
  });

  test("the stage list: a threshold above 200 or a cap ending past round 100 is refused, the limits themselves are not", () => {
    const day = (games: number): Stage => ({ name: "Day", games, draw: "snake", points: "carry", end: null });
    const final = (threshold: number, maxGames: number | null): Stage => ({
      name: "Final",
      games: 5,
      draw: "snake",
      points: "reset",
      end: { checkmate: { threshold, maxGames } },
    });
    expect(stagesProblem([day(10), final(200, 90)], 64)).toBeNull();
    expect(stagesProblem([day(10), final(200, 91)], 64)).toEqual({
      field: "stages.1.end",
      message: "Final: the game cap is at most 90 games: an event plays at most 100 games",
    });
    expect(stagesProblem([final(201, null)], 64)).toEqual({
      field: "stages.0.end",
      message: "Final: the checkmate threshold is at most 200 points",
    });
    expect(stagesProblem([final(200, 100)], 64)).toBeNull();
    expect(stagesProblem([final(200, 101)], 64)?.message).toMatch(/at most 100 games/);
  });

  test("the score page's note: an uncapped final grown to round 100 says it is the last game and offers no more", () => {
    const stages: Stage[] = [
      { name: "Day 1", games: 5, draw: "snake", points: "carry", end: null },
      {
        name: "Final",
        games: 95,
        draw: "swiss",
        points: "reset",
        end: { checkmate: { threshold: 20, maxGames: null } },
      },
    ];
    const t = { stages, totalRounds: 100, lobbyMethod: "snake" as const };
    expect(stageRoundNote(t, 99)).toMatchObject({ playsOn: true });
    expect(stageRoundNote(t, 100)).toMatchObject({
      label: "Final · Game 95 of 95",
      end: "Checkmate final: a player on 20 points or more who places 1st wins the tournament; this is its last game: without a winner, the leader on points wins.",
      playsOn: false,
    });
  });

  test("the tally: each player's stage points before the round (adjustments only from round 1), against a reference", () => {
    fc.assert(
      fc.property(
        fc.array(stageArb, { minLength: 1, maxLength: 3 }),
        fc.integer(),
        fc.integer({ min: 1, max: 20 }),
        (shape, seed, before) => {
          const stages = listOf(shape, null);
          const rand = rng(seed);
          const players = Array.from({ length: 16 }, (_, i) => player(i + 1, { adjustPoints: i % 4 === 0 ? 5 : 0 }));
          const total = shape.reduce((sum, s) => sum + s.games, 0);
          const matches: EngineMatch[] = [];
          for (let round = 1; round <= total; round++) {
            const order = shuffle(
              players.map((p) => p.id),
              rand,
            );
            matches.push(...playLobby(2 * round, round, order.slice(0, 8), rand));
            matches.push(...playLobby(2 * round + 1, round, order.slice(8), rand));
          }
          const tally = checkmateTally(players, matches, stages, before);
          // Reference: the last reset's first round (1 without one), then every point from there up to the round before.
          let first = 1;
          let round = 1;
          for (const s of shape) {
            if (s.points === "reset") first = round;
            round += s.games;
          }
          for (const p of players) {
            const own = matches
              .filter((m) => m.playerId === p.id && m.roundNumber >= first && m.roundNumber < before)
              .reduce((sum, m) => sum + m.points, 0);
            expect(tally.get(p.id)).toBe(own + (first === 1 ? p.adjustPoints : 0));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The riot chain as it was before event points joined it. */
const RIOT_WITHOUT_EVENT_POINTS: Tiebreaker[] = [
  "totalPoints",
  "riotScore",
  "placementCounts",
  "recentGames",
  "registration",
];

describe("the riot preset", () => {
  /** One game: the players in `order` placed 1st, 2nd, … (points 8, 7, …). */
  const game = (round: number, order: number[]): EngineMatch[] =>
    order.map((playerId, i) => ({ playerId, lobbyId: round, roundNumber: round, placement: i + 1, points: 8 - i }));

  test("a staged event: level on the final's points (reset), more event points wins, though fewer top 4s + 1sts", () => {
    // The 2024 Americas Golden Spatula's shape: two players level on the final day's points (reset); Riot crowned
    // the one with more points over the event. Here A (8 on Day 1) and B (5) make 14 each in the final, B with a
    // 1st and a 3rd (top 4s + 1sts: 3), A with two 2nds (2).
    const [a, b] = [1, 2];
    const players = Array.from({ length: 8 }, (_, i) => player(i + 1));
    const stages: Stage[] = [
      { name: "Day 1", games: 1, draw: "snake", points: "carry", end: null },
      { name: "Final", games: 2, draw: "swiss", points: "reset", end: null },
    ];
    const others = [3, 4, 5, 6, 7, 8];
    const matches = [
      ...game(1, [a, 3, 4, b, 5, 6, 7, 8]),
      ...game(2, [b, a, ...others]),
      ...game(3, [8, a, b, 7, 6, 5, 4, 3]),
    ];
    const t = { stages, totalRounds: 3, lobbyMethod: "snake" as const, currentRound: 3 };
    const rows = overallStandings(players, matches, t, RIOT_TIEBREAKERS);
    expect(rows.slice(0, 2).map((r) => [r.playerId, r.totalPoints, r.eventPoints])).toEqual([
      [a, 14, 22],
      [b, 14, 19],
    ]);
    expect(rows[1].separatedBy).toBe("eventPoints");
    // Without event points, top 4s + 1sts would have put B first: the order this fixes.
    expect(overallStandings(players, matches, t, RIOT_WITHOUT_EVENT_POINTS)[0].playerId).toBe(b);
  });

  test("one stage: exactly the order, ranks and separating criteria of the chain without event points", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 8, max: 32 }), fc.integer({ min: 1, max: 6 }), (seed, n, rounds) => {
        const rand = rng(seed);
        const players = Array.from({ length: n }, (_, i) =>
          player(i + 1, { adjustPoints: rand() < 0.2 ? Math.floor(rand() * 5) : 0 }),
        );
        const matches: EngineMatch[] = [];
        for (let round = 1; round <= rounds; round++) {
          const order = shuffle(
            players.map((p) => p.id),
            rand,
          );
          for (let i = 0; i < order.length; i += 8)
            matches.push(...playLobby(round * 10 + i, round, order.slice(i, i + 8), rand));
        }
        const t = { stages: null, totalRounds: rounds, lobbyMethod: "snake" as const, currentRound: rounds };
        const shape = (rows: { playerId: number; rank: number; separatedBy: string | null }[]) =>
          rows.map((r) => [r.playerId, r.rank, r.separatedBy]);
        expect(shape(overallStandings(players, matches, t, RIOT_TIEBREAKERS))).toEqual(
          shape(computeStandings(players, matches, RIOT_WITHOUT_EVENT_POINTS)),
        );
      }),
      { numRuns: 200 },
    );
  });

  test("the riot chain stored before event points joined it reads as today's riot preset", () => {
    expect(readRuleset({ preset: "riot", tiebreakers: RIOT_WITHOUT_EVENT_POINTS })).toEqual({
      preset: "riot",
      tiebreakers: [...RIOT_TIEBREAKERS],
    });
    expect(rulesetFromTiebreakers(RIOT_WITHOUT_EVENT_POINTS.slice(0, -1)).preset).toBe("riot");
    expect(RIOT_TIEBREAKERS).toEqual([
      "totalPoints",
      "eventPoints",
      "riotScore",
      "placementCounts",
      "recentGames",
      "registration",
    ]);
  });
});
