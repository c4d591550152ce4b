// GET /api/tournaments/{id}/matches: every saved placement, by round, lobby and placement.
import { allowOnly, tournamentLoader } from "~/lib/api.server";
import { matchAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { listMatches } from "~/models/scores.server";

export const loader = tournamentLoader(({ db, id }) => listMatches(db, id), {
  operationId: "listMatches",
  tag: "Rounds",
  summary: "Every saved placement",
  answers: { 200: okList("By round, lobby and placement", matchAnswer), ...refused.tournament },
});

export const action = allowOnly("GET");
