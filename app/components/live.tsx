// Live updates: one EventSource per page; an event re-validates the page's loaders and shows docs/rules.md's event toast.
import { isCompleted } from "~/models/access/policy";
import { useEffect, useEffectEvent } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { withoutReactHandle } from "~/lib/lite-page";
import type { DomainEvent } from "~/models/audit/events";
import { useToast } from "./toast";
import { eventsUrl, eventToast, refetchDelay, SAFETY_REVALIDATE_MS } from "~/lib/live-constants";

// Live events' toasts and the re-fetch spread have one owner, shared with the page scripts (app/scripts/live.ts).
export { eventToast, refetchDelay } from "~/lib/live-constants";

/** Events this page's own action answered in place (app/lib/answered.ts), each skipped once: no re-fetch for them. */
const answeredEvents: { type: DomainEvent["type"]; lobbyId: number; until: number }[] = [];

/** Called as a form that is answered in place is sent: its own event, when it comes, re-fetches nothing. */
export function expectAnsweredEvent(type: DomainEvent["type"], lobbyId: number, withinMs = 30_000) {
  answeredEvents.push({ type, lobbyId, until: Date.now() + withinMs });
}

function isAnsweredEvent(event: DomainEvent): boolean {
  const now = Date.now();
  const at = answeredEvents.findIndex(
    (a) => a.until > now && a.type === event.type && a.lobbyId === (event.data as { lobbyId?: unknown })?.lobbyId,
  );
  if (at >= 0) answeredEvents.splice(at, 1);
  return at >= 0;
}

type LiveData = { tournament?: { status?: string } } | undefined;

/**
 * A route `handle` for live spectator pages: served without React (app/lib/lite-page.ts), and the
 * document adds a <noscript> refresh while the tournament is not completed.
 */
export const liveRefreshHandle = {
  ...withoutReactHandle,
  // No data is an error page (an id that is wrong or not found): nothing live on it to refresh.
  refreshWithoutScript: (data: unknown) => {
    const status = (data as LiveData)?.tournament?.status;
    return status !== undefined && !isCompleted({ status });
  },
};

export function LiveUpdates({ tournamentId }: { tournamentId?: number | null }) {
  const revalidator = useRevalidator();
  const showToast = useToast();
  const navigation = useNavigation();
  // Effect events read the latest render when the stream's callbacks call them, without
  // reconnecting the stream on every render.
  const revalidate = useEffectEvent(() => void revalidator.revalidate());
  // While a navigation (often the host's own form post) is under way, a re-validation would race
  // it and could swallow its flash toast; that navigation reloads the data anyway.
  const isBusy = useEffectEvent(() => navigation.state !== "idle");

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(eventsUrl(tournamentId));
    let pending: ReturnType<typeof setTimeout> | undefined;
    const waiting: DomainEvent[] = [];
    source.onmessage = (message) => {
      let event: DomainEvent;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      if (event.type === "connected") return;
      const toast = eventToast(event);
      if (toast) showToast(toast);
      // Several events of one action arrive together: re-validate once.
      clearTimeout(pending);
      waiting.push(event);
      const revalidateWhenIdle = () => {
        if (isBusy()) {
          pending = setTimeout(revalidateWhenIdle, 300);
          return;
        }
        const needed = waiting.filter((e) => !isAnsweredEvent(e)).length > 0;
        waiting.length = 0;
        if (needed) revalidate();
      };
      pending = setTimeout(revalidateWhenIdle, refetchDelay((event as { audience?: unknown }).audience));
    };
    source.onerror = (error) => console.warn("Live updates interrupted; the browser will reconnect.", error);
    const safety = setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, SAFETY_REVALIDATE_MS);
    return () => {
      clearTimeout(pending);
      clearInterval(safety);
      source.close();
    };
  }, [tournamentId, showToast]);
  return null;
}
