// Sign-up's pure rules against plain reference implementations: seats then the waitlist, promotion order on any mix of
// sign-ups and withdrawals, waitlist places, same-player matching, sign-ups by address, the check-in window and zoned
// times.
import fc from "fast-check";
import { expect, test } from "vitest";
import {
  addressCounts,
  admission,
  calendarEvent,
  checkinWindow,
  formatInZone,
  instantToZoned,
  isActive,
  promotionsFor,
  sameEntrant,
  sharedAddresses,
  startsIn,
  statusLabel,
  takesSignups,
  waitlistPosition,
  windowState,
  zonedToInstant,
  type EntryStatus,
  type QueueEntry,
} from "~/models/roster/signup";
import { signupSettingsSchema } from "~/models/roster/signup-input";

type Op = { kind: "join" } | { kind: "leave"; pick: number };

/** The rules as the server composes them: a sign-up takes a seat or the waitlist; a seat given back promotes in order. */
function simulate(ops: readonly Op[], maxPlayers: number, waitlistCap: number) {
  const entries: QueueEntry[] = [];
  let next = 1;
  for (const op of ops) {
    const seated = entries.filter((e) => e.status === "registered").length;
    if (op.kind === "join") {
      const placed = admission({
        seatsTaken: seated,
        maxPlayers,
        waitlisted: entries.filter((e) => e.status === "waitlisted").length,
        waitlistCap,
        requireApproval: false,
      });
      if (typeof placed === "string") entries.push({ id: next++, status: placed });
      continue;
    }
    const active = entries.filter((e) => isActive(e.status));
    if (active.length === 0) continue;
    const leaving = active[op.pick % active.length];
    const wasSeated = leaving.status === "registered";
    leaving.status = "withdrawn";
    if (wasSeated) {
      const free = maxPlayers - entries.filter((e) => e.status === "registered").length;
      for (const e of promotionsFor(entries, free)) e.status = "registered";
    }
  }
  return entries;
}

/** The reference: two plain lists, seats and a first-in-first-out line. */
function reference(ops: readonly Op[], maxPlayers: number, waitlistCap: number) {
  const seats: number[] = [];
  const line: number[] = [];
  const gone: number[] = [];
  let next = 1;
  for (const op of ops) {
    if (op.kind === "join") {
      if (seats.length < maxPlayers) seats.push(next++);
      else if (line.length < waitlistCap) line.push(next++);
      continue;
    }
    const active = [...seats, ...line].sort((a, b) => a - b);
    if (active.length === 0) continue;
    const id = active[op.pick % active.length];
    gone.push(id);
    if (seats.includes(id)) {
      seats.splice(seats.indexOf(id), 1);
      if (line.length > 0) seats.push(line.shift()!);
    } else line.splice(line.indexOf(id), 1);
  }
  return { seats: seats.sort((a, b) => a - b), line, gone: gone.sort((a, b) => a - b) };
}

const ops = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<Op>({ kind: "join" }) },
    { weight: 1, arbitrary: fc.nat(300).map<Op>((pick) => ({ kind: "leave", pick })) },
  ),
  { maxLength: 80 },
);

test("seats, the waitlist and promotions match a plain first-in-first-out line for any sign-ups and withdrawals", () => {
  fc.assert(
    fc.property(ops, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 10 }), (list, max, cap) => {
      const entries = simulate(list, max, cap);
      const expected = reference(list, max, cap);
      const ids = (s: EntryStatus) => entries.filter((e) => e.status === s).map((e) => e.id);
      expect(ids("registered")).toEqual(expected.seats);
      expect(ids("waitlisted")).toEqual(expected.line);
      expect(ids("withdrawn")).toEqual(expected.gone);
      // Places on the waitlist are 1…n in line order.
      expect(expected.line.map((id) => waitlistPosition(entries, id))).toEqual(expected.line.map((_, i) => i + 1));
      // Nobody waits while a seat is free.
      if (expected.line.length > 0) expect(expected.seats.length).toBe(max);
    }),
  );
});

test("a full tournament with a full waitlist refuses; approval puts every sign-up in pending", () => {
  const base = { seatsTaken: 4, maxPlayers: 4, waitlisted: 2, waitlistCap: 2, requireApproval: false };
  expect(admission(base)).toEqual({ code: "waitlist_full", message: "The tournament and its waitlist are full" });
  expect(admission({ ...base, requireApproval: true })).toBe("pending");
  expect(admission({ ...base, waitlisted: 1 })).toBe("waitlisted");
  expect(admission({ ...base, seatsTaken: 3 })).toBe("registered");
});

