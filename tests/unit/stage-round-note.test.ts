// The score page's stage line (stageRoundNote): every round of random stage lists against a plain reference; the
// stage end's words, the cut that replaces the manual dialog, and a checkmate final that plays on until its cap.
import fc from "fast-check";
import { expect, test } from "vitest";
import { stageRoundNote, type Stage, type StageEnd } from "~/models/format/stages";

const endArb: fc.Arbitrary<StageEnd> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 8, max: 56 }).map((n) => ({ cutTo: n })),
  fc.integer({ min: 1, max: 7 }).map((k) => ({ topPerLobby: k })),
);
const stageArb = (end: fc.Arbitrary<StageEnd>) =>
  fc.record({
    name: fc.constantFrom("Day 1", "Day 2", "Groups", "Final"),
    games: fc.integer({ min: 1, max: 5 }),
    draw: fc.constant("snake" as const),
    points: fc.constantFrom("carry" as const, "reset" as const),
    end,
  });
const checkmateArb: fc.Arbitrary<StageEnd> = fc.record({
  checkmate: fc.record({
    threshold: fc.integer({ min: 1, max: 40 }),
    maxGames: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
  }),
});
const listArb = fc
  .tuple(fc.array(stageArb(endArb), { minLength: 0, maxLength: 3 }), stageArb(fc.oneof(endArb, checkmateArb)))
  .map(([head, last]) => [...head, last] as Stage[]);

test("each round: its stage and game, the end's words at a stage's last game, a checkmate on every game", () => {
  fc.assert(
    fc.property(listArb, (stages) => {
      const totalRounds = stages.reduce((s, st) => s + st.games, 0);
      const t = { stages, totalRounds, lobbyMethod: "snake" as const };
      let round = 1;
      stages.forEach((stage, index) => {
        for (let game = 1; game <= stage.games; game++, round++) {
          const note = stageRoundNote(t, round)!;
          expect(note.label).toBe(`${stage.name} · Game ${game} of ${stage.games}`);
          const end = stage.end;
          const lastOfStage = game === stage.games && index < stages.length - 1;
          if (end !== null && "checkmate" in end) {
            expect(note.end).toMatch(/^Checkmate final: a player on \d+ points or more who places 1st wins/);
            expect(note.endsWithCut).toBe(false);
            expect(note.playsOn).toBe(end.checkmate.maxGames === null || game < end.checkmate.maxGames);
          } else if (lastOfStage) {
            expect(note.end?.startsWith(`${stage.name} ends here: `)).toBe(true);
            expect(note.endsWithCut).toBe(end !== null);
            if (end && "cutTo" in end) expect(note.end).toContain(`the best ${end.cutTo} go through`);
            if (end && "topPerLobby" in end) expect(note.end).toContain(`the best ${end.topPerLobby} of each lobby`);
            expect(note.playsOn).toBe(false);
          } else {
            expect(note).toMatchObject({ end: null, endsWithCut: false, playsOn: false });
          }
        }
      });
    }),
  );
});

test("a tournament without stages has no stage line", () => {
  expect(stageRoundNote({ stages: null, totalRounds: 3, lobbyMethod: "snake" }, 2)).toBeNull();
  expect(stageRoundNote({ stages: [], totalRounds: 3, lobbyMethod: "snake" }, 2)).toBeNull();
});

test("a cut to N with N or fewer players in play: the note says all of them go through", () => {
  const stages: Stage[] = [
    { name: "Day 1", games: 2, draw: "snake", points: "carry", end: { cutTo: 32 } },
    { name: "Day 2", games: 2, draw: "snake", points: "carry", end: null },
  ];
  const t = { stages, totalRounds: 4, lobbyMethod: "snake" as const };
  expect(stageRoundNote(t, 2, 40)?.end).toBe("Day 1 ends here: the best 32 go through to Day 2.");
  expect(stageRoundNote(t, 2, 30)?.end).toBe(
    "Day 1 ends here: a cut to the best 32, but only 30 players are in play: all 30 go through to Day 2.",
  );
  expect(stageRoundNote(t, 2, 32)?.end).toContain("all 32 go through to Day 2");
  expect(stageRoundNote(t, 2, 30)?.endsWithCut).toBe(true);
});
