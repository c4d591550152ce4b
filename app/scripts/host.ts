// The host screens' part of their page script (docs/decisions/039-host-pages-without-react.md): score entry and
// check-in are served without React, and this does what their React code did with JavaScript on. The placement rules
// and the notes' words are imported from where the React screens take them.
import { ANSWER_HEADER } from "~/lib/answered";
import { duplicatesNote, placementOption } from "~/components/placement-notes";
import { duplicatePlacements, lockedPlacements } from "~/models/access/policy";
import { DNP_VALUE } from "~/models/format/scoring";
import type { LiveEvent, LivePage, PageExtra } from "./live";

/** The player of a placement select (`placement-<lobby>-<player>`). */
const playerOf = (select: HTMLSelectElement) => Number(select.id.split("-")[2]);

/** "Placement for Mira" → "Mira": the name a swap note gives. */
const nameOf = (select: HTMLSelectElement) => (select.getAttribute("aria-label") || "").replace(/^Placement for /, "");

/**
 * A lobby form's checks as the host picks (components/scores-lobby.tsx): the places other players hold are disabled
 * and marked " - Taken", a place held by another becomes " - swap with Name", and the note says which places are
 * chosen twice. A select's `data-saved` is its saved placement while a saved lobby is edited.
 */
export function markPlacements(form: HTMLFormElement) {
  const selects = [...form.querySelectorAll<HTMLSelectElement>("select[id^='placement-']")];
  const current: Record<number, number> = {};
  const holders = new Map<number, string>();
  let saved: Record<number, number> | null = null;
  for (const select of selects) {
    const place = select.value === DNP_VALUE ? -1 : Number(select.value);
    const mark = select.getAttribute("data-saved");
    current[playerOf(select)] = place;
    if (mark !== null) (saved ??= {})[playerOf(select)] = Number(mark);
    if (place > 0) holders.set(place, nameOf(select));
  }
  for (const select of selects) {
    const own = current[playerOf(select)];
    const locked = lockedPlacements(current, playerOf(select), saved);
    for (const option of select.options) {
      const place = Number(option.value);
      if (!(place > 0)) continue;
      const { disabled, note } = placementOption(place, own, locked, (at) => holders.get(at));
      option.disabled = disabled;
      option.textContent = option.textContent!.replace(/ - .*$/, "") + note;
    }
  }
  const note = form.querySelector(".scores-duplicates");
  if (note) note.textContent = duplicatesNote(duplicatePlacements(current)) ?? "";
}

/**
 * The cut's tie-breaker (components/scores-cut.tsx): "Selected n/m" follows the ticks, and the button is enabled only
 * at exactly m (and never when the server rendered it disabled).
 */
export function countPicks(fieldset: HTMLFieldSetElement) {
  const button = fieldset.form?.querySelector<HTMLButtonElement>("button[type=submit]");
  const line = fieldset.querySelector("p[aria-live]");
  const needed = line && /\/(\d+)/.exec(line.textContent || "");
  if (!button || !line || !needed) return;
  const picked = fieldset.querySelectorAll("input[type=checkbox]:checked").length;
  button.dataset.off ??= button.disabled ? "1" : "";
  line.textContent = `Selected ${picked}/${needed[1]}`;
  button.disabled = !!button.dataset.off || picked !== Number(needed[1]);
}

/** The Copy button of a read-only link field (components/public-actions.tsx's CopyUrlField). */
export function buildCopyUrlButtons(root: ParentNode) {
  root.querySelectorAll<HTMLInputElement>(".copy-url input[readonly]").forEach((field) => {
    if (field.nextElementSibling) return;
    const label = document.querySelector(`label[for='${CSS.escape(field.id)}']`);
    const what = label ? label.textContent! : "Link";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn small";
    button.setAttribute("data-copy", field.value);
    button.setAttribute("data-copy-what", what);
    button.setAttribute("aria-label", `Copy ${what}`);
    button.textContent = "Copy";
    field.after(button);
  });
}

