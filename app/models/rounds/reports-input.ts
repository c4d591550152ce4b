// A player's report as the pass page's forms and POST /api/pass/report send it (docs/decisions/036-player-reports.md).
import { z } from "zod";
import { numeric } from "../fields";

const INT_MAX = 2_147_483_647;
const id = (message: string) => numeric(z.int({ error: message }).min(1, message).max(INT_MAX, message));
const CHOOSE = "Choose a placement";
/** A placement as typed: a whole number (1…k is the model's check, which knows the lobby). */
const place = numeric(z.int({ error: CHOOSE }).min(-INT_MAX, CHOOSE).max(INT_MAX, CHOOSE));

/**
 * One report: the lobby it is for (the pass's lobby of the current round), and either `placement` (the reporter's own)
 * or `placements` (every player of the lobby once), never both.
 */
export const reportSchema = z
  .object({
    lobbyId: id("Invalid lobby ID"),
    placement: place.optional(),
    placements: z
      .array(z.object({ playerId: id("Invalid player ID"), placement: place }), {
        error: "placements must be a list of {playerId, placement}",
      })
      .max(8, "A lobby has at most 8 players")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.placement === undefined && v.placements === undefined)
      ctx.addIssue({ code: "custom", path: ["placement"], message: CHOOSE });
    if (v.placement !== undefined && v.placements !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["placement"],
        message: "Report either your own placement or the whole lobby's placements, not both",
      });
  });
export type ReportInput = z.infer<typeof reportSchema>;
