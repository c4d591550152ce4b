// GET /api/tournaments/{id}/lobbies/all: every lobby of every round, by round then name.
import { allowOnly, tournamentLoader } from "~/lib/api.server";
import { listAllLobbies } from "~/models/lobbies.server";

export const loader = tournamentLoader(({ db, id }) => listAllLobbies(db, id));

export const action = allowOnly("GET");
