// Live updates: one EventSource per page; an event re-validates the page's loaders and shows SPEC.md's event toast.
import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import type { DomainEvent } from "~/models/events";
import { useToast, type ToastMessage } from "./toast";

export function eventToast(event: DomainEvent): ToastMessage | null {
  const data = event.data ?? {};
  switch (event.type) {
    case "tournament_created":
      return { title: "New Tournament Created", description: `${data.name} has been created` };
    case "lobbies_generated":
      return { title: "Lobbies Generated", description: `Round ${data.roundNumber} lobbies are ready` };
    case "matches_saved":
      return { title: "Scores Updated", description: `Lobby ${data.lobbyId} scores have been saved` };
    case "round_advanced":
      return { title: "Round Advanced", description: `Tournament advanced to Round ${data.newRound}` };
    case "tournament_completed":
      return { title: "Tournament Completed", description: `${data.name} has finished!` };
    default:
      return null;
  }
}

/** A slow safety net in case an event was missed while the connection was down. */
const SAFETY_REVALIDATE_MS = 60_000;

export function LiveUpdates({ tournamentId }: { tournamentId?: number | null }) {
  const revalidator = useRevalidator();
  const showToast = useToast();
  const navigation = useNavigation();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  // While a navigation (often the host's own form post) is under way, a re-validation would race
  // it and could swallow its flash toast; that navigation reloads the data anyway.
  const busyRef = useRef(false);
  busyRef.current = navigation.state !== "idle";

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const url = tournamentId ? `/api/events?tournamentId=${tournamentId}` : "/api/events";
    const source = new EventSource(url);
    let pending: ReturnType<typeof setTimeout> | undefined;
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
      const revalidateWhenIdle = () => {
        if (busyRef.current) pending = setTimeout(revalidateWhenIdle, 300);
        else void revalidateRef.current();
      };
      // A little jitter spreads thousands of spectators' reloads over a second instead of one instant.
      pending = setTimeout(revalidateWhenIdle, 150 + Math.random() * 850);
    };
    source.onerror = (error) => console.warn("Live updates interrupted; the browser will reconnect.", error);
    const safety = setInterval(() => {
      if (document.visibilityState === "visible") void revalidateRef.current();
    }, SAFETY_REVALIDATE_MS);
    return () => {
      clearTimeout(pending);
      clearInterval(safety);
      source.close();
    };
  }, [tournamentId, showToast]);
  return null;
}
