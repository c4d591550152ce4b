// The landing page's read model: the public tournaments running now and the counts, built once per change and shared.
import { createHash } from "node:crypto";
import type { Executor } from "#db/client.server";
import type { Tournament } from "#db/schema";
import { LIVE_STATUSES, listPublic } from "../tournaments/tournaments.server";

/** How long the landing data is trusted without an event (a lost notification heals within this). */
const FRESH_MS = 10_000;

export type LandingView = {
  /** A hash of the data: the same on every process for the same content, so it can tag an ETag. */
  version: string;
  live: Pick<Tournament, "id" | "name" | "status" | "format" | "currentRound" | "totalRounds" | "maxPlayers">[];
  stats: { total: number; active: number; completed: number };
};

let cached: { view: LandingView; builtAt: number; dirty: boolean } | undefined;
let inflight: Promise<LandingView> | undefined;
let generation = 0;

/** Any committed change may alter the listed tournaments: the next request rebuilds. */
export function invalidateLanding() {
  generation++;
  if (cached) cached.dirty = true;
  inflight = undefined;
}

/** The version of clean, fresh landing data, without waiting; null when it must be rebuilt first. */
export function peekLandingVersion(now = Date.now()): string | null {
  return cached && !cached.dirty && now - cached.builtAt < FRESH_MS ? cached.view.version : null;
}

export async function landingView(db: Executor, now = Date.now()): Promise<LandingView> {
  if (cached && !cached.dirty && now - cached.builtAt < FRESH_MS) return cached.view;
  if (inflight) return inflight;
  const started = generation;
  const work = build(db).then((view) => {
    if (inflight === work) inflight = undefined;
    cached = { view, builtAt: Date.now(), dirty: generation !== started };
    return view;
  });
  inflight = work;
  work.catch(() => {
    if (inflight === work) inflight = undefined;
  });
  return work;
}

async function build(db: Executor): Promise<LandingView> {
  const all = await listPublic(db);
  const liveStatuses: readonly string[] = LIVE_STATUSES;
  const live = all
    .filter((t) => liveStatuses.includes(t.status))
    .map((t) => ({
      id: t.id,
      name: t.name,
      status: t.status,
      format: t.format,
      currentRound: t.currentRound,
      totalRounds: t.totalRounds,
      maxPlayers: t.maxPlayers,
    }));
  const stats = {
    total: all.length,
    active: all.filter((t) => t.status === "active").length,
    completed: all.filter((t) => t.status === "completed").length,
  };
  const version = createHash("sha256").update(JSON.stringify({ live, stats })).digest("base64url").slice(0, 16);
  return { version, live, stats };
}
