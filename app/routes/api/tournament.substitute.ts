// POST /api/tournaments/{id}/substitute {oldPlayerId, newPlayerId}: an eliminated player takes an active player's place.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { substitute, toPlayerSummary } from "~/models/players.server";
import { substituteSchema } from "~/models/validation";

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
  },
});
