// POST /api/tournaments/{id}/complete: any status but completed becomes completed (final standings).
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { completeTournament } from "~/models/tournaments.server";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: { run: ({ db, user, id }) => completeTournament(db, user, id) },
});
