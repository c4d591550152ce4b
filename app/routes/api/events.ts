// GET /api/events: the server-sent-events stream; ?tournamentId= narrows it to one tournament (docs/rules.md, "Versions and live pages").
import type { Route } from "./+types/events";
import { connectedMessage, openStream, STREAM_HEADERS, streamTarget, type Stream } from "~/lib/events.server";
import { allowOnly, jsonError } from "~/lib/api.server";

// In production the HTTP server answers this path itself (serveEventStream, same stream, lighter);
// this module answers the rest: the development server, and a bad tournamentId (400).
export async function loader({ request }: Route.LoaderArgs) {
  const target = streamTarget(new URL(request.url).searchParams.get("tournamentId"));
  if (!target.ok) return jsonError(400, target.message);
  const { tournamentId } = target;

  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      let remove: () => unknown = () => {};
      const stream: Stream = {
        tournamentId,
        write(chunk) {
          if (!open) return;
          try {
            controller.enqueue(chunk);
          } catch {
            stream.close();
          }
        },
        close() {
          if (!open) return;
          open = false;
          remove();
          try {
            controller.close();
          } catch {
            // Already closed by the client.
          }
        },
      };
      remove = await openStream(stream);
      close = stream.close;
      request.signal.addEventListener("abort", close, { once: true });
      stream.write(connectedMessage(tournamentId));
    },
    cancel() {
      close();
    },
  });
  return new Response(body, { headers: STREAM_HEADERS });
}

export const action = allowOnly("GET");
