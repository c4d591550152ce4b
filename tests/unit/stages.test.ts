// The stage rules against plain references (fast-check): stage points carried or reset, transitions that keep every
// point, the checkmate that never crowns a player below the threshold before the game, the final standings' order;
// and the stage list's refusals.
import fc from "fast-check";
import { stageListSchema } from "~/models/format/stage-input";
import { describe, expect, test } from "vitest";
import { STANDARD_TIEBREAKERS, type Tiebreaker } from "~/models/format/ruleset";
import {
  checkmateOutcome,
  overallStandings,
  planStageEnd,
  stageEndOfAdvance,
  stageScope,
  stageStandings,
} from "~/models/format/stage-standings";
import {
  cutRulesText,
  presetStages,
  stageAt,
  stageEditProblem,
  stagePositions,
  stagesOf,
  stagesProblem,
  type Stage,
} from "~/models/format/stages";
import type { EngineMatch, EnginePlayer } from "~/models/format/types";
import { player, playLobby, rng, shuffle } from "./fixtures";

/** Points and registration only: the reference orders by nothing else. */
const CHAIN: Tiebreaker[] = ["totalPoints", "registration"];

type World = { stages: Stage[]; players: EnginePlayer[]; matches: EngineMatch[]; currentRound: number };

/** Random stages (the last sometimes a checkmate), a field played round by round with random cuts and drops. */
const worldArb = fc
  .record({
    seed: fc.integer(),
    count: fc.integer({ min: 8, max: 24 }),
    stages: fc.array(fc.record({ games: fc.integer({ min: 1, max: 3 }), points: fc.constantFrom("carry", "reset") }), {
      minLength: 1,
      maxLength: 3,
    }),
    checkmate: fc.boolean(),
    threshold: fc.integer({ min: 1, max: 20 }),
    adjust: fc.boolean(),
  })
  .map(({ seed, count, stages: shape, checkmate, threshold, adjust }): World => {
    const rand = rng(seed);
    const stages: Stage[] = shape.map((s, i) => ({
      name: `S${i + 1}`,
      games: s.games,
      draw: "snake",
      points: s.points as Stage["points"],
      end: null,
    }));
    if (checkmate) stages[stages.length - 1].end = { checkmate: { threshold, maxGames: null } };
    const players = Array.from({ length: count }, (_, i) =>
      player(i + 1, { adjustPoints: adjust && i % 5 === 0 ? 3 : 0 }),
    );
    const matches: EngineMatch[] = [];
    const total = stages.reduce((sum, s) => sum + s.games, 0);
    const played = 1 + Math.floor(rand() * total);
    let lobbyId = 1;
    for (let round = 1; round <= played; round++) {
      const alive = players.filter((p) => !p.isEliminated && !p.isDropped);
      const order = shuffle(
        alive.map((p) => p.id),
        rand,
      );
      for (let i = 0; i < order.length; i += 8)
        matches.push(...playLobby(lobbyId++, round, order.slice(i, i + 8), rand));
      if (round < played && alive.length > 4) {
        for (const p of shuffle(alive, rand).slice(0, Math.floor(rand() * 3))) {
          if (rand() < 0.8) p.isEliminated = true;
          else p.isDropped = true;
        }
      }
    }
    return { stages, players, matches, currentRound: played };
  });

/** Reference: a stage's points, recursively (carry: the stage before's points plus its own rounds; reset: its own). */
function referencePoints(w: World, index: number, playerId: number, through = Infinity): number {
  const pos = stagePositions(w.stages)[index];
  const own = w.matches
    .filter(
      (m) =>
        m.playerId === playerId && m.roundNumber >= pos.firstRound && m.roundNumber <= Math.min(pos.lastRound, through),
    )
    .reduce((sum, m) => sum + m.points, 0);
  if (index === 0) return own + w.players.find((p) => p.id === playerId)!.adjustPoints;
  if (w.stages[index].points === "reset") return own;
  return own + referencePoints(w, index - 1, playerId, through);
}

const lastRound = (w: World, id: number) =>
  w.matches.filter((m) => m.playerId === id).reduce((max, m) => Math.max(max, m.roundNumber), 0);

