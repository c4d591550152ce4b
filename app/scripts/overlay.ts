// The stream overlay's script (app/lib/overlay.server.ts): on each event of its tournament it re-fetches its own
// address (a 304 when nothing changed) and swaps the content in, after the audience's spread delay as the app's pages
// wait (docs/rules.md, "Versions and live pages").
import { refetchDelay } from "~/lib/live-constants";

/** Puts a fetched overlay document's content and version into `overlay`. */
export function swapOverlay(overlay: HTMLElement, html: string) {
  const incoming = new DOMParser().parseFromString(html, "text/html").getElementById("overlay");
  if (!incoming) return;
  overlay.innerHTML = incoming.innerHTML;
  overlay.setAttribute("data-version", incoming.getAttribute("data-version") || "");
}

export function startOverlay(events: string) {
  const overlay = document.getElementById("overlay");
  if (!overlay || !window.EventSource || !window.fetch) return;
  let pending: ReturnType<typeof setTimeout> | undefined;
  new EventSource(events).onmessage = (message) => {
    let event: { type?: string; audience?: unknown };
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    if (event.type === "connected") return;
    clearTimeout(pending);
    pending = setTimeout(() => {
      fetch(location.href, { credentials: "omit" })
        .then((response) => response.text())
        .then((html) => swapOverlay(overlay, html))
        .catch(() => {});
    }, refetchDelay(event.audience));
  };
}
