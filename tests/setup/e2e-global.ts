// Playwright globalSetup: starts the built app on a free port with a fresh embedded database; the returned function stops it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export const E2E_MASTER = { username: "master", password: "master-pass-123" };

export default async function globalSetup() {
  // Pointed at a server someone already runs: use it, start nothing.
  if (process.env.E2E_BASE_URL) return;

  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!fs.existsSync(path.join(root, buildDir, "server/index.js"))) {
    throw new Error(
      `No build at ${buildDir}/server/index.js: run \`npx react-router build\` before the end-to-end tests.`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logPath = path.join(dataDir, "server.log");
  const log = fs.openSync(logPath, "a");

  // The caller's DATABASE_URL or DEMO_LOGIN must not leak in: the app runs on its own embedded database, with its defaults.
  const { DATABASE_URL: _url, DEMO_LOGIN: _demo, ...inherited } = process.env;
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dataDir, "data"),
      SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
      MASTER_USERNAME: E2E_MASTER.username,
      MASTER_PASSWORD: E2E_MASTER.password,
      // The webhook test's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: "1",
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);

  const stop = async () => {
    await kill(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Never leave the server behind, even if the runner is interrupted before teardown.
  const onExit = () => server.exitCode === null && server.kill("SIGKILL");
  process.once("exit", onExit);

  try {
    await waitUntilAnswering(baseURL, server, 60_000);
  } catch (error) {
    const output = fs.existsSync(logPath) ? fs.readFileSync(logPath, "utf8") : "";
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  process.env.E2E_BASE_URL = baseURL;
  console.log(`e2e: app (PID ${server.pid}) on ${baseURL}, data in ${dataDir}`);

  return async () => {
    process.removeListener("exit", onExit);
    await stop();
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitUntilAnswering(baseURL: string, server: ReturnType<typeof spawn>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The app exited (code ${server.exitCode ?? server.signalCode}) before answering on ${baseURL}.`);
    }
    try {
      await fetch(baseURL + "/", { redirect: "manual", signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`The app did not answer GET ${baseURL}/ within ${timeoutMs / 1000} s.`);
}

/** Stops the server we started, by its PID: SIGTERM for a clean shutdown, SIGKILL if it lingers. */
export async function kill(server: ReturnType<typeof spawn>) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
