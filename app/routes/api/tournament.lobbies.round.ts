// GET /api/tournaments/{id}/lobbies/round/{round}: that round's lobbies; DELETE undoes its lobby generation.
import { roundAction, roundRead } from "~/lib/api.server";
import { lobbyAnswer, undoAnswer } from "~/lib/api-schemas.server";
import { ok, okList, refused } from "~/lib/openapi.server";
import { undoRound } from "~/models/rounds/lobbies.server";
import { lobbiesRead } from "~/models/views/api-reads.server";

export const loader = roundRead((data, { round }) => lobbiesRead(data, round), {
  operationId: "listRoundLobbies",
  tag: "Rounds",
  summary: "The lobbies of the given round",
  answers: { 200: okList("The lobbies, by name", lobbyAnswer), ...refused.tournament },
});

export const action = roundAction(
  {
    DELETE: {
      run: ({ db, user, id, round }) => undoRound(db, user, id, round),
      openapi: {
        operationId: "undoRound",
        tag: "Rounds",
        summary: "Undo the round's lobby generation",
        description:
          "Deletes its lobbies and scores. Undoing round 1 puts the removed players back and returns to check-in.",
        answers: {
          200: ok("What was undone", undoAnswer),
          ...refused.owner,
          ...refused.tournament,
          ...refused.conflict("Cannot undo after finalization, or not the current round"),
        },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
