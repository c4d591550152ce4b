// A tournament's input: creation, settings, the scoring table, the ruleset and the maximum of players.
import { z } from "zod";
import { DEFAULT_SCORING, SCORING_KEYS, SCORING_MAX, scoringFromArray, scoringShape } from "../format/scoring";
import { PRESET_NAMES, TIEBREAKERS, tiebreakersProblem } from "../format/ruleset";
import { FORMATS, LOBBY_METHODS, TOURNAMENT_STATUSES } from "../format/types";
import { stageListSchema } from "../format/stage-input";
import { blankToUndefined, bool, booleanish, numeric, text } from "../fields";

const SCORING_MESSAGE = "Each scoring value must be a number of at least 0";

const scoringValue = numeric(
  z
    .number({ error: SCORING_MESSAGE })
    .min(0, SCORING_MESSAGE)
    .max(SCORING_MAX, `Each scoring value must be at most ${SCORING_MAX.toLocaleString("en-US")}`),
);

/**
 * Also takes a list of exactly 8 values, as spreadsheets and simple clients send them; a shorter or longer list is
 * refused, never filled with zeros or cut.
 */
export const scoringSchema = z.preprocess(
  (value) => (Array.isArray(value) && value.length === SCORING_KEYS.length ? scoringFromArray(value) : value),
  z.object(
    scoringShape(() => scoringValue),
    { error: "Scoring must list points for places 1 to 8" },
  ),
);

const format = z.enum(FORMATS, { error: "Format must be Standard or Elimination" });
const lobbyMethod = z.enum(LOBBY_METHODS, { error: "Lobby method must be snake, swiss or round-robin" });
const totalRounds = numeric(
  z
    .int({ error: "Total rounds must be between 1 and 10" })
    .min(1, "Total rounds must be between 1 and 10")
    .max(10, "Total rounds must be between 1 and 10"),
);

/**
 * A ruleset as clients send it: `{"preset": "riot"}` or `{"tiebreakers": ["totalPoints", …]}`, never both
 * (app/models/format/ruleset.ts turns it into what is stored). Every refusal is a 400 with its own message.
 */
export const rulesetInputSchema = z
  .object(
    {
      preset: z
        .enum(PRESET_NAMES as [string, ...string[]], {
          error: (issue) =>
            issue.input === "custom"
              ? 'A custom order is sent as "tiebreakers", without a preset'
              : `Unknown ruleset preset "${String(issue.input)}": use standard or riot`,
        })
        .optional()
        .describe("A preset's chain: standard (the default) or riot"),
      tiebreakers: z
        .array(z.enum(TIEBREAKERS, { error: (issue) => `Unknown tiebreaker "${String(issue.input)}"` }), {
          error: "tiebreakers must be a list of criteria",
        })
        .max(TIEBREAKERS.length * 2, "The tiebreak order lists each criterion at most once")
        .optional()
        .describe("A custom chain: distinct criteria, totalPoints first; registration is appended last when missing"),
    },
    { error: 'ruleset must be an object: {"preset": "riot"} or {"tiebreakers": [...]}' },
  )
  .superRefine((value, ctx) => {
    if (value.preset !== undefined && value.tiebreakers !== undefined) {
      ctx.addIssue({ code: "custom", message: "Give either a ruleset preset or tiebreakers, not both" });
    } else if (value.preset === undefined && value.tiebreakers === undefined) {
      ctx.addIssue({ code: "custom", message: "A ruleset needs a preset or tiebreakers" });
    } else if (value.tiebreakers !== undefined) {
      const problem = tiebreakersProblem(value.tiebreakers);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["tiebreakers"] });
    }
  });
export type RulesetInput = z.infer<typeof rulesetInputSchema>;

/**
 * The create and settings forms' ruleset fields (`ruleset.preset`: standard, riot or custom, and
 * `ruleset.tiebreakers.N`: the selects after total points) as the schema takes them: a preset
 * alone, or for custom totalPoints followed by the chosen criteria (blank selects skipped).
 */
