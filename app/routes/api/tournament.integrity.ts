// GET /api/tournaments/{id}/integrity: players whose stored totals differ from their saved matches; POST repairs them in one recorded transaction (masters only).
import { tournamentAction, tournamentUserLoader } from "~/lib/api.server";
import { repairAnswer, totalsDifferenceAnswer } from "~/lib/api-schemas.server";
import { ok, okList, refused } from "~/lib/openapi.server";
import { checkIntegrity, repairTotals } from "~/models/format/integrity.server";

export const loader = tournamentUserLoader(({ db, id, user }) => checkIntegrity(db, user, id), {
  operationId: "checkIntegrity",
  tag: "Tournaments",
  summary: "Integrity check of the stored totals (master only)",
  description:
    "The players whose stored totalPoints, matchesPlayed or averagePlacement differ from what their saved matches (and a master's adjustments) give; empty when all agree.",
  answers: { 200: okList("The differences", totalsDifferenceAnswer), ...refused.master, ...refused.tournament },
});

export const action = tournamentAction(
  {
    POST: {
      run: ({ db, user, id }) => repairTotals(db, user, id),
      openapi: {
        operationId: "repairTotals",
        tag: "Tournaments",
        summary: "Repair the stored totals (master only)",
        description:
          "Recomputes every player's totals from the saved matches in one transaction, recorded in the audit trail. Works on a completed tournament too.",
        answers: { 200: ok("The repaired players", repairAnswer), ...refused.master, ...refused.tournament },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
