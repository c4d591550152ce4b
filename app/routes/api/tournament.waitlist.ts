// DELETE /api/tournaments/{id}/waitlist {address?}: clears waiting sign-ups in bulk; POST …/waitlist {entryId, decision}
// approves, declines or removes one sign-up (owner or master). docs/decisions/029-sign-up-and-passes.md.
import type { Registration } from "#db/schema";
import { allowOnly, tournamentAction } from "~/lib/api.server";
import { ok, refused } from "~/lib/openapi.server";
import { clearedAnswer, entryDecisionBody, registrationAnswer, toRegistration } from "~/lib/signup-api.server";
import { clearWaitlistSchema } from "~/models/roster/signup-input";
import { clearWaitlist, decideEntry } from "~/models/roster/signup.server";

export const loader = allowOnly("POST", "DELETE");

export const action = tournamentAction({
  POST: {
    body: entryDecisionBody,
    run: ({ db, user, id, body }) => decideEntry(db, user, id, body.entryId, body.decision),
    answer: (r: Registration) => toRegistration(r, null),
    openapi: {
      operationId: "decideRegistration",
      tag: "Players",
      summary: "Approve, decline or remove one sign-up",
      description:
        "`approve` a pending sign-up (a seat when one is free, else the waitlist), `decline` it, or `remove` a pending, " +
        "waitlisted or registered one (a registered player's seat goes to the first waitlisted player; refused once " +
        "lobbies are drawn: drop the player instead).",
      answers: {
        200: ok("The sign-up", registrationAnswer),
        ...refused.owner,
        404: { description: "Tournament or sign-up not found" },
        ...refused.conflict(
          "The sign-up is not pending (approve, decline) or no longer active (remove); lobbies are drawn",
        ),
      },
    },
  },
  DELETE: {
    body: clearWaitlistSchema,
    run: ({ db, user, id, body }) => clearWaitlist(db, user, id, body.address || undefined),
    openapi: {
      operationId: "clearWaitlist",
      tag: "Players",
      summary: "Clear waiting sign-ups in bulk: all, or those from one address",
      answers: {
        200: ok("How many were removed", clearedAnswer),
        ...refused.owner,
        ...refused.tournament,
      },
    },
  },
});
