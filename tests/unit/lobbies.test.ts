// Lobby drawing: sizes, seeds, and the snake, swiss and round-robin methods with their invariants.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import {
  assignSeeds,
  drawLobbies,
  drawSnake,
  eligibleForRound,
  lobbyName,
  lobbySizes,
  meetCounts,
  nextRoundOrder,
  planRoundLobbies,
  repeatMeetings,
  seedOrder,
} from "../../app/models/rounds/lobbies";
import { computeStandings } from "../../app/models/format/standings";
import type { EngineMatch, LobbyMethod } from "../../app/models/format/types";
import { makePlayers, player, playLobby, rng, shuffle, simulate } from "./fixtures";

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("lobbySizes", () => {
  test.each([
    [0, []],
    [1, [1]],
    [8, [8]],
    [9, [5, 4]],
    [16, [8, 8]],
    [17, [6, 6, 5]],
    [20, [7, 7, 6]],
    [24, [8, 8, 8]],
    [25, [7, 6, 6, 6]],
    [256, Array(32).fill(8)],
  ])("%i players → %j", (n, sizes) => {
    expect(lobbySizes(n)).toEqual(sizes);
  });

  test("ceil(n/8) lobbies, at most 8 each, within one of each other, bigger first", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (n) => {
        const sizes = lobbySizes(n);
        expect(sizes).toHaveLength(Math.ceil(n / 8));
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(8);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
      }),
    );
  });

  test("lobbies are named Lobby 1, Lobby 2, …", () => {
    expect([0, 1, 31].map(lobbyName)).toEqual(["Lobby 1", "Lobby 2", "Lobby 32"]);
  });
});

describe("seeds", () => {
  test("unseeded players are seeded by lp, highest first, then registration order", () => {
    const seeds = assignSeeds([
      player(1, { lp: 100 }),
      player(2, { lp: 300 }),
      player(3, { lp: 100 }),
      player(4, { lp: 200 }),
    ]);
    expect([...seeds.entries()].sort((a, b) => a[1] - b[1])).toEqual([
      [2, 1],
      [4, 2],
      [1, 3],
      [3, 4],
    ]);
  });

  test("seeds a master set are kept and new seeds follow the highest one", () => {
    const seeds = assignSeeds([player(1, { lp: 900 }), player(2, { seed: 5 }), player(3, { seed: 1, lp: 0 })]);
    expect(seeds.get(2)).toBe(5);
    expect(seeds.get(3)).toBe(1);
    expect(seeds.get(1)).toBe(6);
  });

  test("seedOrder: by seed, unseeded last by registration order", () => {
    const sorted = seedOrder([player(5), player(3, { seed: 2 }), player(4), player(1, { seed: 1 })]);
    expect(sorted.map((p) => p.id)).toEqual([1, 3, 4, 5]);
  });

  test("eligible players are checked in, not eliminated and not removed", () => {
    const eligible = eligibleForRound([
      player(1),
      player(2, { isCheckedIn: false }),
      player(3, { isEliminated: true }),
      player(4, { isRemoved: true }),
    ]);
    expect(eligible.map((p) => p.id)).toEqual([1]);
  });

  test("round 1 is drawn in seed order among the eligible players", () => {
    const players = [
      player(1, { lp: 10 }),
      player(2, { lp: 30 }),
      player(3, { lp: 20, isCheckedIn: false }),
      player(4, { seed: 1 }),
    ];
    expect(nextRoundOrder(players, [], 1)).toEqual([4, 2, 1]);
  });

  test("later rounds are drawn in standings order of the eligible players", () => {
    const players = [player(1), player(2), player(3, { isEliminated: true }), player(4)];
    const matches: EngineMatch[] = [
      { playerId: 1, lobbyId: 1, roundNumber: 1, placement: 3, points: 6 },
      { playerId: 2, lobbyId: 1, roundNumber: 1, placement: 1, points: 8 },
      { playerId: 3, lobbyId: 1, roundNumber: 1, placement: 2, points: 7 },
      { playerId: 4, lobbyId: 1, roundNumber: 1, placement: 4, points: 5 },
    ];
    expect(nextRoundOrder(players, matches, 2)).toEqual([2, 1, 4]);
  });
});

