// Sign-up's pure rules (docs/decisions/029-sign-up-and-passes.md): who gets a seat, who waits and in what order, who is
// promoted when a seat frees, which entries are the same player, how many came from one address, and the check-in
// window. The pass itself is app/models/access/pass.server.ts's.
import type { Refusal } from "../errors";
import { WAITLIST_FULL } from "../messages";

export type EntryStatus = "pending" | "waitlisted" | "registered" | "withdrawn" | "removed" | "declined";
/** An entry of the queue: its id is its place (earlier sign-ups first). */
export type QueueEntry = { id: number; status: EntryStatus };

/** Whether an entry still holds or waits for a seat. */
export function isActive(status: EntryStatus): boolean {
  return status === "pending" || status === "waitlisted" || status === "registered";
}

/** The waitlisted entries, first in line first. */
export function waitlistOrder<E extends QueueEntry>(entries: readonly E[]): E[] {
  return entries.filter((e) => e.status === "waitlisted").sort((a, b) => a.id - b.id);
}

/** The entry's place on the waitlist (1 is next), or null when it is not waitlisted. */
export function waitlistPosition(entries: readonly QueueEntry[], id: number): number | null {
  const at = waitlistOrder(entries).findIndex((e) => e.id === id);
  return at < 0 ? null : at + 1;
}

/** Who gets the free seats: the first `freeSeats` waitlisted entries, in queue order. */
export function promotionsFor<E extends QueueEntry>(entries: readonly E[], freeSeats: number): E[] {
  return waitlistOrder(entries).slice(0, Math.max(0, freeSeats));
}

export type Capacity = {
  /** Players holding a seat (every player of the tournament not set aside, hand-added ones included). */
  seatsTaken: number;
  maxPlayers: number;
  waitlisted: number;
  waitlistCap: number;
  requireApproval: boolean;
};

/**
 * How many active sign-ups (pending, waitlisted, registered) came from each address, for the owner: a room on one
 * network is normal, so nothing is refused by it; the owner sees the groups and may remove one address's sign-ups.
 * Unknown addresses ("") are not a group.
 */
export function addressCounts(entries: readonly { address: string; status: EntryStatus }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of entries) if (e.address && isActive(e.status)) counts.set(e.address, (counts.get(e.address) ?? 0) + 1);
  return counts;
}

