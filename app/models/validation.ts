// Input schemas shared by form actions and API routes, with docs/rules.md's messages.
//
// One set of schemas serves JSON bodies and HTML forms: pass a form through `formToObject`
// first. Form values are strings, so every number and boolean field preprocesses its input:
// numeric strings become numbers ("12" → 12), an empty string counts as "not given" (an
// optional field stays unset, a defaulted one takes its default), and "on" / "true" / "1"
// mean true while "off" / "false" / "0" mean false. Keys a schema does not name are stripped; names
// the form helper cannot place are refused (FormFieldError).
import { z } from "zod";
import { DEFAULT_SCORING, DNP_VALUE, SCORING_MAX, ordinal, scoringFromArray, scoringShape } from "./scoring";
import { REASON_MAX } from "./audit";
import {
  CHOOSE_PLAYER,
  CODE_REQUIRED,
  NAME_TAG_MESSAGE,
  normalizeCode,
  parseNameTag,
  TAG_REQUIRED,
  type PlayerProof,
  type PlayerRef,
  type SelfCheckinAction,
} from "./self-checkin";
import {
  WRONG_CODE,
  WRONG_TAG,
  ALL_DNP,
  DNP_WITH_PLACEMENT,
  DUPLICATE_PLACEMENTS,
  INCOMPLETE_SCORES,
  INVALID_PLACEMENTS,
  LONE_SURROGATE_MESSAGE,
  NO_SCORES,
  presentPlacementsMessage,
  UNKNOWN_AUDIT_ACTION,
} from "./messages";
import { MATCHES_MAX, POINTS_MAX } from "./stats";
import { PRESET_NAMES, TIEBREAKERS, tiebreakersProblem } from "./ruleset";
import { FORMATS, LOBBY_METHODS, TOURNAMENT_STATUSES } from "./types";
import { stageListSchema } from "./stage-input";

/** Postgres integer columns hold 32 bits; a bigger id or lp must be a 400, never a 500. */
import { MAX_ID as INT_MAX } from "./ids";

// ---------- form plumbing ----------

type FormLike = { forEach(cb: (value: FormDataEntryValue | string, key: string) => void): void };

/** A form field name the form helper cannot place: refused with a 400 rather than dropped. */
export class FormFieldError extends Error {
  constructor(readonly field: string) {
    super(`Unknown form field: ${field.length > 100 ? `${field.slice(0, 100)}…` : field}`);
  }
}

/**
 * FormData or URLSearchParams → a plain object the schemas take. A repeated key becomes a list
 * (checkbox groups, or a hidden "false" before a checkbox so an unchecked box still says so; the
 * boolean fields read the last value). Dotted and bracket keys nest alike: "scoring.first" and
 * "scoring[first]" → { scoring: { first } }, and a numeric segment makes a list: "scores.0.playerId",
 * "scores[0].playerId" and "scores[0][playerId]" → { scores: [{ playerId }] }; "ids[]" is "ids".
 * A name it cannot place (malformed, reaching Object.prototype, an index past 999, or one field
 * used both as a value and as a group) throws FormFieldError instead of being dropped.
 * Files are ignored: no schema here reads one.
 */
export function formToObject(form: FormLike): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  // Lists made by repeating one name (values only), as opposed to indexed lists ("scores.0.x", "ids.0").
  const repeated = new WeakSet<string[]>();
  const isValueList = (v: unknown): v is string[] => Array.isArray(v) && repeated.has(v);
  form.forEach((value, key) => {
    if (typeof value !== "string") return;
    const path = formFieldPath(key);
    if (!path) throw new FormFieldError(key);
    let node: Record<string, unknown> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i];
      if (Array.isArray(node) !== INDEX.test(segment)) throw new FormFieldError(key);
      const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
      if (existing === undefined) node[segment] = INDEX.test(path[i + 1]) ? [] : {};
      // A plain value, or a list of them, cannot also be a group of fields.
      else if (existing === null || typeof existing !== "object" || isValueList(existing)) {
        throw new FormFieldError(key);
      }
      node = node[segment] as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    if (Array.isArray(node) !== INDEX.test(last)) throw new FormFieldError(key);
    const prev = Object.hasOwn(node, last) ? node[last] : undefined;
    if (prev === undefined) node[last] = value;
    else if (typeof prev === "string") {
      const list = [prev, value];
      repeated.add(list);
      node[last] = list;
    } else if (isValueList(prev)) prev.push(value);
    else throw new FormFieldError(key);
  });
  return root;
}

