// One stage's board (`?stage=N`, stageLeaderboardRows): an ended stage reads as it stood at its end, whatever later
// stages' games add (fast-check against the board taken at that end, chains with eventPoints included); a checkmate
// final's board puts its winner first with the same separatedBy words as the overall standings.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { Player } from "#db/schema";
import { TIEBREAKERS, type Tiebreaker } from "~/models/format/ruleset";
import { stageLeaderboardRows, standingsAfter, type StandingsData } from "~/models/format/settled.server";
import { stagePositions, type Stage } from "~/models/format/stages";
import { rng, shuffle, playerRow as storedPlayer } from "./fixtures";

type M = StandingsData["matches"][number];

const playerRow = (id: number) => storedPlayer(id, { name: `P${id}`, riotTag: `T${id}` });

function data(stages: Stage[], players: Player[], matches: M[], currentRound: number, chain: Tiebreaker[]) {
  const rounds = [...new Set(matches.map((m) => m.roundNumber))];
  return {
    tournament: {
      id: 1,
      version: 1,
      status: "active" as const,
      currentRound,
      finalizedRound: currentRound - 1,
      ruleset: { preset: "custom", tiebreakers: chain },
      stages,
      totalRounds: stages.reduce((sum, s) => sum + s.games, 0),
      lobbyMethod: "snake" as const,
    },
    players,
    lobbies: rounds.map((roundNumber) => ({ roundNumber })),
    matches,
  } satisfies StandingsData;
}

const board = (rows: ReturnType<typeof stageLeaderboardRows>) =>
  rows.map((r) => [
    r.id,
    r.rank,
    r.totalPoints,
    r.eventPoints,
    r.matchesPlayed,
    r.separatedBy,
    r.isEliminated,
    r.isDropped,
    r.dropRound,
  ]);

/** Chains of distinct criteria after total points, eventPoints always among them (reset stages make it differ). */
const chainArb = fc
  .shuffledSubarray(
    TIEBREAKERS.filter((c) => c !== "totalPoints" && c !== "registration" && c !== "eventPoints"),
    { maxLength: 3 },
  )
  .chain((rest) =>
    fc
      .integer({ min: 0, max: rest.length })
      .map((at): Tiebreaker[] => [
        "totalPoints",
        ...rest.slice(0, at),
        "eventPoints",
        ...rest.slice(at),
        "registration",
      ]),
  );

const inPlay = (p: Player) => !p.isEliminated && p.droppedAt === null;

