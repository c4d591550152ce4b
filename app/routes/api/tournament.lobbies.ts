// GET /api/tournaments/{id}/lobbies[?round=n]: the lobbies of one round (default: the current round).
import { allowOnly, INVALID_ROUND, optionalQueryId, tournamentLoader } from "~/lib/api.server";
import { lobbyAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { listLobbies } from "~/models/lobbies.server";

export const loader = tournamentLoader(
  ({ db, id, request }) => listLobbies(db, id, optionalQueryId(request, "round", INVALID_ROUND)),
  {
    operationId: "listLobbies",
    tag: "Rounds",
    summary: "The lobbies of one round",
    query: [
      { name: "round", description: "The round (default: the current round)", schema: { type: "integer", minimum: 1 } },
    ],
    answers: { 200: okList("The lobbies, by name", lobbyAnswer), ...refused.tournament },
  },
);

export const action = allowOnly("GET");
