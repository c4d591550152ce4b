// The per-process public snapshot: each tournament's data read once per version and shared by every spectator's request.
//
// A committed mutation bumps the tournament's version (the row lock does it) and publishes an
// event; every app process hears the event (LISTEN/NOTIFY) and marks that tournament dirty. The
// next request checks the version with one small query and rebuilds only if it changed. Between
// events a request does no database work, except a version check every FRESH_MS that bounds the
// staleness should a notification ever be lost. docs/rules.md, "Versions and live pages".
import type { Executor } from "#db/client.server";
import { readTournamentData, readTournamentVersion, type TournamentData } from "./tournament-data.server";

/** How long a clean snapshot is trusted without asking the database. */
const FRESH_MS = 10_000;
/** Tournaments kept per process; the least recently used goes first. */
const MAX_TOURNAMENTS = 64;
/** Memoised screen answers per snapshot (search terms and pages make variants). */
const MAX_VIEWS = 256;

export type Snapshot = {
  version: number;
  data: TournamentData;
  /** A screen's answer for this version, computed once: `view("leaderboard", () => …)`. */
  view<T>(key: string, build: () => T): T;
};

type Entry = {
  snapshot: Snapshot;
  checkedAt: number;
  dirty: boolean;
};

const entries = new Map<number, Entry>();
/** The check or rebuild under way per tournament: concurrent requests share it instead of each querying. */
const inflight = new Map<number, Promise<Snapshot | null>>();
/** Bumped by every invalidation, so a check or build that raced one cannot mark its result clean. */
const generations = new Map<number, number>();

function makeSnapshot(data: TournamentData): Snapshot {
  const views = new Map<string, unknown>();
  return {
    version: data.tournament.version,
    data,
    view<T>(key: string, build: () => T): T {
      if (views.has(key)) return views.get(key) as T;
      const value = build();
      if (views.size >= MAX_VIEWS) views.delete(views.keys().next().value!);
      views.set(key, value);
      return value;
    },
  };
}

function generationOf(tournamentId: number) {
  return generations.get(tournamentId) ?? 0;
}

/** Marks a tournament's snapshot stale; called for every event, on every process. */
export function invalidateTournament(tournamentId: number) {
  generations.set(tournamentId, generationOf(tournamentId) + 1);
  if (generations.size > MAX_TOURNAMENTS * 4) generations.delete(generations.keys().next().value!);
  const entry = entries.get(tournamentId);
  if (entry) entry.dirty = true;
  // A read under way may predate the change: later requests start their own instead of joining it.
  inflight.delete(tournamentId);
}

/** Marks every snapshot stale: this process may have missed changes (its LISTEN connection was down). */
export function invalidateAllTournaments() {
  for (const tournamentId of [...entries.keys()]) invalidateTournament(tournamentId);
  inflight.clear();
}

/**
 * The version of a clean, fresh snapshot, without waiting: null when there is none, or when it
 * must be checked first (a change was heard, or it is older than FRESH_MS).
 */
export function peekTournamentVersion(tournamentId: number, now = Date.now()): number | null {
  const entry = entries.get(tournamentId);
  return entry && !entry.dirty && now - entry.checkedAt < FRESH_MS ? entry.snapshot.version : null;
}

/** The clean, fresh snapshot itself, without waiting (null as `peekTournamentVersion` answers null). */
export function peekTournamentSnapshot(tournamentId: number, now = Date.now()): Snapshot | null {
  const entry = entries.get(tournamentId);
  return entry && !entry.dirty && now - entry.checkedAt < FRESH_MS ? entry.snapshot : null;
}

/** Forgets every snapshot (tests, and a database that was swapped underneath). */
export function clearSnapshots() {
  entries.clear();
  inflight.clear();
  generations.clear();
}

/**
 * The tournament's snapshot at its current version, or null when it does not exist. Shared by
 * every request of this process until the next change.
 */
export async function tournamentSnapshot(
  db: Executor,
  tournamentId: number,
  now = Date.now(),
): Promise<Snapshot | null> {
  const entry = entries.get(tournamentId);
  if (entry && !entry.dirty && now - entry.checkedAt < FRESH_MS) {
    // Least recently used order: a hit moves the entry to the back.
    entries.delete(tournamentId);
    entries.set(tournamentId, entry);
    return entry.snapshot;
  }
  const running = inflight.get(tournamentId);
  if (running) return running;
  const work: Promise<Snapshot | null> = refresh(db, tournamentId, entry).finally(() => {
    if (inflight.get(tournamentId) === work) inflight.delete(tournamentId);
  });
  inflight.set(tournamentId, work);
  return work;
}

async function refresh(db: Executor, tournamentId: number, entry: Entry | undefined): Promise<Snapshot | null> {
  const generation = generationOf(tournamentId);
  if (entry) {
    const version = await readTournamentVersion(db, tournamentId);
    if (version === null) {
      entries.delete(tournamentId);
      return null;
    }
    if (version === entry.snapshot.version) {
      if (generationOf(tournamentId) === generation) {
        entry.dirty = false;
        entry.checkedAt = Date.now();
      }
      return entry.snapshot;
    }
  }
  const data = await readTournamentData(db, tournamentId);
  if (!data) {
    entries.delete(tournamentId);
    return null;
  }
  const current = entries.get(tournamentId);
  // A slower build must not replace a newer snapshot that another request stored meanwhile.
  if (current && current.snapshot.version > data.tournament.version) return current.snapshot;
  const snapshot = makeSnapshot(data);
  entries.delete(tournamentId);
  entries.set(tournamentId, {
    snapshot,
    checkedAt: Date.now(),
    // An invalidation during the read may describe a change the read missed: check again next time.
    dirty: generationOf(tournamentId) !== generation,
  });
  while (entries.size > MAX_TOURNAMENTS) entries.delete(entries.keys().next().value!);
  return snapshot;
}