test("the same player: Name#Tag ignoring case and outer spaces; the same tag under another name is another player", () => {
  expect(sameEntrant({ name: " Ann ", riotTag: "euw" }, { name: "ann", riotTag: "EUW " })).toBe(true);
  expect(sameEntrant({ name: "Ann", riotTag: "EUW" }, { name: "Bob", riotTag: "EUW" })).toBe(false);
});

test("the check-in window: open from its opening instant until (not at) its closing one", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 2_000_000_000 }),
      fc.integer({ min: 1, max: 1440 }),
      fc.integer({ min: 0, max: 1439 }),
      fc.integer({ min: -3000, max: 3000 }),
      (startSec, opens, closesRaw, offsetMin) => {
        const closes = Math.min(closesRaw, opens - 1);
        const start = new Date(startSec * 1000);
        const w = checkinWindow(start, opens, closes)!;
        const now = new Date(start.getTime() + offsetMin * 60_000);
        const expected = offsetMin < -opens ? "before" : offsetMin < -closes ? "open" : "after";
        expect(windowState(now, w)).toBe(expected);
      },
    ),
  );
  expect(checkinWindow(null, 60, 10)).toBeNull();
});

test("zoned wall-clock times round-trip through instants, across daylight saving changes", () => {
  expect(zonedToInstant("2026-07-01T18:00", "Europe/Paris")?.toISOString()).toBe("2026-07-01T16:00:00.000Z");
  expect(zonedToInstant("2026-12-05T18:00", "Europe/Paris")?.toISOString()).toBe("2026-12-05T17:00:00.000Z");
  expect(zonedToInstant("2026-12-05T18:00", "America/New_York")?.toISOString()).toBe("2026-12-05T23:00:00.000Z");
  expect(zonedToInstant("2026-12-05 18:00", "UTC")).toBeNull();
  expect(zonedToInstant("2026-12-05T18:00", "Mars/Olympus")).toBeNull();
  // Times the zone never shows are refused, not moved to another day or hour.
  for (const [local, zone] of [
    ["2027-02-30T10:00", "America/New_York"],
    ["2027-13-01T10:00", "America/New_York"],
    ["2027-01-01T24:00", "UTC"],
    ["2027-01-01T10:60", "UTC"],
    // The hour New York's clocks skip on 14 March 2027 (02:00 → 03:00).
    ["2027-03-14T02:30", "America/New_York"],
  ])
    expect(zonedToInstant(local, zone), `${local} ${zone}`).toBeNull();
  const zones = ["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata", "Australia/Sydney"];
  fc.assert(
    fc.property(fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), fc.constantFrom(...zones), (sec, zone) => {
      const at = new Date(Math.floor(sec / 60) * 60_000);
      const local = instantToZoned(at, zone);
      const back = zonedToInstant(local, zone)!;
      // An hour repeated by a DST change has two instants; either shows the same wall-clock time.
      expect(instantToZoned(back, zone)).toBe(local);
    }),
  );
  expect(formatInZone(new Date("2026-12-05T17:00:00Z"), "Europe/Paris")).toBe("Sat, Dec 5, 2026, 18:00 (Europe/Paris)");
});

test("the sign-up page takes sign-ups only while opened, unlocked, undrawn, neither live nor over", () => {
  const open = { isOpen: true };
  const setup = { isLocked: false, status: "setup" };
  expect(takesSignups(open, setup, false)).toBe(true);
  expect(takesSignups(open, { ...setup, status: "checkin" }, false)).toBe(true);
  expect(takesSignups({ isOpen: false }, setup, false)).toBe(false);
  expect(takesSignups(open, { ...setup, isLocked: true }, false)).toBe(false);
  expect(takesSignups(open, setup, true)).toBe(false);
  for (const status of ["active", "completed"]) expect(takesSignups(open, { ...setup, status }, false)).toBe(false);
});