const INDEX = /^\d+$/;
const UNSAFE_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);
const MAX_FORM_INDEX = 999;
/** One segment: `.name`, `[name]` or `[0]` after the first; `[]` only at the end (a list sent under one name). */
const SEGMENT = /\.([^.[\]]+)|\[([^.[\]]+)\]/y;

/** "a.b[0][c]" → ["a", "b", "0", "c"]; null when the name is malformed or unsafe. */
function formFieldPath(name: string): string[] | null {
  const key = name.endsWith("[]") ? name.slice(0, -2) : name;
  const first = /^[^.[\]]+/.exec(key);
  if (!first) return null;
  const path = [first[0]];
  SEGMENT.lastIndex = first[0].length;
  while (SEGMENT.lastIndex < key.length) {
    const match = SEGMENT.exec(key);
    if (!match) return null;
    path.push(match[1] ?? match[2]);
  }
  const unsafe = (s: string) => UNSAFE_SEGMENTS.has(s) || (INDEX.test(s) && Number(s) > MAX_FORM_INDEX);
  return path.some(unsafe) ? null : path;
}

function blankToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

// Only plain decimal strings become numbers; "0x10" or "1e3" stay strings and fail with the field's message.
function toNumber(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v === "string" && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(v)) return Number(v);
  return v;
}

function toBoolean(value: unknown): unknown {
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof v !== "string") return v;
  const s = v.trim().toLowerCase();
  if (s === "") return undefined;
  if (s === "on" || s === "true" || s === "1") return true;
  if (s === "off" || s === "false" || s === "0") return false;
  return v;
}

/** A number field that also takes a form string; `inner` carries the checks and messages. */
export function numeric<T extends z.ZodType>(inner: T) {
  return z.preprocess(toNumber, inner);
}

/** A boolean field that also takes "on"/"true"/"1" and "off"/"false"/"0". */
export function booleanish<T extends z.ZodType>(inner: T) {
  return z.preprocess(toBoolean, inner);
}

const bool = (message: string) => z.boolean({ error: message });

/** One value or a list (a form sends a single checked box as a plain string), blanks dropped. */
function toList(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => blankToUndefined(v) !== undefined).map(toNumber);
}

/** The first message of a failed parse: what a toast or a 400 body shows. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input";
}

/** The first message per top-level field, for showing errors next to form fields. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out;
}

// ---------- ids ----------

export { idParam, parseIdParam, type IdKind } from "./ids";

// ---------- text ----------

/**
 * Unicode control characters (C0, DEL, C1): PostgreSQL refuses NUL in text, and a tab, line
 * break or escape has no place in a one-line name. Checked before trimming, so a value that
 * holds one is refused rather than quietly changed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** A one-line text field: a string without control characters (the OpenAPI document shows the pattern), trimmed. */
/**
 * Lone UTF-16 surrogates (half of a pair) are not text: PostgreSQL's jsonb (the audit trail) refuses them, UTF-8 cannot
 * carry them. In a `u` regex a pair is one code point, so only a lone half matches \p{Cs}.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a string is well-formed UTF-16: no lone surrogate. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * Whether any string in an input (a parsed JSON body, a form's values; keys included, however deep) holds a lone
 * surrogate. The one check the API body reader and the page form reader make before any schema, so every text field
 * is refused alike (400 `invalid_text`); the schemas' `text` fields check again for input that came another way (a
 * spreadsheet import).
 */
export function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return !isWellFormedText(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => hasLoneSurrogate(item, depth + 1));
  return Object.entries(value).some(([key, item]) => !isWellFormedText(key) || hasLoneSurrogate(item, depth + 1));
}

function text(label: string, required: string) {
  return z
    .string({ error: required })
    .regex(NO_CONTROL_CHARACTERS, `${label} must not contain control characters`)
    .refine(isWellFormedText, LONE_SURROGATE_MESSAGE)
    .trim();
}

