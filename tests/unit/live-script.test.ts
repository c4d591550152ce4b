// @vitest-environment happy-dom
// The page script of the pages without React (app/scripts/live.ts, overlay.ts) in a DOM: it says and times what the
// React pages do (same toasts, same re-fetch spread, same zone and countdown words) and keeps the reader's work across
// a live swap; the built scripts run as the page carries them.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { ACTION_TOASTS, EVENT_TOASTS, eventToast, SAFETY_REVALIDATE_MS, TOAST_DURATION_MS } from "~/lib/live-constants";
import { pageScript } from "~/lib/page-scripts.server";
import type { DomainEvent } from "~/models/audit/events";
import { formatInZone, startsIn } from "~/models/roster/signup";
import { showZones, startLive, swapRegion, typing } from "~/scripts/live";
import { swapOverlay } from "~/scripts/overlay";
import { FakeEventSource, htmlAnswer, isolatePageScripts, lastStream, openPage, shell, shownToast } from "./page-dom";

isolatePageScripts();

/** The re-fetch spread written out plainly (docs/rules.md, "Versions and live pages"): 150 ms up to the audience's window. */
function referenceDelay(audience: unknown, random: number) {
  const streams = typeof audience === "number" && audience > 0 && audience < Infinity ? audience : 1;
  const window = Math.min(15_000, Math.max(1_000, streams * 0.4));
  return 150 + random * (window - 150);
}

