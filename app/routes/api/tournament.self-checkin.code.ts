// /api/tournaments/{id}/self-checkin/code: GET the code and the tries per address, POST opens player self check-in (answers
// the code), PATCH draws a new code, DELETE closes it: owner or master.
import { tournamentAction, tournamentUserLoader } from "~/lib/api.server";
import { selfCheckinOverviewAnswer, selfCheckinStatusAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import {
  closeSelfCheckin,
  openSelfCheckin,
  rotateSelfCheckinCode,
  selfCheckinOverview,
} from "~/models/roster/self-checkin.server";

export const loader = tournamentUserLoader(
  async ({ db, id, user }) => {
    const overview = await selfCheckinOverview(db, user, id);
    return { ...overview, tries: overview.tries.map((t) => ({ ...t, lastAt: t.lastAt.toISOString() })) };
  },
  {
    operationId: "selfCheckinOverview",
    tag: "Tournaments",
    summary:
      "Self check-in as its owner sees it: open or not, the code, and the tries of the last 15 minutes per address",
    answers: {
      200: ok("The code and the tries per address", selfCheckinOverviewAnswer),
      ...refused.owner,
      ...refused.tournament,
    },
  },
);

export const action = tournamentAction(
  {
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
    PATCH: {
      run: ({ db, user, id }) => rotateSelfCheckinCode(db, user, id),
      openapi: {
        operationId: "rotateSelfCheckinCode",
        tag: "Tournaments",
        summary: "Draw a new self check-in code (the old one stops working at once)",
        answers: {
          200: ok("Open, with its new code", selfCheckinStatusAnswer),
          ...refused.owner,
          ...refused.tournament,
          ...refused.conflict('"Self check-in is not open", or a completed tournament'),
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
  },
  { alsoAllow: ["GET"] },
);