const id = (message: string) => numeric(z.int({ error: message }).min(1, message).max(INT_MAX, message));

// ---------- tournaments ----------

const SCORING_MESSAGE = "Each scoring value must be a number of at least 0";

const scoringValue = numeric(
  z
    .number({ error: SCORING_MESSAGE })
    .min(0, SCORING_MESSAGE)
    .max(SCORING_MAX, `Each scoring value must be at most ${SCORING_MAX.toLocaleString("en-US")}`),
);

/** Also takes a list of 8 values, as spreadsheets and simple clients send them. */
export const scoringSchema = z.preprocess(
  (value) => (Array.isArray(value) ? scoringFromArray(value) : value),
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
 * (app/models/ruleset.ts turns it into what is stored). Every refusal is a 400 with its own message.
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

// ---------- players ----------

/** Also the spreadsheet import's rule for a player's name and tag. */
export const playerNameSchema = text("Player name", "Player name is required")
  .min(1, "Player name is required")
  .max(50, "Player name must be 50 characters or less");
export const riotTagSchema = text("Riot tag", "Riot tag is required")
  .min(1, "Riot tag is required")
  .max(20, "Riot tag must be 20 characters or less");

const LP_MESSAGE = "LP must be a whole number of at least 0";
const lp = z.int({ error: LP_MESSAGE }).min(0, LP_MESSAGE).max(INT_MAX, LP_MESSAGE);
const SEED_MESSAGE = "Seed must be a whole number of at least 1";
// An empty seed field means "auto-assign" (docs/rules.md master panel), stored as null.
const seed = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : toNumber(v)),
  z.int({ error: SEED_MESSAGE }).min(1, SEED_MESSAGE).max(INT_MAX, SEED_MESSAGE).nullable().optional(),
);
const POINTS_MESSAGE = "Total points must be a number of at least 0";
const MATCHES_MESSAGE = "Matches played must be a whole number of at least 0";
const AVERAGE_MESSAGE = "Average placement must be between 0 and 8";

// The master panel's extra fields, shared by create and update.
const masterFields = {
  seed,
  isCheckedIn: booleanish(bool("isCheckedIn must be true or false").optional()),
  isEliminated: booleanish(bool("isEliminated must be true or false").optional()),
  // Bounded (stats.ts) so that later recomputations (adjustment + saved matches) stay finite and fit their columns.
  totalPoints: numeric(
    z
      .number({ error: POINTS_MESSAGE })
      .min(0, POINTS_MESSAGE)
      .max(POINTS_MAX, `Total points must be at most ${POINTS_MAX.toLocaleString("en-US")}`)
      .optional(),
  ),
  matchesPlayed: numeric(
    z
      .int({ error: MATCHES_MESSAGE })
      .min(0, MATCHES_MESSAGE)
      .max(MATCHES_MAX, `Matches played must be at most ${MATCHES_MAX.toLocaleString("en-US")}`)
      .optional(),
  ),
  averagePlacement: numeric(
    z.number({ error: AVERAGE_MESSAGE }).min(0, AVERAGE_MESSAGE).max(8, AVERAGE_MESSAGE).optional(),
  ),
};

export const playerCreateSchema = z.object({
  name: playerNameSchema,
  riotTag: riotTagSchema,
  lp: numeric(lp.default(0)),
  manualOverride: booleanish(bool("manualOverride must be true or false").default(false)),
  // The management page sends it too; the route's id is what counts.
  tournamentId: numeric(
    z
      .int({ error: "Invalid tournament ID" })
      .min(1, "Invalid tournament ID")
      .max(INT_MAX, "Invalid tournament ID")
      .optional(),
  ),
  ...masterFields,
});
export type PlayerCreateInput = z.infer<typeof playerCreateSchema>;

export const playerUpdateSchema = z.object({
  name: playerNameSchema.optional(),
  riotTag: riotTagSchema.optional(),
  lp: numeric(lp.optional()),
  ...masterFields,
});
export type PlayerUpdateInput = z.infer<typeof playerUpdateSchema>;

