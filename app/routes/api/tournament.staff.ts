// GET /api/tournaments/{id}/staff: its scorekeepers (owner or master); POST {username} adds one (docs/rules.md, "Staff").
import { tournamentAction, tournamentUserLoader } from "~/lib/api.server";
import { staffMemberAnswer } from "~/lib/api-schemas.server";
import { ok, okList, refused } from "~/lib/openapi.server";
import { addScorekeeper, listStaff } from "~/models/access/staff.server";
import { staffAddSchema } from "~/models/access/account-input";

export const loader = tournamentUserLoader(({ db, user, id }) => listStaff(db, user, id), {
  operationId: "listStaff",
  tag: "Tournaments",
  summary: "The tournament's scorekeepers, oldest first (owner or master)",
  answers: { 200: okList("The list", staffMemberAnswer), ...refused.owner, ...refused.tournament },
});

export const action = tournamentAction(
  {
    POST: {
      body: staffAddSchema,
      run: ({ db, user, id, body }) => addScorekeeper(db, user, id, body.username),
      openapi: {
        operationId: "addScorekeeper",
        tag: "Tournaments",
        summary: "Add an existing account as a scorekeeper, by username (any case)",
        description:
          "A scorekeeper may check players in and out (POST /api/players/{id}/checkin) and save or edit lobby scores " +
          "(POST /api/lobbies/{id}/matches) until the round is finalized; nothing else. Only the owner or a master manages staff. " +
          "An unknown username or the owner's answers 400.",
        answers: {
          200: ok("The new staff member", staffMemberAnswer),
          ...refused.owner,
          ...refused.tournament,
          ...refused.conflict("Already a scorekeeper, or the tournament completed"),
        },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