describe("stage points", () => {
  test("carry adds the stage's rounds to the stage before's points, reset counts only its own", () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        for (let index = 0; index < w.stages.length; index++) {
          const rows = stageStandings(w.players, w.matches, w.stages, index, CHAIN);
          for (const row of rows) expect(row.totalPoints).toBe(referencePoints(w, index, row.playerId));
        }
      }),
      { numRuns: 150 },
    );
  });

  test("stage transitions keep every point: event points are every match plus adjustments, whatever the stage", () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const t = { stages: w.stages, totalRounds: 0, lobbyMethod: "snake" as const, currentRound: w.currentRound };
        const rows = overallStandings(w.players, w.matches, t, CHAIN);
        const total = (id: number) =>
          w.matches.filter((m) => m.playerId === id).reduce((s, m) => s + m.points, 0) +
          w.players.find((p) => p.id === id)!.adjustPoints;
        expect(rows).toHaveLength(w.players.length);
        for (const row of rows) expect(row.eventPoints).toBe(total(row.playerId));
        // Each stage's scope is one block of rounds ending at the stage's last round.
        for (let index = 0; index < w.stages.length; index++) {
          const scope = stageScope(w.stages, index);
          expect(scope.to).toBe(stagePositions(w.stages)[index].lastRound);
          expect(scope.from).toBeLessThanOrEqual(stagePositions(w.stages)[index].firstRound);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("checkmate", () => {
  test("never crowns a player who was below the threshold before the game; the first who could win does", () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const outcome = checkmateOutcome(w.players, w.matches, w.stages, CHAIN, w.currentRound + 1);
        const last = stagePositions(w.stages).at(-1)!;
        if (outcome === null) {
          expect(w.stages.at(-1)!.end).toBeNull();
          return;
        }
        const threshold = outcome.threshold;
        // Reference: replay the final's rounds.
        let expected: number | null = null;
        let round: number | null = null;
        for (let r = last.firstRound; r <= w.currentRound && expected === null; r++) {
          const winners = w.matches
            .filter((m) => m.roundNumber === r && m.placement === 1)
            .filter((m) => referencePoints(w, last.index, m.playerId, r - 1) >= threshold);
          if (winners.length > 0) {
            round = r;
            const before = stageStandings(w.players, w.matches, w.stages, last.index, CHAIN, r - 1).map(
              (x) => x.playerId,
            );
            // The world's flags are its final state, so a winner cut or dropped later is missing from `before`;
            // a lone 1st place on checkmate wins whatever the order, and among several the standings decide.
            expected =
              winners.length === 1
                ? winners[0].playerId
                : (before.find((id) => winners.some((m) => m.playerId === id)) ?? winners[0].playerId);
          }
        }
        expect(outcome.winnerId).toBe(expected);
        expect(outcome.decidedRound).toBe(round);
        if (outcome.winnerId !== null) {
          expect(referencePoints(w, last.index, outcome.winnerId, outcome.decidedRound! - 1)).toBeGreaterThanOrEqual(
            threshold,
          );
        } else {
          // Undecided: on checkmate for the next game exactly the players in play at or above the threshold.
          const inPlay = w.players.filter((p) => !p.isEliminated && !p.isDropped);
          const expectedOn = inPlay.filter((p) => referencePoints(w, last.index, p.id) >= threshold).map((p) => p.id);
          if (w.currentRound + 1 >= last.firstRound)
            expect([...outcome.onCheckmate].sort((a, b) => a - b)).toEqual(expectedOn);
        }
      }),
      { numRuns: 200 },
    );
  });

  test("reaching the threshold in a game does not win it; the next 1st place does", () => {
    const players = Array.from({ length: 8 }, (_, i) => player(i + 1));
    const stages: Stage[] = [
      {
        name: "Final",
        games: 5,
        draw: "snake",
        points: "reset",
        end: { checkmate: { threshold: 20, maxGames: null } },
      },
    ];
    const game = (round: number, order: number[]) =>
      order.map((playerId, i) => ({ playerId, lobbyId: round, roundNumber: round, placement: i + 1, points: 8 - i }));
    const rest = [2, 3, 4, 5, 6, 7, 8];
    const matches = [...game(1, [1, ...rest]), ...game(2, [1, ...rest]), ...game(3, [1, ...rest])];
    const after3 = checkmateOutcome(players, matches, stages, STANDARD_TIEBREAKERS, 4);
    expect(after3?.winnerId).toBeNull();
    expect([...after3!.onCheckmate]).toEqual([1, 2]);
    const won = checkmateOutcome(players, [...matches, ...game(4, [1, ...rest])], stages, STANDARD_TIEBREAKERS, 5);
    expect(won).toMatchObject({ winnerId: 1, decidedRound: 4 });
  });
});

