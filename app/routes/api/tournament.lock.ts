// POST /api/tournaments/{id}/lock {locked}: locks (needs 8 checked in) or unlocks check-in.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { tournamentAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { setLocked } from "~/models/tournaments/tournaments.server";
import { lockSchema } from "~/models/rounds/round-input";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    body: lockSchema,
    run: ({ db, user, id, body }) => setLocked(db, user, id, body.locked),
    openapi: {
      operationId: "lockTournament",
      tag: "Tournaments",
      summary: "Lock or unlock check-in",
      description: "Locking needs at least 8 checked-in players; unlocking is always allowed.",
      answers: {
        200: ok("The tournament", tournamentAnswer),
        ...refused.owner,
        ...refused.tournament,
        ...refused.conflict("Need at least 8 checked-in players to lock tournament"),
      },
    },
  },
});
