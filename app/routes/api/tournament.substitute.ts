// POST /api/tournaments/{id}/substitute {oldPlayerId, newPlayerId}: an eliminated player takes an active player's place.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { substitutionAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { substitute } from "~/models/roster/substitution.server";
import { toPlayerSummary } from "~/models/roster/roster.server";
import { substituteSchema } from "~/models/roster/player-input";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    body: substituteSchema,
    run: ({ db, user, id, body }) => substitute(db, user, id, body.oldPlayerId, body.newPlayerId),
    answer: (result) => ({
      oldPlayer: toPlayerSummary(result.oldPlayer),
      newPlayer: toPlayerSummary(result.newPlayer),
      lobbyId: result.lobbyId,
    }),
    openapi: {
      operationId: "substitutePlayer",
      tag: "Tournaments",
      summary: "Swap an eliminated player in for an active one",
      answers: {
        200: ok("Both players after the swap", substitutionAnswer),
        ...refused.owner,
        404: { description: "Tournament or player not found" },
        ...refused.conflict("The old player is not active, or the new one is not eliminated"),
      },
    },
  },
});
