// "What do I need": the fast counting of app/models/format/needs.ts against a plain brute force that plays out every outcome of
// the game's unscored lobbies, ranks everyone from their whole game history, and checks the line (docs/decisions/026).
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import {
  checkmateNeedText,
  checkmateOutlook,
  cutNeedText,
  cutOutlooks,
  maxMatching,
  type CutOutlook,
  type NeedLine,
  type NeedLobby,
  type NeedPlayer,
} from "../../app/models/format/needs";
import {
  compareRecords,
  cutRuleOf,
  firstDifference,
  playerRecord,
  RIOT_TIEBREAKERS,
  rulesetFromTiebreakers,
  STANDARD_TIEBREAKERS,
  TIEBREAKERS,
  type GameResult,
  type PlayerRecord,
  type Tiebreaker,
} from "../../app/models/format/ruleset";
import { planCutOf, type CutRow } from "../../app/models/format/cuts";
import { DEFAULT_SCORING, pointsFor, scoringFromArray, type Scoring } from "../../app/models/format/scoring";
import { planStageEnd } from "../../app/models/format/stage-standings";
import type { StandingRow } from "../../app/models/format/standings";
import { computePlayerStats } from "../../app/models/format/stats";

type Contender = {
  id: number;
  seed: number | null;
  adjustPoints: number;
  adjustAvg: number | null;
  games: GameResult[];
};

/** The record the standings compute from a player's games so far (what the fast counting starts from). */
function recordOf(c: Contender): PlayerRecord {
  const stats = computePlayerStats({ adjustPoints: c.adjustPoints, adjustMatches: 0, adjustAvg: c.adjustAvg }, c.games);
  return playerRecord(c, stats, c.games, true);
}

/** Every way a lobby's players take distinct places among 1..places. */
function arrangements(count: number, places: number): number[][] {
  const out: number[][] = [];
  const pick = (acc: number[]) => {
    if (acc.length === count) return void out.push([...acc]);
    for (let y = 1; y <= places; y++) if (!acc.includes(y)) pick([...acc, y]);
  };
  pick([]);
  return out;
}

type Scenario = {
  contenders: Contender[];
  lobbies: NeedLobby[];
  chain: Tiebreaker[];
  scoring: Scoring;
  line: NeedLine;
  round: number;
};

/**
 * The brute force: for every outcome, decide who stays above the line; then the run of placements from 1st that always
 * (ever) works. Each line asks what advancing applies, with the game's results: the overall line ranks everyone from
 * their whole game history and plans the cut to the best `keep` with the cut itself (planCutOf, so its tie at the
 * line: a player it leaves for the host's pick is alive, not safe); the best K of each lobby asks the stage end
 * (planStageEnd).
 */
