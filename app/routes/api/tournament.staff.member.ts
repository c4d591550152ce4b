// DELETE /api/tournaments/{id}/staff/{userId}: removes a scorekeeper (owner or master).
import { allowOnly, staffMemberAction } from "~/lib/api.server";
import { staffMemberAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { removeScorekeeper } from "~/models/access/staff.server";

export const loader = allowOnly("DELETE");

export const action = staffMemberAction({
  DELETE: {
    run: ({ db, user, id, userId }) => removeScorekeeper(db, user, id, userId),
    openapi: {
      operationId: "removeScorekeeper",
      tag: "Tournaments",
      summary: "Remove a scorekeeper (owner or master)",
      answers: {
        200: ok("The removed staff member", staffMemberAnswer),
        ...refused.owner,
        404: { description: "Tournament not found, or the account is not on its staff" },
        ...refused.conflict("Tournament has been completed"),
      },
    },
  },
});
