// GET /api/tournaments/{id}/leaderboard[?round=n]: the standings, live or as they stood after round n, with whether each row is final.
import { allowOnly, tournamentStandingsQueryRead } from "~/lib/api.server";
import { leaderboardRowAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { leaderboardRead } from "~/models/views/api-reads.server";

export const loader = tournamentStandingsQueryRead((data, { round, stage }) => leaderboardRead(data, round, stage), {
  operationId: "leaderboard",
  tag: "Rounds",
  summary: "Standings, live or after a round",
  description:
    "An array of rows in rank order (active players first, then eliminated ones, in tiebreak order), as it always " +
    "was; the Tournament-Version header (and the ETag) says which version of the tournament they are of. Each row's " +
    "final says whether it is still its standing after the last finalized round (the tournament's finalizedRound): " +
    "the standings are settled when every row is final. With ?round=n: the standings as they stood after round n " +
    "(its matches and earlier ones; a player cut after round n shows as eliminated). rankChange is the places " +
    'gained since the round before (null in round 1). With stages (docs/rules.md "Stages"), the overall order is ' +
    "by how far each player got: the current stage's players first in its order (a checkmate winner first of all), " +
    "then those cut in the stage before in that stage's order, and so on; totalPoints are the points of the stage " +
    "that ranks the row (carried or reset), eventPoints the whole event's, onCheckmate marks the players a 1st " +
    "place now crowns. With ?stage=n: that stage's standings (the players who entered it, by its points).",
  query: [
    {
      name: "round",
      description:
        "The standings after this round (a round whose lobbies were drawn; 400 otherwise). Default: the live standings",
      schema: { type: "integer", minimum: 1 },
    },
    {
      name: "stage",
      description:
        "One stage's standings, by its number (1 for the first; 400 for a stage the tournament does not have or " +
        "one that has not started, or with ?round). Default: the overall standings",
      schema: { type: "integer", minimum: 1 },
    },
  ],
  answers: {
    200: okList("The standings: rows in rank order", leaderboardRowAnswer),
    400: { description: "A malformed id, round or stage, a round or stage that has not started, or both asked" },
    ...refused.tournament,
  },
});

export const action = allowOnly("GET");