describe("the live page script", () => {
  it("opens the stream it is given, marks the page ready and guards the focus from the sticky header", () => {
    openPage("<p>Standings</p>");
    const mark = vi.spyOn(performance, "mark");
    startLive("/api/events?tournamentId=42");
    expect(lastStream().url).toBe("/api/events?tournamentId=42");
    expect(document.documentElement.dataset.hydrated).toBe("true");
    expect(document.documentElement.dataset.focusGuard).toBe("on");
    expect(mark).toHaveBeenCalledWith("tm:hydrated");
  });

  it("shows every event's toast as eventToast fills it, a lobby by its name or plain 'Lobby'; it leaves after 5 s", () => {
    vi.useFakeTimers();
    openPage("<p>Standings</p>");
    startLive("/api/events");
    const data = { name: "Spring Cup", roundNumber: 2, newRound: 3, lobbyName: "Lobby 5" };
    for (const type of Object.keys(EVENT_TOASTS) as DomainEvent["type"][]) {
      for (const values of [data, { ...data, lobbyName: 7 }]) {
        lastStream().emit({ type, tournamentId: 1, data: values });
        const expected = eventToast({ type, data: values })!;
        expect(shownToast(), type).toEqual({
          title: expected.title,
          description: expected.description,
          type: "info",
        });
      }
    }
    lastStream().emit({ type: "matches_saved", data: { lobbyName: 12 } });
    expect(shownToast()?.description).toBe("Lobby scores have been saved");
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(shownToast()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(shownToast()).toBeNull();
  });

  it("draws ToastRegion's markup: a close link to this address that hides the toast, and F8 to reach it", () => {
    openPage("<p>Standings</p>");
    startLive("/api/events");
    lastStream().emit({ type: "round_advanced", data: { newRound: 4 } });
    const toast = document.querySelector("#toast-region .toast")!;
    expect(toast.getAttribute("role")).toBe("status");
    expect(toast.getAttribute("aria-live")).toBe("polite");
    const close = toast.querySelector<HTMLAnchorElement>("a.close")!;
    expect(close.getAttribute("href")).toBe(location.pathname + location.search);
    expect(close.getAttribute("aria-label")).toBe("Dismiss notification");
    expect(close.textContent).toBe("×");
    close.click();
    expect(shownToast()).toBeNull();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "F8", bubbles: true }));
    expect(document.activeElement?.id).toBe("toast-region");
  });

  it("re-fetches the page after the audience's spread, never before 150 ms nor after the window, and swaps it in", async () => {
    for (const [audience, random] of [
      [undefined, 0],
      [1, 1],
      [5_000, 1],
      [10_000, 0.5],
      [1_000_000, 1],
      ["lots", 0.37],
    ] as const) {
      vi.useFakeTimers();
      const randomly = vi.spyOn(Math, "random").mockReturnValue(random);
      const fetched = vi.fn(async () => htmlAnswer(shell("<p>Round 2</p>", "Round 2 | Cup")));
      vi.stubGlobal("fetch", fetched);
      openPage("<p>Round 1</p>");
      startLive("/api/events");
      lastStream().emit({ type: "lobbies_generated", data: { roundNumber: 2 }, audience });
      const wait = referenceDelay(audience, random);
      await vi.advanceTimersByTimeAsync(Math.max(0, Math.floor(wait) - 1));
      expect(fetched, `audience ${String(audience)}, not before ${wait} ms`).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2);
      expect(fetched, `audience ${String(audience)}, at ${wait} ms`).toHaveBeenCalledTimes(1);
      expect(document.querySelector("main")!.textContent).toBe("Round 2");
      expect(document.title).toBe("Round 2 | Cup");
      vi.clearAllTimers();
      randomly.mockRestore();
    }
  });

  it("waits while a field in the region holds typed text, and swaps a second after it is left", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0);
    const fetched = vi.fn(async () => htmlAnswer(shell('<input id="q" value=""><p>new</p>')));
    vi.stubGlobal("fetch", fetched);
    openPage('<input id="q" value=""><p>old</p>');
    startLive("/api/events");
    const field = document.getElementById("q") as HTMLInputElement;
    field.focus();
    field.value = "Mir";
    expect(typing(document.querySelector("main"))).toBe(true);
    lastStream().emit({ type: "matches_saved", data: {} });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetched).not.toHaveBeenCalled();
    field.blur();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(document.querySelector("main p")!.textContent).toBe("new");
  });

  it("never swaps over a refused form's answer, whose toast it shows; the safety re-validation runs on visible pages", async () => {
    vi.useFakeTimers();
    const fetched = vi.fn(async () => htmlAnswer(shell("<p>fresh</p>")));
    vi.stubGlobal("fetch", fetched);
    const refusal = JSON.stringify({ type: "error", title: "Wrong code" });
    openPage(`<p role="alert">Wrong code</p><template data-toast='${refusal}'></template>`);
    startLive("/api/events");
    expect(shownToast()).toEqual({ title: "Wrong code", description: undefined, type: "error" });
    lastStream().emit({ type: "matches_saved", data: {} });
    await vi.advanceTimersByTimeAsync(SAFETY_REVALIDATE_MS + 16_000);
    expect(fetched).not.toHaveBeenCalled();

    document.body.innerHTML = "";
    openPage("<p>stale</p>");
    startLive("/api/events");
    await vi.advanceTimersByTimeAsync(SAFETY_REVALIDATE_MS);
    expect(fetched).toHaveBeenCalled();
  });

  it("keeps typed values, ticked boxes, open details, the focus and the scroll across a swap", () => {
    openPage(`<details id="more"><summary>More</summary></details>
      <input id="name" value="">
      <select id="round"><option value="1">1</option><option value="2">2</option></select>
      <select id="lobby"><option value="a">a</option><option value="b">b</option></select>
      <input type="checkbox" name="pick" value="7"><input type="checkbox" name="pick" value="8" checked>
      <a href="/players/3">Mira</a>`);
    const main = document.querySelector<HTMLElement>("main")!;
    (document.getElementById("more") as HTMLDetailsElement).open = true;
    (document.getElementById("name") as HTMLInputElement).value = "Typed";
    (document.getElementById("round") as HTMLSelectElement).value = "2";
    (document.getElementById("lobby") as HTMLSelectElement).value = "b";
    main.querySelector<HTMLInputElement>("[value='7']")!.checked = true;
    main.querySelector<HTMLInputElement>("[value='8']")!.checked = false;
    main.querySelector<HTMLAnchorElement>("a")!.focus();
    const scrolled = vi.spyOn(window, "scrollTo");
    const incoming = new DOMParser()
      .parseFromString(
        `<main><details id="more"><summary>More</summary></details><input id="name" value="">
      <select id="round"><option value="1">1</option><option value="2">2</option></select>
      <select id="lobby"><option value="a">a</option></select>
      <input type="checkbox" name="pick" value="7"><input type="checkbox" name="pick" value="8" checked>
      <a href="/players/3">Mira</a><p>new row</p></main>`,
        "text/html",
      )
      .querySelector("main")!;
    const after = vi.fn();
    swapRegion(main, incoming, after);
    expect(main.querySelector("p")!.textContent).toBe("new row");
    expect((document.getElementById("more") as HTMLDetailsElement).open).toBe(true);
    expect((document.getElementById("name") as HTMLInputElement).value).toBe("Typed");
    expect((document.getElementById("round") as HTMLSelectElement).value).toBe("2");
    expect((document.getElementById("lobby") as HTMLSelectElement).value, "a choice the new page lacks").toBe("a");
    expect(main.querySelector<HTMLInputElement>("[value='7']")!.checked).toBe(true);
    expect(main.querySelector<HTMLInputElement>("[value='8']")!.checked).toBe(false);
    expect(document.activeElement).toBe(main.querySelector("a"));
    expect(scrolled).toHaveBeenCalledWith(scrollX, scrollY);
    expect(after).toHaveBeenCalledOnce();
  });

  it("writes instants in the reader's zone and the countdown as the models' formatInZone and startsIn do", () => {
    const zones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Adelaide", "Asia/Kolkata"];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: -3 * 86_400_000, max: 10 * 86_400_000 }),
        fc.constantFrom(...zones),
        (now, ahead, zone) => {
          const at = new Date(now + ahead);
          document.body.innerHTML = `<time data-zoned datetime="${at.toISOString()}">server text</time>
            <span data-starts-in="${at.toISOString()}">server</span>`;
          showZones(document, zone, now);
          const time = document.querySelector("time")!;
          expect(time.textContent).toBe(formatInZone(at, zone));
          expect(time.title, "the server's text stays as the title").toBe("server text");
          const soon = startsIn(new Date(now), at);
          expect(document.querySelector("[data-starts-in]")!.textContent).toBe(soon ? ` (starts ${soon})` : "");
        },
      ),
      { numRuns: 300 },
    );
    document.body.innerHTML = `<time data-zoned datetime="2026-12-05T17:00:00Z">Sat, Dec 5, 2026, 18:00 (Europe/Paris)</time>`;
    showZones(document, undefined, 0);
    expect(document.querySelector("time")!.textContent, "no zone known: the server's text").toContain("Europe/Paris");
  }, 30_000);

  it("builds the Copy buttons where the page marks them; a copy toasts who was copied, a refusal 'Copy failed'", async () => {
    openPage(`<ul><li>Mira <template data-copy-button="Mira#EUW"></template></li></ul>`);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    startLive("/api/events");
    const button = document.querySelector<HTMLButtonElement>("button.copy-btn")!;
    expect(button.outerHTML).toBe(
      '<button type="button" class="btn ghost small copy-btn" data-copy="Mira#EUW" data-copy-what="Mira" aria-label="Copy Mira#EUW" title="Copy Mira#EUW">Copy</button>',
    );
    button.click();
    await vi.waitFor(() => expect(shownToast()?.title).toBe(ACTION_TOASTS.copied.title));
    expect(writeText).toHaveBeenCalledWith("Mira#EUW");
    expect(shownToast()?.description).toBe("Mira copied to clipboard");

    writeText.mockRejectedValue(new Error("denied"));
    document.querySelector("#toast-region")!.replaceChildren();
    button.click();
    await vi.waitFor(() => expect(shownToast()?.title).toBe(ACTION_TOASTS.copyFailed.title));
  });

  it("fetches an export so a failure is a toast with the link's message, and a success saves the file", async () => {
    openPage(
      `<a href="/api/tournaments/1/export?download=1" data-export="Unable to export tournament data">Export</a>`,
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) saved.push(this.download);
    });
    vi.stubGlobal("fetch", async () => new Response("nope", { status: 500 }));
    startLive("/api/events");
    document
      .querySelector<HTMLAnchorElement>("a[data-export]")!
      .dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    await vi.waitFor(() =>
      expect(shownToast()).toEqual({
        title: "Export failed",
        description: "Unable to export tournament data",
        type: "error",
      }),
    );
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response("xlsx", { headers: { "Content-Disposition": 'attachment; filename="Spring_Cup_export.xlsx"' } }),
    );
    document
      .querySelector<HTMLAnchorElement>("a[data-export]")!
      .dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(shownToast()?.title).toBe("Download started"));
    expect(saved).toEqual(["Spring_Cup_export.xlsx"]);
  });
});

