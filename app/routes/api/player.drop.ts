// POST /api/players/{id}/drop {reason}: drops a player out of every later draw; DELETE undoes it until the next draw.
import { allowOnly, playerAction } from "~/lib/api.server";
import { playerAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { dropPlayer, undoDrop } from "~/models/roster/drops.server";
import { toPlayerSummary } from "~/models/roster/roster.server";
import { dropSchema } from "~/models/audit/audit-input";

export const loader = allowOnly("POST", "DELETE");

export const action = playerAction({
  POST: {
    body: dropSchema,
    run: ({ db, user, id, body }) => dropPlayer(db, user, id, body.reason),
    answer: toPlayerSummary,
    openapi: {
      operationId: "dropPlayer",
      tag: "Players",
      summary: "Drop a player out of the event",
      description:
        "The owner or a master, while rounds are played. The player leaves every later draw and keeps their points, " +
        'ranked below the active players with a "Dropped" mark (not a cut: cuts count only the players still playing). ' +
        "A lobby they already sit in keeps them: save them as DNP there if they did not play. `reason` is required " +
        "(one line, at most 500 characters), answered as `dropReason` and kept in the history.",
      answers: {
        200: ok("The dropped player", playerAnswer),
        ...refused.owner,
        ...refused.player,
        ...refused.conflict(
          "The player is eliminated, set aside at Round 1 or already dropped; Round 1 is not drawn yet; or the tournament is completed",
        ),
      },
    },
  },
  DELETE: {
    run: ({ db, user, id }) => undoDrop(db, user, id),
    answer: toPlayerSummary,
    openapi: {
      operationId: "undoDrop",
      tag: "Players",
      summary: "Undo a drop, until the next draw",
      description: "The owner or a master. Refused once lobbies were drawn after the drop.",
      answers: {
        200: ok("The player, back in play", playerAnswer),
        ...refused.owner,
        ...refused.player,
        ...refused.conflict(
          "The player has not dropped, lobbies were drawn since the drop, or the tournament is completed",
        ),
      },
    },
  },
});
