// GET /api/tournaments/{id}/matches: every saved placement, by round, lobby and placement.
import { allowOnly, tournamentLoader } from "~/lib/api.server";
import { listMatches } from "~/models/scores.server";

export const loader = tournamentLoader(({ db, id }) => listMatches(db, id));

export const action = allowOnly("GET");