export const bulkPlayersSchema = z.object({
  players: z
    .array(z.object({ name: playerNameSchema, riotTag: riotTagSchema, lp: numeric(lp.default(0)) }), {
      error: "No Valid Players",
    })
    .min(1, "No Valid Players")
    // No tournament holds more than 256 players; a longer list can only be a mistake.
    .max(256, "Cannot import more than 256 players at once"),
  manualOverride: booleanish(bool("manualOverride must be true or false").default(false)),
});

export const checkinSchema = z.object({
  checkedIn: booleanish(bool("checkedIn must be true or false")),
});

export const substituteSchema = z
  .object({
    oldPlayerId: id("Please select both players for substitution"),
    newPlayerId: id("Please select both players for substitution"),
  })
  .refine((v) => v.oldPlayerId !== v.newPlayerId, "Please select two different players");

// ---------- rounds and scores ----------

export const lockSchema = z.object({
  locked: booleanish(bool("locked must be true or false")),
});

export const generateSchema = z.object({
  roundNumber: numeric(
    z.int({ error: "Round number must be at least 1" }).min(1, "Round number must be at least 1").optional(),
  ),
  /** A draw made elsewhere: player ids per lobby (docs/decisions/027-manual-draw-and-score-sheet.md); the model checks it whole. */
  lobbies: z
    .array(
      z
        .array(z.int({ error: "Lobbies must list player ids" }).positive("Lobbies must list player ids"), {
          error: "Lobbies must be lists of player ids",
        })
        .max(64, "Lobbies must have 2 to 8 players"),
      { error: "Lobbies must be lists of player ids" },
    )
    .max(256, "Too many lobbies")
    .optional()
    .describe(
      "A draw made elsewhere, used as given: player ids per lobby (Lobby 1 first). Every active player exactly once, " +
        "lobbies of 2 to 8; otherwise 400 (code invalid_draw) and nothing changes. Without it the tournament's lobby method draws.",
    ),
});

/** The score screen's swap form: two players' ids. */
export const swapSchema = z.object({
  playerA: numeric(z.int({ error: "Select two players to swap" }).positive("Select two players to swap")),
  playerB: numeric(z.int({ error: "Select two players to swap" }).positive("Select two players to swap")),
});

export const advanceSchema = z.object({
  eliminationCount: numeric(
    z
      .int({ error: "Cut amount must be a whole number of at least 0" })
      .min(0, "Cut amount must be a whole number of at least 0")
      .default(0),
  ),
  tiebreakerPlayerIds: z.preprocess(
    toList,
    z
      .array(z.int({ error: "Invalid player ID" }).min(1, "Invalid player ID"), { error: "Invalid player ID" })
      .optional(),
  ),
});

export { DNP_VALUE } from "./scoring";

/**
 * The shape only; whether the placements fit the lobby is `validateLobbyScores`, which needs
 * the lobby. A placement of 0 (or none, with `dnp`) means "Unscored" as on the score form. A
 * no-show is `dnp: true` (the API) or the placement "dnp" (the form's select); a DNP given a placement too is
 * refused by `validateLobbyScores`, so the message is the same whichever way it came.
 */
export const scoresSchema = z.object({
  scores: z.array(
    z
      .object({
        playerId: id("Invalid player ID"),
        placement: numeric(
          z
            .union([z.int({ error: INVALID_PLACEMENTS }), z.literal(DNP_VALUE)], { error: INVALID_PLACEMENTS })
            .optional(),
        ),
        dnp: booleanish(bool("dnp must be true or false").optional()),
      })
      .transform((entry, ctx): ScoreEntry => {
        const dnp = entry.dnp === true || entry.placement === DNP_VALUE;
        if (entry.placement === DNP_VALUE && entry.dnp === false) {
          ctx.addIssue({ code: "custom", message: INVALID_PLACEMENTS, path: ["placement"] });
          return z.NEVER;
        }
        if (entry.placement === undefined && !dnp) {
          ctx.addIssue({ code: "custom", message: INVALID_PLACEMENTS, path: ["placement"] });
          return z.NEVER;
        }
        const placement = typeof entry.placement === "number" ? entry.placement : 0;
        return dnp ? { playerId: entry.playerId, placement, dnp } : { playerId: entry.playerId, placement };
      }),
    { error: NO_SCORES },
  ),
});
/** One player's result as entered: a placement 1..8 (0: unscored), or a DNP ("did not play") with none. */
export type ScoreEntry = { playerId: number; placement: number; dnp?: boolean };

