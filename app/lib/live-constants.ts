// The live pages' words and timings: toasts, the safety re-fetch, the refresh without JavaScript. Shared by the React
// components (app/components/live.tsx, toast.tsx, public-actions.tsx) and the script the server writes for pages
// served without React (app/lib/live-script.server.ts, overlay.server.ts), so neither imports the other.
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

/** A slow safety net in case an event was missed while the connection was down. */
export const SAFETY_REVALIDATE_MS = 60_000;

/** Spectator pages without JavaScript reload every 30 s while the tournament runs (cheap: a 304 when nothing changed). */
export const NOSCRIPT_REFRESH_SECONDS = 30;
