// The server process: first-start master credentials, the data-folder lock, clean shutdown on SIGTERM, bad environment.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

const root = path.resolve(import.meta.dirname, "../..");

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

function start(env: Record<string, string>) {
  const { DATABASE_URL: _u, DEMO_LOGIN: _d, MASTER_USERNAME: _m, MASTER_PASSWORD: _p, ...inherited } = process.env;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...inherited, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

function exited(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms`)), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

test.describe.configure({ mode: "serial" });

test("first start prints the master credentials; a second process on the same data folder is refused; SIGTERM stops cleanly", async () => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-proc-"));
  const first = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
  try {
    await waitFor(() => /http:\/\//.test(first.output()), 60_000);
    expect(first.output()).toMatch(/username: admin/);
    const password = first.output().match(/password: (\S+)/)?.[1];
    expect(password).toBeTruthy();

    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await exited(second.child, 30_000)).toBe(1);
    expect(second.output()).toMatch(/in use by another process/);

    const began = Date.now();
    first.child.kill("SIGTERM");
    expect(await exited(first.child, 10_000)).toBe(0);
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(fs.existsSync(path.join(dataDir, "tournament-manager.lock"))).toBe(false);
  } finally {
    if (first.child.exitCode === null) first.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a bad environment value stops the server with a clear message", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-env-"));
  try {
    const bad = start({ PORT: "not-a-port", DATA_DIR: dataDir });
    expect(await exited(bad.child, 30_000)).not.toBe(0);
    expect(bad.output()).toMatch(/PORT/);
    const badUrl = start({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: "mysql://nope" });
    expect(await exited(badUrl.child, 30_000)).toBe(1);
    expect(badUrl.output()).toMatch(/Invalid environment configuration[\s\S]*DATABASE_URL/);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
