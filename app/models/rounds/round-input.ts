// A round's input: locking, drawing lobbies, swapping players, advancing, and a lobby's scores with their rules.
import { z } from "zod";
import { DNP_VALUE } from "../format/scoring";
import {
  ALL_DNP,
  DNP_WITH_PLACEMENT,
  DUPLICATE_PLACEMENTS,
  INCOMPLETE_SCORES,
  INVALID_PLACEMENTS,
  NO_SCORES,
  presentPlacementsMessage,
} from "../messages";
import { bool, booleanish, idField, numeric, toList } from "../fields";

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

/**
 * The shape only; whether the placements fit the lobby is `validateLobbyScores`, which needs
 * the lobby. A placement of 0 (or none, with `dnp`) means "Unscored" as on the score form. A
 * no-show is `dnp: true` (the API) or the placement "dnp" (the form's select); a DNP given a placement too is
 * refused by `validateLobbyScores`, so the message is the same whichever way it came. A JSON `"placement": null`
 * is no placement (what a client serialising an absent value sends beside `"dnp": true`).
 */
export const scoresSchema = z.object({
  scores: z.array(
    z
      .object({
        playerId: idField("Invalid player ID"),
        placement: numeric(
          z
            .union([z.int({ error: INVALID_PLACEMENTS }), z.literal(DNP_VALUE)], { error: INVALID_PLACEMENTS })
            .nullish(),
        ),
        dnp: booleanish(bool("dnp must be true or false").optional()),
      })
      .transform((entry, ctx): ScoreEntry => {
        const dnp = entry.dnp === true || entry.placement === DNP_VALUE;
        if (entry.placement === DNP_VALUE && entry.dnp === false) {
          ctx.addIssue({ code: "custom", message: INVALID_PLACEMENTS, path: ["placement"] });
          return z.NEVER;
        }
        if (entry.placement == null && !dnp) {
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
