// GET /api/tournaments/{id}/integrity: players whose stored totals differ from their saved matches; POST repairs them in one recorded transaction (masters only).
import { tournamentAction, tournamentUserLoader } from "~/lib/api.server";
import { checkIntegrity, repairTotals } from "~/models/audit.server";

export const loader = tournamentUserLoader(({ db, id, user }) => checkIntegrity(db, user, id));

export const action = tournamentAction({ POST: { run: ({ db, user, id }) => repairTotals(db, user, id) } }, { alsoAllow: ["GET"] });
