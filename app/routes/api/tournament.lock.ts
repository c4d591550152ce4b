// POST /api/tournaments/{id}/lock {locked}: locks (needs 8 checked in) or unlocks check-in.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { setLocked } from "~/models/tournaments.server";
import { lockSchema } from "~/models/validation";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: { body: lockSchema, run: ({ db, user, id, body }) => setLocked(db, user, id, body.locked) },
});
