// GET /api/tournaments/{id}/staff: its scorekeepers (owner or master); POST {username} adds one (docs/rules.md, "Staff").
import { tournamentAction, tournamentUserLoader } from "~/lib/api.server";
import { addScorekeeper, listStaff } from "~/models/staff.server";
import { staffAddSchema } from "~/models/validation";

export const loader = tournamentUserLoader(({ db, user, id }) => listStaff(db, user, id));

export const action = tournamentAction(
  { POST: { body: staffAddSchema, run: ({ db, user, id, body }) => addScorekeeper(db, user, id, body.username) } },
  { alsoAllow: ["GET"] },
);