/**
 * docs/rules.md's score-save messages, checked in this order: NO_SCORES (nothing, or only
 * unscored 0s), a DNP with a placement, INVALID_PLACEMENTS (outside 1..8), DUPLICATE_PLACEMENTS, then
 * INCOMPLETE_SCORES (not exactly every lobby player once, placed or DNP: missing, unknown or repeated
 * players); then, with a DNP, at least one player present and the players present placed exactly 1…k.
 * A wrong value is reported before a missing one so the host fixes what they typed first. Without a DNP the
 * spec's rule stands unchanged: each placement 1 to 8 once (a short lobby may leave places out).
 */
export function validateLobbyScores(lobbyPlayerIds: readonly number[], scores: readonly ScoreEntry[]): string | null {
  const entered = scores.filter((s) => s.placement !== 0 || s.dnp);
  if (entered.length === 0) return NO_SCORES;
  if (entered.some((s) => s.dnp && s.placement !== 0)) return DNP_WITH_PLACEMENT;
  const placed = entered.filter((s) => !s.dnp);
  if (placed.some((s) => !Number.isInteger(s.placement) || s.placement < 1 || s.placement > 8)) {
    return INVALID_PLACEMENTS;
  }
  if (new Set(placed.map((s) => s.placement)).size !== placed.length) return DUPLICATE_PLACEMENTS;
  const lobby = new Set(lobbyPlayerIds);
  const scored = new Set(entered.map((s) => s.playerId));
  const complete =
    entered.length === lobby.size && scored.size === entered.length && entered.every((s) => lobby.has(s.playerId));
  if (!complete) return INCOMPLETE_SCORES;
  if (placed.length === entered.length) return null;
  if (placed.length === 0) return ALL_DNP;
  // Distinct placements in 1..8, so "exactly 1..k" is "none above k".
  if (placed.some((s) => s.placement > placed.length)) return presentPlacementsMessage(placed.length);
  return null;
}

// ---------- staff ----------

/** Settings → Staff and POST /api/tournaments/{id}/staff: the account to add as scorekeeper. */
export const staffAddSchema = z.object({
  username: text("Username", "Username is required")
    .min(1, "Username is required")
    .max(30, "No account has that username"),
});

// ---------- accounts ----------

/** The login form and POST /api/auth/login. The password is only ever hashed, so any character may be in it. */
export const loginSchema = z.object({
  username: text("Username", "Missing credentials").min(1, "Missing credentials").max(200, "Missing credentials"),
  password: z.string({ error: "Missing credentials" }).min(1, "Missing credentials").max(200, "Missing credentials"),
});

/** A new account's username, the one rule for demo login and MASTER_USERNAME (docs/rules.md, "Fields and validation"). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;

// ---------- audit trail ----------

export const REASON_REQUIRED = "Reason is required";

/** The reason a master types for an override: one line, required, bounded (docs/rules.md, "Audit trail"). */
export const overrideReasonSchema = z.object({
  reason: text("Reason", REASON_REQUIRED)
    .min(1, REASON_REQUIRED)
    .max(REASON_MAX, `Reason must be ${REASON_MAX} characters or less`),
});

/** A drop's reason (POST /api/players/{id}/drop and the player page's form): one line, required, at most 500 characters. */
export const dropSchema = overrideReasonSchema;

const HISTORY_FILTER_MESSAGE = UNKNOWN_AUDIT_ACTION;

/** The History page's and GET /api/tournaments/{id}/history's filters; blank means "any". */
export const historyFiltersSchema = z.object({
  action: z.preprocess(
    blankToUndefined,
    z
      .string({ error: HISTORY_FILTER_MESSAGE })
      .max(100, HISTORY_FILTER_MESSAGE)
      .regex(/^[a-z_.]+$/, HISTORY_FILTER_MESSAGE)
      .optional(),
  ),
  actor: z.preprocess(
    blankToUndefined,
    text("Actor", "Actor must be a username").max(100, "Actor must be 100 characters or less").optional(),
  ),
  round: numeric(
    z.int({ error: "Invalid round number" }).min(1, "Invalid round number").max(100, "Invalid round number").optional(),
  ),
  page: numeric(
    z
      .int({ error: "Invalid page number" })
      .min(1, "Invalid page number")
      .max(100_000, "Invalid page number")
      .optional(),
  ),
});
export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

