// POST /api/tournaments/{id}/start-checkin: setup or registration moves to check-in.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { tournamentAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { startCheckin } from "~/models/tournaments/tournaments.server";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    run: ({ db, user, id }) => startCheckin(db, user, id),
    openapi: {
      operationId: "startCheckin",
      tag: "Tournaments",
      summary: "Move from setup or registration to check-in",
      answers: {
        200: ok("The tournament in check-in", tournamentAnswer),
        ...refused.owner,
        ...refused.tournament,
        ...refused.conflict("Not in setup or registration"),
      },
    },
  },
});
