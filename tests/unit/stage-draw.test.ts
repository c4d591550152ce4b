// The lobby draw follows the standings' order (docs/rules.md "Rulesets and tiebreaks": "the lobby draw … follow the
// same order"), also in stages: a later round of a stage is drawn in that stage's standings order, and a stage's first
// round in the order the stage before ended with; with `eventPoints` in the chain that is the whole event's points,
// not the stage's (fast-check against stageStandings, chains with eventPoints, carried and reset stages).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { TIEBREAKERS, type Tiebreaker } from "~/models/format/ruleset";
import { drawInputs, stageStandings } from "~/models/format/stage-standings";
import { stageAt, type Stage } from "~/models/format/stages";
import type { EngineMatch } from "~/models/format/types";
import { eligibleForRound, planRoundLobbies } from "~/models/rounds/lobbies";
import { player, playLobby, rng, shuffle } from "./fixtures";

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

describe("the draw in stages", () => {
  test("a stage's round is drawn in the order of the standings it is seeded from, eventPoints included", () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer(),
          count: fc.integer({ min: 9, max: 24 }),
          shape: fc.array(
            fc.record({ games: fc.integer({ min: 1, max: 3 }), points: fc.constantFrom("carry", "reset") }),
            { minLength: 2, maxLength: 3 },
          ),
          chain: chainArb,
          played: fc.integer({ min: 1, max: 9 }),
        }),
        ({ seed, count, shape, chain, played }) => {
          const rand = rng(seed);
          const stages: Stage[] = shape.map((s, i) => ({
            name: `S${i + 1}`,
            games: s.games,
            draw: "swiss",
            points: s.points as Stage["points"],
            end: null,
          }));
          const total = stages.reduce((sum, s) => sum + s.games, 0);
          const before = Math.min(played, total - 1);
          const players = Array.from({ length: count }, (_, i) => player(i + 1));
          const matches: EngineMatch[] = [];
          for (let round = 1; round <= before; round++) {
            const alive = shuffle(eligibleForRound(players), rand).map((p) => p.id);
            for (let i = 0; i < alive.length; i += 8)
              matches.push(...playLobby(round * 10 + i, round, alive.slice(i, i + 8), rand));
          }
          const round = before + 1;
          const t = { stages, totalRounds: total, lobbyMethod: "swiss" as const, currentRound: round };
          const draw = drawInputs(t, players, matches, round);
          const lobbies = planRoundLobbies(draw.method, draw.players, draw.matches, [], round, chain, draw.eventPoints);
          // Swiss stacks the standings: the draw read lobby by lobby is the order it was drawn in.
          const at = stageAt(stages, round);
          const seededFrom = round === at.firstRound ? at.index - 1 : at.index;
          const standings = stageStandings(players, matches, stages, seededFrom, chain, round - 1);
          expect(lobbies.flatMap((l) => l.playerIds)).toEqual(standings.map((r) => r.playerId));
        },
      ),
      { numRuns: 200 },
    );
  });
});
