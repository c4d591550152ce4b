// GET /api/tournaments/{id}/matches: every saved placement, by round, lobby and placement.
import { allowOnly, tournamentRead } from "~/lib/api.server";
import { matchAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { matchesRead } from "~/models/views/api-reads.server";

export const loader = tournamentRead(matchesRead, {
  operationId: "listMatches",
  tag: "Rounds",
  summary: "Every saved placement",
  answers: { 200: okList("By round, lobby and placement", matchAnswer), ...refused.tournament },
});

export const action = allowOnly("GET");
