// GET /api/tournaments/{id}/lobbies/all: every lobby of every round, by round then name.
import { allowOnly, tournamentRead } from "~/lib/api.server";
import { lobbyAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { allLobbiesRead } from "~/models/views/api-reads.server";

export const loader = tournamentRead(allLobbiesRead, {
  operationId: "listAllLobbies",
  tag: "Rounds",
  summary: "Every lobby of every round",
  answers: { 200: okList("The lobbies, by round then name", lobbyAnswer), ...refused.tournament },
});

export const action = allowOnly("GET");
