// GET /api/tournaments/{id}/leaderboard[?round=n]: the standings, live or as they stood after round n, with whether each row is final.
import { allowOnly, tournamentRoundQueryRead } from "~/lib/api.server";
import { leaderboardAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { getLeaderboardAnswer } from "~/models/settled.server";
import { leaderboardRead } from "~/models/views/api-reads.server";

export const loader = tournamentRoundQueryRead(
  {
    shared: (data, { round }) => leaderboardRead(data, round),
    read: ({ db, id, round }) => getLeaderboardAnswer(db, id, round ?? null),
  },
  {
    operationId: "leaderboard",
    tag: "Rounds",
    summary: "Standings, live or after a round",
    description:
      "Rows in rank order (active players first, then eliminated ones, in tiebreak order). settled is true when " +
      "nothing was saved since the last finalized round (finalizedRound); each row's final says whether it is still " +
      "its standing after that round. With ?round=n: the standings as they stood after round n (its matches and " +
      "earlier ones; a player cut after round n shows as eliminated). rankChange is the places gained since the " +
      "round before (null in round 1).",
    query: [
      {
        name: "round",
        description:
          "The standings after this round (a round whose lobbies were drawn; 400 otherwise). Default: the live standings",
        schema: { type: "integer", minimum: 1 },
      },
    ],
    answers: {
      200: ok("The standings", leaderboardAnswer),
      400: { description: "A malformed id or round, or a round that has not started" },
      ...refused.tournament,
    },
  },
);

export const action = allowOnly("GET");
