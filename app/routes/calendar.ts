// GET /tournaments/{id}/calendar.ics: the tournament's start as a calendar event, with an alarm when check-in opens
// (docs/decisions/029). 404 before the owner sets a start. Its readers get it, and its players by their pass.
import type { Route } from "./+types/calendar";
import { dbContext } from "~/lib/context";
import { publicOrigin } from "~/lib/forwarded.server";
import { loadTournamentFromParams, tournamentIdOrThrow } from "~/lib/page.server";
import { passFromCookie } from "~/lib/pass.server";
import { clientAddress } from "~/lib/session.server";
import { findTournamentOr404 } from "~/models/action.server";
import { isActionError } from "~/models/errors";
import { calendarEvent } from "~/models/roster/signup";
import { passHolder } from "~/models/access/pass.server";
import { signupSettingsOf } from "~/models/roster/signup-settings.server";

/** The tournament for a reader of it, or for one of its players by their pass (their own page links here). */
async function calendarTournament({ params, request, context }: Route.LoaderArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const pass = passFromCookie(request, tournamentId);
  if (pass) {
    const db = context.get(dbContext);
    try {
      await passHolder(db, pass, await clientAddress(request, context), tournamentId);
      return await findTournamentOr404(db, tournamentId);
    } catch (error) {
      if (!isActionError(error)) throw error;
      // Not a valid pass of it: as anyone else.
    }
  }
  return loadTournamentFromParams({ context, request }, params.tournamentId);
}

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const t = await calendarTournament(args);
  const settings = await signupSettingsOf(context.get(dbContext), t.id);
  if (!settings.startsAt) return new Response("This tournament has no start time yet", { status: 404 });
  const origin = await publicOrigin(request, context);
  const body = calendarEvent({
    uid: `tournament-${t.id}@${new URL(origin).host}`,
    name: t.name,
    startsAt: settings.startsAt,
    url: `${origin}/tournaments/${t.id}/join`,
    checkinOpensBefore: settings.checkinOpensBefore,
    now: new Date(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="tournament-${t.id}.ics"`,
      "Cache-Control": t.isPublic ? "public, max-age=60" : "private, no-store",
    },
  });
}
