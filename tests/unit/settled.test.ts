// Standings after a round, rebuilt later from the whole tournament, against the live standings recorded when that round
// ended (a plain replay); and the leaderboard's settled flags, rank changes and round checks.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ActionError } from "~/models/errors";
import { computeStandings } from "~/models/format/standings";
import { leaderboardAnswer, standingsAfter, type StandingsData } from "~/models/format/settled.server";
import { toEnginePlayer } from "~/models/format/stats.server";
import { playerRow as storedPlayer } from "./fixtures";

type M = StandingsData["matches"][number];

const playerRow = (id: number, isEliminated = false) =>
  storedPlayer(id, { name: `P${id}`, riotTag: `T${id}`, isEliminated });

/**
 * A tournament played round by round: lobbies of up to 8 drawn from the active players, random placements, a cut after
 * some rounds, and now and then a player dropping (before a round's draw or after its game).
 */
const tournamentArb = fc
  .record({
    size: fc.integer({ min: 4, max: 24 }),
    rounds: fc.integer({ min: 1, max: 4 }),
    seed: fc.integer(),
  })
  .map(({ size, rounds, seed }) => {
    let state = seed >>> 0 || 1;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const shuffle = <T>(list: T[]) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    };
    const players = Array.from({ length: size }, (_, i) => playerRow(i + 1));
    const matches: M[] = [];
    /** The live standings as they were when each round ended (after its cut), computed from that moment's world. */
    const recorded: ReturnType<typeof computeStandings>[] = [];
    const inPlay = () => players.filter((p) => !p.isEliminated && p.droppedAt === null);
    /** A drop made while `round` is the current one (before its draw, or after its game): dropRound is that round. */
    const dropOne = (round: number) => {
      const [p] = shuffle(inPlay());
      if (p && inPlay().length > 4) Object.assign(p, { droppedAt: new Date(0), dropReason: "left", dropRound: round });
    };
    for (let round = 1; round <= rounds; round++) {
      if (round > 1 && random() < 0.3) dropOne(round);
      const active = shuffle(inPlay());
      for (let start = 0; start < active.length; start += 8) {
        const lobby = active.slice(start, start + 8);
        shuffle(lobby.map((_, i) => i + 1)).forEach((placement, i) =>
          matches.push({ playerId: lobby[i].id, roundNumber: round, placement, points: 9 - placement }),
        );
      }
      if (random() < 0.3) dropOne(round);
      const stillIn = inPlay();
      if (round < rounds && stillIn.length > 4 && random() < 0.6) {
        for (const p of shuffle(stillIn).slice(0, Math.floor(random() * (stillIn.length - 4)))) p.isEliminated = true;
      }
      recorded.push(computeStandings(players.map(toEnginePlayer), [...matches]));
    }
    return { players, matches, rounds, recorded };
  });

/** The standings rows without what stages add (one stage: stage 0, event points = total points, no checkmate). */
const plain = (rows: ReturnType<typeof standingsAfter>) =>
  rows.map(({ stage, eventPoints, onCheckmate, ...row }) => {
    expect([stage, eventPoints, onCheckmate]).toEqual([0, row.totalPoints, false]);
    return row;
  });

describe("standings after a round", () => {
  test("rebuilt from the finished tournament, every round's standings are those recorded when it ended", () => {
    fc.assert(
      fc.property(tournamentArb, ({ players, matches, rounds, recorded }) => {
        for (let round = 1; round <= rounds; round++) {
          expect(plain(standingsAfter({ players, matches }, round))).toEqual(recorded[round - 1]);
        }
        expect(plain(standingsAfter({ players, matches }, null))).toEqual(recorded[rounds - 1]);
      }),
      { numRuns: 150 },
    );
  });

  test("the leaderboard: rank changes from the round before, final rows only up to the finalized round", () => {
    fc.assert(
      fc.property(tournamentArb, fc.nat(), ({ players, matches, rounds, recorded }, pick) => {
        const finalizedRound = pick % (rounds + 1);
        const data: StandingsData = {
          tournament: { id: 1, version: 7, status: "active", currentRound: rounds, finalizedRound },
          players,
          lobbies: Array.from({ length: rounds }, (_, i) => ({ roundNumber: i + 1 })),
          matches,
        };
        for (let round = 1; round <= rounds; round++) {
          const board = leaderboardAnswer(data, round);
          expect(board.settled).toBe(round <= finalizedRound);
          const before = round > 1 ? new Map(recorded[round - 2].map((r) => [r.playerId, r.rank])) : null;
          for (const row of board.rows) {
            expect(row.final).toBe(round <= finalizedRound);
            expect(row.rankChange).toBe(before ? before.get(row.id)! - row.rank : null);
          }
        }
        const live = leaderboardAnswer(data, null);
        // Everything saved is in rounds 1..rounds: the live board is settled exactly when the last round is finalized.
        expect(live.settled).toBe(finalizedRound === rounds);
        expect(live.rows.map((r) => r.id)).toEqual(recorded[rounds - 1].map((r) => r.playerId));
      }),
      { numRuns: 100 },
    );
  });

  test("a round that was never drawn, or not a round at all, is refused with 400", () => {
    const players = Array.from({ length: 8 }, (_, i) => playerRow(i + 1));
    const data: StandingsData = {
      tournament: { id: 1, version: 1, status: "active", currentRound: 1, finalizedRound: 0 },
      players,
      lobbies: [{ roundNumber: 1 }],
      matches: [],
    };
    expect(leaderboardAnswer(data, 1).rows).toHaveLength(8);
    for (const [round, message] of [
      [2, "Round 2 has not started"],
      [0, "Invalid round number"],
      [1.5, "Invalid round number"],
    ] as const) {
      let caught: unknown;
      try {
        leaderboardAnswer(data, round);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ActionError);
      expect(caught).toMatchObject({ status: 400, message });
    }
  });

  test("a completed tournament's rows are all final", () => {
    const players = Array.from({ length: 8 }, (_, i) => playerRow(i + 1));
    const matches = players.map((p, i) => ({ playerId: p.id, roundNumber: 1, placement: i + 1, points: 8 - i }));
    const board = leaderboardAnswer(
      {
        tournament: { id: 1, version: 3, status: "completed", currentRound: 1, finalizedRound: 0 },
        players,
        lobbies: [{ roundNumber: 1 }],
        matches,
      },
      null,
    );
    expect(board.settled).toBe(true);
    expect(board.rows.every((r) => r.final)).toBe(true);
  });
});
