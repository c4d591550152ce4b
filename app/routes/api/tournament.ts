// GET /api/tournaments/{id} (public), PATCH its settings, DELETE it with everything in it.
import { tournamentAction, tournamentLoader } from "~/lib/api.server";
import { findTournamentOr404 } from "~/models/action.server";
import { deleteTournament, updateTournament } from "~/models/tournaments.server";
import { tournamentUpdateSchema } from "~/models/validation";

export const loader = tournamentLoader(({ db, id }) => findTournamentOr404(db, id));

export const action = tournamentAction(
  {
    PATCH: { body: tournamentUpdateSchema, run: ({ db, user, id, body }) => updateTournament(db, user, id, body) },
    DELETE: {
      run: ({ db, user, id }) => deleteTournament(db, user, id),
      answer: (deleted) => ({ message: "Tournament deleted", ...deleted }),
    },
  },
  { alsoAllow: ["GET"] },
);