describe("final standings", () => {
  test("by how far each player got, then that stage's order (a checkmate winner first), against a reference", () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const t = { stages: w.stages, totalRounds: 0, lobbyMethod: "snake" as const, currentRound: w.currentRound };
        const rows = overallStandings(w.players, w.matches, t, CHAIN);
        const current = stageAt(w.stages, w.currentRound).index;
        const out = (p: EnginePlayer) => p.isEliminated || p.isDropped;
        const reached = (p: EnginePlayer) =>
          w.stages.length === 1
            ? 0
            : out(p)
              ? Math.min(current, stageAt(w.stages, Math.max(1, lastRound(w, p.id))).index)
              : current;
        const status = (p: EnginePlayer) => (p.isEliminated ? 2 : p.isDropped ? 1 : 0);
        const started = (index: number, group: EnginePlayer[]) => {
          const first = stagePositions(w.stages)[index].firstRound;
          const ids = new Set(group.map((p) => p.id));
          return w.matches.some((m) => m.roundNumber >= first && ids.has(m.playerId));
        };
        /** The points a group is ordered by: its stage's, or before anyone played it, the stage before's. */
        const keyOf = (index: number, group: EnginePlayer[], p: EnginePlayer): number => {
          if (index === 0 || started(index, group)) return referencePoints(w, index, p.id);
          return keyOf(index - 1, group, p);
        };
        const outcome = checkmateOutcome(w.players, w.matches, w.stages, CHAIN, w.currentRound);
        const expected = [...w.players].sort((a, b) => {
          const ga = reached(a);
          const gb = reached(b);
          if (ga !== gb) return gb - ga;
          const group = w.players.filter((p) => reached(p) === ga);
          const isLast = ga === w.stages.length - 1;
          if (isLast && outcome?.winnerId === a.id) return -1;
          if (isLast && outcome?.winnerId === b.id) return 1;
          return status(a) - status(b) || keyOf(ga, group, b) - keyOf(ga, group, a) || a.id - b.id;
          return status(a) - status(b) || keyOf(ga, group, b) - keyOf(ga, group, a) || a.id - b.id;
        });
        expect(rows.map((r) => r.playerId)).toEqual(expected.map((p) => p.id));
        expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
      }),
      { numRuns: 200 },
    );
  });
});