/**
 * The host screens' part of the live page:
 * - after the first paint and every swap: the Copy buttons of link fields; a score form whose picks were kept across
 *   a swap gets its checks again; the tie-breaker's count;
 * - a lobby's save form (`form[data-answer]`) is sent with `fetch` and the `X-Answer-In-Place` header: the action
 *   answers the whole screen after the save in that one request (routes/scores.tsx), which is swapped in; its
 *   `<template data-toast data-next>` gives the toast and the next lobby that needs scores (focused, as the
 *   redirect's fragment does without JavaScript); a refusal's answer keeps its message and the typed placements and
 *   focuses the message. A failed request falls back to the plain form post. The save's own live event re-fetches
 *   nothing (`skip`), and no live re-fetch is swapped in over a save in flight or started before one.
 */
export function hostPart({ region, toast, swap }: LivePage): PageExtra {
  const answered: { type: LiveEvent["type"]; lobbyId: number; until: number }[] = [];
  let inFlight = 0;
  let generation = 0;

  function save(form: HTMLFormElement, button: HTMLButtonElement | null) {
    if (form.dataset.busy) return;
    const lobbyId = Number((form.elements.namedItem("lobbyId") as HTMLInputElement).value);
    const url = new URL(form.getAttribute("action") || location.href, location.href);
    const hash = url.hash.slice(1);
    url.hash = "";
    form.dataset.busy = "1";
    inFlight++;
    if (button) {
      button.disabled = true;
      button.textContent = "Saving...";
    }
    answered.push({ type: "matches_saved", lobbyId, until: Date.now() + 30_000 });
    fetch(url, {
      method: "POST",
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { [ANSWER_HEADER]: "1", Accept: "text/html" },
      credentials: "same-origin",
    })
      .then((response) => response.text())
      .then((html) => {
        const page = new DOMParser().parseFromString(html, "text/html");
        const incoming = page.querySelector("[data-live-region]");
        if (!incoming) throw new Error("no screen in the answer");
        inFlight--;
        generation++;
        swap(incoming, page.title);
        const said = region!.querySelector("template[data-toast]");
        let next: HTMLElement | null = null;
        if (said) {
          toast(JSON.parse(said.getAttribute("data-toast")!));
          if (said.hasAttribute("data-next")) {
            next = document.getElementById(said.getAttribute("data-next")!);
            said.remove();
            url.searchParams.delete("edit");
            url.searchParams.delete("clear");
            history.replaceState(null, "", url.pathname + url.search + (next ? `#${next.id}` : ""));
          }
        }
        next ||= region!.querySelector<HTMLElement>("[autofocus]") || (hash ? document.getElementById(hash) : null);
        if (next) {
          next.scrollIntoView({ block: "start" });
          next.focus({ preventScroll: true });
        }
      })
      .catch(() => {
        if (!form.dataset.busy) return;
        inFlight = Math.max(0, inFlight - 1);
        delete form.dataset.busy;
        HTMLFormElement.prototype.submit.call(form);
      });
  }

  document.addEventListener("change", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const form = target?.tagName === "SELECT" ? target.closest<HTMLFormElement>("form[data-answer]") : null;
    const fieldset = target?.closest<HTMLFieldSetElement>("fieldset.scores-tiebreak");
    if (form) markPlacements(form);
    if (fieldset) countPicks(fieldset);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-answer") || !window.fetch || !window.DOMParser)
      return;
    event.preventDefault();
    save(form, (event.submitter as HTMLButtonElement | null) || form.querySelector("button[type=submit]"));
  });

  return {
    show() {
      if (!region) return;
      region.querySelectorAll<HTMLFormElement>("form[data-answer]").forEach((form) => {
        const picked = [...form.querySelectorAll("select")].some((select) => {
          const option = select.options[select.selectedIndex];
          return option && !option.defaultSelected;
        });
        if (picked) markPlacements(form);
      });
      region.querySelectorAll<HTMLFieldSetElement>("fieldset.scores-tiebreak").forEach(countPicks);
      buildCopyUrlButtons(region);
    },
    skip(event) {
      const now = Date.now();
      const lobbyId = event.data?.lobbyId;
      const at = answered.findIndex((a) => a.until > now && a.type === event.type && a.lobbyId === lobbyId);
      if (at >= 0) answered.splice(at, 1);
      return at >= 0;
    },
    busy: () => inFlight > 0,
    generation: () => generation,
  };
}
