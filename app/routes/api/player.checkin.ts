// POST /api/players/{id}/checkin {checkedIn}: checks a player in or out (until lobbies exist).
import { allowOnly, playerAction } from "~/lib/api.server";
import { playerAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { setCheckin } from "~/models/roster/checkin.server";
import { toPlayerSummary } from "~/models/roster/roster.server";
import { checkinSchema } from "~/models/roster/player-input";

export const loader = allowOnly("POST");

export const action = playerAction({
  POST: {
    body: checkinSchema,
    run: ({ db, user, id, body }) => setCheckin(db, user, id, body.checkedIn),
    answer: toPlayerSummary,
    openapi: {
      operationId: "checkinPlayer",
      tag: "Players",
      summary: "Check a player in or out",
      description: "The owner, a master or one of the tournament's scorekeepers.",
      answers: {
        200: ok("The player", playerAnswer),
        ...refused.staff,
        ...refused.player,
        ...refused.conflict("Lobbies exist, the tournament is full, or the player is eliminated"),
      },
    },
  },
});