/** The addresses with more than one active sign-up, most first (then by address), for the owner's "by address" list. */
export function sharedAddresses(counts: ReadonlyMap<string, number>): { address: string; count: number }[] {
  return [...counts]
    .filter(([, n]) => n > 1)
    .map(([address, count]) => ({ address, count }))
    .sort((a, b) => b.count - a.count || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

/** Where a new sign-up goes: waiting for approval, a seat, the waitlist; or the refusal when the waitlist is full too. */
export function admission(c: Capacity): EntryStatus | Refusal {
  if (c.requireApproval) return "pending";
  if (c.seatsTaken < c.maxPlayers) return "registered";
  if (c.waitlisted < c.waitlistCap) return "waitlisted";
  return { code: "waitlist_full", message: WAITLIST_FULL };
}

/** Where an approved sign-up goes: a seat when one is free, else the waitlist (the owner's approval is not refused). */
export function approvedStatus(seatsTaken: number, maxPlayers: number): EntryStatus {
  return seatsTaken < maxPlayers ? "registered" : "waitlisted";
}

/** Entries name the same player when their Name#Tag match, ignoring case and outer spaces (tags repeat across names). */
export function sameEntrant(a: { name: string; riotTag: string }, b: { name: string; riotTag: string }): boolean {
  const key = (e: { name: string; riotTag: string }) =>
    `${e.name.trim().toLowerCase()}#${e.riotTag.trim().toLowerCase()}`;
  return key(a) === key(b);
}

export type CheckinWindow = { opensAt: Date; closesAt: Date };

/** The check-in window of a start: from `opensBefore` to `closesBefore` minutes before it; null without a start. */
export function checkinWindow(startsAt: Date | null, opensBefore: number, closesBefore: number): CheckinWindow | null {
  if (!startsAt) return null;
  return {
    opensAt: new Date(startsAt.getTime() - opensBefore * 60_000),
    closesAt: new Date(startsAt.getTime() - closesBefore * 60_000),
  };
}

/** Where `now` is against the window: before it opens, inside it (opening instant included, closing excluded), after. */
export function windowState(now: Date, window: CheckinWindow): "before" | "open" | "after" {
  if (now.getTime() < window.opensAt.getTime()) return "before";
  if (now.getTime() < window.closesAt.getTime()) return "open";
  return "after";
}

/**
 * Whether the sign-up page takes sign-ups: the host opened it, and the tournament is neither locked, drawn (Round 1's
 * lobbies exist), live nor over. The join page and the public view's "Sign up" link read it.
 */
export function takesSignups(
  settings: { isOpen: boolean },
  t: { isLocked: boolean; status: string },
  lobbiesDrawn: boolean,
): boolean {
  return settings.isOpen && !t.isLocked && t.status !== "completed" && t.status !== "active" && !lobbiesDrawn;
}

/**
 * What the player's page says of an entry: "Registered", "Waitlisted #3", "Checked in", … Once it is a player, the words
 * of the public profile where they apply (DECISIONS "Visitors and spectators"): set aside at Round 1, "Tournament
 * completed", and "Game finished - waiting for the next round" once their lobby of this round is scored.
 */
export function statusLabel(
  status: EntryStatus,
  position: number | null,
  player: { isCheckedIn: boolean; isEliminated: boolean; droppedAt: Date | null; removedAt?: Date | null } | null,
  { completed = false, scoredThisRound = false }: { completed?: boolean; scoredThisRound?: boolean } = {},
): string {
  switch (status) {
    case "pending":
      return "Waiting for approval";
    case "waitlisted":
      return `Waitlisted #${position ?? "?"}`;
    case "withdrawn":
      return "Withdrawn";
    case "removed":
      return "Removed by the host";
    case "declined":
      return "Declined by the host";
    case "registered":
      if (player?.removedAt) return "Removed (not checked in for Round 1)";
      if (player?.droppedAt) return "Dropped";
      if (player?.isEliminated) return "Eliminated";
      if (player && completed) return "Tournament completed";
      if (player && scoredThisRound) return "Game finished - waiting for the next round";
      return player?.isCheckedIn ? "Checked in" : "Registered";
  }
}

/** "in 2 h 5 min", "in 3 days": how long until an instant, for the public pages (past instants: null). */
export function startsIn(now: Date, at: Date): string | null {
  const minutes = Math.ceil((at.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return null;
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `in ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  return `in ${Math.floor(hours / 24)} days`;
}

/** A tournament's schedule as its public pages show it: the start, its zone and the check-in window's minutes. */
export type Schedule = { startsAt: Date; timeZone: string; checkinOpensBefore: number; checkinClosesBefore: number };

/** The schedule line at `now`: the window with its state, and "in 2 h 5 min" while the start is ahead (else null). */
export function scheduleAt(schedule: Schedule, now: Date) {
  const window = checkinWindow(schedule.startsAt, schedule.checkinOpensBefore, schedule.checkinClosesBefore)!;
  return {
    startsAt: schedule.startsAt,
    timeZone: schedule.timeZone,
    window: { ...window, state: windowState(now, window) },
    startsIn: startsIn(now, schedule.startsAt),
  };
}

/**
 * The part of a schedule line that moves with the clock (the window's state and "starts in"): a page showing it is
 * the same bytes for as long as this is the same, so its cached answer is keyed by it. "" without a schedule.
 */
export function scheduleClock(schedule: Schedule | null | undefined, now: Date): string {
  if (!schedule) return "";
  const at = scheduleAt(schedule, now);
  return `${at.window.state}|${at.startsIn ?? ""}`;
}

/** Whether the runtime knows the IANA zone ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (Paris in winter: 60). */
function offsetMinutes(at: Date, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** A wall-clock time typed in a zone ("2026-12-05T18:00", as `<input type="datetime-local">` sends it) → the instant; null when malformed. */
export function zonedToInstant(local: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m || !isTimeZone(zone)) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  if (Number.isNaN(wall)) return null;
  // Twice: the offset at the first guess may differ from the offset at the answer (a DST change between them).
  let at = wall - offsetMinutes(new Date(wall), zone) * 60_000;
  at = wall - offsetMinutes(new Date(at), zone) * 60_000;
  // A wall-clock time the zone never shows is refused, not moved: February 30, month 13, 24:00, or the hour a
  // clock skips when summer time starts.
  return instantToZoned(new Date(at), zone) === local ? new Date(at) : null;
}

/** The instant as a datetime-local value in the zone ("2026-12-05T18:00"), for the owner's form. */
export function instantToZoned(at: Date, zone: string): string {
  const shifted = new Date(at.getTime() + offsetMinutes(at, zone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** "Sat, Dec 5, 2026, 18:00 (Europe/Paris)": an instant as the tournament's pages show it without JavaScript. */
export function formatInZone(at: Date, zone: string): string {
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return `${text} (${zone})`;
}

/** "20261205T170000Z": an instant as iCalendar writes it in UTC. */
function icsInstant(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** iCalendar text escapes backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
function icsText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

/**
 * The tournament's start as an iCalendar event (RFC 5545), with an alarm when check-in opens; lines end in CRLF.
 * `hours` is how long the event is expected to last.
 */
export function calendarEvent(args: {
  uid: string;
  name: string;
  startsAt: Date;
  url: string;
  checkinOpensBefore: number;
  now: Date;
  hours?: number;
}): string {
  const end = new Date(args.startsAt.getTime() + (args.hours ?? 4) * 3600_000);
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tournament Manager//Sign-up//EN",
    "CALSCALE:GREGORIAN",
    "BEGIN:VEVENT",
    `UID:${args.uid}`,
    `DTSTAMP:${icsInstant(args.now)}`,
    `DTSTART:${icsInstant(args.startsAt)}`,
    `DTEND:${icsInstant(end)}`,
    `SUMMARY:${icsText(args.name)}`,
    `URL:${args.url}`,
    `DESCRIPTION:${icsText(`Check-in opens ${args.checkinOpensBefore} minutes before the start: ${args.url}`)}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${icsText(`Check-in is open: ${args.name}`)}`,
    `TRIGGER:-PT${args.checkinOpensBefore}M`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
