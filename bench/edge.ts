// `npm run bench:edge`: beyond one process. Two app processes (WEB_CONCURRENCY=2) on a throwaway PostgreSQL behind nginx
// configured as README.md says (its nginx block, with loopback ports and a private prefix), as a stream's crowd meets it:
// 20,000 spectators on the event stream (1,000 held here, the rest by child processes: bench/stream-clients.ts), 1,000
// API pollers (a conditional GET of the leaderboard every second), and 1,000 of the spectators re-validating the
// leaderboard page after each save as the live script does. Reports, per
// save: save latency and save → the event at the last stream; over the run: reads served per second, and the requests
// that reached the app per page per second (nginx's log). Then the baseline in the same run: the same crowd of streams
// through the same nginx to a bare node:http server in two processes (bench/plain-server.mjs, PLAIN_PROCESSES=2) that
// writes one event of the same shape to each stream when told; BENCH_EDGE_BASELINE=0 leaves it out. nginx as
// tests/setup/nginx.ts finds and starts it (fetched with apt-get when missing). Loopback only; every loop is bounded
// in count and time.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { refetchDelay } from "~/components/live";
import { startNginx } from "../tests/setup/nginx";
import { closeStreams, median, openRawStreams, openStreamFleet, percentile, type SseClient } from "./sse";
import { monotonicMs } from "./stream-clients";
import { apiClient, benchDatabase, root, seedTournament, startBuiltApp } from "./support";
import { freePort } from "../tests/setup/e2e-global";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 20_000);
const POLLERS = Number(process.env.BENCH_POLLERS ?? 1_000);
const REVALIDATIONS = Number(process.env.BENCH_REVALIDATIONS ?? 1_000);
const SAVES = Number(process.env.BENCH_SAVES ?? 8);
/** Between saves: the spread window of the audience per process, and a margin. */
const SAVE_GAP_MS = Number(process.env.BENCH_SAVE_GAP_MS ?? 4_000);
/**
 * The streams beyond the re-validating spectators are held by child processes (bench/stream-clients.ts), at most
 * BENCH_STREAMS_PER_PROCESS (6,000) each: one process may not open more files than `ulimit -n` (20,000 here, hard).
 */
const STREAMS_PER_PROCESS = Number(process.env.BENCH_STREAMS_PER_PROCESS ?? 6_000);
/**
 * nginx's workers: each has its own open-file limit (worker_rlimit_nofile, at most the hard limit), and a stream costs
 * a worker two (the spectator's socket and the app's), so enough that each holds at most ~12,000 with reuseport.
 */
const NGINX_WORKERS = Number(
  process.env.BENCH_NGINX_WORKERS ?? Math.max(2, Math.ceil((2 * STREAMS + POLLERS) / 12_000)),
);
const FILE_LIMIT = Number(process.env.BENCH_FILE_LIMIT ?? 20_000);
const HOST = { username: "bench_edge_host", password: "bench-pass-123" };

/** Conditional GETs of `url` every second per poller, spread over the second; stops at `stop()`. */
function startPollers(url: string, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const tags = new Array<string>(count).fill("");
  const counts = { ok: 0, notModified: 0, failed: 0 };
  const timers: NodeJS.Timeout[] = [];
  for (let i = 0; i < count; i++) {
    const poll = () =>
      http
        .get(
          url,
          { agent, headers: { "Accept-Encoding": "gzip", ...(tags[i] ? { "If-None-Match": tags[i] } : {}) } },
          (res) => {
            if (res.statusCode === 200) counts.ok++;
            else if (res.statusCode === 304) counts.notModified++;
            else counts.failed++;
            tags[i] = (res.headers.etag as string | undefined) ?? tags[i];
            res.resume();
          },
        )
        .on("error", () => counts.failed++);
    timers.push(
      setTimeout(
        () => {
          poll();
          timers.push(setInterval(poll, 1000));
        },
        Math.floor((i / count) * 1000),
      ),
    );
  }
  return {
    counts,
    stop() {
      for (const t of timers) clearTimeout(t);
      agent.destroy();
    },
  };
}

/** The first `count` spectators re-fetch the leaderboard page after the event, as the live script does. */
function revalidateAfterEvent(clients: SseClient[], url: string, etag: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  let last = 0;
  let failed = 0;
  const done = clients.map(
    (client) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          failed++;
          resolve();
        }, 30_000);
        client.waiters.push(() => {
          const audience = JSON.parse((client.last ?? "").replace(/^data: /, "")).audience;
          setTimeout(() => {
            const headers = {
              "Accept-Encoding": "gzip",
              "Sec-Fetch-Dest": "empty",
              Accept: "text/html",
              "If-None-Match": etag,
            };
            http
              .get(url, { agent, headers }, (res) => {
                if (res.statusCode !== 200 && res.statusCode !== 304) failed++;
                res.resume();
                res.on("end", () => {
                  last = Math.max(last, performance.now());
                  clearTimeout(timer);
                  resolve();
                });
              })
              .on("error", () => {
                failed++;
                clearTimeout(timer);
                resolve();
              });
          }, refetchDelay(audience));
        });
      }),
  );
  return Promise.all(done).then(() => {
    agent.destroy();
    return { last, failed };
  });
}

