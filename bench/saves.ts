// Saves answered on time: many lobbies saved at the same moment through the API on PostgreSQL (issue #23). A real
// round (the 32 lobbies of one 256-player tournament) and a crowd of 200 (7 tournaments); per burst the time to the
// first reply, the median, p95 and the slowest, against the baseline of one save alone in the same run.
// The server runs on one core (`taskset -c 1` where available), the client and PostgreSQL on the others.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { lobbiesToSave, saveBody } from "../tests/api/support/save-burst";
import type { Caller } from "../tests/api/support/staff-round";
import { freePort, kill, waitUntilAnswering } from "../tests/setup/e2e-global";
import startTestPostgres from "../tests/setup/postgres-global";

const RUNS = Number(process.env.BENCH_SAVES_RUNS ?? 3);
/**
 * BENCH_SAVES_WARMUP: unmeasured bursts of each size before the measured ones (default 1). The first rounds a fresh
 * process saves pay for V8 compiling the request path (perf: its optimizing compiler was a quarter of the core in the
 * first bursts); a larger number measures a process that has already saved a few rounds, as in an event under way.
 */
const WARMUP = Number(process.env.BENCH_SAVES_WARMUP ?? 1);
/**
 * BENCH_SAVES_WINDOWS: a file to which each measured burst's and sequential run's start and end are appended
 * ("<start> <end> <label>": µs of the machine's monotonic clock, the clock of `--cpu-prof`'s timestamps; label burst32,
 * burst200, me or save), so a profile of the server can be cut to them and leave out their set-up.
 */
const WINDOWS = process.env.BENCH_SAVES_WINDOWS;
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
/** The app to start: this checkout, or another one's folder (e.g. an older commit, built) for a before/after. */
const appRoot = process.env.BENCH_APP_ROOT ?? fileURLToPath(new URL("..", import.meta.url));

