// POST /api/tournaments/{id}/start-checkin: setup or registration moves to check-in.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { startCheckin } from "~/models/tournaments.server";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: { run: ({ db, user, id }) => startCheckin(db, user, id) },
});
