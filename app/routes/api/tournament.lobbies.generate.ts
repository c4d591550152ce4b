// POST /api/tournaments/{id}/lobbies/generate {roundNumber?}: draws the current round's lobbies, or completes an Elimination tournament.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { generateLobbies } from "~/models/lobbies.server";
import { generateSchema } from "~/models/validation";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: { body: generateSchema, run: ({ db, user, id, body }) => generateLobbies(db, user, id, body.roundNumber) },
});
