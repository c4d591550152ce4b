// POST /api/tournaments/{id}/players/bulk {players, manualOverride}: adds many players, all or nothing.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { playerAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { bulkAddPlayers, toPlayerSummary } from "~/models/roster/roster.server";
import { bulkPlayersSchema } from "~/models/roster/player-input";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    body: bulkPlayersSchema,
    run: ({ db, user, id, body }) => bulkAddPlayers(db, user, id, body.players, body.manualOverride),
    answer: (created) => created.map(toPlayerSummary),
    openapi: {
      operationId: "bulkAddPlayers",
      tag: "Players",
      summary: "Register many players, all or nothing",
      answers: {
        200: okList("The new players", playerAnswer),
        ...refused.owner,
        ...refused.tournament,
        ...refused.conflict("Not enough room, locked, or completed"),
      },
    },
  },
});
