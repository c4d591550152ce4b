// GET /api/tournaments/{id}/leaderboard: standings in tiebreak order, active players first, each row with its rank and bestFinish.
import { allowOnly, tournamentLoader } from "~/lib/api.server";
import { getLeaderboard } from "~/models/standings.server";

export const loader = tournamentLoader(({ db, id }) => getLeaderboard(db, id));

export const action = allowOnly("GET");
