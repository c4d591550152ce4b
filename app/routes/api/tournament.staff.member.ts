// DELETE /api/tournaments/{id}/staff/{userId}: removes a scorekeeper (owner or master).
import { allowOnly, staffMemberAction } from "~/lib/api.server";
import { removeScorekeeper } from "~/models/staff.server";

export const loader = allowOnly("DELETE");

export const action = staffMemberAction({
  DELETE: { run: ({ db, user, id, userId }) => removeScorekeeper(db, user, id, userId) },
});
