// The inline script of the pages without React says and times what the React pages do: same toasts, same re-fetch delay, valid JavaScript.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventToast, refetchDelay } from "~/components/live";
import { EVENT_TOASTS, ACTION_TOASTS, TOAST_FALLBACKS, type ToastMessage } from "~/lib/live-constants";
import { fillToast } from "~/components/toast";
import { FILL_TOAST_JS, liveScript, REFETCH_DELAY_JS, STARTS_IN_JS, ZONED_JS } from "~/lib/live-script.server";
import { formatInZone, startsIn } from "~/models/roster/signup";
import { RULES_JS } from "~/lib/host-script.server";
import { duplicatePlacements, lockedPlacements } from "~/models/access/policy";
import { ordinal } from "~/models/format/scoring";
import type { DomainEvent } from "~/models/audit/events";

type Fill = (template: ToastMessage, values: Record<string, unknown>) => ToastMessage;
const scriptFill = new Function("F", `${FILL_TOAST_JS};return fill;`)(TOAST_FALLBACKS) as Fill;
const scriptDelay = new Function(`${REFETCH_DELAY_JS};return delay;`)() as (audience: unknown) => number;
const scriptSoon = new Function(`${STARTS_IN_JS};return soon;`)() as (now: number, at: number) => string | null;
const scriptZoned = new Function(`${ZONED_JS};return zoned;`)() as (at: Date, zone: string) => string;

/** The script leaves `description` undefined where fillToast leaves it out; the toast shown is the same. */
const shown = (toast: ToastMessage | null) =>
  toast ? { type: toast.type, title: toast.title, description: toast.description } : null;

describe("the inline live script", () => {
  afterEach(() => vi.restoreAllMocks());

  it("fills every event toast as eventToast does, a lobby by its name or plain 'Lobby'", () => {
    const data = { name: "Spring Cup", roundNumber: 2, newRound: 3, lobbyName: "Lobby 5" };
    for (const type of Object.keys(EVENT_TOASTS) as DomainEvent["type"][]) {
      for (const values of [data, { ...data, lobbyName: 7 }, {}]) {
        const event = { type, tournamentId: 1, data: values } as DomainEvent;
        expect(shown(scriptFill(EVENT_TOASTS[type]!, values)), type).toEqual(shown(eventToast(event)));
      }
    }
    expect(scriptFill(EVENT_TOASTS.matches_saved!, { lobbyName: 12 }).description).toBe("Lobby scores have been saved");
    expect(scriptFill(ACTION_TOASTS.copied, { what: "Mira" })).toEqual(
      shown(fillToast(ACTION_TOASTS.copied, { what: "Mira" })),
    );
  });

  it("spreads its re-fetch as refetchDelay does", () => {
    for (const random of [0, 0.37, 1]) {
      vi.spyOn(Math, "random").mockReturnValue(random);
      for (const audience of [undefined, "lots", -3, 1, 5_000, 10_000, 1_000_000, Infinity]) {
        expect(scriptDelay(audience), `audience ${String(audience)}`).toBe(refetchDelay(audience, random));
      }
    }
  });

  it("counts down to a start as startsIn does, to the minute, hour and day", () => {
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(instant, fc.integer({ min: -3 * 86_400_000, max: 10 * 86_400_000 }), (now, ahead) => {
        expect(scriptSoon(now, now + ahead)).toBe(startsIn(new Date(now), new Date(now + ahead)));
      }),
      { numRuns: 2000 },
    );
    for (const ahead of [0, 1, 59_999, 60_000, 3_600_000, 3_660_000, 48 * 3_600_000 - 1, 48 * 3_600_000])
      expect(scriptSoon(0, ahead), `${ahead} ms`).toBe(startsIn(new Date(0), new Date(ahead)));
  });

  it("shows an instant in a zone as formatInZone does, across zones and daylight saving changes", () => {
    const zones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Adelaide", "Asia/Kolkata"];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(...zones),
        (at, zone) => {
          expect(scriptZoned(new Date(at), zone)).toBe(formatInZone(new Date(at), zone));
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);

  it("is valid JavaScript that no markup can close early", () => {
    for (const id of [null, 42]) {
      const script = liveScript(id);
      expect(() => new Function(script)).not.toThrow();
      expect(script).not.toMatch(/<\/script|<!--/i);
    }
    expect(liveScript(42)).toContain('"/api/events?tournamentId=42"');
    expect(liveScript(null)).toContain('"/api/events"');
  });

  it("with the host part: still valid JavaScript that no markup can close early", () => {
    const script = liveScript(7, true);
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/<\/script|<!--/i);
    expect(script).toContain("X-Answer-In-Place");
    expect(liveScript(7)).not.toContain("X-Answer-In-Place");
  });

  it("checks placements with the models' own rules (their compiled text runs as it is)", () => {
    type Rules = [typeof lockedPlacements, typeof duplicatePlacements, typeof ordinal];
    const [locked, duplicates, place] = new Function(`${RULES_JS};return [L,D,O];`)() as Rules;
    const current = { 1: 1, 2: 3, 3: 0, 4: -1, 5: 3 };
    for (const id of [1, 2, 3, 4, 5]) {
      expect([...locked(current, id, null)].sort()).toEqual([...lockedPlacements(current, id, null)].sort());
      expect([...locked(current, id, { 1: 1, 2: 2 })].sort()).toEqual(
        [...lockedPlacements(current, id, { 1: 1, 2: 2 })].sort(),
      );
    }
    expect(duplicates(current)).toEqual(duplicatePlacements(current));
    for (const n of [1, 2, 3, 4, 8, 11, 12, 13, 21, 22, 23]) expect(place(n)).toBe(ordinal(n));
  });
});
