// POST /api/tournaments/{id}/players/bulk {players, manualOverride}: adds many players, all or nothing.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { bulkAddPlayers, toPlayerSummary } from "~/models/players.server";
import { bulkPlayersSchema } from "~/models/validation";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    body: bulkPlayersSchema,
    run: ({ db, user, id, body }) => bulkAddPlayers(db, user, id, body.players, body.manualOverride),
    answer: (created) => created.map(toPlayerSummary),
  },
});
