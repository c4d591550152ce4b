// The postgres.js patch (docs/decisions/017, patches/postgres+3.4.9.patch): a transaction whose backend dies must
// reject with CONNECTION_CLOSED, not take the process down with "Cannot read properties of null (reading 'write')".
//
// The reproduction runs in a child process, since the defect throws from a setImmediate where no test can catch it.
// It runs against the installed postgres.js (both its ESM and CommonJS builds, which the patch changes alike) and,
// to prove the test can fail, against a temporary copy of the package with the patch reversed (`git apply -R`
// patches/postgres+3.4.9.patch): that copy must crash. To see this test fail for real, reverse the patch in
// node_modules (`npx patch-package --reverse`), run this file, and `npx patch-package` again.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { postgresUnavailableReason } from "../setup/databases";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const script = fileURLToPath(new URL("./support/null-socket-repro.mjs", import.meta.url));
const patchFile = path.join(root, "patches", "postgres+3.4.9.patch");
const installed = path.join(root, "node_modules", "postgres");
const reason = postgresUnavailableReason();

type Outcome = { exitCode: number; stdout: string; stderr: string };

async function repro(entry: string): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, entry, inject("pgAdminUrl")!], { timeout: 30_000 });
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      exitCode: typeof failed.code === "number" ? failed.code : -1,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? "",
    };
  }
}

function lastLine(stdout: string) {
  return JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as { outcome?: string; afterwards?: string };
}

describe.skipIf(reason !== undefined && process.env.CI !== "true")("postgres.js null-socket patch", () => {
  let unpatched: string;

  beforeAll(() => {
    unpatched = fs.mkdtempSync(path.join(os.tmpdir(), "tm-unpatched-postgres-"));
    fs.cpSync(installed, path.join(unpatched, "node_modules", "postgres"), { recursive: true });
    // Reversing the patch needs it applied; with node_modules already unpatched the copy is as it should be.
    const applied = fs.readFileSync(path.join(installed, "src/connection.js"), "utf8").includes("tournament-manager");
    if (applied) execFileSync("git", ["apply", "-R", patchFile], { cwd: unpatched });
  });

  afterAll(() => {
    if (unpatched) fs.rmSync(unpatched, { recursive: true, force: true });
  });

  test("the installed package carries the patch in both builds", () => {
    for (const file of ["src/connection.js", "cjs/src/connection.js"]) {
      expect(fs.readFileSync(path.join(installed, file), "utf8")).toContain("tournament-manager patch");
    }
  });

  test.each(["src/index.js", "cjs/src/index.js"])(
    "patched (%s): the transaction rejects with CONNECTION_CLOSED and the process lives on",
    async (entry) => {
      const result = await repro(path.join(installed, entry));
      expect(result.stderr).not.toContain("reading 'write'");
      expect(result.exitCode).toBe(0);
      expect(lastLine(result.stdout)).toEqual({ outcome: "CONNECTION_CLOSED", afterwards: "answered" });
    },
  );

  test("unpatched: the same reproduction crashes the process (so the test above can fail)", async () => {
    const copy = path.join(unpatched, "node_modules", "postgres");
    expect(fs.readFileSync(path.join(copy, "src/connection.js"), "utf8")).not.toContain("tournament-manager patch");
    const result = await repro(path.join(copy, "src/index.js"));
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain("TypeError: Cannot read properties of null (reading 'write')");
  });
});