test("labels and countdowns", () => {
  expect(statusLabel("waitlisted", 3, null)).toBe("Waitlisted #3");
  expect(statusLabel("registered", null, { isCheckedIn: true, isEliminated: false, droppedAt: null })).toBe(
    "Checked in",
  );
  expect(statusLabel("registered", null, { isCheckedIn: true, isEliminated: false, droppedAt: new Date() })).toBe(
    "Dropped",
  );
  // Once a player, the profile's words: set aside at Round 1, a scored game this round, a completed tournament.
  const checkedIn = { isCheckedIn: true, isEliminated: false, droppedAt: null };
  expect(statusLabel("registered", null, { ...checkedIn, isCheckedIn: false, removedAt: new Date() })).toBe(
    "Removed (not checked in for Round 1)",
  );
  expect(statusLabel("registered", null, checkedIn, { scoredThisRound: true })).toBe(
    "Game finished - waiting for the next round",
  );
  expect(statusLabel("registered", null, checkedIn, { completed: true, scoredThisRound: true })).toBe(
    "Tournament completed",
  );
  expect(statusLabel("registered", null, { ...checkedIn, isEliminated: true }, { completed: true })).toBe("Eliminated");
  expect(statusLabel("waitlisted", 2, null, { completed: true })).toBe("Waitlisted #2");
  const now = new Date("2026-01-01T00:00:00Z");
  expect(startsIn(now, new Date("2026-01-01T00:45:00Z"))).toBe("in 45 min");
  expect(startsIn(now, new Date("2026-01-01T02:05:00Z"))).toBe("in 2 h 5 min");
  expect(startsIn(now, new Date("2026-01-05T00:00:00Z"))).toBe("in 4 days");
  expect(startsIn(now, new Date("2025-12-31T00:00:00Z"))).toBeNull();
});

test("settings input: closing must come after opening, times must be wall-clock in a known zone", () => {
  expect(signupSettingsSchema.safeParse({ checkinOpensBefore: 10, checkinClosesBefore: 10 }).success).toBe(false);
  expect(signupSettingsSchema.safeParse({ timeZone: "Nowhere/City" }).success).toBe(false);
  expect(signupSettingsSchema.safeParse({ startsAt: "tomorrow" }).success).toBe(false);
  expect(
    signupSettingsSchema.parse({ startsAt: "2026-12-05T18:00", timeZone: "Europe/Paris", isOpen: "on" }),
  ).toMatchObject({ isOpen: true });
});

test("the calendar event: UTC instants, escaped text, CRLF lines, an alarm when check-in opens", () => {
  const ics = calendarEvent({
    uid: "tournament-7@example.test",
    name: "Cup; with, commas",
    startsAt: new Date("2026-12-05T17:00:00Z"),
    url: "https://example.test/tournaments/7/join",
    checkinOpensBefore: 60,
    now: new Date("2026-11-26T12:00:00Z"),
  });
  expect(ics.split("\r\n")).toEqual(
    expect.arrayContaining([
      "BEGIN:VCALENDAR",
      "DTSTART:20261205T170000Z",
      "DTEND:20261205T210000Z",
      "SUMMARY:Cup\\; with\\, commas",
      "TRIGGER:-PT60M",
      "END:VCALENDAR",
    ]),
  );
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/\n/);
});

const STATUSES: EntryStatus[] = ["pending", "waitlisted", "registered", "withdrawn", "removed", "declined"];

test("sign-ups by address count the active ones per known address; the shared ones come most first, then by address", () => {
  const entry = fc.record({
    address: fc.constantFrom("", "10.0.0.1", "10.0.0.2", "2001:db8::1", "198.51.100.7"),
    status: fc.constantFrom(...STATUSES),
  });
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
      // Reference: for each known address, how many entries from it still hold or wait for a seat.
      const expected: Record<string, number> = {};
      for (const e of entries) {
        const holds = e.status === "pending" || e.status === "waitlisted" || e.status === "registered";
        if (e.address !== "" && holds) expected[e.address] = (expected[e.address] ?? 0) + 1;
      }
      const counts = addressCounts(entries);
      expect(Object.fromEntries(counts)).toEqual(expected);
      const shared = Object.entries(expected)
        .filter(([, n]) => n >= 2)
        .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
      expect(sharedAddresses(counts)).toEqual(shared.map(([address, count]) => ({ address, count })));
    }),
  );
});

test("a room of 64 on one address is one group of 64, whatever their places", () => {
  const room = Array.from({ length: 64 }, (_, i) => ({
    address: "198.51.100.7",
    status: (i < 60 ? "registered" : "waitlisted") as EntryStatus,
  }));
  expect(sharedAddresses(addressCounts([...room, { address: "198.51.100.7", status: "withdrawn" }]))).toEqual([
    { address: "198.51.100.7", count: 64 },
  ]);
});
