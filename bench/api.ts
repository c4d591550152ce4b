// `npm run bench:api`: the API consumers' side (bots, overlays) on one core, beside the public pages in the same run.
// Starts the built app pinned to core 0 (embedded PGlite, or BENCH_DB=postgres), seeds a 256-player public tournament in
// round 1 (31 of 32 lobbies scored) and a private twin, then measures: requests per second of the public HTML page and
// of the API reads (the shared answers, and the private twin's uncached read as the old path); 5,000 widgets re-reading
// the leaderboard after a save (spread as the live script spreads, and all at once); and a save → its event at the last
// of 10,000 event streams, beside a bare node:http server, both read by the same lean generator (bench/stream-clients.ts,
// in a child process on core 1). Loopback only; every loop is bounded in count and time.
import { spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import { refetchDelay } from "~/components/live";
import { freePort, waitUntilAnswering } from "../tests/setup/e2e-global";
import {
  closeStreams,
  fanOut,
  hasTaskset,
  median,
  openRawStreams,
  openStreamFleet,
  pinLoadToCore1,
  pinned,
  rate,
  type SseClient,
} from "./sse";
import { apiClient, benchDatabase, root, seedTournament, startBuiltApp } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const POLLERS = Number(process.env.BENCH_POLLERS ?? 5000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10000);
/** BENCH_API_PARTS: which of the three measurements to run ("rates,widgets,fanout", the default, runs all). */
const PARTS = new Set((process.env.BENCH_API_PARTS ?? "rates,widgets,fanout").split(","));
/** BENCH_FANOUT_SAVES: how many saves (and plain broadcasts) the fan-out takes the median of. */
const FANOUT_SAVES = Number(process.env.BENCH_FANOUT_SAVES ?? 5);
/**
 * BENCH_GENERATOR: the fan-out's streams. "lean" (the default): `openStreamFleet`, bare sockets sharing one read buffer
 * in BENCH_CLIENT_PROCESSES child processes (1) on core 1; "raw": the in-process `openRawStreams` of earlier runs.
 */
const GENERATOR = process.env.BENCH_GENERATOR === "raw" ? "raw" : "lean";
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 1);
const HOST = { username: "bench_api_host", password: "bench-pass-123" };

pinLoadToCore1();

type Storm = { served: number; notModified: number; failed: number; lastMs: number };

/**
 * Every client re-reads `url` once after the save's event reaches it (after `spread(audience)` ms), with the
 * If-None-Match of the answer it held: the time from the first event to the last answer.
 */
async function storm(clients: SseClient[], url: string, etag: string, save: () => Promise<unknown>, spread: boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const result: Storm = { served: 0, notModified: 0, failed: 0, lastMs: 0 };
  let eventAt = 0;
  let lastAt = 0;
  const done = clients.map(
    (client) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          result.failed++;
          resolve();
        }, 60_000);
        client.waiters.push((at) => {
          eventAt = eventAt || at;
          const audience = JSON.parse((client.last ?? "").replace(/^data: /, "")).audience;
          setTimeout(
            () => {
              http
                .get(url, { agent, headers: { "Accept-Encoding": "gzip", "If-None-Match": etag } }, (res) => {
                  if (res.statusCode === 200) result.served++;
                  else if (res.statusCode === 304) result.notModified++;
                  else result.failed++;
                  res.resume();
                  res.on("end", () => {
                    lastAt = Math.max(lastAt, performance.now());
                    clearTimeout(timer);
                    resolve();
                  });
                })
                .on("error", () => {
                  result.failed++;
                  clearTimeout(timer);
                  resolve();
                });
            },
            spread ? refetchDelay(audience) : 0,
          );
        });
      }),
  );
  await save();
  await Promise.all(done);
  agent.destroy();
  result.lastMs = lastAt - eventAt;
  return result;
}

