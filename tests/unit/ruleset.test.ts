// Rulesets: each tiebreak chain is a total order over random records (DNPs included), the riot preset against a plain
// reference, identical records tie until registration, the chain never moves points, and cut ties follow the chain.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import {
  COMPARE,
  firstDifference,
  playerRecord,
  readRuleset,
  recordAfter,
  RIOT_TIEBREAKERS,
  rulesetFromInput,
  rulesetFromTiebreakers,
  STANDARD_TIEBREAKERS,
  TIEBREAKERS,
  tiebreakersProblem,
  type Tiebreaker,
} from "../../app/models/format/ruleset";
import { computeStandings } from "../../app/models/format/standings";
import { computePlayerStats } from "../../app/models/format/stats";
import { planCut } from "../../app/models/format/cuts";
import { DEFAULT_SCORING, pointsFor } from "../../app/models/format/scoring";
import type { EngineMatch, EnginePlayer } from "../../app/models/format/types";
import { player } from "./fixtures";

// ---------- random records ----------

/** A game: a placement 1..8, or a DNP (0 points, no placement), or not in that round at all (null). */
const gameArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 8 }) },
  { weight: 1, arbitrary: fc.constant("dnp" as const) },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Few distinct values on purpose, so ties on every criterion happen often. */
const recordArb = fc.record({
  games: fc.array(fc.oneof(gameArb, fc.constantFrom(1, 4)), { maxLength: 6 }),
  seed: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  isEliminated: fc.boolean(),
});

type RawRecord = { games: (number | "dnp" | null)[]; seed: number | null; isEliminated: boolean };

function toField(raws: readonly RawRecord[]) {
  const players: EnginePlayer[] = raws.map((r, i) => player(i + 1, { seed: r.seed, isEliminated: r.isEliminated }));
  const matches: EngineMatch[] = [];
  raws.forEach((r, i) =>
    r.games.forEach((g, round) => {
      if (g === null) return;
      const dnp = g === "dnp";
      matches.push({
        playerId: i + 1,
        lobbyId: round + 1,
        roundNumber: round + 1,
        // A DNP row as the dnp-drops work stores it: no placement (0 here, as the column is an integer), dnp true.
        placement: dnp ? 0 : g,
        points: dnp ? 0 : pointsFor(DEFAULT_SCORING, g),
        dnp,
      });
    }),
  );
  return { players, matches };
}

function recordsOf(raws: readonly RawRecord[]) {
  const { players, matches } = toField(raws);
  return players.map((p) => {
    const games = matches.filter((m) => m.playerId === p.id);
    return { status: Number(p.isEliminated), record: playerRecord(p, computePlayerStats(p, games), games) };
  });
}

type Entry = ReturnType<typeof recordsOf>[number];

function compare(chain: readonly Tiebreaker[], a: Entry, b: Entry): number {
  return a.status - b.status || (firstDifference(chain, a.record, b.record)?.[1] ?? 0);
}

const MIDDLE = TIEBREAKERS.filter((c) => c !== "totalPoints" && c !== "registration");
/** Any chain a custom ruleset may hold: totalPoints, distinct criteria, registration appended. */
const chainArb = fc.oneof(
  fc.constant(STANDARD_TIEBREAKERS),
  fc.constant(RIOT_TIEBREAKERS),
  fc
    .shuffledSubarray(MIDDLE)
    .map((middle) => rulesetFromTiebreakers(["totalPoints", ...middle]).tiebreakers as readonly Tiebreaker[]),
);

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

