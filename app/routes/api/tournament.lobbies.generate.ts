// POST /api/tournaments/{id}/lobbies/generate {roundNumber?, lobbies?}: draws (or takes as given) the current round's lobbies, or completes an Elimination tournament.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { generateAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { generateSchema } from "~/models/rounds/round-input";

export const loader = allowOnly("POST");

export const action = tournamentAction({
  POST: {
    body: generateSchema,
    run: ({ db, user, id, body }) => generateLobbies(db, user, id, body.roundNumber, body.lobbies),
    openapi: {
      operationId: "generateLobbies",
      tag: "Rounds",
      summary: "Draw the current round's lobbies",
      description:
        "Round 1 needs 16 checked-in players; it seeds players, takes unchecked ones out of play, sets status active and locks. " +
        "Later rounds need 4 active players; with fewer an Elimination tournament completes (status completed). " +
        "With `lobbies` (player ids per lobby) the draw is used as given: every active player exactly once, lobbies of 2 to 8, " +
        "else 400 (code invalid_draw) and nothing changes.",
      answers: {
        200: ok("The new lobbies, or (status completed) the tournament completed instead", generateAnswer),
        400: {
          description: "Invalid input, or a given draw that is not every active player once in lobbies of 2 to 8",
        },
        ...refused.owner,
        ...refused.tournament,
        ...refused.conflict("Lobbies already exist, not enough or too many players, or not the current round"),
      },
    },
  },
});
