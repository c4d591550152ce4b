// GET /tournaments/{id}/overlay?view=standings|lobby|round: the stream overlay, a tiny HTML page for an OBS browser source (docs/rules.md, "Stream overlay").
import { isCompleted } from "~/models/access/policy";
import type { Route } from "./+types/overlay";
import { dbContext, nonceContext } from "~/lib/context";
import { overlayDocument } from "~/lib/overlay.server";
import { parseTournamentParam } from "~/lib/params";
import { tournamentPageCache } from "~/lib/public-cache.server";
import { TOURNAMENT_NOT_FOUND } from "~/models/messages";
import { overlayView, parseOverlayQuery } from "~/models/views/overlay";
import { tournamentSnapshot } from "~/models/views/snapshot.server";
import { canRead } from "~/models/access/share.server";
import { pageReader } from "~/lib/share.server";

// Every viewer of one overlay address shares one answer per tournament version (ETag, 304s).
export const middleware: Route.MiddlewareFunction[] = [tournamentPageCache];

function page(status: number, html: string) {
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export async function loader({ params, url, context, request }: Route.LoaderArgs) {
  const nonce = context.get(nonceContext);
  const refused = (status: number, error: string, tournamentId: number | null = null) =>
    page(
      status,
      overlayDocument({ title: "Overlay | Tournament Manager", view: null, error, tournamentId, live: false, nonce }),
    );
  const parsed = parseTournamentParam(params.tournamentId);
  if (!parsed.ok) return refused(400, parsed.message);
  const query = parseOverlayQuery(url.searchParams);
  if (!query.ok) return refused(400, query.message);
  const db = context.get(dbContext);
  const snapshot = await tournamentSnapshot(db, parsed.id);
  // A tournament that is not public shows on stream only through its share link (?key=…).
  if (!snapshot || !(await canRead(db, pageReader(context, request, parsed.id), snapshot.data.tournament)))
    return refused(404, TOURNAMENT_NOT_FOUND);
  const view = snapshot.view(`overlay:${JSON.stringify(query.query)}`, () => overlayView(snapshot.data, query.query));
  const t = snapshot.data.tournament;
  return page(
    // An unknown lobby is a 404 that stays live: it appears once the round's lobbies are drawn.
    view.missing ? 404 : 200,
    overlayDocument({
      title: `${view.heading} - ${t.name} | Overlay`,
      view,
      tournamentId: t.id,
      version: snapshot.version,
      live: !isCompleted(t),
      nonce,
    }),
  );
}