async function main() {
  const db = await benchDatabase();
  const plainPort = await freePort();
  const plainBase = `http://127.0.0.1:${plainPort}`;
  const { base, stop: stopApp } = await startBuiltApp({ databaseUrl: db.url, wrap: pinned });
  const [pcmd, pargs] = pinned([process.execPath, "bench/plain-server.mjs"]);
  const plain = spawn(pcmd, pargs, { cwd: root, env: { ...process.env, PORT: String(plainPort) }, stdio: "ignore" });
  process.on("exit", () => plain.kill("SIGTERM"));
  try {
    await waitUntilAnswering(plainBase, plain, 60_000);
    console.log(
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, Node ${process.version}; ` +
        `server pinned to core 0: ${hasTaskset ? "yes" : "no (no taskset)"}; database: ${db.url ? "PostgreSQL" : "embedded PGlite"}`,
    );
    const open = await seedTournament(base, { size: 256, name: "Overlay Cup", host: HOST });
    const hidden = await seedTournament(base, { size: 256, name: "Private Cup", host: HOST, isPublic: false });
    const { token } = await apiClient(base)<{ token: string }>("POST", "/api/auth/login", HOST);
    const id = open.id;
    console.log(
      `Seeded tournament ${id} (public) and ${hidden.id} (private): 256 players, round 1, 31 of 32 lobbies scored.\n`,
    );

    const api = (path: string, t = id) => `${base}/api/tournaments/${t}${path}`;
    // 1. Requests per second, same run, alternating page and API so drift hits both.
    if (PARTS.has("rates")) await requestRates();
    // 2. 5,000 widgets re-read the leaderboard after a save, holding the ETag of the answer before it.
    if (PARTS.has("widgets")) await widgets();
    // 3. A save → its event at the last of 10,000 streams, beside a bare node:http server writing the same.
    if (PARTS.has("fanout")) await fanOutBoth();

    async function requestRates() {
      const targets: [string, string, Record<string, string>?][] = [
        ["leaderboard page HTML (visitor)", `${base}/tournaments/${id}/leaderboard`],
        ["API leaderboard (shared)", api("/leaderboard")],
        ["public view HTML (visitor)", `${base}/tournaments/${id}/public`],
        ["API leaderboard, bearer token", api("/leaderboard"), { Authorization: `Bearer ${token}` }],
        ["API leaderboard?round=1", api("/leaderboard?round=1")],
        ["API players", api("/players")],
        ["API lobbies", api("/lobbies")],
        ["API tournament", api("")],
        ["API leaderboard, private (uncached)", api("/leaderboard", hidden.id), { Authorization: `Bearer ${token}` }],
      ];
      console.log(`Requests per second, 32 connections, ${SECONDS} s each, Accept-Encoding of a browser:`);
      const rates = new Map<string, number>();
      for (const [label, url, headers] of targets) {
        const r = await rate(url, SECONDS, headers);
        rates.set(label, r.rps);
        console.log(
          `  ${label.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB/answer${r.errors ? `  (${r.errors} errors)` : ""}`,
        );
      }
      const first = await fetch(api("/leaderboard"), { headers: { "Accept-Encoding": "gzip" } });
      const notModified = await rate(api("/leaderboard"), SECONDS, {
        "If-None-Match": first.headers.get("etag") ?? "",
      });
      console.log(
        `  ${"API leaderboard, If-None-Match (304)".padEnd(40)} ${notModified.rps.toFixed(0).padStart(7)} req/s`,
      );
      const page = rates.get("leaderboard page HTML (visitor)")!;
      const board = rates.get("API leaderboard (shared)")!;
      console.log(`  ratio API leaderboard / leaderboard page: ${(board / page).toFixed(2)} (target ≥ 0.5)`);
      console.log(
        `  ratio shared / uncached API leaderboard: ${(board / rates.get("API leaderboard, private (uncached)")!).toFixed(0)}×`,
      );
    }

    async function widgets() {
      console.log(
        `\n${POLLERS} widgets re-read the API leaderboard after a save (If-None-Match of the answer before):`,
      );
      for (const spread of [true, false]) {
        const clients = await openRawStreams(`${base}/api/events?tournamentId=${id}`, POLLERS);
        const etag = (await fetch(api("/leaderboard"), { headers: { "Accept-Encoding": "gzip" } })).headers.get(
          "etag",
        )!;
        const r = await storm(clients, api("/leaderboard"), etag, open.save, spread);
        closeStreams(clients);
        console.log(
          `  ${spread ? `spread as the live script does (window ${(refetchDelay(POLLERS, 1) / 1000).toFixed(2)} s)` : "all at once on the event"}: ` +
            `all ${r.served + r.notModified} served ${(r.lastMs / 1000).toFixed(2)} s after the event (${r.served} × 200, ${r.notModified} × 304, ${r.failed} failed; target ≤ 3 s)`,
        );
        await new Promise((r) => setTimeout(r, 1000));
      }
    }

    async function fanOutBoth() {
      console.log(
        `\nServer-sent events: a score save sent → the event at the last of ${STREAMS} streams (median of ${FANOUT_SAVES}; ` +
          `generator: ${GENERATOR === "lean" ? `lean, ${CLIENT_PROCESSES} process(es) on core 1` : "raw sockets in this process"})`,
      );
      // The host's side: how long the save's own answer takes with the streams open.
      const saveMs: number[] = [];
      const timedSave = async () => {
        const started = performance.now();
        await open.save();
        saveMs.push(performance.now() - started);
      };
      const app = await measure(`${base}/api/events?tournamentId=${id}`, timedSave);
      const broadcast = () => fetch(`${plainBase}/broadcast`, { method: "POST" });
      // The plain server's streams written as the app writes its own (one socket write each), and with res.write.
      const plainRaw = await measure(`${plainBase}/events?raw=1`, broadcast);
      const plainRes = await measure(`${plainBase}/events`, broadcast);
      const line = (runs: Run[]) =>
        `${median(runs.map((r) => r.lastMs)).toFixed(0)} ms (runs ${runs.map((r) => r.lastMs.toFixed(0)).join(", ")}; ` +
        `first stream ${median(runs.map((r) => r.firstMs)).toFixed(0)} ms; ` +
        `generator CPU ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms per fan-out)`;
      console.log(`  app ${line(app)}; target ≤ 100 ms`);
      console.log(
        `  the save's own answer with the ${STREAMS} streams open: median ${median(saveMs).toFixed(0)} ms ` +
          `(runs ${saveMs.map((ms) => ms.toFixed(0)).join(", ")})`,
      );
      console.log(`  plain node:http, socket.write as the app ${line(plainRaw)}`);
      console.log(`  plain node:http, res.write (chunked) ${line(plainRes)}`);
      const lastOf = (runs: { lastMs: number }[]) => median(runs.map((r) => r.lastMs));
      console.log(
        `  ratio app / plain: ${(lastOf(app) / lastOf(plainRaw)).toFixed(2)} (socket.write), ` +
          `${(lastOf(app) / lastOf(plainRes)).toFixed(2)} (res.write)`,
      );
    }

    type Run = { firstMs: number; lastMs: number; cpuMs: number };
    /**
     * FANOUT_SAVES fan-outs to STREAMS streams of `url`, each started by `trigger`, with the CPU the generator spent on
     * each (the raw generator's is this whole process's, the trigger's request included).
     */
    async function measure(url: string, trigger: () => Promise<unknown>) {
      const runs: Run[] = [];
      if (GENERATOR === "raw") {
        const clients = await openRawStreams(url, STREAMS);
        await new Promise((r) => setTimeout(r, 500));
        for (let i = 0; i < FANOUT_SAVES; i++) {
          const cpu = process.cpuUsage();
          const lastMs = await fanOut(clients, trigger);
          const spent = process.cpuUsage(cpu);
          runs.push({ firstMs: NaN, lastMs, cpuMs: (spent.user + spent.system) / 1000 });
        }
        closeStreams(clients);
        return runs;
      }
      const fleet = await openStreamFleet(url, STREAMS, { processes: CLIENT_PROCESSES, cores: "1" });
      await new Promise((r) => setTimeout(r, 500));
      for (let i = 0; i < FANOUT_SAVES; i++) runs.push(await fleet.fanOut(trigger));
      fleet.close();
      await new Promise((r) => setTimeout(r, 500));
      return runs;
    }
  } finally {
    plain.kill("SIGTERM");
    await stopApp();
    await db.stop?.();
  }
}

await main();
process.exit(0);
