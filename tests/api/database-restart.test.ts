// PostgreSQL restarts under load (`pg_ctl restart -m fast` on a throwaway server this file starts): 200 lobby saves in
// flight and 1,000 live streams open, with one app process and with two (WEB_CONCURRENCY=2). No process exits (the
// postgres.js null-socket crash, docs/decisions/017), no stream is dropped and each gets a `resync` event once the
// database is back, and every save that was acknowledged is stored; the ones refused meanwhile answered 503 with
// Retry-After and go through when sent again.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findPostgresBinaries, startServer } from "../setup/postgres-global";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { lobbiesToSave, saveBody } from "./support/save-burst";

const SAVES = 200;
const STREAMS = 1000;
const binDir = findPostgresBinaries();
const skip =
  process.env.CI !== "true" ? (unavailableReason() ?? (binDir ? undefined : "no PostgreSQL binaries")) : undefined;

type Watched = { types: string[]; dropped: boolean; close: () => void };

/** Opens a stream and reads it in the background: `dropped` turns true if it ends before `close`. */
async function watchStream(baseURL: string, tournamentId: number | null): Promise<Watched> {
  const controller = new AbortController();
  const query = tournamentId === null ? "" : `?tournamentId=${tournamentId}`;
  const response = await fetch(`${baseURL}/api/events${query}`, { signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const watched: Watched = { types: [], dropped: false, close: () => {} };
  let closing = false;
  watched.close = () => {
    closing = true;
    controller.abort();
  };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parts = buffer.split("\n\n");
        buffer = parts.pop()!;
        for (const part of parts) {
          const line = part.split("\n").find((l) => l.startsWith("data: "));
          if (line) watched.types.push((JSON.parse(line.slice(6)) as { type: string }).type);
        }
      }
    } catch {
      // An abort by `close`, or the connection broke: told apart below.
    }
    if (!closing) watched.dropped = true;
  })();
  return watched;
}

describe.skipIf(skip)(`PostgreSQL restarts under load${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer(binDir!);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  for (const processes of [1, 2]) {
    test(`${processes} app process(es): 0 exits, 0 streams dropped, 0 acknowledged saves lost`, async () => {
      let app: App | undefined;
      const streams: Watched[] = [];
      try {
        app = await startApp({ adminUrl: server.url, env: { WEB_CONCURRENCY: String(processes) } });
        const current = app;
        const call = app.call.bind(app);
        const owner = await app.login(unique("host"));
        const lobbies = await lobbiesToSave(call, app.sql, owner, SAVES);
        expect(lobbies).toHaveLength(SAVES);
        const tournamentIds = [...new Set(lobbies.map((l) => l.tournamentId))];

        // 1,000 spectators: most on one tournament's stream, some on the landing page's untargeted one.
        for (let i = 0; i < STREAMS; i += 100) {
          const batch = await Promise.all(
            Array.from({ length: 100 }, (_, j) =>
              watchStream(current.baseURL, (i + j) % 10 === 0 ? null : tournamentIds[(i + j) % tournamentIds.length]),
            ),
          );
          streams.push(...batch);
        }
        await expect.poll(() => streams.filter((s) => s.types.includes("connected")).length).toBe(STREAMS);

        // All saves at once; the restart starts once the first ones are answered, so transactions are in flight
        // (the pool's connections each hold one, committing or waiting for a tournament's row lock).
        const started = Date.now();
        let answered = 0;
        const saves = lobbies.map((lobby, i) =>
          call("POST", `/api/lobbies/${lobby.id}/matches`, { token: owner, body: saveBody(lobby, i) })
            .catch((error: Error) => ({ status: 0, text: error.message, headers: new Headers(), body: null }))
            .finally(() => answered++),
        );
        while (answered < 5) await new Promise((resolve) => setTimeout(resolve, 2));
        await server.restart();
        const replies = await Promise.all(saves);
        const restartedAfter = Date.now() - started;

        const acknowledged = lobbies.filter((_, i) => replies[i].status === 200);
        const refused = replies.filter((r) => r.status !== 200);
        // The restart must have hit the burst, or the test proves nothing.
        expect(
          refused.length,
          `all ${SAVES} saves were answered 200 before the restart (${restartedAfter} ms)`,
        ).toBeGreaterThan(0);
        // Refused meanwhile: 503 "database_unavailable" with Retry-After, never a 500 or a dropped connection.
        for (const reply of refused) {
          expect(reply.status, reply.text.slice(0, 200)).toBe(503);
          expect(reply.headers.get("retry-after")).toBe("5");
          expect(reply.body).toMatchObject({ code: "database_unavailable" });
        }

        // Every acknowledged save is stored, whole.
        const stored = await app.sql<{ lobby_id: number; player_id: number; placement: number }[]>`
          select lobby_id, player_id, placement from matches where lobby_id in ${app.sql(lobbies.map((l) => l.id))}`;
        for (const lobby of acknowledged) {
          const i = lobbies.indexOf(lobby);
          const rows = stored.filter((r) => r.lobby_id === lobby.id);
          const expected = saveBody(lobby, i).scores.map((s) => ({ player_id: s.playerId, placement: s.placement }));
          expect(
            rows
              .map(({ player_id, placement }) => ({ player_id, placement }))
              .sort((a, b) => a.player_id - b.player_id),
            `lobby ${lobby.id}`,
          ).toEqual(expected.sort((a, b) => a.player_id - b.player_id));
        }

        // The app is back: the refused saves go through when sent again.
        for (const [i, lobby] of lobbies.entries()) {
          if (replies[i].status === 200) continue;
          await expect
            .poll(
              async () =>
                (await call("POST", `/api/lobbies/${lobby.id}/matches`, { token: owner, body: saveBody(lobby, i) }))
                  .status,
              {
                timeout: 15_000,
              },
            )
            .toBe(200);
        }
        const [{ complete }] = await app.sql<{ complete: number }[]>`
          select count(*)::int as complete from lobbies where id in ${app.sql(lobbies.map((l) => l.id))} and is_complete`;
        expect(complete).toBe(SAVES);

        // Every stream stayed open and heard that the database came back, so its page re-reads.
        await expect
          .poll(() => streams.filter((s) => s.types.includes("resync")).length, { timeout: 15_000 })
          .toBe(STREAMS);
        expect(streams.filter((s) => s.dropped).length, "streams dropped").toBe(0);

        // No process exited: the server (the primary with two processes) runs, and no worker was replaced.
        expect(app.running(), app.output().slice(-2000)).toBe(true);
        expect(app.output()).not.toMatch(/Worker \d+ exited|TypeError|uncaught/i);
      } finally {
        for (const s of streams) s.close();
        await app?.stop();
      }
    }, 120_000);
  }
});
