// POST /api/tournaments/{id}/finalize-round: locks the current round's scores once every lobby is complete.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { tournamentAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { finalizeRound } from "~/models/rounds/scores.server";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    run: ({ db, user, id }) => finalizeRound(db, user, id),
    openapi: {
      operationId: "finalizeRound",
      tag: "Rounds",
      summary: "Lock the current round's scores without advancing",
      answers: {
        200: ok("The tournament", tournamentAnswer),
        ...refused.owner,
        ...refused.tournament,
        ...refused.conflict("All lobby scores must be submitted first"),
      },
    },
  },
});