export function rulesetFromForm(values: Record<string, unknown>): Record<string, unknown> {
  const raw = values.ruleset;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return values;
  const { preset, tiebreakers } = raw as { preset?: unknown; tiebreakers?: unknown };
  if (preset !== "custom") return { ...values, ruleset: { preset } };
  const chosen = (Array.isArray(tiebreakers) ? tiebreakers : [tiebreakers]).filter(
    (v) => typeof v === "string" && v.trim() !== "",
  );
  return { ...values, ruleset: { tiebreakers: ["totalPoints", ...chosen] } };
}

export const tournamentCreateSchema = z
  .object({
    name: text("Tournament name", "Tournament name required")
      .min(1, "Tournament name required")
      .max(100, "Tournament name must be 100 characters or less"),
    format: z.preprocess(blankToUndefined, format.default("standard")),
    lobbyMethod: z.preprocess(blankToUndefined, lobbyMethod.default("snake")),
    maxPlayers: numeric(
      z
        .int({ error: "Max players must be a whole number" })
        .min(16, "Must have at least 16 players")
        .max(256, "Cannot exceed 256 players")
        .multipleOf(8, "Max players must be a multiple of 8"),
    ),
    totalRounds: totalRounds.optional().describe("One stage of this many games; required unless stages are given"),
    isPublic: booleanish(bool("isPublic must be true or false").default(false)),
    scoring: scoringSchema.default({ ...DEFAULT_SCORING }),
    ruleset: rulesetInputSchema.optional().describe("The tiebreak order; the standard preset when left out"),
    stages: stageListSchema
      .optional()
      .describe('The stages in order (docs/rules.md "Stages"); totalRounds is then the sum of their games'),
  })
  .superRefine((value, ctx) => {
    if (value.totalRounds === undefined && value.stages === undefined)
      ctx.addIssue({ code: "custom", message: "Total rounds must be between 1 and 10", path: ["totalRounds"] });
  });
export type TournamentCreateInput = z.infer<typeof tournamentCreateSchema>;

/**
 * Settings form and PATCH: every field optional. Rules that need the tournament itself
 * (currentRound ≤ totalRounds, maxPlayers only in setup) belong to the model.
 */
export const tournamentUpdateSchema = z.object({
  name: text("Tournament name", "Tournament name is required")
    .min(1, "Tournament name is required")
    .max(100, "Tournament name must be 100 characters or less")
    .optional(),
  format: z.preprocess(blankToUndefined, format.optional()),
  lobbyMethod: z.preprocess(blankToUndefined, lobbyMethod.optional()),
  maxPlayers: numeric(
    z
      .int({ error: "Max players must be a whole number" })
      .min(8, "Max players must be at least 8")
      .max(256, "Cannot exceed 256 players")
      .multipleOf(8, "Max players must be a multiple of 8")
      .optional(),
  ),
  totalRounds: numeric(
    z
      .int({ error: "Total rounds must be between 1 and 10" })
      .min(1, "Total rounds must be between 1 and 10")
      .max(10, "Total rounds must be between 1 and 10")
      .optional(),
  ),
  scoring: scoringSchema.optional(),
  ruleset: rulesetInputSchema
    .optional()
    .describe("The tiebreak order; refused (409) once a round is finalized, unless it is the stored one"),
  stages: stageListSchema.optional().describe("The stages; a stage that has started cannot change (409 stage_started)"),
  isPublic: booleanish(bool("isPublic must be true or false").optional()),
  status: z.preprocess(
    blankToUndefined,
    z.enum(TOURNAMENT_STATUSES, { error: "Unknown tournament status" }).optional(),
  ),
  currentRound: numeric(
    z.int({ error: "Current round must be at least 1" }).min(1, "Current round must be at least 1").optional(),
  ),
  isLocked: booleanish(bool("isLocked must be true or false").optional()),
});
export type TournamentUpdateInput = z.infer<typeof tournamentUpdateSchema>;

export const maxPlayersEditSchema = z.object({
  maxPlayers: numeric(
    z
      .int({ error: "Max players must be at least 4" })
      .min(4, "Max players must be at least 4")
      .max(256, "Cannot exceed 256 players"),
  ),
});
