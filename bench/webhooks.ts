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

const PHASES = Number(process.env.BENCH_WEBHOOK_PHASES ?? 4);
const SAVES = Number(process.env.BENCH_WEBHOOK_SAVES ?? 100);
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
    const { token } = await apiClient(base)<{ token: string }>("POST", "/api/auth/login", host);
    const api = apiClient(base, token);

    const timed = async () => {
      const started = performance.now();
      await t.save();
      return performance.now() - started;
    };
    // Warm-up, not counted.
    for (let i = 0; i < 30; i++) await timed();

    const none: number[] = [];
    const dead: number[] = [];
    let attempts = 0;
    for (let phase = 0; phase < PHASES; phase++) {
      for (let i = 0; i < SAVES; i++) none.push(await timed());
      const ids: number[] = [];
      for (let k = 0; k < ENDPOINTS; k++) {
        const url = k % 2 === 0 ? `http://127.0.0.1:${holePort}/hook/${k}` : `http://127.0.0.1:${closedPort}/hook/${k}`;
        const e = await api<{ id: number }>("POST", `/api/tournaments/${t.id}/webhooks`, { url, events: EVENTS });
        ids.push(e.id);
      }
      for (let i = 0; i < SAVES; i++) dead.push(await timed());
      for (const id of ids) {
        const log = await api<{ pending: number; attempts: unknown[] }>("GET", `/api/webhooks/${id}/deliveries`);
        attempts += log.attempts.length;
        await api("DELETE", `/api/webhooks/${id}`);
      }
    }

    const p95None = percentile(none, 95);
    const p95Dead = percentile(dead, 95);
    const ratio = p95Dead / p95None;
    const median = (s: number[]) => percentile(s, 50);
    console.log(
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${cores} cores, Node ${process.version}; ` +
        `server pinned to core 1: ${pin ? "yes" : "no"}; database: ${db.url ? "PostgreSQL" : "embedded PGlite"}`,
    );
    console.log(
      `Lobby save (64-player tournament), ${none.length} saves with no webhook endpoint, ${dead.length} with ${ENDPOINTS} dead ones ` +
        `(half never answer, half refuse), phases alternating:`,
    );
    console.log(`  no endpoints:       median ${median(none).toFixed(2)} ms   p95 ${p95None.toFixed(2)} ms`);
    console.log(`  10 dead endpoints:  median ${median(dead).toFixed(2)} ms   p95 ${p95Dead.toFixed(2)} ms`);
    console.log(
      `  p95 ratio ${ratio.toFixed(3)} (target ≤ 1.10: ${ratio <= 1.1 ? "met" : "NOT met"}); ` +
        `${attempts} failed delivery attempts were made meanwhile`,
    );
  } finally {
    await stop();
    for (const s of sockets) s.destroy();
    blackHole.close();
    await db.stop?.();
  }
}

await main();
