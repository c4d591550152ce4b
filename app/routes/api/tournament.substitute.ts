// POST /api/tournaments/{id}/substitute {oldPlayerId, newPlayerId}: an eliminated player takes an active player's place.
import { allowOnly, toApiPlayer, tournamentAction } from "~/lib/api.server";
import { substitute } from "~/models/players.server";
import { substituteSchema } from "~/models/validation";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    body: substituteSchema,
    run: ({ db, user, id, body }) => substitute(db, user, id, body.oldPlayerId, body.newPlayerId),
    answer: (result) => ({
      oldPlayer: toApiPlayer(result.oldPlayer),
      newPlayer: toApiPlayer(result.newPlayer),
      lobbyId: result.lobbyId,
    }),
  },
});
