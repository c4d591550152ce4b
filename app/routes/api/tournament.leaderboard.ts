// GET /api/tournaments/{id}/leaderboard[?round=n]: the standings, live or as they stood after round n, with whether each row is final.
import { allowOnly, tournamentRoundQueryRead } from "~/lib/api.server";
import { leaderboardRowAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { getLeaderboardAnswer } from "~/models/settled.server";
import { leaderboardRead } from "~/models/views/api-reads.server";

export const loader = tournamentRoundQueryRead(
  {
    shared: (data, { round }) => leaderboardRead(data, round),
    read: async ({ db, id, round }) => (await getLeaderboardAnswer(db, id, round ?? null)).rows,
  },
  {
    operationId: "leaderboard",
    tag: "Rounds",
    summary: "Standings, live or after a round",
    description:
      "An array of rows in rank order (active players first, then eliminated ones, in tiebreak order), as it always " +
      "was; the Tournament-Version header (and the ETag) says which version of the tournament they are of. Each row's " +
      "final says whether it is still its standing after the last finalized round (the tournament's finalizedRound): " +
      "the standings are settled when every row is final. With ?round=n: the standings as they stood after round n " +
      "(its matches and earlier ones; a player cut after round n shows as eliminated). rankChange is the places " +
      "gained since the round before (null in round 1).",
    query: [
      {
        name: "round",
        description:
          "The standings after this round (a round whose lobbies were drawn; 400 otherwise). Default: the live standings",
        schema: { type: "integer", minimum: 1 },
      },
    ],
    answers: {
      200: okList("The standings: rows in rank order", leaderboardRowAnswer),
      400: { description: "A malformed id or round, or a round that has not started" },
      ...refused.tournament,
    },
  },
);

export const action = allowOnly("GET");
