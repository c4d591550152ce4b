// The audit trail's input: a master's override reason (also a drop's reason) and the History filters.
import { z } from "zod";
import { REASON_MAX } from "./audit";
import { UNKNOWN_AUDIT_ACTION } from "../messages";
import { blankToUndefined, numeric, text } from "../fields";

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