function bruteForce(s: Scenario): Map<number, CutOutlook> {
  const rule = cutRuleOf(rulesetFromTiebreakers(s.chain));
  const byId = new Map(s.contenders.map((c) => [c.id, c]));
  const open: { ids: number[]; places: number }[] = [];
  s.lobbies.forEach((l) => {
    const ids = l.playerIds.filter((id) => byId.has(id));
    if (!l.done) open.push({ ids, places: Math.max(ids.length, l.places ?? 8) });
  });
  // safeAt[id][x]: every outcome with that placement keeps them safe; aliveAt: some outcome keeps them in.
  const safeAt = new Map<number, boolean[]>();
  const aliveAt = new Map<number, boolean[]>();
  for (const c of s.contenders) {
    safeAt.set(c.id, Array(10).fill(true));
    aliveAt.set(c.id, Array(10).fill(false));
  }
  const options = open.map((l) => arrangements(l.ids.length, l.places));
  const placement = new Map<number, number>();
  // Each player's standing after each placement they may take (0: their games so far), from the whole game history
  // as the standings compute it (not from app/models/format/needs.ts).
  const standingOf = (c: Contender, extra?: GameResult) => {
    const games = extra ? [...c.games, extra] : c.games;
    const stats = computePlayerStats({ adjustPoints: c.adjustPoints, adjustMatches: 0, adjustAvg: c.adjustAvg }, games);
    return { stats, record: playerRecord(c, stats, games, true) };
  };
  const base = new Map(s.contenders.map((c) => [c.id, standingOf(c)]));
  const afterPlacing = new Map<number, ReturnType<typeof standingOf>[]>();
  for (const l of open)
    for (const id of l.ids) {
      const c = byId.get(id)!;
      afterPlacing.set(
        id,
        Array.from({ length: l.places + 1 }, (_, y) =>
          y === 0
            ? base.get(id)!
            : standingOf(c, { roundNumber: s.round, placement: y, points: pointsFor(s.scoring, y) }),
        ),
      );
    }
  // The stage end reads only who is in play (the standings' order does not matter to the best K of each lobby).
  const activeRows = s.contenders.map((c) => ({ playerId: c.id }) as StandingRow);
  const scoredGames = s.contenders.flatMap((c) =>
    c.games
      .filter((g) => g.roundNumber === s.round)
      .map((g) => ({ playerId: c.id, placement: g.placement, dnp: g.dnp })),
  );
  const mark = (id: number, through: boolean, alive = through) => {
    const x = placement.get(id) ?? 0;
    if (!through) safeAt.get(id)![x] = false;
    if (alive) aliveAt.get(id)![x] = true;
  };
  const visit = (k: number) => {
    if (k < open.length) {
      for (const arrangement of options[k]) {
        open[k].ids.forEach((id, i) => placement.set(id, arrangement[i]));
        visit(k + 1);
      }
      return;
    }
    if (s.line.kind === "lobby") {
      const lastGame = [
        ...scoredGames,
        ...[...placement].map(([playerId, y]) => ({ playerId, placement: y, dnp: false })),
      ];
      const end = planStageEnd({ topPerLobby: s.line.keep }, activeRows, lastGame, rule);
      const out = new Set(end.kind === "topPerLobby" ? end.eliminate : []);
      for (const c of s.contenders) mark(c.id, !out.has(c.id));
      return;
    }
    // The standings after the game (computeStandings' rows, by the chain), then the cut as advancing plans it.
    const after = (id: number) => afterPlacing.get(id)?.[placement.get(id)!] ?? base.get(id)!;
    const field = s.contenders.map((c) => after(c.id)).sort((a, b) => compareRecords(s.chain, a.record, b.record));
    const rows: CutRow[] = field.map(({ stats, record }, i) => ({
      playerId: record.id,
      totalPoints: stats.totalPoints,
      averagePlacement: stats.averagePlacement,
      matchesPlayed: stats.matchesPlayed,
      separatedBy: i === 0 ? null : (firstDifference(s.chain, field[i - 1].record, record)?.[0] ?? null),
    }));
    const plan = planCutOf(rows, rows.length - s.line.keep, rule);
    const sure = new Set(plan.sure);
    const tied = new Set(plan.tied);
    for (const c of s.contenders) mark(c.id, !sure.has(c.id) && !tied.has(c.id), !sure.has(c.id));
  };
  visit(0);
  const result = new Map<number, CutOutlook>();
  for (const c of s.contenders) {
    const lobby = open.find((l) => l.ids.includes(c.id));
    if (!lobby) {
      result.set(c.id, {
        playing: false,
        places: 8,
        safe: safeAt.get(c.id)![0] ? 8 : 0,
        alive: aliveAt.get(c.id)![0] ? 8 : 0,
      });
      continue;
    }
    let safe = 0;
    while (safe < lobby.places && safeAt.get(c.id)![safe + 1]) safe++;
    let alive = 0;
    while (alive < lobby.places && aliveAt.get(c.id)![alive + 1]) alive++;
    result.set(c.id, { playing: true, places: lobby.places, safe, alive });
  }
  return result;
}