describe("a stage's end and the stage list", () => {
  test("top K of each lobby: everyone else in play goes; a cut to N keeps N", () => {
    const rand = rng(7);
    const rows = Array.from({ length: 24 }, (_, i) => ({
      playerId: i + 1,
      rank: i + 1,
      totalPoints: 100 - i,
      matchesPlayed: 1,
      averagePlacement: 4,
      bestFinish: 1,
      wins: 0,
      top4: 0,
      isEliminated: false,
      isDropped: false,
      separatedBy: null,
    }));
    const game = [0, 8, 16].flatMap((start, lobby) =>
      playLobby(
        lobby,
        3,
        rows.slice(start, start + 8).map((r) => r.playerId),
        rand,
      ),
    );
    const top = planStageEnd({ topPerLobby: 3 }, rows, game, "pointsAndAverage");
    expect(top.kind === "topPerLobby" && top.eliminate).toHaveLength(15);
    const cut = planStageEnd({ cutTo: 8 }, rows, game, "pointsAndAverage");
    expect(cut.kind === "cutTo" && cut.plan.sure.length + cut.plan.needed).toBe(16);
    expect(planStageEnd(null, rows, game, "pointsAndAverage").kind).toBe("none");
  });

  test("refusals: 0 games, a cut to too many or to no full lobby, K out of 1..7, threshold ≤ 0, checkmate not last", () => {
    const s = (end: Stage["end"], games = 2): Stage => ({ name: "S", games, draw: "snake", points: "carry", end });
    expect(stagesProblem([s(null, 0)], 64)?.message).toMatch(/1 to 20 games/);
    expect(stagesProblem([s({ cutTo: 64 }), s(null)], 64)?.message).toMatch(/fewer players/);
    expect(stagesProblem([s({ cutTo: 32 }), s({ cutTo: 40 }), s(null)], 64)?.message).toMatch(
      /fewer players than the 32/,
    );
    expect(stagesProblem([s({ cutTo: 12 }), s(null)], 64)?.message).toMatch(/no full lobby/);
    expect(stagesProblem([s({ topPerLobby: 8 }), s(null)], 64)?.message).toMatch(/1 to 7/);
    expect(stagesProblem([s({ topPerLobby: 0 }), s(null)], 64)?.message).toMatch(/1 to 7/);
    expect(stagesProblem([s({ checkmate: { threshold: 0, maxGames: null } })], 64)?.message).toMatch(/above 0/);
    expect(stagesProblem([s({ checkmate: { threshold: 20, maxGames: null } }), s(null)], 64)?.message).toMatch(/last/);
    expect(stagesProblem([s({ checkmate: { threshold: 20, maxGames: 1 } })], 64)?.message).toMatch(/cap/);
    expect(stagesProblem(presetStages("checkmate-final", 64), 64)).toBeNull();
    expect(stagesProblem(presetStages("single", 64), 64)).toBeNull();
  });

  test("a tournament without stages is one stage of totalRounds games; a started stage cannot change", () => {
    const one = stagesOf({ stages: null, totalRounds: 4, lobbyMethod: "swiss" });
    expect(one).toEqual([{ name: "Main", games: 4, draw: "swiss", points: "carry", end: null }]);
    const stages = presetStages("checkmate-final", 64);
    const edited = stages.map((st, i) => (i === 0 ? { ...st, games: 6 } : st));
    expect(stageEditProblem(stages, edited, { currentRound: 1, drawnRound: 0 })).toBeNull();
    expect(stageEditProblem(stages, edited, { currentRound: 1, drawnRound: 1 })?.message).toMatch(/Day 1 has started/);
    const later = stages.map((st, i) => (i === 2 ? { ...st, games: 3 } : st));
    expect(stageEditProblem(stages, later, { currentRound: 6, drawnRound: 6 })).toBeNull();
  });
});

