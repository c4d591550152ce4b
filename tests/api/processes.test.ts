// Beyond one machine: two app processes on one PostgreSQL database; a change made through one reaches the other's spectators (LISTEN/NOTIFY).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { openEventStream } from "./support/events";

const reason = unavailableReason();

describe.skipIf(reason !== undefined && process.env.CI !== "true")("two app processes sharing PostgreSQL", () => {
  let first: App;
  let second: App;

  beforeAll(async () => {
    first = await startApp();
    second = await startApp({ shareWith: first });
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  test("WEB_CONCURRENCY=2 without SESSION_SECRET: a page session cookie works on every process", async () => {
    // Each process used to make its own random secret, so a cookie signed by one was refused by the other: every
    // other request of a signed-in browser answered 401 (found by running the README's commands).
    const app = await startApp({ env: { WEB_CONCURRENCY: "2", SESSION_SECRET: undefined } });
    try {
      const response = await fetch(`${app.baseURL}/login`, {
        method: "POST",
        body: new URLSearchParams({ username: unique("cookie"), password: "password123" }),
        redirect: "manual",
      });
      const cookie = response.headers
        .getSetCookie()
        .find((c) => c.startsWith("tm_session="))
        ?.split(";")[0];
      expect(cookie, "the login form's session cookie").toBeDefined();
      // New connections each time: the cluster hands them to both processes.
      const statuses = [];
      for (let i = 0; i < 12; i++) {
        const me = await fetch(`${app.baseURL}/api/auth/me`, { headers: { cookie: cookie!, connection: "close" } });
        statuses.push(me.status);
      }
      expect(statuses).toEqual(Array(12).fill(200));
    } finally {
      await app.stop();
    }
  });

  test("a score saved through one process is streamed to a spectator connected to the other", async () => {
    const token = await first.login(unique("host"));
    const created = await first.call("POST", "/api/tournaments", {
      token,
      body: { name: unique("Cross Process Cup"), maxPlayers: 16, totalRounds: 2, isPublic: true },
    });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    // The session made through the first process is valid on the second: one session table.
    expect((await second.call("GET", "/api/auth/me", { token })).status).toBe(200);

    const stream = await openEventStream(second.baseURL, id);
    expect(stream.response.status).toBe(200);
    const waitFor = stream.waitFor;
    try {
      await waitFor("connected");
      const players = await first.call("POST", `/api/tournaments/${id}/players/bulk`, {
        token,
        body: {
          players: Array.from({ length: 16 }, (_, i) => ({ name: `Player ${i + 1}`, riotTag: `NA${i}`, lp: i })),
        },
      });
      expect(players.status).toBe(200);
      expect((await first.call("POST", `/api/tournaments/${id}/start-checkin`, { token })).status).toBe(200);
      for (const p of players.body as { id: number }[]) {
        expect(
          (await first.call("POST", `/api/players/${p.id}/checkin`, { token, body: { checkedIn: true } })).status,
        ).toBe(200);
      }
      const generated = await first.call("POST", `/api/tournaments/${id}/lobbies/generate`, {
        token,
        body: { roundNumber: 1 },
      });
      expect(generated.status).toBe(200);
      expect((await waitFor("lobbies_generated")).data.roundNumber).toBe(1);

      const lobby = generated.body.lobbies[0] as { id: number; playerIds: number[] };
      const saved = await first.call("POST", `/api/lobbies/${lobby.id}/matches`, {
        token,
        body: { scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })) },
      });
      expect(saved.status).toBe(200);
      const event = await waitFor("matches_saved");
      expect(event.tournamentId).toBe(id);
      expect(event.data.lobbyId).toBe(lobby.id);

      // And the second process reads what the first wrote.
      const board = await second.call("GET", `/api/tournaments/${id}/leaderboard`);
      expect(board.status).toBe(200);
      expect(board.body[0].totalPoints).toBe(8);
    } finally {
      await stream.close();
    }
  });
});

describe.skipIf(reason !== undefined && process.env.CI !== "true")(
  "one port, one process per core (WEB_CONCURRENCY)",
  () => {
    let app: App;

    beforeAll(async () => {
      app = await startApp({ env: { WEB_CONCURRENCY: "2" } });
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
    });

    test("two workers serve the port, and a change made through either reaches a stream on the other", async () => {
      const workers = fs
        .readdirSync("/proc")
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1] === String(app.pid);
          } catch {
            return false;
          }
        });
      expect(workers, "the primary forked two workers").toHaveLength(2);

      const token = await app.login(unique("host"));
      const created = await app.call("POST", "/api/tournaments", {
        token,
        body: { name: unique("Cluster Cup"), maxPlayers: 16, totalRounds: 2, isPublic: true },
      });
      expect(created.status).toBe(200);
      const id = created.body.id as number;
      // Several streams: the cluster spreads connections over both workers, so some sit on the one that does not take the save.
      const streams = await Promise.all(Array.from({ length: 6 }, () => openEventStream(app.baseURL, id)));
      try {
        await Promise.all(streams.map((s) => s.waitFor("connected")));
        const added = await app.call("POST", `/api/tournaments/${id}/players`, {
          token,
          body: { name: "Late Joiner", riotTag: "LJ1" },
        });
        expect(added.status).toBe(200);
        for (const stream of streams) expect((await stream.waitFor("tournament_updated")).tournamentId).toBe(id);
      } finally {
        await Promise.all(streams.map((s) => s.close()));
      }
    });
  },
);

/** The nice value of each thread of process `pid` (Linux), its main thread's first. */
function threadNices(pid: number): { main: number; helpers: number[] } {
  const nice = (tid: string) =>
    Number(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[16]);
  const tids = fs.readdirSync(`/proc/${pid}/task`).filter((tid) => tid !== String(pid));
  return { main: nice(String(pid)), helpers: tids.map(nice) };
}

describe.skipIf((reason !== undefined && process.env.CI !== "true") || process.platform !== "linux")(
  "an app process's helper threads (docs/decisions/044)",
  () => {
    test("V8's helpers and the thread pool run at nice 10, the main thread at its own; HELPER_THREAD_NICE=0 leaves them", async () => {
      const lowered = await startApp();
      const left = await startApp({ env: { HELPER_THREAD_NICE: "0" } });
      try {
        const mine = os.getPriority();
        const a = threadNices(lowered.pid);
        expect(a.main).toBe(mine);
        // V8's four platform workers and libuv's four pool threads at least.
        expect(a.helpers.filter((nice) => nice === Math.max(10, mine)).length).toBeGreaterThanOrEqual(8);
        const b = threadNices(left.pid);
        expect([b.main, ...b.helpers].every((nice) => nice === mine)).toBe(true);
      } finally {
        await left.stop();
        await lowered.stop();
      }
    }, 120_000);

    test("a HELPER_THREAD_NICE that is not 0 to 19 stops the server with a clear message", () => {
      for (const value of ["abc", "20", "-1", "2.5"]) {
        const run = spawnSync(process.execPath, ["server.js"], {
          env: { ...process.env, HELPER_THREAD_NICE: value, PORT: "0" },
          encoding: "utf8",
          timeout: 30_000,
        });
        expect(run.status).toBe(1);
        expect(run.stderr).toContain(`HELPER_THREAD_NICE must be a whole number from 0 to 19 (got "${value}").`);
      }
    });
  },
);
