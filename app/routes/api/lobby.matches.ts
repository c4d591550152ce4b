// POST /api/lobbies/{id}/matches {scores: [{playerId, placement} | {playerId, dnp: true}]}: saves (or replaces) one lobby's placements.
import { allowOnly, lobbyAction } from "~/lib/api.server";
import { saveRouteHandle } from "~/lib/save-route";
import { scoresAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { saveScores } from "~/models/rounds/scores.server";
import { scoresSchema } from "~/models/rounds/round-input";

// A lobby's matches are read through GET /api/tournaments/{id}/matches.
export const loader = allowOnly("POST");

// Its posts wait in the save admission's queue (app/lib/save-admission.server.ts).
export const handle = saveRouteHandle;

export const action = lobbyAction({
  POST: {
    body: scoresSchema,
    run: ({ db, user, id, body }) => saveScores(db, user, id, body.scores),
    openapi: {
      operationId: "saveScores",
      tag: "Rounds",
      summary: "Save (or replace) a lobby's placements",
      description:
        'Every player of the lobby exactly once, placements 1 to 8 each used once: "No scores entered", "Incomplete scores", ' +
        '"Duplicate placements", "Invalid placements". A no-show is `{"playerId": 7, "dnp": true}` (did not play: no ' +
        "placement, 0 points, a game played for matchesPlayed); with a DNP, the k players present take exactly the " +
        "placements 1 to k, and at least one player must be present. The owner and the tournament's scorekeepers may edit " +
        "until the round is finalized, a master at any time.",
      answers: {
        200: ok("The lobby and its matches", scoresAnswer),
        ...refused.staff,
        ...refused.lobby,
        ...refused.conflict("The round is finalized, or the tournament completed"),
      },
    },
  },
});
