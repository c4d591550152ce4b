// Shared by the benchmarks that drive the built app over HTTP: starting it on a throwaway database and seeding a tournament through the API.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Json } from "../tests/api/support/app";
import { freePort, waitUntilAnswering } from "../tests/setup/e2e-global";
import startTestPostgres from "../tests/setup/postgres-global";

export const root = fileURLToPath(new URL("..", import.meta.url));

export type Api = <T = Json>(method: string, url: string, body?: unknown) => Promise<T>;

export function apiClient(base: string, token?: string): Api {
  return async (method, url, body) => {
    const response = await fetch(base + url, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

export type SeededLobby = { id: number; playerIds: number[] };

/**
 * A public (or, with `isPublic: false`, private) tournament of `size` players, all checked in, round 1 drawn and every lobby but the last scored,
 * hosted by the demo login `host` (created on first sign-in). `save` saves (or edits) the last lobby: each call is a
 * real change, so each bumps the version and sends an event.
 */
export async function seedTournament(
  base: string,
  {
    size,
    name,
    host,
    isPublic = true,
  }: { size: number; name: string; host: { username: string; password: string }; isPublic?: boolean },
) {
  const login = await apiClient(base)<{ token: string }>("POST", "/api/auth/login", host);
  const api = apiClient(base, login.token);
  const t = await api<{ id: number }>("POST", "/api/tournaments", {
    name,
    maxPlayers: size,
    totalRounds: 5,
    isPublic,
  });
  const players = await api<{ id: number }[]>("POST", `/api/tournaments/${t.id}/players/bulk`, {
    players: Array.from({ length: size }, (_, i) => ({
      name: `Player ${i + 1}`,
      riotTag: `EUW${i + 1}`,
      lp: 2000 - i,
    })),
    manualOverride: true,
  });
  for (const p of players) await api("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });
  const { lobbies } = await api<{ lobbies: SeededLobby[] }>("POST", `/api/tournaments/${t.id}/lobbies/generate`, {});
  const scores = (lobby: SeededLobby, shift = 0) =>
    lobby.playerIds.map((playerId, i) => ({ playerId, placement: ((i + shift) % lobby.playerIds.length) + 1 }));
  for (const lobby of lobbies.slice(0, -1))
    await api("POST", `/api/lobbies/${lobby.id}/matches`, { scores: scores(lobby) });
  const last = lobbies.at(-1)!;
  let shift = 0;
  const save = () => api("POST", `/api/lobbies/${last.id}/matches`, { scores: scores(last, shift++) });
  return { id: t.id, lobbies, last, save };
}

/** BENCH_DB=postgres: a throwaway PostgreSQL (the integration tests' global setup); otherwise the embedded PGlite. */
export async function benchDatabase(driver = process.env.BENCH_DB): Promise<{ url?: string; stop?: () => unknown }> {
  if (driver !== "postgres") return {};
  let url: string | undefined;
  const stop = await startTestPostgres({
    provide(key: string, value: string) {
      if (key === "pgAdminUrl") url = value;
    },
  } as never);
  if (!url) throw new Error("BENCH_DB=postgres needs PostgreSQL 15 binaries (or TEST_DATABASE_URL)");
  return { url, stop: stop as (() => unknown) | undefined };
}

/**
 * Starts the built app (`node server.js`, NODE_ENV=production, demo login on; `buildDir` or BUILD_DIR, default build/) on a free port with its own data folder;
 * `wrap` may prefix the command (e.g. taskset). Answers once it answers HTTP.
 */
export async function startBuiltApp(
  options: {
    databaseUrl?: string;
    buildDir?: string;
    wrap?: (args: string[]) => [string, string[]];
    /** More environment for the app (WEB_CONCURRENCY, TRUST_PROXY, …). */
    env?: Record<string, string>;
  } = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-bench-"));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = {
    ...inherited,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.buildDir ? { BUILD_DIR: options.buildDir } : {}),
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO_LOGIN: "1",
    SESSION_SECRET: "bench-live-session-secret-0123456789",
    MASTER_USERNAME: "bench_master",
    MASTER_PASSWORD: "bench-master-pass",
    ...options.env,
  };
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const args = [process.execPath, ...nodeArgs, "server.js"];
  const [cmd, rest] = options.wrap ? options.wrap(args) : [args[0], args.slice(1)];
  const app = spawn(cmd, rest, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  const stop = async () => {
    if (app.exitCode === null) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", () => app.kill("SIGTERM"));
  // Generous: PGlite's first start (migrations) on a busy 2-core machine can take a minute.
  await waitUntilAnswering(base, app, 180_000);
  return { app, base, stop };
}
