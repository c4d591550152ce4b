// The live part of every page served without React (docs/decisions/013-public-pages-without-react.md), built into the
// page's one inline script (docs/decisions/047-page-scripts-as-modules.md): what root.tsx's effects,
// components/live.tsx, toast.tsx and public-actions.tsx do on a React page, with their rules imported, not copied.
import {
  ACTION_TOASTS,
  eventToast,
  fillToast,
  refetchDelay,
  SAFETY_REVALIDATE_MS,
  TOAST_DURATION_MS,
  type ToastMessage,
} from "~/lib/live-constants";
import type { DomainEvent } from "~/models/audit/events";
import { copyText, keepFocusClearOfHeader, saveBlob } from "~/lib/browser";
import { formatInZone, startsIn } from "~/models/roster/signup";

/** A live event as the stream sends it: the domain event, and the audience that spreads the re-fetches. */
export type LiveEvent = Pick<DomainEvent, "type" | "data"> & { audience?: unknown };

/** What a page script's extra part is handed: the live region, the toast, the swap. */
export type LivePage = {
  region: HTMLElement | null;
  toast: (message: ToastMessage) => void;
  swap: (incoming: Element, title?: string) => void;
};

/** What the host screens add (app/scripts/host.ts); the public pages add nothing (`NO_EXTRA`). */
export type PageExtra = {
  /** After the first paint and every swap of the live region. */
  show: () => void;
  /** Whether an event is this page's own save, already answered in place: it re-fetches nothing. */
  skip: (event: LiveEvent) => boolean;
  /** A save in flight: no live swap now. */
  busy: () => boolean;
  /** Counts the saves' answers swapped in: a live re-fetch started before one is older, and dropped. */
  generation: () => number;
};

export const NO_EXTRA: PageExtra = { show() {}, skip: () => false, busy: () => false, generation: () => 0 };

/**
 * Re-writes the `<time data-zoned>` instants in the reader's own zone (their server text stays as the title) and the
 * `[data-starts-in]` countdowns, as components/schedule.tsx words them.
 */
export function showZones(root: ParentNode, zone: string | undefined, now: number) {
  root.querySelectorAll("time[data-zoned]").forEach((time) => {
    const at = new Date(time.getAttribute("datetime") || "");
    if (!zone || isNaN(+at)) return;
    if (!(time as HTMLElement).title) (time as HTMLElement).title = time.textContent || "";
    try {
      time.textContent = formatInZone(at, zone);
    } catch {
      // A zone this browser does not know: the server's text stays.
    }
  });
  root.querySelectorAll("[data-starts-in]").forEach((line) => {
    const soon = startsIn(new Date(now), new Date(Date.parse(line.getAttribute("data-starts-in") || "")));
    line.textContent = soon ? ` (starts ${soon})` : "";
  });
}

/** components/public-actions.tsx's CopyNameButton, where a `<template data-copy-button="Name#Tag">` marks its place. */
export function buildCopyButtons(root: ParentNode) {
  root.querySelectorAll("template[data-copy-button]").forEach((mark) => {
    const text = mark.getAttribute("data-copy-button")!;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn ghost small copy-btn";
    button.setAttribute("data-copy", text);
    button.setAttribute("data-copy-what", text.slice(0, text.lastIndexOf("#")));
    button.setAttribute("aria-label", `Copy ${text}`);
    button.title = `Copy ${text}`;
    button.textContent = "Copy";
    mark.replaceWith(button);
  });
}

/** ToastRegion's markup for one toast (components/toast.tsx): its close link reloads the page without the flash. */
export function toastElement(message: ToastMessage): HTMLElement {
  const toast = document.createElement("div");
  toast.className = `toast ${message.type || "info"}`;
  toast.setAttribute("role", "status");
  toast.setAttribute("aria-live", "polite");
  const title = document.createElement("div");
  title.className = "title";
  title.textContent = message.title;
  toast.append(title);
  if (message.description) {
    const description = document.createElement("div");
    description.className = "small muted";
    description.textContent = message.description;
    toast.append(description);
  }
  const close = document.createElement("a");
  close.className = "close";
  close.href = location.pathname + location.search;
  close.setAttribute("aria-label", "Dismiss notification");
  close.textContent = "×";
  toast.append(close);
  return toast;
}

