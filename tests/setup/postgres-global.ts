// Vitest globalSetup: starts a throwaway PostgreSQL server for the integration tests and stops it afterwards.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  interface ProvidedContext {
    /** Superuser URL of a PostgreSQL server the tests may create databases on; absent when there is none. */
    pgAdminUrl?: string;
    /** Why there is no PostgreSQL server, shown in the name of the skipped suites. */
    pgUnavailableReason?: string;
  }
}

const run = promisify(execFile);
const isCI = process.env.CI === "true";
const isRoot = process.getuid?.() === 0;

export default async function setup(project: TestProject) {
  const existing = process.env.TEST_DATABASE_URL;
  if (existing) {
    // Someone pointed us at a server on purpose: if it does not answer, that is a failure, not a skip.
    await waitForConnection(existing, 10_000);
    project.provide("pgAdminUrl", existing);
    return;
  }

  const binDir = findPostgresBinaries();
  if (!binDir) {
    const reason =
      `PostgreSQL binaries (initdb, pg_ctl) not found in ${process.env.PG_BIN_DIR || "/usr/lib/postgresql/15/bin"}; ` +
      "install postgresql-15, set PG_BIN_DIR, or set TEST_DATABASE_URL";
    if (isCI) throw new Error(`CI=true and ${reason}.`);
    console.warn(`\n⚠  ${reason}: the PostgreSQL variants of the integration tests are skipped.\n`);
    project.provide("pgUnavailableReason", reason);
    return;
  }

  const server = await startServer(binDir);
  project.provide("pgAdminUrl", server.url);
  return () => server.stop();
}

export function findPostgresBinaries(): string | undefined {
  const dir = process.env.PG_BIN_DIR || "/usr/lib/postgresql/15/bin";
  return fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")) ? dir : undefined;
}

/** Starts a throwaway PostgreSQL server (initdb in a temporary folder); `restart` is `pg_ctl restart -m fast`. */
export async function startServer(binDir: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tm-pg-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  // PostgreSQL refuses to run as root, so as root the server runs as the postgres user.
  if (isRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    if (!Number.isInteger(uid) || uid <= 0) {
      fs.rmSync(root, { recursive: true, force: true });
      throw new Error("Running as root, but there is no postgres user to run PostgreSQL as.");
    }
    fs.chownSync(root, uid, gid);
  }
  const pgCommand = (tool: string, args: string[]) =>
    isRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(binDir, tool), ...args], { cwd: root })
      : run(path.join(binDir, tool), args, { cwd: root });

  let started = false;
  const stopSync = () => {
    if (!started) return;
    started = false;
    const args = ["-D", dataDir, "stop", "-m", "fast", "-w"];
    if (isRoot) spawnSync("runuser", ["-u", "postgres", "--", path.join(binDir, "pg_ctl"), ...args], { cwd: root });
    else spawnSync(path.join(binDir, "pg_ctl"), args, { cwd: root });
  };
  // If Vitest dies without running the teardown, the server must not outlive it.
  process.once("exit", stopSync);

  const port = await freePort();
  try {
    await pgCommand("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${root}`,
      // A throwaway server: durability buys nothing and costs seconds.
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    await pgCommand("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", serverOptions, "-w", "-t", "60", "start"]);
    started = true;
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await waitForConnection(url, 30_000);
    return {
      url,
      /** Restarts the server at once (`pg_ctl restart -m fast`), as an operator would; resolves when it accepts connections. */
      async restart() {
        await pgCommand("pg_ctl", [
          "-D",
          dataDir,
          "-l",
          logFile,
          "-o",
          serverOptions,
          "-w",
          "-t",
          "60",
          "-m",
          "fast",
          "restart",
        ]);
      },
      async stop() {
        process.removeListener("exit", stopSync);
        if (started) {
          started = false;
          await pgCommand("pg_ctl", ["-D", dataDir, "stop", "-m", "fast", "-w"]);
        }
        fs.rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "(no server log)";
    stopSync();
    process.removeListener("exit", stopSync);
    fs.rmSync(root, { recursive: true, force: true });
    throw new Error(`Could not start the test PostgreSQL server: ${(error as Error).message}\n${log}`, {
      cause: error,
    });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForConnection(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
    try {
      await sql`select 1`;
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`PostgreSQL at ${url} does not accept connections: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await sql.end({ timeout: 1 });
    }
  }
}
