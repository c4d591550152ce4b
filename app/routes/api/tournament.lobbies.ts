// GET /api/tournaments/{id}/lobbies[?round=n]: the lobbies of one round (default: the current round).
import { allowOnly, tournamentRoundQueryRead } from "~/lib/api.server";
import { lobbyAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { lobbiesRead } from "~/models/views/api-reads.server";

export const loader = tournamentRoundQueryRead((data, { round }) => lobbiesRead(data, round), {
  operationId: "listLobbies",
  tag: "Rounds",
  summary: "The lobbies of one round",
  query: [
    { name: "round", description: "The round (default: the current round)", schema: { type: "integer", minimum: 1 } },
  ],
  answers: { 200: okList("The lobbies, by name", lobbyAnswer), ...refused.tournament },
});

export const action = allowOnly("GET");
