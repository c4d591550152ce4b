// GET /tournaments/{id}/calendar.ics: the tournament's start as a calendar event, with an alarm when check-in opens
// (docs/decisions/029). 404 before the owner sets a start.
import type { Route } from "./+types/calendar";
import { dbContext } from "~/lib/context";
import { publicOrigin } from "~/lib/forwarded.server";
import { loadTournamentFromParams } from "~/lib/page.server";
import { calendarEvent } from "~/models/roster/signup";
import { signupSettingsOf } from "~/models/roster/signup.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const t = await loadTournamentFromParams({ context, request }, params.tournamentId);
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
