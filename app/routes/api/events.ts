// GET /api/events: the server-sent-events stream; ?tournamentId= narrows it to one tournament (docs/rules.md, "Versions and live pages").
import type { Route } from "./+types/events";
import { streamTarget } from "~/lib/events.server";
import { allowOnly, jsonError } from "~/lib/api.server";
import { documented, guarded, guards } from "~/lib/openapi.server";
import { TOURNAMENT_NOT_FOUND } from "~/models/messages";

// The stream itself is served by the HTTP server before React Router (serveEventStream); this module documents it and
// answers its refusals.
export const loader = documented(eventStream, {
  get: guarded(
    {
      operationId: "events",
      tag: "Documentation",
      summary: "Live updates (server-sent events)",
      description:
        "A text/event-stream; each message is JSON {type, tournamentId, data, version, audience}. Types: connected, " +
        "tournament_created, tournament_updated, lobbies_generated, matches_saved, round_advanced, tournament_completed, and resync (the database came back after an outage: events may have been missed, re-read everything). " +
        "version is the tournament's version once the change committed (absent for a deleted tournament), and in " +
        "connected, the first message, the version it had when the stream opened (absent on the untargeted stream): the reads' " +
        "Tournament-Version header and ETag carry the same number, so a reader holding it need not fetch again, and one " +
        "holding less fetches with If-None-Match. audience is the number of streams the process holds, this one included " +
        "(spread re-fetches over a window that grows with it). Any origin may follow the stream.",
      query: [
        {
          name: "tournamentId",
          description:
            "Only this tournament's events (plus new tournaments). A tournament that is not public needs its share link's `key`",
          schema: { type: "integer", minimum: 1 },
        },
        {
          name: "key",
          description: "The share link's key of a tournament that is not public",
          schema: { type: "string", pattern: "^[A-Za-z0-9_-]{32}$" },
        },
      ],
      answers: {
        200: { description: "The event stream", contentType: "text/event-stream" },
        400: { description: '"Invalid tournament ID", or "Invalid share key" for a malformed key' },
        404: { description: "Tournament not found (or not public, without its share link)" },
      },
    },
    guards.open,
  ),
});

/**
 * The HTTP server serves every stream a reader may follow (serveEventStream in app/lib/events.server.ts, from
 * server/app.ts in development and production alike); what reaches this module is refused: a malformed
 * `tournamentId` or key (400), or a tournament this reader may not follow (404, as for one that does not exist).
 */
function eventStream({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const target = streamTarget(query.get("tournamentId"), query.get("key"));
  if (!target.ok) return jsonError(400, target.message, "invalid_input");
  return jsonError(404, TOURNAMENT_NOT_FOUND, "tournament_not_found");
}

export const action = allowOnly("GET");