describe("the stage end an advance applies (stageEndOfAdvance: the advance and its previews)", () => {
  const endArb = fc.oneof(
    fc.constant(null),
    fc.integer({ min: 1, max: 30 }).map((n) => ({ cutTo: n })),
    fc.integer({ min: 1, max: 7 }).map((k) => ({ topPerLobby: k })),
  );
  test("only at a stage's last game with a stage after it; a cut to N keeps min(N, in play), the best K per lobby", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ games: fc.integer({ min: 1, max: 3 }), end: endArb }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer(),
        (shape, round, inPlay, seed) => {
          const stages: Stage[] = shape.map((s, i) => ({
            name: `S${i + 1}`,
            games: s.games,
            draw: "snake",
            points: "carry",
            end: s.end,
          }));
          const rand = rng(seed);
          // The standings of the players in play (distinct points, best first) and their placements in `round`.
          const rows = Array.from({ length: inPlay }, (_, i) => ({
            playerId: i + 1,
            rank: i + 1,
            totalPoints: 100 - i,
            matchesPlayed: 1,
            averagePlacement: 4,
            bestFinish: 1,
            wins: 0,
            top4: 0,
            isEliminated: false,
            isDropped: false,
            separatedBy: null,
          }));
          const ids = shuffle(
            rows.map((r) => r.playerId),
            rand,
          );
          const game = [];
          for (let i = 0; i < ids.length; i += 8) game.push(...playLobby(i, round, ids.slice(i, i + 8), rand));
          const t = { stages, totalRounds: 0, lobbyMethod: "snake" as const };
          const got = stageEndOfAdvance(t, round, rows, game, "pointsAndAverage");
          // Reference: the stage `round` is in, and whether it is that stage's last game with another after it.
          let first = 1;
          let index = stages.findIndex((s) => {
            const inIt = round < first + s.games;
            if (!inIt) first += s.games;
            return inIt;
          });
          if (index === -1) index = stages.length - 1;
          const last = stagePositions(stages)[index].lastRound;
          const end = stages[index].end;
          if (round !== last || index === stages.length - 1 || end === null) {
            expect(got).toBeNull();
            return;
          }
          expect(got).not.toBeNull();
          const { summary, plan } = got!;
          expect(summary.stage).toEqual({ number: index + 1, name: `S${index + 1}` });
          expect(summary.next).toEqual({ number: index + 2, name: `S${index + 2}` });
          expect(summary.inPlay).toBe(inPlay);
          expect(summary.cut + summary.through).toBe(inPlay);
          expect(summary.cut).toBe(plan.sure.length + plan.needed);
          let expected: number[];
          if ("cutTo" in end) {
            // Distinct points: the worst first, no tie; with N or more in play nobody goes, and the words say so.
            expected = rows.slice(Math.min(end.cutTo, inPlay)).map((r) => r.playerId);
            expect(summary.through).toBe(Math.min(end.cutTo, inPlay));
            if (inPlay <= end.cutTo) expect(summary.words).toContain(`all ${inPlay} go through to S${index + 2}`);
            else
              expect(summary.words).toBe(`S${index + 1} ends here: the best ${end.cutTo} go through to S${index + 2}.`);
          } else if ("topPerLobby" in end) {
            expected = game.filter((m) => (m.placement ?? 9) > end.topPerLobby).map((m) => m.playerId);
          } else {
            throw new Error("no checkmate before the last stage");
          }
          expect(plan.tied).toEqual([]);
          expect([...plan.sure].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the cuts in words (the Rules section, the export's Cuts row)", () => {
  test("each stage's end as configured; 'a multiple of 8' only for the cut between games", () => {
    const endArb = fc.oneof(
      fc.constant(null),
      fc.integer({ min: 1, max: 200 }).map((n) => ({ cutTo: n })),
      fc.integer({ min: 1, max: 7 }).map((k) => ({ topPerLobby: k })),
    );
    fc.assert(
      fc.property(
        fc.array(endArb, { minLength: 1, maxLength: 4 }),
        fc.constantFrom("pointsAndAverage" as const, "chain" as const),
        (ends, rule) => {
          const stages: Stage[] = ends.map((end, i) => ({
            name: `S${i + 1}`,
            games: 1,
            draw: "snake",
            points: "carry",
            end,
          }));
          const text = cutRulesText({ stages, totalRounds: stages.length, lobbyMethod: "snake" }, rule);
          expect(text.match(/multiple of 8/g) ?? []).toHaveLength(1);
          const configured = stages.slice(0, -1).filter((s) => s.end !== null);
          if (configured.length === 0) expect(text).toMatch(/^A cut removes a multiple of 8 players/);
          else expect(text).toContain("Between games, a cut removes a multiple of 8 players and keeps at least 8");
          for (const s of configured) {
            const end = s.end!;
            if ("cutTo" in end)
              expect(text).toContain(`${s.name} ends with a cut to the best ${end.cutTo} by its standings.`);
            if ("topPerLobby" in end)
              expect(text).toContain(`${s.name} ends: the best ${end.topPerLobby} of each lobby`);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a stage's name", () => {
  const named = (name: string) =>
    stageListSchema.safeParse([{ name, games: 2, draw: "snake", points: "carry", end: null }]);

  test("is one line of text: control characters and lone surrogates refused, the rest trimmed", () => {
    for (const name of ["Day\t1", "Day 1\n", "Day \u001b[31m1", "Day \u0085", "Day \ud800"]) {
      expect(named(name).success, JSON.stringify(name)).toBe(false);
    }
    expect(named(" Day 1 ").data?.[0].name).toBe("Day 1");
    expect(named("Día 1 · 決勝").success).toBe(true);
  });
});
