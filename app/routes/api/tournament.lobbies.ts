// GET /api/tournaments/{id}/lobbies[?round=n]: the lobbies of one round (default: the current round).
import { allowOnly, INVALID_ROUND, optionalQueryId, tournamentLoader } from "~/lib/api.server";
import { listLobbies } from "~/models/lobbies.server";

export const loader = tournamentLoader(({ db, id, request }) =>
  listLobbies(db, id, optionalQueryId(request, "round", INVALID_ROUND)),
);

export const action = allowOnly("GET");
