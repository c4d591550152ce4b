// A player's input: adding (one or in bulk), editing, checking in and substituting.
import { z } from "zod";
import { MAX_ID as INT_MAX } from "../ids";
import { MATCHES_MAX, POINTS_MAX } from "../format/stats";
import { bool, booleanish, idField, numeric, text, toNumber } from "../fields";

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
const AVERAGE_MESSAGE = "Average placement must be between 1 and 8 in steps of 0.1";
/** SPEC section 5: a master sets an average of 1 to 8 in steps of 0.1; 0 is a player's average before any game. */
const averageAllowed = (v: number) => v === 0 || (v >= 1 && v <= 8 && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9);

/** A master's average of 0 for a player who has games (0 is only the average before any game): the refusal, or null. */
export function averageForGamesProblem(averagePlacement: number | undefined, matchesPlayed: number): string | null {
  return averagePlacement === 0 && matchesPlayed > 0 ? AVERAGE_MESSAGE : null;
}

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
  averagePlacement: numeric(z.number({ error: AVERAGE_MESSAGE }).refine(averageAllowed, AVERAGE_MESSAGE).optional()),
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
    oldPlayerId: idField("Please select both players for substitution"),
    newPlayerId: idField("Please select both players for substitution"),
  })
  .refine((v) => v.oldPlayerId !== v.newPlayerId, "Please select two different players");
