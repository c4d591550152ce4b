// POST /api/tournaments/{id}/finalize-round: locks the current round's scores once every lobby is complete.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { finalizeRound } from "~/models/scores.server";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: { run: ({ db, user, id }) => finalizeRound(db, user, id) },
});
