// POST /api/lobbies/{id}/matches {scores: [{playerId, placement}]}: saves (or replaces) one lobby's placements.
import { allowOnly, lobbyAction } from "~/lib/api.server";
import { saveScores } from "~/models/scores.server";
import { scoresSchema } from "~/models/validation";

// A lobby's matches are read through GET /api/tournaments/{id}/matches.
export const loader = allowOnly("POST");

export const action = lobbyAction({
  POST: { body: scoresSchema, run: ({ db, user, id, body }) => saveScores(db, user, id, body.scores) },
});
