// The score saves' admission gate (app/lib/save-admission.server.ts): which requests it holds (a post to a route whose
// module is marked a save, on the real route table), first in first out, never more than its limit at once, skipping
// clients that went away; a property test against a plain queue.
import fc from "fast-check";
import { EventEmitter } from "node:events";
import { matchRoutes, type RouteObject } from "react-router";
import { beforeAll, describe, expect, test, vi } from "vitest";
import {
  betweenSaves,
  fifoGate,
  isSaveRequest,
  saveAdmission,
  saveAdmissionLimit,
  saveRoutes,
  SAVE_ADMISSION_DEFAULT,
  type SaveRoutes,
} from "~/lib/save-admission.server";
import { isSaveRoute } from "~/lib/save-route";
import { routeManifest, type ManifestRoute } from "../setup/route-manifest";

let manifest: Record<string, ManifestRoute>;
let saves: SaveRoutes;
beforeAll(async () => {
  manifest = await routeManifest();
  saves = saveRoutes(manifest);
  // Loading every route module takes a while on a busy machine.
}, 120_000);

describe("isSaveRequest, on the route table of app/routes.ts", () => {
  test.each([
    ["POST", "/api/lobbies/12/matches", true],
    ["POST", "/api/lobbies/12/matches?x=1", true],
    ["POST", "/tournaments/3/scores", true],
    ["POST", "/tournaments/3/scores.data", true],
    ["POST", "/scores/3", true],
    ["POST", "/scores", true],
    ["GET", "/api/lobbies/12/matches", false],
    ["GET", "/tournaments/3/scores", false],
    ["POST", "/api/lobbies/12/details", false],
    ["POST", "/api/tournaments/3/finalize-round", false],
    ["POST", "/tournaments/3/scores/extra", false],
    ["POST", "/scoresheet", false],
  ])("%s %s → %s", (method, url, expected) => {
    expect(isSaveRequest(method, url, saves)).toBe(expected);
  });

  test("the saves are the routes whose module carries the mark: the API's lobby matches and the score screen with its alias", () => {
    expect(saves.map((s) => s.path).sort()).toEqual([
      "/api/lobbies/:id/matches",
      "/scores/:tournamentId?",
      "/tournaments/:tournamentId/scores",
    ]);
  });

  test("a post is a save exactly when the route React Router picks for its address is marked a save, for every route", () => {
    // React Router's own matching over the same table (ranking included) is the reference.
    const tree = (parentId: string | undefined): RouteObject[] =>
      Object.values(manifest)
        .filter((r) => r.parentId === parentId)
        .map((r) => ({ id: r.id, path: r.path, index: r.index, children: tree(r.id) }) as RouteObject);
    const routes = tree(undefined);
    const picked = (path: string) => {
      const matches = matchRoutes(routes, path);
      return matches ? isSaveRoute(manifest[matches[matches.length - 1].route.id!].module.handle) : false;
    };
    const full = (r: ManifestRoute): string =>
      [r.parentId ? full(manifest[r.parentId]) : "", r.path ?? ""].filter(Boolean).join("/");
    const addresses = new Set<string>();
    for (const route of Object.values(manifest)) {
      const pattern = full(route);
      for (const optional of ["7", ""])
        addresses.add(
          `/${pattern}`
            .replace(/\/:[^/]+\?/g, optional ? `/${optional}` : "")
            .replace(/:[^/]+/g, "7")
            .replace(/\*$/, "x/y"),
        );
    }
    let checked = 0;
    for (const address of addresses) {
      const expected = picked(address);
      expect(isSaveRequest("POST", address, saves), address).toBe(expected);
      expect(isSaveRequest("POST", `${address}?q=1`, saves), address).toBe(expected);
      if (address !== "/") expect(isSaveRequest("POST", `${address}.data`, saves), `${address}.data`).toBe(expected);
      expect(isSaveRequest("GET", address, saves), address).toBe(false);
      if (expected) checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});

test("the limit comes from SAVE_CONCURRENCY when it is a positive whole number", () => {
  expect(saveAdmissionLimit(undefined)).toBe(SAVE_ADMISSION_DEFAULT);
  expect(saveAdmissionLimit("")).toBe(SAVE_ADMISSION_DEFAULT);
  expect(saveAdmissionLimit("0")).toBe(SAVE_ADMISSION_DEFAULT);
  expect(saveAdmissionLimit("2.5")).toBe(SAVE_ADMISSION_DEFAULT);
  expect(saveAdmissionLimit("abc")).toBe(SAVE_ADMISSION_DEFAULT);
  expect(saveAdmissionLimit("3")).toBe(3);
});

type Step = { kind: "arrive"; gone: boolean } | { kind: "leave"; pick: number };

test("property: runs in arrival order, at most `limit` at once, a place freed goes to the next one still there", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }),
      fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant("arrive" as const), gone: fc.boolean() }),
          fc.record({ kind: fc.constant("leave" as const), pick: fc.nat() }),
        ),
        { maxLength: 60 },
      ),
      (limit, steps: Step[]) => {
        const gate = fifoGate(limit);
        const started: number[] = [];
        const leaves = new Map<number, () => void>();
        const goneIds = new Set<number>();
        // The reference: a plain queue and a running set.
        const model = { running: new Set<number>(), queue: [] as number[], started: [] as number[] };
        const modelAdmit = () => {
          while (model.running.size < limit && model.queue.length > 0) {
            const next = model.queue.shift()!;
            if (goneIds.has(next)) continue;
            model.running.add(next);
            model.started.push(next);
          }
        };
        let id = 0;
        for (const step of steps) {
          if (step.kind === "arrive") {
            const me = id++;
            // "gone" arrivals leave while waiting: they are skipped when their turn comes.
            if (step.gone) goneIds.add(me);
            gate.enter(
              (leave) => {
                started.push(me);
                leaves.set(me, leave);
              },
              () => goneIds.has(me),
            );
            if (model.running.size < limit && model.queue.length === 0) {
              model.running.add(me);
              model.started.push(me);
            } else model.queue.push(me);
          } else {
            const running = [...model.running];
            if (running.length === 0) continue;
            const who = running[step.pick % running.length];
            model.running.delete(who);
            leaves.get(who)!();
            leaves.get(who)!(); // leaving twice frees one place
            modelAdmit();
          }
          expect(gate.sizes.active).toBe(model.running.size);
          expect(gate.sizes.active).toBeLessThanOrEqual(limit);
        }
        expect(started).toEqual(model.started);
      },
    ),
  );
});

