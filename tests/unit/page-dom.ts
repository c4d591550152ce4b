// What the page scripts' DOM tests share: a fake event stream, a page shell like root.tsx's, and listeners and timers
// taken away after each test (a page script adds them to the document for the page's life).
import { afterEach, beforeEach, vi } from "vitest";

/** An EventSource the test drives: `emit` delivers a message as the server's stream would. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((message: MessageEvent) => void) | null = null;
  onerror: ((error: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  emit(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) } as MessageEvent);
  }
  close() {}
}

/** The latest stream a script opened. */
export const lastStream = () => FakeEventSource.opened.at(-1)!;

/** root.tsx's shell around a page's `<main data-live-region>`. */
export function shell(main: string, title = "Page") {
  return `<!DOCTYPE html><html><head><title>${title}</title></head><body><header class="site-header"></header>
<div id="toast-region" class="toast-region" role="region" aria-label="Notifications (F8)" tabindex="-1"></div>
<main class="container" data-live-region="">${main}</main></body></html>`;
}

/** Puts a page's shell into the document. */
export function openPage(main: string, title = "Page") {
  const page = new DOMParser().parseFromString(shell(main, title), "text/html");
  document.title = title;
  document.body.replaceWith(document.importNode(page.body, true));
}

/** A text/html answer as `fetch` resolves it. */
export function htmlAnswer(html: string, status = 200) {
  return new Response(html, { status, headers: { "Content-Type": "text/html" } });
}

/** The toast the region shows: its title and description, or null. */
export function shownToast() {
  const toast = document.querySelector("#toast-region .toast");
  if (!toast) return null;
  return {
    title: toast.querySelector(".title")?.textContent,
    description: toast.querySelector(".small.muted")?.textContent,
    type: toast.className.replace("toast ", ""),
  };
}

/** Records every listener added to the document and the window, and removes them after each test. */
export function isolatePageScripts() {
  const added: [EventTarget, string, EventListenerOrEventListenerObject | null][] = [];
  beforeEach(() => {
    // Fake timers that still follow the clock, so a test's waits work and what a page script left pending (a re-fetch,
    // a toast's leaving) is cleared with it rather than firing in the next test.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
    // No test reaches the network: a re-fetch a test does not answer itself fails, as offline.
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("offline")));
    for (const target of [document, window] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      vi.spyOn(target, "addEventListener").mockImplementation((type, listener, options) => {
        added.push([target, type, listener]);
        add(type, listener, options);
      });
    }
  });
  afterEach(() => {
    for (const [target, type, listener] of added.splice(0)) target.removeEventListener(type, listener);
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
    document.documentElement.removeAttribute("data-hydrated");
    document.documentElement.removeAttribute("data-focus-guard");
  });
}