describe("snake", () => {
  test("16 players: 1→2 then 2→1", () => {
    expect(drawLobbies("snake", ids(16))).toEqual([
      [1, 4, 5, 8, 9, 12, 13, 16],
      [2, 3, 6, 7, 10, 11, 14, 15],
    ]);
  });

  test("20 players: full lobbies are skipped in the last pass", () => {
    expect(drawLobbies("snake", ids(20))).toEqual([
      [1, 6, 7, 12, 13, 18, 19],
      [2, 5, 8, 11, 14, 17, 20],
      [3, 4, 9, 10, 15, 16],
    ]);
  });

  test("17 players, last pass going backwards", () => {
    // 5 full passes of 3, then the 6th pass runs 3→1 and skips the full lobby 3.
    expect(drawLobbies("snake", ids(17))).toEqual([
      [1, 6, 7, 12, 13, 17],
      [2, 5, 8, 11, 14, 16],
      [3, 4, 9, 10, 15],
    ]);
  });
});

describe("swiss", () => {
  test("stacked: the best 8 together, then the next", () => {
    expect(drawLobbies("swiss", ids(20))).toEqual([ids(7), ids(14).slice(7), ids(20).slice(14)]);
  });
});

describe("round-robin", () => {
  test("no history: balanced lobbies, dealt across lobbies", () => {
    const lobbies = drawLobbies("round-robin", ids(20));
    expect(lobbies.map((l) => l.length)).toEqual([7, 7, 6]);
    expect(lobbies[0].slice(0, 3)).toEqual([1, 4, 7]);
  });

  test("keeps apart players who already met when that is possible", () => {
    const first = [ids(8), ids(16).slice(8)];
    const second = drawLobbies("round-robin", ids(16), [first]);
    const meets = meetCounts([first]);
    // 16 players in two lobbies of 8: each lobby must hold at least 4 of a previous lobby, so 2 × 2 × C(4,2) = 24 is the floor.
    expect(repeatMeetings(second, meets)).toBe(24);
    expect(repeatMeetings(drawLobbies("snake", ids(16)), meets)).toBe(24);
    const bigger = drawLobbies("round-robin", ids(64), [drawLobbies("swiss", ids(64))]);
    expect(repeatMeetings(bigger, meetCounts([drawLobbies("swiss", ids(64))]))).toBe(0);
  });

  test("takes meet counts or the raw history alike", () => {
    const history = [drawLobbies("snake", ids(40)), drawLobbies("swiss", ids(40))];
    expect(drawLobbies("round-robin", ids(40), meetCounts(history))).toEqual(
      drawLobbies("round-robin", ids(40), history),
    );
  });

  test("repeatMeetings counts each earlier shared lobby per pair", () => {
    const meets = meetCounts([[[1, 2, 3]], [[1, 2]]]);
    expect(meets.get(1)?.get(2)).toBe(2);
    expect(meets.get(2)?.get(1)).toBe(2);
    expect(repeatMeetings([[1, 2, 3, 4]], meets)).toBe(2 + 1 + 1);
  });
});

/** The definition of snake, step by step: bounce 1→L, L→1, skipping lobbies that are full. */
function referenceSnake(order: number[]): number[][] {
  const sizes = lobbySizes(order.length);
  const lobbies: number[][] = sizes.map(() => []);
  const L = sizes.length;
  const bounce = [...Array(L).keys(), ...[...Array(L).keys()].reverse()];
  let k = 0;
  for (const id of order) {
    while (lobbies[bounce[k % bounce.length]].length >= sizes[bounce[k % bounce.length]]) k++;
    lobbies[bounce[k % bounce.length]].push(id);
    k++;
  }
  return lobbies;
}