describe("betweenSaves: background work waits for a pause in the saves", () => {
  // A save through the middleware, its answer sent when `finish` is called (the request and answer as events only).
  let middleware: ReturnType<typeof saveAdmission>;
  beforeAll(() => {
    middleware = saveAdmission(manifest, 2);
  });
  function save() {
    const res = Object.assign(new EventEmitter(), { destroyed: false, writableEnded: false });
    const req = { method: "POST", url: "/api/lobbies/1/matches", socket: { destroyed: false } };
    middleware(req as never, res as never, () => {});
    return { finish: () => res.emit("finish") };
  }
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return () => done;
  };
  const pause = { quietMs: 40, maxWaitMs: 1_000 };

  test("with no save in progress it resolves at once", async () => {
    const done = await settled(betweenSaves(undefined, pause));
    expect(done()).toBe(true);
  });

  test("it waits while a save is in progress, then for the pause after the last one ends", async () => {
    const first = save();
    const second = save();
    const started = performance.now();
    const done = await settled(betweenSaves(undefined, pause));
    await new Promise((resolve) => setTimeout(resolve, 60));
    first.finish();
    expect(done()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(done()).toBe(false);
    second.finish();
    const ended = performance.now();
    await vi.waitUntil(done, { timeout: 500, interval: 5 });
    expect(performance.now() - ended).toBeGreaterThanOrEqual(pause.quietMs - 2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(120);
  });

  test("saves that never pause hold it no longer than maxWaitMs", async () => {
    const busy = save();
    const started = performance.now();
    await betweenSaves(undefined, { quietMs: 40, maxWaitMs: 150 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(148);
    busy.finish();
  });

  test("an abort ends the wait", async () => {
    const busy = save();
    const abort = new AbortController();
    const done = await settled(betweenSaves(abort.signal, pause));
    expect(done()).toBe(false);
    abort.abort();
    await vi.waitUntil(done, { timeout: 200, interval: 5 });
    busy.finish();
  });
});
