// @vitest-environment happy-dom
// The host screens' page script (app/scripts/host.ts) in a DOM: the score form's checks against the rules written out
// plainly here, the cut's tie-breaker count, the link fields' Copy buttons, and a lobby save answered in place.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { ordinal } from "~/models/format/scoring";
import { buildCopyUrlButtons, countPicks, hostPart, markPlacements } from "~/scripts/host";
import { startLive } from "~/scripts/live";
import { htmlAnswer, isolatePageScripts, lastStream, openPage, shell, shownToast } from "./page-dom";

isolatePageScripts();

const NAMES = ["Ann", "Bea", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"];

/** A lobby's save form as components/scores-lobby.tsx renders it; `saved` marks an edit of a saved lobby. */
function lobbyForm(lobbyId: number, count: number, saved: number[] | null = null) {
  const players = NAMES.slice(0, count).map((name, i) => {
    const id = i + 1;
    const places = [1, 2, 3, 4, 5, 6, 7, 8].map((p) => `<option value="${p}">${ordinal(p)} (${9 - p} pts)</option>`);
    const mark = saved ? ` data-saved="${saved[i]}"` : "";
    return `<li><label for="placement-${lobbyId}-${id}">${name}</label>
      <input type="hidden" name="scores.${i}.playerId" value="${id}">
      <select id="placement-${lobbyId}-${id}" name="scores.${i}.placement" aria-label="Placement for ${name}"${mark}>
      <option value="0" selected>Unscored</option>${places.join("")}<option value="dnp">DNP - did not play (0 pts)</option></select></li>`;
  });
  return `<form method="post" action="/tournaments/1/scores?edit=${lobbyId}#lobby-${lobbyId}" data-answer="">
    <input type="hidden" name="intent" value="save"><input type="hidden" name="lobbyId" value="${lobbyId}">
    <ul>${players.join("")}</ul><p class="small scores-duplicates" aria-live="polite"></p>
    <button type="submit" class="btn primary">Save Lobby ${lobbyId} Scores</button></form>`;
}

/** The host presses the form's Save button. */
const submitSave = () =>
  document.querySelector("form")!.requestSubmit(document.querySelector<HTMLButtonElement>("form button")!);
const selects = () => [...document.querySelectorAll<HTMLSelectElement>("select")];
const optionText = (select: HTMLSelectElement, place: number) =>
  select.querySelector<HTMLOptionElement>(`option[value="${place}"]`)!;

describe("the score form's checks", () => {
  /** One form per lobby size, built once: the checks rewrite every option each time they run. */
  const forms = new Map<number, HTMLFormElement>();
  const formOf = (count: number) => {
    if (!forms.has(count)) {
      const holder = document.createElement("div");
      holder.innerHTML = lobbyForm(3, count);
      forms.set(count, holder.querySelector("form")!);
    }
    document.body.replaceChildren(forms.get(count)!);
    return forms.get(count)!;
  };

  it("match the rules written out: a place another player picked is taken, one still held from the save swaps, twice is said", () => {
    const pick = fc.constantFrom<number | "dnp">(0, 1, 2, 3, 4, 5, 6, 7, 8, "dnp");
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 8 })
          .chain((n) =>
            fc.tuple(
              fc.array(pick, { minLength: n, maxLength: n }),
              fc.option(fc.array(pick, { minLength: n, maxLength: n })),
            ),
          ),
        ([picks, savedPicks]) => {
          const saved = savedPicks?.map((p) => (p === "dnp" ? 0 : p)) ?? null;
          const form = formOf(picks.length);
          selects().forEach((select, i) => {
            select.value = String(picks[i]);
            if (saved) select.setAttribute("data-saved", String(saved[i]));
            else select.removeAttribute("data-saved");
          });
          markPlacements(form);
          const place = (p: number | "dnp") => (p === "dnp" ? -1 : p);
          selects().forEach((select, i) => {
            for (let p = 1; p <= 8; p++) {
              const own = place(picks[i]);
              // Taken: another player picked p now, and (editing) did not already hold it in the save.
              const takenBy = picks.some((q, j) => j !== i && place(q) === p && !(saved && saved[j] === p));
              const taken = takenBy && p !== own;
              const holders = picks.flatMap((q, j) => (place(q) === p ? [NAMES[j]] : []));
              const swapWith = p !== own && !taken ? holders.at(-1) : undefined;
              const expected = `${ordinal(p)} (${9 - p} pts)${taken ? " - Taken" : swapWith ? ` - swap with ${swapWith}` : ""}`;
              const option = optionText(select, p);
              expect(option.disabled, `${NAMES[i]} at ${p}`).toBe(taken);
              expect(option.textContent, `${NAMES[i]} at ${p}`).toBe(expected);
            }
          });
          const twice = [1, 2, 3, 4, 5, 6, 7, 8].filter((p) => picks.filter((q) => q === p).length > 1);
          const note = twice.length
            ? `${twice.map(ordinal).join(", ")} ${twice.length === 1 ? "is" : "are"} chosen twice: change the other player's placement before saving.`
            : "";
          expect(document.querySelector(".scores-duplicates")!.textContent).toBe(note);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it("run as the host picks, and again on a form whose picks a swap kept", async () => {
    openPage(lobbyForm(4, 3));
    startLive("/api/events", hostPart);
    const [ann, bea] = selects();
    ann.value = "2";
    ann.dispatchEvent(new Event("change", { bubbles: true }));
    expect(optionText(bea, 2).disabled).toBe(true);
    expect(optionText(bea, 2).textContent).toBe("2nd (7 pts) - Taken");
    bea.value = "1";
    bea.dispatchEvent(new Event("change", { bubbles: true }));
    expect(optionText(ann, 1).textContent).toBe("1st (8 pts) - Taken");
    expect(optionText(ann, 2).textContent, "a player's own pick is free").toBe("2nd (7 pts)");

    // A live swap keeps the typed picks (app/scripts/live.ts) and the checks run again over them.
    vi.spyOn(Math, "random").mockReturnValue(0);
    vi.stubGlobal("fetch", async () => htmlAnswer(shell(`${lobbyForm(4, 3)}<p id="fresh">Lobby 9 saved</p>`)));
    lastStream().emit({ type: "matches_saved", data: { lobbyId: 9 } });
    await vi.waitFor(() => expect(document.getElementById("fresh")).not.toBeNull());
    expect(selects()[0].value).toBe("2");
    expect(optionText(selects()[1], 2).textContent).toBe("2nd (7 pts) - Taken");
  });
});

describe("the cut's tie-breaker", () => {
  it("counts the ticks and enables its button at exactly the number needed, never when the server disabled it", () => {
    const tiebreak = (disabled: boolean) => `<form><fieldset class="scores-tiebreak">
      <input type="checkbox" name="keep" value="1"><input type="checkbox" name="keep" value="2">
      <input type="checkbox" name="keep" value="3"><p class="small" aria-live="polite">Selected 0/2</p></fieldset>
      <button type="submit"${disabled ? " disabled" : ""}>Apply</button></form>`;
    document.body.innerHTML = tiebreak(false);
    const fieldset = document.querySelector<HTMLFieldSetElement>("fieldset")!;
    const boxes = [...document.querySelectorAll<HTMLInputElement>("input")];
    const button = document.querySelector("button")!;
    const counts: [string, boolean][] = [];
    for (const box of [boxes[0], boxes[1], boxes[2]]) {
      box.checked = true;
      countPicks(fieldset);
      counts.push([fieldset.querySelector("p")!.textContent!, button.disabled]);
    }
    expect(counts).toEqual([
      ["Selected 1/2", true],
      ["Selected 2/2", false],
      ["Selected 3/2", true],
    ]);
    document.body.innerHTML = tiebreak(true);
    document.querySelectorAll<HTMLInputElement>("input").forEach((box, i) => (box.checked = i < 2));
    countPicks(document.querySelector("fieldset")!);
    expect(document.querySelector("button")!.disabled).toBe(true);
  });
});

describe("the link fields", () => {
  it("get CopyUrlField's Copy button, once", () => {
    document.body.innerHTML = `<div class="field copy-url"><label for="checkin-link">Self check-in link</label>
      <div class="row copy-url-row"><input id="checkin-link" type="url" readonly value="https://x.example/c/1"></div></div>`;
    buildCopyUrlButtons(document);
    buildCopyUrlButtons(document);
    const buttons = document.querySelectorAll("button");
    expect(buttons).toHaveLength(1);
    expect(buttons[0].outerHTML).toBe(
      '<button type="button" class="btn small" data-copy="https://x.example/c/1" data-copy-what="Self check-in link" aria-label="Copy Self check-in link">Copy</button>',
    );
  });
});

describe("a lobby save answered in place", () => {
  const answer = (toast: string, next: string) =>
    shell(`${lobbyForm(5, 2)}<section id="lobby-6" tabindex="-1">Lobby 6</section>
      <template data-toast='${toast}' data-next="${next}"></template>`);

  it("posts with X-Answer-In-Place, swaps the answer in, toasts, focuses the next lobby and skips its own event", async () => {
    history.replaceState(null, "", "/tournaments/1/scores?edit=5");
    openPage(lobbyForm(5, 2));
    const sentTo: string[] = [];
    const fetched = vi.fn(async (url: URL, _init: RequestInit) => {
      sentTo.push(String(url));
      return htmlAnswer(answer(JSON.stringify({ type: "success", title: "Scores saved" }), "lobby-6"));
    });
    vi.stubGlobal("fetch", fetched);
    startLive("/api/events?tournamentId=1", hostPart);
    selects()[0].value = "1";
    selects()[1].value = "2";
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit");
    submitSave();
    expect(document.querySelector("button[type=submit]")!.textContent).toBe("Saving...");
    await vi.waitFor(() => expect(shownToast()?.title).toBe("Scores saved"));

    const [, init] = fetched.mock.calls[0];
    expect(sentTo).toEqual([`${location.origin}/tournaments/1/scores?edit=5`]);
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("X-Answer-In-Place")).toBe("1");
    expect(new URLSearchParams(String(init.body)).get("scores.1.placement")).toBe("2");
    expect(document.querySelector("template[data-toast]"), "the answer's toast is used once").toBeNull();
    expect(location.pathname + location.search + location.hash).toBe("/tournaments/1/scores#lobby-6");
    expect(document.activeElement?.id).toBe("lobby-6");
    expect(submit, "no plain post after an answer").not.toHaveBeenCalled();

    // The save's own event re-fetches nothing; another lobby's does.
    vi.spyOn(Math, "random").mockReturnValue(0);
    fetched.mockClear();
    lastStream().emit({ type: "matches_saved", data: { lobbyId: 5 } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetched).not.toHaveBeenCalled();
    lastStream().emit({ type: "matches_saved", data: { lobbyId: 8 } });
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledOnce());
  });

  it("keeps a refusal's message and typed picks, and falls back to the plain post when the request fails", async () => {
    openPage(lobbyForm(5, 2));
    vi.stubGlobal("fetch", async () =>
      htmlAnswer(
        shell(`<p role="alert" id="failure" autofocus tabindex="-1">Duplicate placements</p>${lobbyForm(5, 2)}`),
        400,
      ),
    );
    startLive("/api/events?tournamentId=1", hostPart);
    selects()[0].value = "1";
    selects()[1].value = "1";
    submitSave();
    await vi.waitFor(() => expect(document.querySelector("[role=alert]")?.textContent).toBe("Duplicate placements"));
    expect(selects().map((s) => s.value)).toEqual(["1", "1"]);
    expect(document.activeElement?.id).toBe("failure");

    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("offline")));
    submitSave();
    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
  });

  it("holds a live re-fetch while a save is in flight, and drops one that started before the save's answer", async () => {
    openPage(lobbyForm(5, 2));
    let answerSave: (response: Response) => void = () => {};
    const fetched = vi.fn((_url: URL | string, init?: RequestInit) =>
      init?.method === "POST"
        ? new Promise<Response>((resolve) => (answerSave = resolve))
        : Promise.resolve(htmlAnswer(shell("<p>stale live page</p>"))),
    );
    vi.stubGlobal("fetch", fetched);
    vi.spyOn(Math, "random").mockReturnValue(0);
    startLive("/api/events?tournamentId=1", hostPart);
    submitSave();
    lastStream().emit({ type: "lobbies_generated", data: {} });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(
      fetched.mock.calls.filter(([, init]) => init?.method !== "POST"),
      "no re-fetch during the save",
    ).toEqual([]);
    answerSave(htmlAnswer(shell("<p>after the save</p>")));
    await vi.waitFor(() => expect(document.querySelector("main p")?.textContent).toBe("after the save"));
  });
});
