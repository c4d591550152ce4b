// POST /api/tournaments/{id}/self-checkin/code opens player self check-in (answers the code), DELETE closes it: owner or master.
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { selfCheckinStatusAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { closeSelfCheckin, openSelfCheckin } from "~/models/self-checkin.server";

export const loader = allowOnly("POST", "DELETE");

export const action = tournamentAction({
  POST: {
    run: ({ db, user, id }) => openSelfCheckin(db, user, id),
    openapi: {
      operationId: "openSelfCheckin",
      tag: "Tournaments",
      summary: "Open player self check-in: answers the code to read out (opening again keeps it)",
      description:
        "Only while the tournament is in check-in and unlocked. Locking, drawing round 1 or completing closes it.",
      answers: {
        200: ok("Open, with its code", selfCheckinStatusAnswer),
        ...refused.owner,
        ...refused.tournament,
        ...refused.conflict("Not in check-in, locked, lobbies drawn, or completed"),
      },
    },
  },
  DELETE: {
    run: ({ db, user, id }) => closeSelfCheckin(db, user, id),
    openapi: {
      operationId: "closeSelfCheckin",
      tag: "Tournaments",
      summary: "Close player self check-in and forget its code",
      answers: {
        200: ok("Closed", selfCheckinStatusAnswer),
        ...refused.owner,
        ...refused.tournament,
        ...refused.conflict("Tournament has been completed"),
      },
    },
  },
});
