// GET /api/events: the server-sent-events stream; ?tournamentId= narrows it to one tournament.
import type { Route } from "./+types/events";
import type { DomainEvent } from "~/models/events";
import { parsePositiveInt } from "~/lib/params";
import { registerStream, subscribe } from "~/lib/events.server";
import { allowOnly, jsonError } from "~/lib/api.server";

const HEARTBEAT_MS = 25_000;

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("tournamentId");
  const tournamentId = raw === null || raw === "" ? null : parsePositiveInt(raw);
  if (raw && tournamentId === null) return jsonError(400, "Invalid tournament ID");

  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (chunk: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          close();
        }
      };
      const onEvent = (event: DomainEvent) => {
        // Tournament-wide events (a new tournament) reach every stream; the rest only their tournament's.
        if (tournamentId !== null && event.tournamentId !== null && event.tournamentId !== tournamentId) return;
        send(`data: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = await subscribe(onEvent);
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const unregister = registerStream(() => close());
      function close() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        unregister();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      }
      cleanup = close;
      request.signal.addEventListener("abort", close);
      send(`retry: 3000\ndata: ${JSON.stringify({ type: "connected", tournamentId, data: {} })}\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps compression middleware from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

export const action = allowOnly("GET");
