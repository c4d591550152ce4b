// POST /api/tournaments/{id}/self-checkin/code opens player self check-in (answers the code), DELETE closes it: owner or master.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { closeSelfCheckin, openSelfCheckin } from "~/models/self-checkin.server";

export const loader = allowOnly("POST", "DELETE");

export const action = tournamentAction({
  POST: { run: ({ db, user, id }) => openSelfCheckin(db, user, id) },
  DELETE: { run: ({ db, user, id }) => closeSelfCheckin(db, user, id) },
});
