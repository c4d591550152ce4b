// GET /api/tournaments: the caller's dashboard list (signed-in only); POST creates a tournament owned by the caller.
import { userAction, userLoader } from "~/lib/api.server";
import { createTournament, listForUser } from "~/models/tournaments.server";
import { tournamentCreateSchema } from "~/models/validation";

export const loader = userLoader(({ db, user }) => listForUser(db, user));

export const action = userAction(
  { POST: { body: tournamentCreateSchema, run: ({ db, user, body }) => createTournament(db, user, body) } },
  { alsoAllow: ["GET"] },
);