describe("an ended stage's board", () => {
  test("reads as it stood at its end: later stages' games change nothing in it, and no row is on checkmate", () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer(),
          count: fc.integer({ min: 8, max: 20 }),
          shape: fc.array(
            fc.record({ games: fc.integer({ min: 1, max: 2 }), points: fc.constantFrom("carry", "reset") }),
            { minLength: 2, maxLength: 3 },
          ),
          chain: chainArb,
          // Now and then a checkmate final with a low threshold: players on checkmate in it, never on an ended board.
          checkmate: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
        }),
        ({ seed, count, shape, chain, checkmate }) => {
          const rand = rng(seed);
          const stages: Stage[] = shape.map((s, i) => ({
            name: `S${i + 1}`,
            games: s.games,
            draw: "snake",
            points: s.points as Stage["points"],
            end:
              checkmate !== null && i === shape.length - 1
                ? { checkmate: { threshold: checkmate, maxGames: null } }
                : null,
          }));
          const positions = stagePositions(stages);
          const players = Array.from({ length: count }, (_, i) => playerRow(i + 1));
          const matches: M[] = [];
          /** Each ended stage's board taken right after it ended (the next stage current, not yet played or dropped from). */
          const atEnd: unknown[] = [];
          for (const position of positions) {
            for (let round = position.firstRound; round <= position.lastRound; round++) {
              const alive = shuffle(players.filter(inPlay), rand);
              for (let i = 0; i < alive.length; i += 8) {
                const lobby = alive.slice(i, i + 8);
                lobby.forEach((p, k) =>
                  matches.push({ playerId: p.id, roundNumber: round, placement: k + 1, points: 8 - k }),
                );
              }
            }
            if (position.index === stages.length - 1) break;
            // Some players are cut at the stage's end (keeping at least 4 in play).
            const alive = players.filter(inPlay);
            for (const p of shuffle(alive, rand).slice(0, Math.floor(rand() * (alive.length - 4))))
              p.isEliminated = true;
            const snapshot = players.map((p) => ({ ...p }));
            atEnd.push(
              board(
                stageLeaderboardRows(
                  data(stages, snapshot, [...matches], position.lastRound + 1, chain),
                  position.index,
                ),
              ),
            );
            // Now and then a player drops before the next stage's first draw (dropRound: the round current then).
            const [leaving] = shuffle(players.filter(inPlay), rand);
            if (rand() < 0.4 && players.filter(inPlay).length > 4)
              Object.assign(leaving, { droppedAt: new Date(0), dropReason: "left", dropRound: position.lastRound + 1 });
          }
          const later = data(stages, players, matches, positions[positions.length - 1].lastRound, chain);
          atEnd.forEach((rows, index) => {
            const ended = stageLeaderboardRows(later, index);
            expect(board(ended)).toEqual(rows);
            // The plain reference: on checkmate is the final's game ahead, so no row of an ended stage has it.
            expect(ended.filter((r) => r.onCheckmate).map((r) => r.id)).toEqual([]);
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("a checkmate final's board", () => {
  test("its winner first, the row below separated by status, as on the overall standings", () => {
    // One lobby of 8, threshold 8. Game 1: P1 1st (8), P2 8th (1). Game 2: P1 on checkmate places 2nd (15); P2 wins
    // it, not yet on checkmate (9). Game 3: both on checkmate; P2 wins it: the winner, below P1 on points (17 < 22).
    const stages: Stage[] = [
      { name: "Final", games: 3, draw: "snake", points: "carry", end: { checkmate: { threshold: 8, maxGames: null } } },
    ];
    const orders = [
      [1, 3, 4, 5, 6, 7, 8, 2],
      [2, 1, 3, 4, 5, 6, 7, 8],
      [2, 1, 3, 4, 5, 6, 7, 8],
    ];
    const matches: M[] = orders.flatMap((order, r) =>
      order.map((playerId, k) => ({ playerId, roundNumber: r + 1, placement: k + 1, points: 8 - k })),
    );
    const d = data(
      stages,
      Array.from({ length: 8 }, (_, i) => playerRow(i + 1)),
      matches,
      3,
      ["totalPoints", "registration"],
    );
    const rows = stageLeaderboardRows(d, 0);
    expect(rows.slice(0, 3).map((r) => [r.id, r.rank, r.totalPoints, r.separatedBy])).toEqual([
      [2, 1, 17, null],
      [1, 2, 22, "status"],
      [3, 3, 19, "totalPoints"],
    ]);
    const overall = standingsAfter(d, null, ["totalPoints", "registration"]);
    expect(rows.map((r) => [r.id, r.rank, r.separatedBy])).toEqual(
      overall.map((r) => [r.playerId, r.rank, r.separatedBy]),
    );
  });
});

describe("an ended stage's board before a checkmate final", () => {
  test("carries no checkmate marks: on checkmate is the final's game ahead, not the earlier stage's", () => {
    // 16 players; Day 1 (one game, lobbies by id) cuts to 8; the Final resets points, checkmate at 10. After the Final's
    // first game P1 (8) and P2 (7) are not on checkmate; after its second, P1 (8 + 7 = 15) and P2 (7 + 8 = 15) are.
    const stages: Stage[] = [
      { name: "Day 1", games: 1, draw: "snake", points: "carry", end: { cutTo: 8 } },
      { name: "Final", games: 3, draw: "snake", points: "reset", end: { checkmate: { threshold: 10, maxGames: 6 } } },
    ];
    const day1 = [
      [1, 2, 3, 4, 5, 6, 7, 8],
      [9, 10, 11, 12, 13, 14, 15, 16],
    ].flatMap((order) => order.map((playerId, k) => ({ playerId, roundNumber: 1, placement: k + 1, points: 8 - k })));
    const finalists = [1, 9, 2, 10, 3, 11, 4, 12];
    const final = [finalists, [2, 1, 9, 10, 3, 11, 4, 12]].flatMap((order, r) =>
      order.map((playerId, k) => ({ playerId, roundNumber: r + 2, placement: k + 1, points: 8 - k })),
    );
    const players = Array.from({ length: 16 }, (_, i) => ({
      ...playerRow(i + 1),
      isEliminated: !finalists.includes(i + 1),
    }));
    const d = data(stages, players, [...day1, ...final], 4, ["totalPoints", "registration"]);
    const finalBoard = stageLeaderboardRows(d, 1);
    expect(finalBoard.filter((r) => r.onCheckmate).map((r) => r.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(stageLeaderboardRows(d, 0).filter((r) => r.onCheckmate)).toEqual([]);
  });
});
