// DELETE /api/lobbies/{id}: removes one lobby and its scores (refused once its round is finalized).
import { allowOnly, lobbyAction } from "~/lib/api.server";
import { deletedLobbyAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { deleteLobby } from "~/models/rounds/lobbies.server";

// Reading one lobby has no model function; GET /api/tournaments/{id}/lobbies/all lists them.
export const loader = allowOnly("DELETE");

export const action = lobbyAction({
  DELETE: {
    run: ({ db, user, id }) => deleteLobby(db, user, id),
    openapi: {
      operationId: "deleteLobby",
      tag: "Rounds",
      summary: "Delete one lobby and its scores",
      answers: {
        200: ok("Deleted", deletedLobbyAnswer),
        ...refused.owner,
        ...refused.lobby,
        ...refused.conflict("The round is finalized"),
      },
    },
  },
});