describe("draw properties over random fields", () => {
  const field = fc.record({
    players: fc.integer({ min: 16, max: 256 }),
    rounds: fc.integer({ min: 1, max: 10 }),
    seed: fc.integer(),
    method: fc.constantFrom<LobbyMethod>("snake", "swiss", "round-robin"),
    cuts: fc.boolean(),
  });

  test("every eligible player is in exactly one lobby each round; sizes ≤ 8 and within one", () => {
    fc.assert(
      fc.property(field, (f) => {
        const rand = rng(f.seed);
        let players = makePlayers(f.players, rand);
        // Some players never checked in, some were cut: neither may be drawn.
        players = players.map((p) =>
          rand() < 0.1 ? { ...p, isCheckedIn: false } : rand() < 0.1 ? { ...p, isEliminated: true } : p,
        );
        const matches: EngineMatch[] = [];
        const history: number[][][] = [];
        for (let r = 1; r <= f.rounds; r++) {
          const eligible = eligibleForRound(players).map((p) => p.id);
          const lobbies = drawLobbies(f.method, nextRoundOrder(players, matches, r), history);
          const drawn = lobbies.flat();
          expect(drawn).toHaveLength(eligible.length);
          expect(new Set(drawn)).toEqual(new Set(eligible));
          const sizes = lobbies.map((l) => l.length);
          expect(sizes).toEqual(lobbySizes(eligible.length));
          expect(Math.max(...sizes)).toBeLessThanOrEqual(8);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          history.push(lobbies);
          lobbies.forEach((l, i) => matches.push(...playLobby(r * 100 + i, r, l, rand)));
        }
      }),
      { numRuns: 40 },
    );
  });

  test("snake deals 1→L, L→1, skipping full lobbies", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer(), (n, seed) => {
        const order = shuffle(ids(n), rng(seed));
        expect(drawSnake(order)).toEqual(referenceSnake(order));
      }),
    );
  });

  test("swiss stacks the order into consecutive lobbies", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer(), (n, seed) => {
        const order = shuffle(ids(n), rng(seed));
        const lobbies = drawLobbies("swiss", order);
        expect(lobbies.flat()).toEqual(order);
        expect(lobbies.map((l) => l.length)).toEqual(lobbySizes(n));
      }),
    );
  });

  test("round-robin is deterministic and never repeats more meetings than snake on the same data", () => {
    fc.assert(
      fc.property(
        fc.record({
          players: fc.integer({ min: 16, max: 256 }),
          rounds: fc.integer({ min: 1, max: 9 }),
          seed: fc.integer(),
        }),
        (f) => {
          const { players, matches, rounds } = simulate({ ...f, method: "snake" });
          const order = nextRoundOrder(players, matches, f.rounds + 1);
          const meets = meetCounts(rounds);
          const rr = drawLobbies("round-robin", order, meets);
          expect(drawLobbies("round-robin", [...order], meetCounts(rounds))).toEqual(rr);
          expect(rr.map((l) => l.length)).toEqual(lobbySizes(order.length));
          expect(new Set(rr.flat())).toEqual(new Set(order));
          expect(repeatMeetings(rr, meets)).toBeLessThanOrEqual(repeatMeetings(drawLobbies("snake", order), meets));
        },
      ),
      { numRuns: 40 },
    );
  });

  test("over whole tournaments, round-robin repeats strictly fewer meetings than snake", () => {
    const totalRepeats = (method: LobbyMethod, players: number, rounds: number, seed: number) => {
      const { rounds: drawn } = simulate({ players, rounds, method, seed });
      let total = 0;
      drawn.forEach((lobbies, r) => (total += repeatMeetings(lobbies, meetCounts(drawn.slice(0, r)))));
      return total;
    };
    for (const [players, rounds] of [
      [16, 4],
      [24, 6],
      [64, 8],
      [128, 10],
      [256, 9],
    ]) {
      for (const seed of [1, 2, 3]) {
        const rr = totalRepeats("round-robin", players, rounds, seed);
        const snake = totalRepeats("snake", players, rounds, seed);
        expect(rr, `${players} players, ${rounds} rounds, seed ${seed}: ${rr} vs snake ${snake}`).toBeLessThan(snake);
      }
    }
  });
});

describe("planRoundLobbies", () => {
  test("names lobbies and ignores matches and lobbies of the round being drawn", () => {
    const players = makePlayers(20, rng(1));
    const round1 = planRoundLobbies("snake", players, [], [], 1);
    expect(round1.map((l) => l.name)).toEqual(["Lobby 1", "Lobby 2", "Lobby 3"]);
    expect(round1.map((l) => l.playerIds)).toEqual(drawLobbies("snake", nextRoundOrder(players, [], 1)));

    const rand = rng(2);
    const matches = round1.flatMap((l, i) => playLobby(i + 1, 1, l.playerIds, rand));
    const previous = round1.map((l) => ({ roundNumber: 1, playerIds: l.playerIds }));
    const round2 = planRoundLobbies("round-robin", players, matches, previous, 2);
    const stale = [...previous, { roundNumber: 2, playerIds: round2[0].playerIds }];
    const redraw = planRoundLobbies(
      "round-robin",
      players,
      [...matches, ...playLobby(99, 2, round2[0].playerIds, rand)],
      stale,
      2,
    );
    expect(redraw).toEqual(round2);
    const standings = computeStandings(players, matches).map((r) => r.playerId);
    expect(planRoundLobbies("swiss", players, matches, previous, 2).flatMap((l) => l.playerIds)).toEqual(standings);
  });
});
