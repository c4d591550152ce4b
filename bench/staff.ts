// Scorekeepers at scale: the time to save all 32 lobbies of a 256-player round through the API, by 4 scorekeepers
// at once and, as the baseline, by one host in order; on the embedded PGlite and on a throwaway PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { scoreRound, staffedRound, type Caller } from "../tests/api/support/staff-round";
import { kill, waitUntilAnswering } from "../tests/setup/e2e-global";
import startTestPostgres from "../tests/setup/postgres-global";
import { spawnBenchServer } from "./server";

const RUNS = Number(process.env.BENCH_STAFF_RUNS ?? 5);
const KEEPERS = 4;

function median(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function client(baseURL: string): Caller {
  return async (method, route, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(baseURL + route, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text,
      text,
    };
  };
}

async function login(call: Caller, username: string) {
  const reply = await call("POST", "/api/auth/login", { body: { username, password: "password123" } });
  if (reply.status !== 200) throw new Error(`login ${username}: ${reply.status} ${reply.text}`);
  return reply.body.token as string;
}

async function runOn(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-bench-staff-"));
  const { server, baseURL } = await spawnBenchServer({
    databaseUrl,
    dataDir,
    sessionSecret: "bench-staff-session-secret-0123456789",
  });
  try {
    await waitUntilAnswering(baseURL, server, 60_000);
    const call = client(baseURL);
    const stamp = Date.now().toString(36);
    const owner = await login(call, `host_${stamp}`);
    const keeperNames = Array.from({ length: KEEPERS }, (_, k) => `keeper${k + 1}_${stamp}`);
    const keepers = await Promise.all(keeperNames.map((name) => login(call, name)));

    const timings = { host: [] as number[], keepers: [] as number[] };
    // One warm-up round each, not counted.
    for (let run = -1; run < RUNS; run++) {
      for (const [who, tokens] of [
        ["host", [owner]],
        ["keepers", keepers],
      ] as const) {
        const { lobbies } = await staffedRound(call, owner, keeperNames);
        const start = performance.now();
        const outcomes = await scoreRound(call, tokens, lobbies);
        const ms = performance.now() - start;
        const refused = outcomes.filter((o) => o.status !== 200);
        if (refused.length > 0 || outcomes.length !== 32)
          throw new Error(`${who}: ${refused.length} refused: ${refused[0]?.text}`);
        if (run >= 0) timings[who].push(ms);
      }
    }
    const host = median(timings.host);
    const crew = median(timings.keepers);
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
    console.log(
      `${label}: one host, 32 lobbies in order   median ${host.toFixed(0).padStart(5)} ms (${(host / 32).toFixed(1)} ms a save; runs ${fmt(timings.host)})`,
    );
    console.log(
      `${label}: ${KEEPERS} scorekeepers at once        median ${crew.toFixed(0).padStart(5)} ms (${(crew / 32).toFixed(1)} ms a save; runs ${fmt(timings.keepers)})`,
    );
  } finally {
    await kill(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} cores, Node ${process.version}; ${RUNS} runs each after 1 warm-up`,
);
const only = process.env.BENCH_DB;
if (only !== "postgres") await runOn("PGlite    ", undefined);
if (only !== "pglite") {
  let url: string | undefined;
  const stop = await startTestPostgres({
    provide(key: string, value: string) {
      if (key === "pgAdminUrl") url = value;
    },
  } as never);
  if (!url) {
    console.error("PostgreSQL: skipped (needs PostgreSQL 15 binaries or TEST_DATABASE_URL)");
  } else {
    try {
      await runOn("PostgreSQL", url);
    } finally {
      await (stop as (() => Promise<void>) | undefined)?.();
    }
  }
}