/**
 * The floor for the fan-out on this machine: save → last stream for a bare node:http server in two processes behind the
 * same nginx, told to broadcast by a POST (no save, no database): the ms of each of SAVES fan-outs (NaN: a stream missed it).
 */
async function plainFanOut(): Promise<number[]> {
  const port = await freePort();
  const plain = spawn(process.execPath, ["bench/plain-server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PLAIN_PROCESSES: "2" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.on("exit", () => plain.kill("SIGTERM"));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (
    !(await fetch(`${base}/api/openapi.json`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || plain.exitCode !== null) throw new Error("the plain server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const edge = await startNginx(port, { workers: NGINX_WORKERS, fileLimit: FILE_LIMIT });
  try {
    const processes = Math.max(1, Math.ceil(STREAMS / STREAMS_PER_PROCESS));
    const fleet = await openStreamFleet(`${edge.base}/api/events?tournamentId=1`, STREAMS, { processes });
    await new Promise((r) => setTimeout(r, 2_000));
    const ms: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const result = await fleet.fanOut(() => fetch(`${base}/broadcast`, { method: "POST" }).then((r) => r.text()));
      ms.push(result.lastMs);
      await new Promise((r) => setTimeout(r, SAVE_GAP_MS));
    }
    fleet.close();
    return ms;
  } finally {
    await edge.stop();
    plain.kill("SIGTERM");
  }
}

async function main() {
  const fanMs: number[] = [];
  const db = await benchDatabase("postgres");
  const { base: appBase, stop: stopApp } = await startBuiltApp({
    databaseUrl: db.url,
    env: { WEB_CONCURRENCY: "2", TRUST_PROXY: "loopback" },
  });
  const appPort = Number(new URL(appBase).port);
  const edge = await startNginx(appPort, { workers: NGINX_WORKERS, fileLimit: FILE_LIMIT });
  try {
    console.log(
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, Node ${process.version}; ` +
        `2 app processes on PostgreSQL behind nginx (README.md's configuration); load average ${os.loadavg()[0].toFixed(1)}`,
    );
    const t = await seedTournament(appBase, { size: 256, name: "Edge Cup", host: HOST });
    const { token } = await apiClient(appBase)<{ token: string }>("POST", "/api/auth/login", HOST);
    const page = `${edge.base}/tournaments/${t.id}/leaderboard`;
    const board = `${edge.base}/api/tournaments/${t.id}/leaderboard`;
    console.log(`Seeded tournament ${t.id}: 256 players, round 1, 31 of 32 lobbies scored.`);

    const streamUrl = `${edge.base}/api/events?tournamentId=${t.id}`;
    // The re-validating spectators are held here (they fetch the page after the event); the rest by child processes.
    const clients = await openRawStreams(streamUrl, Math.min(REVALIDATIONS, STREAMS));
    const rest = STREAMS - clients.length;
    const processes = Math.max(1, Math.ceil(rest / STREAMS_PER_PROCESS));
    const fleet = rest > 0 ? await openStreamFleet(streamUrl, rest, { processes }) : null;
    console.log(
      `${STREAMS} event streams open through nginx (${clients.length} here, ${rest} in ${fleet ? processes : 0} child processes; ` +
        `nginx: ${NGINX_WORKERS} workers, ${FILE_LIMIT} files each); ${POLLERS} API pollers start.`,
    );
    const pollers = startPollers(board, POLLERS);
    await new Promise((r) => setTimeout(r, 2_000));
    fs.writeFileSync(path.join(edge.prefix, "access.log"), "");
    const started = performance.now();

    const saveMs: number[] = [];
    const revalidationMs: number[] = [];
    let failedRevalidations = 0;
    let missedEvents = 0;
    const generatorCpuMs: number[] = [];
    const save = () =>
      fetch(`${appBase}/api/lobbies/${t.last.id}/matches`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          scores: t.last.playerIds.map((playerId, i) => ({
            playerId,
            placement: ((i + saveMs.length) % t.last.playerIds.length) + 1,
          })),
        }),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`save: ${r.status} ${await r.text()}`);
      });
    /** A save → the event at the last stream of all, here and in the child processes (NaN when one never came). */
    async function fanOutAll() {
      const here = Promise.race([
        Promise.all(clients.map((c) => new Promise<number>((resolve) => c.waiters.push(() => resolve(monotonicMs()))))),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000).unref()),
      ]);
      let startedAt = 0;
      const trigger = async () => {
        startedAt = monotonicMs();
        await save();
        saveMs.push(monotonicMs() - startedAt);
      };
      const far = fleet ? await fleet.fanOut(trigger) : (await trigger(), null);
      if (far) generatorCpuMs.push(far.cpuMs);
      const near = await here;
      if (near === null || (far && Number.isNaN(far.last))) {
        missedEvents++;
        return NaN;
      }
      return Math.max(...near, far?.last ?? -Infinity) - startedAt;
    }
    for (let i = 0; i < SAVES; i++) {
      const etag =
        (await fetch(page, { headers: { "Sec-Fetch-Dest": "empty", "Accept-Encoding": "gzip" } })).headers.get(
          "etag",
        ) ?? "";
      const revalidated = revalidateAfterEvent(clients.slice(0, REVALIDATIONS), page, etag);
      const eventAt = performance.now();
      fanMs.push(await fanOutAll());
      const r = await revalidated;
      revalidationMs.push(r.last - eventAt);
      failedRevalidations += r.failed;
      await new Promise((resolve) => setTimeout(resolve, SAVE_GAP_MS));
    }
    const seconds = (performance.now() - started) / 1000;
    pollers.stop();
    closeStreams(clients);
    fleet?.close();

    const log = fs.readFileSync(path.join(edge.prefix, "access.log"), "utf8").trim().split("\n").filter(Boolean);
    const reads = log.filter((line) => !line.startsWith("/api/events") && !line.includes("/matches"));
    const origin = (uri: string) =>
      log.filter((line) => line.startsWith(`${uri} `) && line.split(" ")[3] !== "-").length / seconds;
    const statuses = (uri: string) => {
      const counts: Record<string, number> = {};
      for (const line of log.filter((l) => l.startsWith(`${uri} `)))
        counts[line.split(" ")[2]] = (counts[line.split(" ")[2]] ?? 0) + 1;
      return Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
    };
    const pagePath = new URL(page).pathname;
    const boardPath = new URL(board).pathname;
    console.log(`\n${SAVES} saves, ${seconds.toFixed(1)} s:`);
    console.log(
      `  save latency p50 ${median(saveMs).toFixed(0)} ms, p95 ${percentile(saveMs, 95).toFixed(0)} ms (with the crowd on)`,
    );
    console.log(
      `  save → the event at the last of ${STREAMS} streams: median ${median(fanMs.filter(Number.isFinite)).toFixed(0)} ms, max ${Math.max(...fanMs.filter(Number.isFinite)).toFixed(0)} ms ` +
        `(runs ${fanMs.map((ms) => ms.toFixed(0)).join(", ")}; ${missedEvents} saves with a stream left without the event; target ≤ 300 ms for 20,000)`,
    );
    if (generatorCpuMs.length > 0)
      console.log(
        `  the child processes' CPU per fan-out (reading ${rest} streams, summed): median ${median(generatorCpuMs).toFixed(0)} ms`,
      );
    if (REVALIDATIONS > 0)
      console.log(
        `  ${REVALIDATIONS} page re-validations after each save: the last served ${(median(revalidationMs) / 1000).toFixed(2)} s after the save (median; spread window ${(refetchDelay(STREAMS / 2, 1) / 1000).toFixed(2)} s per process), ${failedRevalidations} failed`,
      );
    console.log(
      `  reads served by nginx: ${(reads.length / seconds).toFixed(0)} per second (API pollers: ${pollers.counts.ok} × 200, ${pollers.counts.notModified} × 304, ${pollers.counts.failed} failed)`,
    );
    console.log(
      `  requests that reached the app, per second: leaderboard page ${origin(pagePath).toFixed(2)}, API leaderboard ${origin(boardPath).toFixed(2)}`,
    );
    console.log(`  nginx cache status, page: ${statuses(pagePath)}; API: ${statuses(boardPath)}`);
  } finally {
    await edge.stop();
    await stopApp();
    await db.stop?.();
  }
  if (process.env.BENCH_EDGE_BASELINE !== "0") {
    await new Promise((r) => setTimeout(r, 2_000));
    const plain = await plainFanOut();
    const app = median(fanMs.filter(Number.isFinite));
    const floor = median(plain.filter(Number.isFinite));
    console.log(
      `  the baseline, a bare node:http server in two processes behind the same nginx, ${STREAMS} streams: median ` +
        `${floor.toFixed(0)} ms (runs ${plain.map((ms) => ms.toFixed(0)).join(", ")}); the app ÷ it: ${(app / floor).toFixed(2)}`,
    );
  }
}

await main();
process.exit(0);
