// Score saves admitted first in, first out, a few at a time per process (docs/decisions/040-parallel-saves.md): with
// 200 saves arriving at once, the first ones reach the database and are answered while the rest wait their turn,
// instead of every request's session lookup and query building sharing the one core before any save begins.
import type { IncomingMessage, ServerResponse } from "node:http";
import { matchPath } from "react-router";
import { isSaveRoute } from "./save-route";

/** Saves in progress at once per process, by default: about the database pool's size (10 connections). */
export const SAVE_ADMISSION_DEFAULT = 8;

/** A route of the server build's route table (`build.routes`), as much of it as the admission reads. */
export type AdmissionRoute = {
  id: string;
  parentId?: string;
  path?: string;
  caseSensitive?: boolean;
  module: { handle?: unknown };
};

/** The full path patterns of a route table's score saves: the routes whose module's `handle` says so (save-route.ts). */
export type SaveRoutes = readonly { path: string; caseSensitive: boolean }[];

/**
 * The score saves of the server build's route table (app/routes.ts: the API's lobby matches, the score screen and its
 * alias): each route whose module is marked with `saveRouteHandle`, with its path joined to its parents' (layouts and
 * the `api` prefix), so no address is written here.
 */
export function saveRoutes(routes: Readonly<Record<string, AdmissionRoute | undefined>>): SaveRoutes {
  const fullPath = (route: AdmissionRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = (route.path ?? "").replace(/^\/+|\/+$/g, "");
    const above = parent ? fullPath(parent) : "";
    return [above, own].filter(Boolean).join("/");
  };
  return Object.values(routes)
    .filter((r): r is AdmissionRoute => r !== undefined && isSaveRoute(r.module.handle))
    .map((r) => ({ path: `/${fullPath(r)}`, caseSensitive: r.caseSensitive === true }));
}

/**
 * The page's address a request is for: React Router's data requests (a post of a form with JavaScript) add `.data` to
 * it (`/_root.data` for `/`, `…/_.data` for an address ending in a slash).
 */
function pageAddress(path: string): string {
  if (path === "/_root.data") return "/";
  if (path.endsWith("/_.data")) return path.slice(0, -"_.data".length);
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/**
 * A score save: a post to a route of `saves` (`saveRoutes`), with or without JavaScript (React Router's `.data`
 * requests); the score screen's posts are all its forms (save a lobby, finalize, …).
 */
export function isSaveRequest(method: string | undefined, url: string | undefined, saves: SaveRoutes): boolean {
  if (method !== "POST" || !url) return false;
  const path = pageAddress(url.split("?", 1)[0]);
  return saves.some((p) => matchPath({ path: p.path, caseSensitive: p.caseSensitive, end: true }, path) !== null);
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
 * Express (connect) middleware for the server (server/app.ts): a score save (a post to a route of `routes`, the server
 * build's route table, marked as a save) waits for its place before anything else of it runs, and gives the place back
 * when its answer has been sent (or the connection closed). Other requests pass straight on.
 */
export function saveAdmission(
  routes: Readonly<Record<string, AdmissionRoute | undefined>>,
  limit = saveAdmissionLimit(),
) {
  const gate = fifoGate(limit);
  const addresses = saveRoutes(routes);
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!isSaveRequest(req.method, req.url, addresses)) return next();
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
