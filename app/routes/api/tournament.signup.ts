// GET /api/tournaments/{id}/signup: whether registration is open, how full the tournament and its waitlist are, the
// schedule; PATCH changes the owner's settings (owner or master). docs/decisions/029-sign-up-and-passes.md.
import { tournamentAction, tournamentLoader } from "~/lib/api.server";
import { ok, refused } from "~/lib/openapi.server";
import { signupInfoAnswer, signupSettingsAnswer } from "~/lib/signup-api.server";
import { findTournamentOr404 } from "~/models/action.server";
import { signupSettingsSchema } from "~/models/roster/signup-input";
import { joinInfo, updateSignupSettings, windowNow } from "~/models/roster/signup.server";
import type { SignupSettings } from "#db/schema";

const windowJson = (w: ReturnType<typeof windowNow>) =>
  w ? { opensAt: w.opensAt.toISOString(), closesAt: w.closesAt.toISOString(), state: w.state } : null;

export const loader = tournamentLoader(
  async ({ db, id }) => {
    const info = await joinInfo(db, await findTournamentOr404(db, id));
    const { window, startsAt, ...rest } = info;
    return { ...rest, startsAt: startsAt ? startsAt.toISOString() : null, checkinWindow: windowJson(window) };
  },
  {
    operationId: "getSignup",
    tag: "Players",
    summary: "Registration, the waitlist and the schedule of a tournament",
    answers: { 200: ok("What the join page shows", signupInfoAnswer), ...refused.tournament },
  },
);

function toSettings(s: SignupSettings) {
  return {
    isOpen: s.isOpen,
    requireApproval: s.requireApproval,
    waitlistCap: s.waitlistCap,
    startsAt: s.startsAt ? s.startsAt.toISOString() : null,
    timeZone: s.timeZone,
    checkinOpensBefore: s.checkinOpensBefore,
    checkinClosesBefore: s.checkinClosesBefore,
    lobbyHostRule: s.lobbyHostRule,
    saveAgreedReports: s.saveAgreedReports,
    checkinWindow: windowJson(windowNow(s)),
  };
}

export const action = tournamentAction(
  {
    PATCH: {
      body: signupSettingsSchema,
      run: ({ db, user, id, body }) => updateSignupSettings(db, user, id, body),
      answer: toSettings,
      openapi: {
        operationId: "updateSignup",
        tag: "Players",
        summary: "Open or close registration; approval, the waitlist's size and the schedule",
        description:
          "Owner or master. `startsAt` is the wall-clock time in `timeZone` (`YYYY-MM-DDTHH:MM`, empty for no start), " +
          "stored as an instant. Check-in opens `checkinOpensBefore` and closes `checkinClosesBefore` minutes before the " +
          "start, by itself, enforced on the server. Opening registration during setup moves the tournament to " +
          "Registration; free seats are filled from the waitlist. `saveAgreedReports`: players' agreed reports are saved as " +
          "the lobby's scores at once (docs/rules.md \"Reports\"), instead of waiting for a staff member's one-tap confirm.",
        answers: { 200: ok("The settings", signupSettingsAnswer), ...refused.owner, ...refused.tournament },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
