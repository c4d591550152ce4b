// GET /api/tournaments/{id}/lobbies/round/{round}: that round's lobbies; DELETE undoes its lobby generation.
import { roundAction, roundLoader } from "~/lib/api.server";
import { listLobbies, undoRound } from "~/models/lobbies.server";

export const loader = roundLoader(({ db, id, round }) => listLobbies(db, id, round));

export const action = roundAction(
  { DELETE: { run: ({ db, user, id, round }) => undoRound(db, user, id, round) } },
  { alsoAllow: ["GET"] },
);