function fast(s: Scenario) {
  const players: NeedPlayer[] = s.contenders.map((c) => ({ record: recordOf(c), averageOverride: c.adjustAvg }));
  return cutOutlooks({
    players,
    lobbies: s.lobbies,
    chain: s.chain,
    tieRule: cutRuleOf(rulesetFromTiebreakers(s.chain)),
    scoring: s.scoring,
    line: s.line,
  });
}

const chainArb: fc.Arbitrary<Tiebreaker[]> = fc.oneof(
  fc.constant<Tiebreaker[]>([...STANDARD_TIEBREAKERS]),
  fc.constant<Tiebreaker[]>([...RIOT_TIEBREAKERS]),
  fc
    .shuffledSubarray(
      TIEBREAKERS.filter((c) => c !== "totalPoints" && c !== "registration"),
      { minLength: 0, maxLength: 5 },
    )
    .map((rest) => rulesetFromTiebreakers(["totalPoints", ...rest]).tiebreakers),
);

const scoringArb: fc.Arbitrary<Scoring> = fc.oneof(
  fc.constant({ ...DEFAULT_SCORING }),
  // Small values make many ties; any order (the table may rise, docs/rules.md allows it).
  fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 8, maxLength: 8 }).map(scoringFromArray),
  fc
    .array(fc.integer({ min: 0, max: 6 }), { minLength: 8, maxLength: 8 })
    .map((v) => scoringFromArray([...v].sort((a, b) => b - a))),
);

/** Outcomes the brute force plays out at most (the rest of the lobbies count as scored). */
const OUTCOME_LIMIT = 2500;

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    chain: chainArb,
    scoring: scoringArb,
    history: fc.array(
      fc.record({
        rounds: fc.array(fc.option(fc.integer({ min: 1, max: 8 }), { freq: 6 }), { maxLength: 3 }),
        seed: fc.option(fc.integer({ min: 1, max: 4 })),
        adjustPoints: fc.oneof(fc.constant(0), fc.integer({ min: -3, max: 3 })),
        // 4 ~ 4.008 ~ 4.016 chain within 0.01 while 4 and 4.016 do not: the cut's tie is pairwise across the line.
        adjustAvg: fc.option(fc.constantFrom(0, 2.5, 4, 4.005, 4.008, 4.016), { freq: 8 }),
        // The same games as an earlier contender: players only registration order (or a 0.01 slack) tells apart.
        twinOf: fc.option(fc.nat(), { freq: 2 }),
      }),
      { minLength: 2, maxLength: 10 },
    ),
    sizes: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
    noShows: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    outside: fc.integer({ min: 0, max: 2 }),
    lineKind: fc.constantFrom("overall" as const, "lobby" as const),
    keep: fc.integer({ min: 1, max: 8 }),
    doneSeed: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    // Seats of a scored lobby saved as DNP (a bit per seat).
    dnpSeats: fc.array(fc.oneof(fc.constant(0), fc.nat(255)), { minLength: 4, maxLength: 4 }),
  })
  .map(({ chain, scoring, history, sizes, noShows, outside, lineKind, keep, doneSeed, dnpSeats }) => {
    const scoringFor = (placement: number | null) => (placement === null ? 0 : pointsFor(scoring, placement));
    const contenders: Contender[] = [];
    history.forEach((h, i) => {
      const twin = h.twinOf !== null && i > 0 ? contenders[h.twinOf % i] : null;
      contenders.push({
        id: i + 1,
        seed: twin ? twin.seed : h.seed,
        adjustPoints: twin ? twin.adjustPoints : h.adjustPoints,
        adjustAvg: twin ? twin.adjustAvg : h.adjustAvg,
        games: (twin ? twin.games.map((g) => g.placement) : h.rounds).map((placement, r) => ({
          roundNumber: r + 1,
          placement,
          points: scoringFor(placement),
          dnp: placement === null,
        })),
      });
    });
    const round = 4;
    // Lobbies from the given sizes, leaving `outside` contenders out of every lobby (not drawn).
    const ids = contenders.map((c) => c.id);
    const lobbies: NeedLobby[] = [];
    let next = 0;
    let outcomes = 1;
    sizes.forEach((size, li) => {
      const take = ids.slice(next, Math.min(ids.length - outside, next + size));
      next += take.length;
      if (take.length === 0) return;
      // A no-show (a dropped player still in the lobby): the present ones take exactly 1..k.
      const places = noShows[li] ? take.length : 8;
      const count = arrangements(take.length, places).length;
      const done = outcomes * count > OUTCOME_LIMIT;
      const placements = new Map<number, number>();
      if (done) {
        // Scored already: the placements (or DNPs) are part of their record, and the lobby says who placed where.
        const arrangement = arrangements(take.length, places)[doneSeed[li] % count];
        take.forEach((id, i) => {
          if (dnpSeats[li] & (1 << i)) {
            contenders[id - 1].games.push({ roundNumber: round, placement: null, points: 0, dnp: true });
            return;
          }
          const y = arrangement[i];
          placements.set(id, y);
          contenders[id - 1].games.push({ roundNumber: round, placement: y, points: pointsFor(scoring, y) });
        });
      } else outcomes *= count;
      lobbies.push({
        playerIds: noShows[li] ? [...take, 900 + li] : take,
        places: noShows[li] ? places : 8,
        done,
        ...(done ? { placements } : {}),
      });
    });
    return { contenders, lobbies, chain, scoring, line: { kind: lineKind, keep }, round };
  });

