// DELETE /api/lobbies/{id}: removes one lobby and its scores (refused once its round is finalized).
import { allowOnly, lobbyAction } from "~/lib/api.server";
import { deleteLobby } from "~/models/lobbies.server";

// Reading one lobby has no model function; GET /api/tournaments/{id}/lobbies/all lists them.
export const loader = allowOnly("DELETE");

export const action = lobbyAction({
  DELETE: { run: ({ db, user, id }) => deleteLobby(db, user, id) },
});