/** The export's file fetched and saved here (components/export-link.tsx), so a failure is a toast, not an error page. */
async function download(link: HTMLAnchorElement, toast: LivePage["toast"]) {
  try {
    const response = await fetch(link.href, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) throw new Error(`${response.status}`);
    const name = /filename="?([^";]+)"?/i.exec(response.headers.get("content-disposition") || "");
    const blob = await response.blob();
    if (!blob.size) throw new Error("empty export");
    saveBlob(blob, name ? name[1] : "tournament_export.xlsx");
    toast(ACTION_TOASTS.downloadStarted);
  } catch {
    toast(fillToast(ACTION_TOASTS.exportFailed, { message: link.getAttribute("data-export") }));
  }
}

/** Whether a field in the region has the focus and typed text: a swap now would take it from under the reader. */
export function typing(region: HTMLElement | null): boolean {
  const field = document.activeElement as HTMLInputElement | null;
  return !!(region && field && region.contains(field) && "defaultValue" in field && field.value !== field.defaultValue);
}

/** How to find the focused control again in the swapped-in region: by id, name or link address. */
function focusKey(region: HTMLElement): string | null {
  const focused = document.activeElement as HTMLInputElement | null;
  if (!focused || focused === region || !region.contains(focused)) return null;
  const href = focused.getAttribute("href");
  if (focused.id) return `#${CSS.escape(focused.id)}`;
  if (focused.name) return `[name='${CSS.escape(focused.name)}']`;
  return href ? `[href='${CSS.escape(href)}']` : null;
}

/**
 * Puts `incoming`'s content in the region, keeping what the reader was doing: the scroll, the focused control, the
 * open `<details>`, typed values (a select's only when the new one has that option) and ticked boxes (by name and value).
 */
export function swapRegion(region: HTMLElement, incoming: Element, after: () => void) {
  const key = focusKey(region);
  const x = scrollX;
  const y = scrollY;
  const open: [string, boolean][] = [];
  const values: [string, string][] = [];
  const ticks: [string, string, boolean][] = [];
  region
    .querySelectorAll("details[id]")
    .forEach((details) => open.push([details.id, (details as HTMLDetailsElement).open]));
  region.querySelectorAll<HTMLInputElement>("input[id],select[id],textarea[id]").forEach((field) => {
    if (!/^(checkbox|radio|hidden|submit)$/.test(field.type)) values.push([field.id, field.value]);
  });
  region.querySelectorAll<HTMLInputElement>("input[type=checkbox][name]").forEach((box) => {
    if (box.checked !== box.defaultChecked) ticks.push([box.name, box.value, box.checked]);
  });
  region.innerHTML = incoming.innerHTML;
  for (const [id, isOpen] of open) {
    const details = document.getElementById(id) as HTMLDetailsElement | null;
    if (details) details.open = isOpen;
  }
  for (const [id, value] of values) {
    const field = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
    if (!field || field.value === value) continue;
    if (field instanceof HTMLSelectElement && ![...field.options].some((option) => option.value === value)) continue;
    field.value = value;
  }
  for (const [name, value, checked] of ticks) {
    const box = region.querySelector<HTMLInputElement>(
      `input[type=checkbox][name='${CSS.escape(name)}'][value='${CSS.escape(value)}']`,
    );
    if (box) box.checked = checked;
  }
  after();
  scrollTo(x, y);
  const target = key && region.querySelector<HTMLElement>(key);
  if (target) target.focus({ preventScroll: true });
}

