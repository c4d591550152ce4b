// The live pages' words and timings: toasts, the event stream, the re-fetch delay, the safety re-fetch, the refresh
// without JavaScript. Shared by the React components (app/components/live.tsx, toast.tsx, public-actions.tsx) and the
// page scripts of the pages served without React (app/scripts/), so neither imports the other. No React, no DOM here:
// the page scripts' bundles take what they import from this file.
import type { DomainEvent } from "~/models/audit/events";

/** A toast as the screens show it: a title, maybe a line of description; `{key}` placeholders are filled from values. */
export type ToastMessage = { title: string; description?: string; type?: "success" | "error" | "info" };

/** How long a toast stays (docs/rules.md: toasts leave after 5 seconds). */
export const TOAST_DURATION_MS = 5000;

/** Placeholders that read as a word when the value is not a string ("Lobby scores have been saved"). */
export const TOAST_FALLBACKS: Record<string, string> = { lobbyName: "Lobby" };

/** docs/rules.md's event toasts by event type; `{key}` is filled from the event's data (see `fillToast`). */
export const EVENT_TOASTS: Partial<Record<DomainEvent["type"], ToastMessage>> = {
  tournament_created: { title: "New Tournament Created", description: "{name} has been created" },
  lobbies_generated: { title: "Lobbies Generated", description: "Round {roundNumber} lobbies are ready" },
  // docs/rules.md: a lobby is named by its name ("Lobby 5"), never by its database id.
  matches_saved: { title: "Scores Updated", description: "{lobbyName} scores have been saved" },
  round_advanced: { title: "Round Advanced", description: "Tournament advanced to Round {newRound}" },
  tournament_completed: { title: "Tournament Completed", description: "{name} has finished!" },
};

/** The copy and export toasts; `{what}` and `{message}` are filled in (see `fillToast`). */
export const ACTION_TOASTS = {
  copied: { type: "success", title: "Copied!", description: "{what} copied to clipboard" },
  copyFailed: { type: "error", title: "Copy failed", description: "Could not copy to clipboard" },
  downloadStarted: { type: "success", title: "Download started" },
  exportFailed: { type: "error", title: "Export failed", description: "{message}" },
} satisfies Record<string, ToastMessage>;

/** A toast whose `{key}` placeholders are filled from `values`; a placeholder of TOAST_FALLBACKS reads as its word unless given a string. */
export function fillToast(template: ToastMessage, values: Record<string, unknown>): ToastMessage {
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = values[key];
      if (key in TOAST_FALLBACKS) return typeof value === "string" ? value : TOAST_FALLBACKS[key];
      return String(value);
    });
  return {
    ...template,
    title: fill(template.title),
    ...(template.description ? { description: fill(template.description) } : {}),
  };
}

/** docs/rules.md's toast for a live event, filled from its data; null for an event that shows none. */
export function eventToast(event: Pick<DomainEvent, "type" | "data">): ToastMessage | null {
  const template = EVENT_TOASTS[event.type];
  return template ? fillToast(template, event.data ?? {}) : null;
}

/** The event stream a page listens to: one tournament's, or every listed tournament's (the landing page). */
export function eventsUrl(tournamentId: number | null | undefined): string {
  return tournamentId ? `/api/events?tournamentId=${tournamentId}` : "/api/events";
}

/**
 * How long after an event a page waits before re-fetching, at random within a window that grows
 * with the audience the server reported (streams per process): 5,000 spectators spread over 2 s,
 * 20,000 over 8 s, so a save never meets its whole crowd at once. Never under 150 ms, so the
 * events of one action arrive together; at most 15 s.
 */
export function refetchDelay(audience: unknown, random = Math.random()): number {
  const streams = typeof audience === "number" && Number.isFinite(audience) && audience > 0 ? audience : 1;
  const window = Math.min(15_000, Math.max(1_000, streams * 0.4));
  return 150 + random * (window - 150);
}

/** A slow safety net in case an event was missed while the connection was down. */
export const SAFETY_REVALIDATE_MS = 60_000;

/** Spectator pages without JavaScript reload every 30 s while the tournament runs (cheap: a 304 when nothing changed). */
export const NOSCRIPT_REFRESH_SECONDS = 30;