describe("cutOutlooks equals the brute force", () => {
  test("random records, chains, tables, lines, no-shows and scored lobbies", () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        expect(Object.fromEntries(fast(s))).toEqual(Object.fromEntries(bruteForce(s)));
      }),
      { numRuns: 250 },
    );
  }, 120_000);

  test("averages chained within 0.01 at the line: what do I need says what the cut lets the host do", () => {
    // Equal points; averages 4.000, 4.008, 4.016 (a master's): 1 ~ 2 and 2 ~ 3 tie, 1 and 3 do not. Only the best
    // stays: 1 and 2 are tied across the line, so the host picks; 3 is below 1 beyond the tie, out whatever happens.
    const contenders: Contender[] = [4, 4.008, 4.016].map((avg, i) => ({
      id: i + 1,
      seed: null,
      adjustPoints: 0,
      adjustAvg: avg,
      games: [{ roundNumber: 1, placement: 2 + i, points: 5 }],
    }));
    const s: Scenario = {
      contenders,
      lobbies: [],
      chain: [...STANDARD_TIEBREAKERS],
      scoring: { ...DEFAULT_SCORING },
      line: { kind: "overall", keep: 1 },
      round: 2,
    };
    const words = (outlooks: Map<number, CutOutlook>) =>
      Object.fromEntries([...outlooks].map(([id, o]) => [id, cutNeedText(o)]));
    const expected = {
      1: "Not safe yet: it depends on the other results",
      2: "Not safe yet: it depends on the other results",
      3: "Out whatever the other results",
    };
    expect(words(fast(s))).toEqual(expected);
    expect(words(bruteForce(s))).toEqual(expected);
  });

  test("12 players in two lobbies of 6 (every place 1..6 in each: 518,400 outcomes), both lines", () => {
    const contenders: Contender[] = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      seed: null,
      adjustPoints: 0,
      adjustAvg: null,
      games: [1, 2].map((r) => ({
        roundNumber: r,
        placement: ((i * (r + 2)) % 8) + 1,
        points: pointsFor(DEFAULT_SCORING, ((i * (r + 2)) % 8) + 1),
      })),
    }));
    // The best K of each lobby reads placements only: one chain is enough for it.
    const cases: [NeedLine, Tiebreaker[]][] = [
      [{ kind: "overall", keep: 6 }, [...STANDARD_TIEBREAKERS]],
      [{ kind: "overall", keep: 6 }, [...RIOT_TIEBREAKERS]],
      [{ kind: "lobby", keep: 3 }, [...STANDARD_TIEBREAKERS]],
    ];
    for (const [line, chain] of cases) {
      const s: Scenario = {
        contenders,
        lobbies: [
          { playerIds: [1, 2, 3, 4, 5, 6], places: 6 },
          { playerIds: [7, 8, 9, 10, 11, 12], places: 6 },
        ],
        chain,
        scoring: { ...DEFAULT_SCORING },
        line,
        round: 3,
      };
      expect(Object.fromEntries(fast(s))).toEqual(Object.fromEntries(bruteForce(s)));
    }
  }, 300_000);
});