describe("every chain is a total order", () => {
  test("antisymmetric, transitive and consistent; only the same player compares equal", () => {
    fc.assert(
      fc.property(chainArb, fc.array(recordArb, { minLength: 3, maxLength: 12 }), (chain, raws) => {
        const entries = recordsOf(raws);
        for (const a of entries) {
          expect(compare(chain, a, a)).toBe(0);
          for (const b of entries) {
            const ab = sign(compare(chain, a, b));
            expect(ab).toBe(0 - sign(compare(chain, b, a)));
            if (a !== b) expect(ab).not.toBe(0);
            for (const c of entries) {
              if (ab < 0 && sign(compare(chain, b, c)) < 0) expect(sign(compare(chain, a, c))).toBe(-1);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  test("every criterion alone is a total preorder (ties included), so any chain of them stays one", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TIEBREAKERS), fc.array(recordArb, { minLength: 3, maxLength: 10 }), (c, raws) => {
        const records = recordsOf(raws).map((e) => e.record);
        for (const a of records)
          for (const b of records) {
            const ab = sign(COMPARE[c](a, b));
            expect(ab).toBe(0 - sign(COMPARE[c](b, a)));
            for (const x of records) {
              const bx = sign(COMPARE[c](b, x));
              // ≤ is transitive, and so is "equal".
              if (ab <= 0 && bx <= 0) expect(sign(COMPARE[c](a, x))).toBeLessThanOrEqual(Math.min(ab, bx));
            }
          }
      }),
      { numRuns: 150 },
    );
  });

  test("standings equal a plain reference sort by the chain, and each row names the criterion that separated it", () => {
    fc.assert(
      fc.property(chainArb, fc.array(recordArb, { minLength: 2, maxLength: 20 }), (chain, raws) => {
        const { players, matches } = toField(raws);
        const rows = computeStandings(players, matches, chain);
        const expected = plainStandings(raws, chain);
        expect(rows.map((r) => r.playerId)).toEqual(expected.map((e) => e.id));
        expect(rows.map((r) => r.separatedBy)).toEqual(expected.map((e) => e.separatedBy));
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * The standings written out plainly from the raw games, for any chain: active players before eliminated ones, then
 * each criterion in the chain's order as docs/rules.md words it (the standard chain: points, average placement, best
 * finish, wins, top-4 finishes, seed, registration); and for each row the first of them that differs from the row above.
 */
function plainStandings(raws: readonly RawRecord[], chain: readonly Tiebreaker[]) {
  const POINTS = [8, 7, 6, 5, 4, 3, 2, 1];
  const keyed = raws.map((r, i) => {
    const placed: number[] = []; // in round order
    for (const g of r.games) if (typeof g === "number") placed.push(g);
    const count = (p: number) => placed.filter((x) => x === p).length;
    const points = placed.reduce((sum, p) => sum + POINTS[p - 1], 0);
    const wins = count(1);
    const top4 = placed.filter((x) => x <= 4).length;
    return {
      id: i + 1,
      eliminated: r.isEliminated,
      seed: r.seed,
      points,
      average: placed.length ? placed.reduce((a, b) => a + b, 0) / placed.length : Infinity,
      best: placed.length ? Math.min(...placed) : Infinity,
      wins,
      top4,
      riot: top4 + wins,
      counts: [1, 2, 3, 4, 5, 6, 7, 8].map(count),
      latestFirst: [...placed].reverse(),
    };
  });
  type Keyed = (typeof keyed)[number];
  /** Negative when a ranks above b by the one criterion. */
  const by = (c: Tiebreaker, a: Keyed, b: Keyed): number => {
    switch (c) {
      case "totalPoints":
      case "eventPoints": // one stage: the event's points are its points
        return b.points - a.points;
      case "averagePlacement":
        return a.average === b.average ? 0 : a.average < b.average ? -1 : 1;
      case "bestFinish":
        return a.best === b.best ? 0 : a.best < b.best ? -1 : 1;
      case "wins":
        return b.wins - a.wins;
      case "top4":
        return b.top4 - a.top4;
      case "riotScore":
        return b.riot - a.riot;
      case "placementCounts":
        for (let p = 0; p < 8; p++) if (a.counts[p] !== b.counts[p]) return b.counts[p] - a.counts[p];
        return 0;
      case "recentGames":
        for (let i = 0; i < Math.max(a.latestFirst.length, b.latestFirst.length); i++) {
          const x = a.latestFirst[i] ?? 9;
          const y = b.latestFirst[i] ?? 9;
          if (x !== y) return x - y;
        }
        return 0;
      case "seed":
        if (a.seed === b.seed) return 0;
        if (a.seed === null) return 1;
        if (b.seed === null) return -1;
        return a.seed - b.seed;
      case "registration":
        return a.id - b.id;
    }
  };
  const first = (a: Keyed, b: Keyed): [string, number] | null => {
    if (a.eliminated !== b.eliminated) return ["status", a.eliminated ? 1 : -1];
    for (const c of chain) {
      const d = by(c, a, b);
      if (d !== 0) return [c, d];
    }
    return null;
  };
  keyed.sort((a, b) => first(a, b)?.[1] ?? 0);
  return keyed.map((k, i) => ({ id: k.id, separatedBy: i === 0 ? null : (first(keyed[i - 1], k)?.[0] ?? null) }));
}

describe("identical records", () => {
  test("compare equal on every criterion but registration", () => {
    fc.assert(
      fc.property(chainArb, recordArb, fc.integer({ min: 2, max: 5 }), (chain, raw, copies) => {
        const entries = recordsOf(Array.from({ length: copies }, () => raw));
        for (let i = 1; i < entries.length; i++) {
          expect(firstDifference(chain, entries[0].record, entries[i].record)?.[0]).toBe("registration");
          for (const c of TIEBREAKERS)
            if (c !== "registration") expect(COMPARE[c](entries[0].record, entries[i].record)).toBe(0);
        }
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * The riot order written out plainly from the games: points, top-4 plus wins, then the counts of
 * 1st to 8th, then the placements from the latest round back (skipping DNPs, no game worse than
 * 8th), then registration.
 */
function riotReference(raws: readonly RawRecord[]): number[] {
  const keyed = raws.map((r, i) => {
    const placed: number[] = [];
    let points = 0;
    r.games.forEach((g) => {
      if (typeof g === "number") {
        placed.push(g);
        points += pointsFor(DEFAULT_SCORING, g);
      }
    });
    const count = (p: number) => placed.filter((x) => x === p).length;
    const top4 = placed.filter((x) => x <= 4).length;
    const latestFirst = [...placed].reverse();
    return {
      id: i + 1,
      eliminated: r.isEliminated,
      points,
      riot: top4 + count(1),
      counts: [1, 2, 3, 4, 5, 6, 7, 8].map(count),
      latestFirst,
    };
  });
  keyed.sort((a, b) => {
    if (a.eliminated !== b.eliminated) return a.eliminated ? 1 : -1;
    if (a.points !== b.points) return b.points - a.points;
    if (a.riot !== b.riot) return b.riot - a.riot;
    for (let p = 0; p < 8; p++) if (a.counts[p] !== b.counts[p]) return b.counts[p] - a.counts[p];
    for (let i = 0; i < Math.max(a.latestFirst.length, b.latestFirst.length); i++) {
      const x = a.latestFirst[i] ?? 9;
      const y = b.latestFirst[i] ?? 9;
      if (x !== y) return x - y;
    }
    return a.id - b.id;
  });
  return keyed.map((k) => k.id);
}

describe("the riot preset", () => {
  test("matches the plain reference on random records", () => {
    fc.assert(
      fc.property(fc.array(recordArb, { minLength: 1, maxLength: 40 }), (raws) => {
        const { players, matches } = toField(raws);
        const rows = computeStandings(players, matches, RIOT_TIEBREAKERS);
        expect(rows.map((r) => r.playerId)).toEqual(riotReference(raws));
      }),
      { numRuns: 300 },
    );
  });

  test("a win counts twice: a 1st and an 8th beat a 4th and a 5th on equal points", () => {
    // Both 9 points. Player 1: riot score 2 (one top-4 that is also a win); player 2: riot score 1.
    const rows = computeStandings(
      [player(1), player(2)],
      [
        { playerId: 1, roundNumber: 1, placement: 8, points: 1 },
        { playerId: 1, roundNumber: 2, placement: 1, points: 8 },
        { playerId: 2, roundNumber: 1, placement: 4, points: 5 },
        { playerId: 2, roundNumber: 2, placement: 5, points: 4 },
      ],
      RIOT_TIEBREAKERS,
    );
    expect(rows.map((r) => r.playerId)).toEqual([1, 2]);
    expect(rows[1].separatedBy).toBe("riotScore");
  });

  test("recent games: the latest game both played decides when they played the same games; a DNP is skipped", () => {
    const game = (playerId: number, roundNumber: number, placement: number, dnp = false): EngineMatch => ({
      playerId,
      lobbyId: roundNumber,
      roundNumber,
      placement,
      points: dnp ? 0 : 9 - placement,
      dnp,
    });
    // Same points (11), riot score and counts; player 2 was better in round 2, the latest.
    const rows = computeStandings(
      [player(1), player(2)],
      [game(1, 1, 2), game(1, 2, 5), game(2, 1, 5), game(2, 2, 2)],
      RIOT_TIEBREAKERS,
    );
    expect(rows.map((r) => r.playerId)).toEqual([2, 1]);
    expect(rows[1].separatedBy).toBe("recentGames");
    // Round 3 a DNP for player 2: it is skipped, so round 2 still decides.
    const withDnp = computeStandings(
      [player(1), player(2)],
      [game(1, 1, 2), game(1, 2, 5), game(2, 1, 5), game(2, 2, 2), game(1, 3, 0, true), game(2, 3, 0, true)],
      RIOT_TIEBREAKERS,
    );
    expect(withDnp.map((r) => r.playerId)).toEqual([2, 1]);
    expect(withDnp[0].matchesPlayed).toBe(3);
  });
});

describe("the record after one more game", () => {
  test("is the record of the games with that game added (a master's average stays as set)", () => {
    fc.assert(
      fc.property(
        recordArb,
        fc.integer({ min: 1, max: 8 }),
        fc.option(fc.constantFrom(0, 2.5, 4.005), { nil: null }),
        (raw, placement, adjustAvg) => {
          const p = player(1, { seed: raw.seed, adjustAvg, adjustPoints: 2 });
          const { matches } = toField([raw]);
          const next = { playerId: 1, lobbyId: 7, roundNumber: 7, placement, points: 9 - placement };
          const before = playerRecord(p, computePlayerStats(p, matches), matches);
          const all = [...matches, next];
          expect(recordAfter(before, next, adjustAvg)).toEqual(playerRecord(p, computePlayerStats(p, all), all));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a custom chain with recent games ahead of placement counts", () => {
  const game = (playerId: number, roundNumber: number, placement: number | "dnp"): EngineMatch => ({
    playerId,
    lobbyId: roundNumber,
    roundNumber,
    placement: placement === "dnp" ? null : placement,
    points: placement === "dnp" ? 0 : 9 - placement,
    dnp: placement === "dnp",
  });
  // 1: 1st, DNP, 8th (9 points, 2 placed games). 2: 7th, 8th, 3rd (9 points, 3 placed games): 1's 1st wins on
  // placement counts, 2's 3rd in the latest game on recent games. 3: DNP, 8th, 3rd and a master's +1 (8 points,
  // latest first 3rd, 8th); 4: 8th, 8th, 3rd (8 points; 3rd, 8th, 8th): recent games equal as far as 3 goes, then 3
  // has run out of games and ranks lower, and 4's extra 8th ranks it higher on counts too.
  const players = [player(1), player(2), player(3, { adjustPoints: 1 }), player(4)];
  const field = [
    ...[game(1, 1, 1), game(1, 2, "dnp"), game(1, 3, 8)],
    ...[game(2, 1, 7), game(2, 2, 8), game(2, 3, 3)],
    ...[game(3, 1, "dnp"), game(3, 2, 8), game(3, 3, 3)],
    ...[game(4, 1, 8), game(4, 2, 8), game(4, 3, 3)],
  ];
  const standings = (chain: Tiebreaker[]) => {
    const rows = computeStandings(players, field, rulesetFromTiebreakers(chain).tiebreakers);
    return rows.map((r) => [r.playerId, r.separatedBy]);
  };

  test("recent games first: each player's own placed games, latest first; running out first ranks lower", () => {
    expect(standings(["totalPoints", "recentGames", "placementCounts"])).toEqual([
      [2, null],
      [1, "recentGames"],
      [4, "totalPoints"],
      [3, "recentGames"],
    ]);
  });

  test("placement counts first: the order of the two criteria changes who ranks higher", () => {
    expect(standings(["totalPoints", "placementCounts", "recentGames"])).toEqual([
      [1, null],
      [2, "placementCounts"],
      [4, "totalPoints"],
      [3, "placementCounts"],
    ]);
  });
});

describe("the chain never moves points", () => {
  test("any two chains give every player the same totals, only the order differs", () => {
    fc.assert(
      fc.property(chainArb, chainArb, fc.array(recordArb, { minLength: 1, maxLength: 30 }), (x, y, raws) => {
        const { players, matches } = toField(raws);
        const totals = (chain: readonly Tiebreaker[]) =>
          new Map(
            computeStandings(players, matches, chain).map((r) => [
              r.playerId,
              [r.totalPoints, r.matchesPlayed, r.averagePlacement, r.isEliminated],
            ]),
          );
        expect(totals(y)).toEqual(totals(x));
      }),
      { numRuns: 150 },
    );
  });
});

describe("chains as stored and checked", () => {
  test("refusals: empty, unknown, repeated, not total points first, registration not last", () => {
    expect(tiebreakersProblem([])).toMatch(/cannot be empty/);
    expect(tiebreakersProblem(["totalPoints", "luck"])).toBe('Unknown tiebreaker "luck"');
    expect(tiebreakersProblem(["totalPoints", "wins", "wins"])).toBe('The tiebreaker "wins" is listed twice');
    expect(tiebreakersProblem(["wins", "totalPoints"])).toMatch(/must start with totalPoints/);
    expect(tiebreakersProblem(["totalPoints", "registration", "wins"])).toMatch(/registration can only come last/);
    expect(tiebreakersProblem(["totalPoints"])).toBeNull();
  });

  test("a chain is stored with registration last and named after the preset it equals", () => {
    expect(rulesetFromTiebreakers(["totalPoints", "wins"])).toEqual({
      preset: "custom",
      tiebreakers: ["totalPoints", "wins", "registration"],
    });
    expect(rulesetFromTiebreakers(["totalPoints", "riotScore", "placementCounts", "recentGames"]).preset).toBe("riot");
    expect(rulesetFromInput({ preset: "riot" })).toEqual({ preset: "riot", tiebreakers: [...RIOT_TIEBREAKERS] });
    expect(rulesetFromInput({ preset: "standard" }).tiebreakers).toEqual([...STANDARD_TIEBREAKERS]);
  });

  test("an unreadable stored ruleset reads as the standard one", () => {
    expect(readRuleset(undefined).preset).toBe("standard");
    expect(readRuleset({ tiebreakers: ["wins"] }).tiebreakers).toEqual([...STANDARD_TIEBREAKERS]);
    expect(readRuleset({ preset: "custom", tiebreakers: ["totalPoints", "top4", "registration"] })).toEqual({
      preset: "custom",
      tiebreakers: ["totalPoints", "top4", "registration"],
    });
  });

  test("the standard chain is today's order exactly", () => {
    expect(STANDARD_TIEBREAKERS).toEqual([
      "totalPoints",
      "averagePlacement",
      "bestFinish",
      "wins",
      "top4",
      "seed",
      "registration",
    ]);
  });
});

describe("cut ties under a chain", () => {
  const game = (playerId: number, roundNumber: number, placement: number): EngineMatch => ({
    playerId,
    lobbyId: roundNumber,
    roundNumber,
    placement,
    points: 9 - placement,
  });

  test("the chain separates at the line where the standard rule would ask the host", () => {
    // 17 players: 10..17 far ahead, 3..9 last (one 8th each); 1 and 2 both 11 points, average 3.5
    // (1: 2nd then 5th; 2: 5th then 2nd), so a cut of 8 draws its line between them.
    const players = Array.from({ length: 17 }, (_, i) => player(i + 1));
    const field = [game(1, 1, 2), game(1, 2, 5), game(2, 1, 5), game(2, 2, 2)];
    for (let id = 3; id <= 9; id++) field.push(game(id, 1, 8));
    for (let id = 10; id <= 17; id++) field.push(game(id, 1, 1), game(id, 2, 1));
    const standard = planCut(computeStandings(players, field), 8);
    expect(standard.needed).toBe(1);
    expect([...standard.tied].sort()).toEqual([1, 2]);
    // Riot: equal points, riot score and counts; player 2 was 2nd in the latest game, so player 1 goes.
    const riot = planCut(computeStandings(players, field, RIOT_TIEBREAKERS), 8, "chain");
    expect(riot.tied).toEqual([]);
    expect(riot.needed).toBe(0);
    expect([...riot.sure].sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
  });

  test("what the chain cannot separate before registration still goes to the host", () => {
    const players = Array.from({ length: 17 }, (_, i) => player(i + 1));
    const field: EngineMatch[] = [game(1, 1, 3), game(2, 1, 3), game(3, 1, 3)];
    for (let id = 4; id <= 9; id++) field.push(game(id, 1, 8));
    for (let id = 10; id <= 17; id++) field.push(game(id, 1, 1));
    const plan = planCut(computeStandings(players, field, RIOT_TIEBREAKERS), 8, "chain");
    expect(plan.sure.sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(plan.tied.sort((a, b) => a - b)).toEqual([1, 2, 3]);
    expect(plan.needed).toBe(2);
  });

  test("planCut's chain rule is the standings read backwards, with registration-only ties grouped", () => {
    fc.assert(
      fc.property(chainArb, fc.array(recordArb, { minLength: 9, maxLength: 40 }), (chain, raws) => {
        const { players, matches } = toField(raws.map((r) => ({ ...r, isEliminated: false })));
        const rows = computeStandings(players, matches, chain);
        const count = Math.floor((rows.length - 8) / 8) * 8;
        if (count === 0) return;
        const plan = planCut(rows, count, "chain");
        expect(plan.sure.length + plan.needed).toBe(count);
        const order = rows.map((r) => r.playerId);
        const bottom = new Set(order.slice(order.length - count));
        for (const id of plan.sure) expect(bottom.has(id)).toBe(true);
        // The tied ones form one run of the standings joined only by registration.
        const at = plan.tied.map((id) => order.indexOf(id)).sort((a, b) => a - b);
        for (let i = 1; i < at.length; i++) {
          expect(at[i]).toBe(at[i - 1] + 1);
          expect(rows[at[i]].separatedBy).toBe("registration");
        }
      }),
      { numRuns: 100 },
    );
  });
});