function client(baseURL: string): Caller {
  return async (method, route, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(baseURL + route, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: /^[[{]/.test(text) ? JSON.parse(text) : text, text };
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function startServer(databaseUrl: string) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _u, WEB_CONCURRENCY: _w, ...inherited } = process.env;
  // BENCH_SAVES_PROCESSES=2: the app as WEB_CONCURRENCY=2 on every core (not pinned; PostgreSQL and this client share
  // the cores with it), to see what a second app process gives on this machine.
  const processes = Number(process.env.BENCH_SAVES_PROCESSES ?? 1);
  const pinned = processes === 1 && spawnSync("taskset", ["-c", "1", "true"]).status === 0;
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = [...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "server.js"];
  const [command, args] = pinned
    ? ["taskset", ["-c", "1", process.execPath, ...nodeArgs]]
    : [process.execPath, nodeArgs];
  const server = spawn(command, args, {
    cwd: appRoot,
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DEMO_LOGIN: "1",
      SESSION_SECRET: "bench-saves-session-secret-0123456789",
      DATABASE_URL: databaseUrl,
      ...(processes > 1 ? { WEB_CONCURRENCY: String(processes) } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntilAnswering(baseURL, server, 60_000);
  return { server, baseURL, pinned, processes };
}

type Burst = { first: number; median: number; p95: number; max: number; transactionsFrom: number; cpuPerSave: number };

/** The CPU time (user + system) the process and its children (the app's workers) have used so far, in ms, from /proc (Linux; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ").filter(Boolean);
    return children.reduce((sum, child) => sum + cpuMs(Number(child)), own);
  } catch {
    return NaN;
  }
}

async function main() {
  let url: string | undefined;
  const stop = await startTestPostgres({
    provide(key: string, value: string) {
      if (key === "pgAdminUrl") url = value;
    },
  } as never);
  if (!url) throw new Error("bench:saves needs PostgreSQL 15 binaries or TEST_DATABASE_URL");
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const { server, baseURL, pinned, processes } = await startServer(url);
  try {
    const call = client(baseURL);
    const login = await call("POST", "/api/auth/login", {
      body: { username: `bench_${Date.now().toString(36)}`, password: "password123" },
    });
    const owner = login.body.token as string;
    console.log(
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} cores, Node ${process.version}; ` +
        `server ${pinned ? "on core 1 (taskset)" : "not pinned"}, ${processes} process(es); app ${appRoot}; ${RUNS} runs after ${WARMUP} warm-up burst(s)`,
    );

    /** Saves `count` fresh lobbies at once; every reply must be 200. Times are from the moment all were sent. */
    async function burst(count: number, measured: boolean): Promise<Burst> {
      const lobbies = await lobbiesToSave(call, sql, owner, count);
      const [{ now }] = await sql<{ now: Date }[]>`select clock_timestamp() as now`;
      const startedAt = Date.now();
      const cpuBefore = cpuMs(server.pid);
      const start = performance.now();
      const startUs = monotonicUs();
      const times = await Promise.all(
        lobbies.map(async (lobby, i) => {
          const reply = await call("POST", `/api/lobbies/${lobby.id}/matches`, {
            token: owner,
            body: saveBody(lobby, i),
          });
          if (reply.status !== 200) throw new Error(`save answered ${reply.status}: ${reply.text.slice(0, 200)}`);
          return performance.now() - start;
        }),
      );
      const cpuPerSave = (cpuMs(server.pid) - cpuBefore) / count;
      if (WINDOWS && measured) appendFileSync(WINDOWS, `${startUs} ${monotonicUs()} burst${count}\n`);
      // When the first save's transaction started (its audit row's now()), to tell queueing before the
      // transactions from queueing after them.
      const [{ first }] = await sql<{ first: Date | null }[]>`
        select min(created_at) as first from audit_entries where created_at >= ${now} and action = 'scores.saved'`;
      const sorted = times.sort((a, b) => a - b);
      return {
        first: sorted[0],
        median: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted[sorted.length - 1],
        transactionsFrom: first ? first.getTime() - startedAt : NaN,
        cpuPerSave,
      };
    }

    async function alone(): Promise<number> {
      const [lobby] = await lobbiesToSave(call, sql, owner, 1);
      const start = performance.now();
      const reply = await call("POST", `/api/lobbies/${lobby.id}/matches`, { token: owner, body: saveBody(lobby, 0) });
      if (reply.status !== 200) throw new Error(`save answered ${reply.status}`);
      return performance.now() - start;
    }

    const fmt = (ms: number) => `${ms.toFixed(0).padStart(5)} ms`;
    const sizes = (process.env.BENCH_SAVES_SIZES ?? "32,200").split(",").map(Number);
    for (const count of sizes) {
      const results: (Burst & { single: number })[] = [];
      for (let run = -WARMUP; run < RUNS; run++) {
        const single = await alone();
        const measured = await burst(count, run >= 0);
        if (run >= 0) results.push({ ...measured, single });
      }
      for (const [i, r] of results.entries()) {
        console.log(
          `${String(count).padStart(3)} at once, run ${i + 1}: first ${fmt(r.first)}  median ${fmt(r.median)}  p95 ${fmt(r.p95)}  ` +
            `slowest ${fmt(r.max)}  | first transaction began ${fmt(r.transactionsFrom)} | one save alone ${fmt(r.single)} ` +
            `(p95 = ${(r.p95 / r.single).toFixed(1)}×) | server CPU per save ${r.cpuPerSave.toFixed(1)} ms`,
        );
      }
    }
    // One after another (BENCH_SAVES_SEQUENTIAL, default 300 each, after 50 unmeasured): the server's CPU per save, beside
    // a signed-in read that does nothing (GET /api/auth/me) as the baseline of what any request costs the app.
    const sequential = Number(process.env.BENCH_SAVES_SEQUENTIAL ?? 300);
    if (sequential > 0) {
      const lobbies = await lobbiesToSave(call, sql, owner, 32);
      const perRequest = async (send: (i: number) => Promise<void>, label: string) => {
        for (let i = 0; i < 50; i++) await send(i);
        const before = cpuMs(server.pid);
        const startUs = monotonicUs();
        for (let i = 0; i < sequential; i++) await send(i);
        if (WINDOWS) appendFileSync(WINDOWS, `${startUs} ${monotonicUs()} ${label}\n`);
        return (cpuMs(server.pid) - before) / sequential;
      };
      const me = await perRequest(async () => {
        const reply = await call("GET", "/api/auth/me", { token: owner });
        if (reply.status !== 200) throw new Error(`GET /api/auth/me answered ${reply.status}`);
      }, "me");
      const save = await perRequest(async (i) => {
        const lobby = lobbies[i % lobbies.length];
        const reply = await call("POST", `/api/lobbies/${lobby.id}/matches`, {
          token: owner,
          body: saveBody(lobby, i),
        });
        if (reply.status !== 200) throw new Error(`save answered ${reply.status}`);
      }, "save");
      console.log(
        `one after another (${sequential} each): server CPU per request ${me.toFixed(2)} ms for GET /api/auth/me, ` +
          `${save.toFixed(2)} ms for a save (${(save / me).toFixed(1)}×)`,
      );
    }
  } finally {
    await kill(server);
    await sql.end({ timeout: 1 });
    await (stop as (() => Promise<void>) | undefined)?.();
  }
}

await main();
