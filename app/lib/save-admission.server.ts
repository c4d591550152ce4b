// Score saves admitted first in, first out, a few at a time per process (docs/decisions/040-parallel-saves.md): with
// 200 saves arriving at once, the first ones reach the database and are answered while the rest wait their turn,
// instead of every request's session lookup and query building sharing the one core before any save begins.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Saves in progress at once per process, by default: about the database pool's size (10 connections). */
export const SAVE_ADMISSION_DEFAULT = 8;

/**
 * A score save: the API's lobby matches, or a post of the score screen (its forms: save a lobby, finalize),
 * with or without JavaScript (React Router's `.data` requests).
 */
const SAVE_PATHS = [
  /^\/api\/lobbies\/[^/]+\/matches\/?$/,
  /^\/tournaments\/[^/]+\/scores(\.data)?\/?$/,
  /^\/scores(\/[^/]+)?(\.data)?\/?$/,
];

export function isSaveRequest(method: string | undefined, url: string | undefined): boolean {
  if (method !== "POST" || !url) return false;
  const path = url.split("?", 1)[0];
  return SAVE_PATHS.some((p) => p.test(path));
}

/** The limit from `SAVE_CONCURRENCY` (a positive whole number), else the default. */
export function saveAdmissionLimit(raw = process.env.SAVE_CONCURRENCY): number {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isInteger(n) && n > 0 ? n : SAVE_ADMISSION_DEFAULT;
}

/**
 * A first-in, first-out gate of `limit` places. `enter(run)` runs `run` with a `leave` function when a place
 * is free (at once, or when an earlier entrant leaves); `leave` may be called more than once. An entrant whose
 * `gone()` answers true by its turn (the client went away while waiting) is skipped.
 */
export function fifoGate(limit: number) {
  let active = 0;
  const waiting: { run: (leave: () => void) => void; gone: () => boolean }[] = [];
  const admit = (run: (leave: () => void) => void) => {
    active++;
    let left = false;
    run(() => {
      if (left) return;
      left = true;
      active--;
      for (let next = waiting.shift(); next; next = waiting.shift()) {
        if (next.gone()) continue;
        admit(next.run);
        return;
      }
    });
  };
  return {
    enter(run: (leave: () => void) => void, gone: () => boolean = () => false) {
      if (active < limit && waiting.length === 0) admit(run);
      else waiting.push({ run, gone });
    },
    /** Saves in progress and waiting, for tests. */
    get sizes() {
      return { active, waiting: waiting.length };
    },
  };
}

/** This process's score saves: how many are in progress (waiting for a place or running), and when the last one ended. */
const saves = { inProgress: 0, lastEnded: -Infinity };

/** How long without a save counts as a pause between saves, and the longest `betweenSaves` waits for one (ms). */
export const SAVE_PAUSE = { quietMs: 50, maxWaitMs: 2_000 };

/**
 * Resolves at a pause in this process's score saves: none in progress for `quietMs` (at once when there was none), or
 * after `maxWaitMs` however busy the process stays, or when `signal` aborts. Background work (the webhook deliveries:
 * docs/decisions/043-background-work-between-saves.md) waits for it, so saves coming one after another do not share
 * the core, or the embedded database's one connection, with it (for up to `maxWaitMs`).
 */
export async function betweenSaves(signal?: AbortSignal, { quietMs, maxWaitMs } = SAVE_PAUSE): Promise<void> {
  const deadline = performance.now() + maxWaitMs;
  for (;;) {
    const now = performance.now();
    const quietFor = saves.inProgress > 0 ? 0 : now - saves.lastEnded;
    if (quietFor >= quietMs || now >= deadline || signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(deadline, now + quietMs - quietFor) - now);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}

/**
 * Express (connect) middleware for the server (server/app.ts): a score save waits for its place before
 * anything else of it runs, and gives the place back when its answer has been sent (or the connection closed).
 * Other requests pass straight on.
 */
export function saveAdmission(limit = saveAdmissionLimit()) {
  const gate = fifoGate(limit);
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!isSaveRequest(req.method, req.url)) return next();
    saves.inProgress++;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      saves.inProgress--;
      saves.lastEnded = performance.now();
    };
    res.once("finish", end);
    res.once("close", end);
    gate.enter(
      (leave) => {
        res.once("finish", leave);
        res.once("close", leave);
        next();
      },
      () => res.destroyed || res.writableEnded || req.socket.destroyed,
    );
  };
}
