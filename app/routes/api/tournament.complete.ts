// POST /api/tournaments/{id}/complete: any status but completed becomes completed (final standings).
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { tournamentAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { completeTournament } from "~/models/tournaments/tournaments.server";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    run: ({ db, user, id }) => completeTournament(db, user, id),
    openapi: {
      operationId: "completeTournament",
      tag: "Tournaments",
      summary: "Complete the tournament (it becomes read-only)",
      answers: {
        200: ok("The completed tournament", tournamentAnswer),
        ...refused.owner,
        ...refused.tournament,
        ...refused.conflict("Tournament has been completed"),
      },
    },
  },
});
