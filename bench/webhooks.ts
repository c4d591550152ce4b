// A save with 10 dead webhook endpoints against a save with none: p95 latency of a host's lobby-score save through the API, same server, same run.
// The server is pinned to core 1 (taskset), this client to core 0. Phases alternate (none, dead, none, dead, …) so drift hits both alike;
// after each "dead" phase its endpoints are deleted, so a "none" phase runs with an empty outbox and an idle worker.
// Half the dead endpoints accept the connection and never answer (each attempt holds a socket for the 5 s timeout),
// half refuse it (nothing listens). Every endpoint chose every event.
import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { apiClient, benchDatabase, seedTournament, startBuiltApp } from "./support";
import { freePort } from "../tests/setup/e2e-global";

const PHASES = Number(process.env.BENCH_WEBHOOK_PHASES ?? 48);
const SAVES = Number(process.env.BENCH_WEBHOOK_SAVES ?? 25);
const PAIRS = Number(process.env.BENCH_WEBHOOK_PAIRS ?? 1200);
const ENDPOINTS = 10;
const EVENTS = [
  "score.saved",
  "round.finalized",
  "round.advanced",
  "players.cut",
  "stage.changed",
  "tournament.completed",
  "checkin.changed",
];

function hasTaskset() {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return os.availableParallelism() > 1;
  } catch {
    return false;
  }
}

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const cores = os.availableParallelism();
  const pin = hasTaskset();
  if (pin) execFileSync("taskset", ["-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
  // The dead endpoints live on this machine: the server must be allowed to try them.
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  const db = await benchDatabase();

  // A receiver that takes the connection and never answers.
  const sockets = new Set<import("node:net").Socket>();
  const blackHole = http.createServer(() => {});
  blackHole.on("connection", (s) => sockets.add(s));
  await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
  const holePort = (blackHole.address() as AddressInfo).port;
  const closedPort = await freePort();

  const { base, stop } = await startBuiltApp({
    databaseUrl: db.url,
    wrap: (args) => (pin ? ["taskset", ["-c", "1", ...args]] : [args[0], args.slice(1)]),
  });
  try {
    const host = { username: `hook_host_${Date.now().toString(36)}`, password: "password123" };
    const t = await seedTournament(base, { size: 64, name: "Webhook bench", host });
    const quiet = await seedTournament(base, { size: 64, name: "Webhook bench, no endpoints", host });
    const { token } = await apiClient(base)<{ token: string }>("POST", "/api/auth/login", host);
    const api = apiClient(base, token);

    const timedSave = async (save: () => Promise<unknown>) => {
      const started = performance.now();
      await save();
      return performance.now() - started;
    };
    const timed = () => timedSave(t.save);
    const addDead = async () => {
      const ids: number[] = [];
      for (let k = 0; k < ENDPOINTS; k++) {
        const url = k % 2 === 0 ? `http://127.0.0.1:${holePort}/hook/${k}` : `http://127.0.0.1:${closedPort}/hook/${k}`;
        const e = await api<{ id: number }>("POST", `/api/tournaments/${t.id}/webhooks`, { url, events: EVENTS });
        ids.push(e.id);
      }
      return ids;
    };
    // Warm-up, not counted.
    for (let i = 0; i < 30; i++) {
      await timed();
      await timedSave(quiet.save);
    }

    // 1. Save by save: a save of the tournament with 10 dead endpoints, then one of a tournament with none, on the same
    // server at the same moment (the worker's retries of the dead ones weigh on both): the cost a save pays for its endpoints.
    const pairNone: number[] = [];
    const pairDead: number[] = [];
    const pairIds = await addDead();
    for (let i = 0; i < PAIRS; i++) {
      pairDead.push(await timed());
      pairNone.push(await timedSave(quiet.save));
    }
    for (const id of pairIds) await api("DELETE", `/api/webhooks/${id}`);

    const none: number[] = [];
    const dead: number[] = [];
    let attempts = 0;
    for (let phase = 0; phase < PHASES; phase++) {
      // 2. Phases: the server with no endpoint at all, then with the 10 dead ones (deleted after each phase).
      for (let i = 0; i < SAVES; i++) none.push(await timed());
      const ids = await addDead();
      for (let i = 0; i < SAVES; i++) dead.push(await timed());
      for (const id of ids) {
        const log = await api<{ pending: number; attempts: unknown[] }>("GET", `/api/webhooks/${id}/deliveries`);
        attempts += log.attempts.length;
        await api("DELETE", `/api/webhooks/${id}`);
      }
    }

    const median = (samples: number[]) => percentile(samples, 50);
    const line = (label: string, samples: number[]) =>
      `  ${label.padEnd(46)} median ${median(samples).toFixed(2).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms`;
    const verdict = (dead: number[], none: number[]) => {
      const ratio = percentile(dead, 95) / percentile(none, 95);
      return `  p95 ratio ${ratio.toFixed(3)} (target ≤ 1.10: ${ratio <= 1.1 ? "met" : "NOT met"})`;
    };
    console.log(
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${cores} cores, Node ${process.version}; ` +
        `server pinned to core 1: ${pin ? "yes" : "no"}; database: ${db.url ? "PostgreSQL" : "embedded PGlite"}; ` +
        `load average ${os.loadavg()[0].toFixed(2)}`,
    );
    console.log(
      `Lobby save, 64-player tournament; dead endpoints: half never answer, half refuse; every event chosen.`,
    );
    console.log(`1. Save by save (${PAIRS} pairs, alternating, both while the 10 dead endpoints are retried):`);
    console.log(line("tournament without endpoints", pairNone));
    console.log(line("tournament with 10 dead endpoints", pairDead));
    console.log(verdict(pairDead, pairNone));
    console.log(`2. Phases (${PHASES} × ${SAVES} saves each, alternating; endpoints deleted after each dead phase):`);
    console.log(line("no endpoint on the server", none));
    console.log(line("10 dead endpoints", dead));
    console.log(`${verdict(dead, none)}; ${attempts} failed delivery attempts were made during the phases`);
  } finally {
    await stop();
    for (const s of sockets) s.destroy();
    blackHole.close();
    await db.stop?.();
  }
}

await main();