/**
 * Starts the page: marks it ready (`data-hydrated`, `tm:hydrated`); toasts in #toast-region, gone after 5 s, the close
 * link and F8, a refused form's toast from its `<template data-toast>`; the Copy buttons, `[data-copy]` and
 * `[data-export]`; and the event stream `events`: an event shows its toast and, after the audience's delay,
 * re-fetches this address (a 304 when unchanged) and swaps `[data-live-region]` in; never while a field in it is
 * focused with typed text (it retries), nor over a refused form's answer, whose message and typed values a re-fetch
 * would lose. The 60 s safety re-validation of live.tsx too. `extra` is the host screens' part.
 */
export function startLive(events: string, extra: (page: LivePage) => PageExtra = () => NO_EXTRA) {
  const region = document.querySelector<HTMLElement>("[data-live-region]");
  const toasts = document.getElementById("toast-region");
  let leaving: ReturnType<typeof setTimeout> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const leave = (toast: Element) => {
    clearTimeout(leaving);
    leaving = setTimeout(() => toast.remove(), TOAST_DURATION_MS);
  };
  const toast = (message: ToastMessage) => {
    if (!toasts) return;
    const element = toastElement(message);
    toasts.replaceChildren(element);
    leave(element);
  };
  const zones = () => {
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      // No zone known: the server's text stays.
    }
    showZones(document, zone, Date.now());
  };
  const show = () => {
    zones();
    if (region) buildCopyButtons(region);
    part.show();
  };
  const swap = (incoming: Element, title?: string) => {
    if (title) document.title = title;
    swapRegion(region!, incoming, show);
  };
  const part = extra({ region, toast, swap });
  const retry = () => {
    clearTimeout(pending);
    pending = setTimeout(refresh, 1000);
  };
  const hold = () => typing(region) || part.busy();
  async function refresh() {
    if (!region || region.querySelector("template[data-toast]")) return;
    if (hold()) return retry();
    const generation = part.generation();
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      const html = response.ok ? await response.text() : null;
      if (!html || part.generation() !== generation) return;
      const page = new DOMParser().parseFromString(html, "text/html");
      const incoming = page.querySelector("[data-live-region]");
      if (!incoming) return;
      if (hold()) return retry();
      swap(incoming, page.title);
    } catch {
      // Offline for a moment: the next event or the safety re-validation tries again.
    }
  }

  performance.mark("tm:hydrated");
  document.documentElement.dataset.hydrated = "true";
  show();
  setInterval(zones, 30_000);
  const said = region?.querySelector("template[data-toast]");
  const shown = toasts?.querySelector(".toast");
  if (said) toast(JSON.parse(said.getAttribute("data-toast")!));
  else if (shown) leave(shown);

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const close = target?.closest(".toast .close");
    const copy = target?.closest("[data-copy]");
    const exported = target?.closest<HTMLAnchorElement>("a[data-export]");
    if (close) {
      event.preventDefault();
      close.parentElement!.remove();
    } else if (copy) {
      event.preventDefault();
      copyText(copy.getAttribute("data-copy")!).then(
        () => toast(fillToast(ACTION_TOASTS.copied, { what: copy.getAttribute("data-copy-what") })),
        () => toast(ACTION_TOASTS.copyFailed),
      );
    } else if (exported) {
      event.preventDefault();
      void download(exported, toast);
    }
  });
  addEventListener("keydown", (event) => {
    if (event.key === "F8") toasts?.focus();
  });
  keepFocusClearOfHeader();

  if (!window.EventSource) return;
  const source = new EventSource(events);
  source.onmessage = (message) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    if (event.type === ("connected" as string)) return;
    const said = eventToast({ type: event.type, data: event.data || {} });
    if (said) toast(said);
    if (part.skip(event)) return;
    clearTimeout(pending);
    pending = setTimeout(refresh, refetchDelay(event.audience));
  };
  source.onerror = (error) => console.warn("Live updates interrupted; the browser will reconnect.", error);
  setInterval(() => {
    if (document.visibilityState === "visible") void refresh();
  }, SAFETY_REVALIDATE_MS);
}