/**
 * The self check-in input, the same for the JSON API and the page's form: who (`playerId` from the list, or `nameTag`
 * "Name#Tag" typed, which wins over the list), the proof (`riotTag`, the exact game tag; for a typed Name#Tag its tag
 * part is the proof), `code`, and `action` ("checkin", the default, or "checkout"). Unknown keys are ignored.
 */
export const selfCheckinSchema = z
  .object({
    playerId: numeric(
      z.int({ error: "Invalid player ID" }).min(1, "Invalid player ID").max(INT_MAX, "Invalid player ID").optional(),
    ),
    // Checked here, not left to the database: PostgreSQL refuses NUL in text, which would be a 500.
    nameTag: z
      .string({ error: NAME_TAG_MESSAGE })
      .max(100, NAME_TAG_MESSAGE)
      .regex(NO_CONTROL_CHARACTERS, "Name#Tag must not contain control characters")
      .optional(),
    riotTag: z
      .string({ error: TAG_REQUIRED })
      .max(50, WRONG_TAG)
      .regex(NO_CONTROL_CHARACTERS, "The game tag must not contain control characters")
      .optional(),
    code: z.string({ error: CODE_REQUIRED }).max(40, WRONG_CODE),
    action: z.preprocess(blankToUndefined, z.enum(["checkin", "checkout"], { error: "Unknown action" }).optional()),
  })
  .transform((input, ctx) => {
    const code = normalizeCode(input.code);
    if (code === "") {
      ctx.addIssue({ code: "custom", message: CODE_REQUIRED, path: ["code"] });
      return z.NEVER;
    }
    const action: SelfCheckinAction = input.action ?? "checkin";
    const typed = input.nameTag?.trim();
    if (typed) {
      const parsed = parseNameTag(typed);
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: NAME_TAG_MESSAGE, path: ["nameTag"] });
        return z.NEVER;
      }
      const proof: PlayerProof = { kind: "tag", riotTag: parsed.riotTag };
      return { player: { name: parsed.name } as PlayerRef, proof, code, action };
    }
    if (input.playerId === undefined) {
      ctx.addIssue({ code: "custom", message: CHOOSE_PLAYER, path: ["playerId"] });
      return z.NEVER;
    }
    const tag = input.riotTag?.trim().replace(/^#/, "") ?? "";
    if (tag === "") {
      ctx.addIssue({ code: "custom", message: TAG_REQUIRED, path: ["riotTag"] });
      return z.NEVER;
    }
    const proof: PlayerProof = { kind: "tag", riotTag: tag };
    return { player: { id: input.playerId } as PlayerRef, proof, code, action };
  });

export type SelfCheckinInput = z.infer<typeof selfCheckinSchema>;

// ---------- webhooks ----------

/** A webhook's events: a list in JSON, a checkbox group (one value or several) in a form. */
const webhookEvents = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string({ error: "Webhook events must be a list of event names" }).max(100)).max(50),
);

/**
 * Settings → Webhooks and POST /api/tournaments/{id}/webhooks. The shapes only: the URL's scheme, length and
 * address, the kind and the event names are checked by the model with their own codes (app/models/webhooks.ts).
 */
export const webhookCreateSchema = z.object({
  url: z.string({ error: "Webhook URL is required" }).max(10_000, "Webhook URL must be at most 2000 characters"),
  kind: z.string().max(50).optional().default("standard"),
  events: webhookEvents,
});

/** PATCH /api/webhooks/{id} and the page's edit and enable/disable forms: only the fields given change. */
export const webhookUpdateSchema = z.object({
  url: z.string().max(10_000, "Webhook URL must be at most 2000 characters").optional(),
  kind: z.string().max(50).optional(),
  events: webhookEvents.optional(),
  enabled: booleanish(bool("enabled must be true or false").optional()),
});