describe("maxMatching", () => {
  const plainMax = (masks: number[]): number => {
    let best = 0;
    const go = (i: number, used: number, count: number) => {
      if (i === masks.length) return void (best = Math.max(best, count));
      go(i + 1, used, count);
      for (let b = 0; b < 8; b++) if (masks[i] & (1 << b) && !(used & (1 << b))) go(i + 1, used | (1 << b), count + 1);
    };
    go(0, 0, 0);
    return best;
  };
  test("equals the plain search over every assignment", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 7 }), (masks) => {
        expect(maxMatching(masks, masks.length)).toBe(plainMax(masks));
      }),
      { numRuns: 500 },
    );
  });
});

describe("the words", () => {
  const o = (safe: number, alive: number, playing = true): CutOutlook => ({ playing, places: 8, safe, alive });
  test("cut sentences", () => {
    expect(cutNeedText(o(4, 6))).toBe("Top 4 keeps you safe; 6th or better keeps you alive");
    expect(cutNeedText(o(1, 3))).toBe("A win keeps you safe; 3rd or better keeps you alive");
    expect(cutNeedText(o(8, 8))).toBe("Any placement keeps you safe");
    expect(cutNeedText(o(5, 8))).toBe("Top 5 keeps you safe; any placement keeps you alive");
    expect(cutNeedText(o(3, 3))).toBe("Top 3 keeps you safe; anything worse is out");
    expect(cutNeedText(o(0, 2))).toBe("Out unless you place 2nd or better and other results help");
    expect(cutNeedText(o(0, 8))).toBe("Any placement keeps you alive; none is safe");
    expect(cutNeedText(o(0, 0))).toBe("Out whatever you place");
    expect(cutNeedText(o(8, 8, false))).toBe("Safe whatever the other results");
    expect(cutNeedText(o(0, 8, false))).toBe("Not safe yet: it depends on the other results");
    expect(cutNeedText(o(0, 0, false))).toBe("Out whatever the other results");
  });

  test("checkmate sentences", () => {
    expect(checkmateNeedText(checkmateOutlook(20, 20, DEFAULT_SCORING))).toBe("A win now wins the tournament");
    expect(checkmateNeedText(checkmateOutlook(15, 20, DEFAULT_SCORING))).toBe(
      "Needs 5 more points to reach checkmate; 4th or better gets there",
    );
    expect(checkmateNeedText(checkmateOutlook(12, 20, DEFAULT_SCORING))).toBe(
      "Needs 8 more points to reach checkmate; a win gets there",
    );
    expect(checkmateNeedText(checkmateOutlook(19, 20, DEFAULT_SCORING))).toBe(
      "Needs 1 more point to reach checkmate; any placement gets there",
    );
    expect(checkmateNeedText(checkmateOutlook(3, 20, DEFAULT_SCORING))).toBe(
      "Needs 17 more points to reach checkmate: more than one game away",
    );
  });

  test("checkmate: on it from the threshold, reach is the prefix of places that get there", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 8, maxLength: 8 }),
        (points, threshold, table) => {
          const scoring = scoringFromArray(table);
          const o = checkmateOutlook(points, threshold, scoring);
          expect(o.winsNow).toBe(points >= threshold);
          if (o.winsNow) return;
          expect(o.needed).toBe(threshold - points);
          for (let y = 1; y <= o.reach; y++) expect(points + pointsFor(scoring, y)).toBeGreaterThanOrEqual(threshold);
          if (o.reach < 8) expect(points + pointsFor(scoring, o.reach + 1)).toBeLessThan(threshold);
        },
      ),
    );
  });
});