describe("the stream overlay's script", () => {
  it("swaps in the fetched overlay's content and version", () => {
    document.body.innerHTML = '<main id="overlay" data-version="3"><h1>Old</h1></main>';
    swapOverlay(
      document.getElementById("overlay")!,
      '<!DOCTYPE html><html><body><main id="overlay" data-version="4"><h1>New</h1></main></body></html>',
    );
    expect(document.getElementById("overlay")!.outerHTML).toBe(
      '<main id="overlay" data-version="4"><h1>New</h1></main>',
    );
    swapOverlay(document.getElementById("overlay")!, "<p>Not an overlay</p>");
    expect(document.querySelector("h1")!.textContent).toBe("New");
  });
});

describe("the built page scripts, run as the page carries them", () => {
  /** Runs a built script as an inline `<script data-events>` of the document would run. */
  function run(code: string, events: string) {
    const element = document.createElement("script");
    element.dataset.events = events;
    vi.spyOn(document, "currentScript", "get").mockReturnValue(element);
    new Function(code)();
  }

  it("the public pages' script follows the stream its element names and shows the event's toast", () => {
    openPage("<p>Standings</p>");
    run(pageScript("public"), "/api/events?tournamentId=42");
    expect(lastStream().url).toBe("/api/events?tournamentId=42");
    expect(document.documentElement.dataset.hydrated).toBe("true");
    lastStream().emit({ type: "round_advanced", data: { newRound: 3 } });
    expect(shownToast()?.description).toBe("Tournament advanced to Round 3");
  });

  it("the host screens' script answers a lobby save in place", async () => {
    openPage(`<form method="post" action="/tournaments/1/scores" data-answer="">
      <input type="hidden" name="lobbyId" value="5"><button type="submit">Save</button></form>`);
    const fetched = vi.fn(async (_url: URL, _init: RequestInit) => htmlAnswer(shell("<p>Saved</p>")));
    vi.stubGlobal("fetch", fetched);
    run(pageScript("host"), "/api/events?tournamentId=1");
    document.querySelector("form")!.requestSubmit();
    await vi.waitFor(() => expect(document.querySelector("main p")?.textContent).toBe("Saved"));
    expect(new Headers(fetched.mock.calls[0][1].headers).get("X-Answer-In-Place")).toBe("1");
  });

  it("the overlay's script follows its stream and re-fetches on an event", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<main id="overlay" data-version="1"><h1>Old</h1></main>';
    const fetched = vi.fn(async () => htmlAnswer('<main id="overlay" data-version="2"><h1>New</h1></main>'));
    vi.stubGlobal("fetch", fetched);
    run(pageScript("overlay"), "/api/events?tournamentId=9");
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/events?tournamentId=9"]);
    lastStream().emit({ type: "connected" });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetched).not.toHaveBeenCalled();
    lastStream().emit({ type: "matches_saved", data: {}, audience: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetched).toHaveBeenCalledOnce();
    expect(document.getElementById("overlay")!.getAttribute("data-version")).toBe("2");
  });
});
