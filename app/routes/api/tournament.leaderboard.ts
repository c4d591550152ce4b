// GET /api/tournaments/{id}/leaderboard: standings in tiebreak order, active players first, each row with its rank and bestFinish.
import { allowOnly, tournamentLoader } from "~/lib/api.server";
import { leaderboardRowAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { getLeaderboard } from "~/models/standings.server";

export const loader = tournamentLoader(({ db, id }) => getLeaderboard(db, id), {
  operationId: "leaderboard",
  tag: "Rounds",
  summary: "Standings",
  answers: { 200: okList("Rows in rank order", leaderboardRowAnswer), ...refused.tournament },
});

export const action = allowOnly("GET");
