// scripts/check-lock.mjs (run first by `npm test` and `.ci/run`): passes on the committed lock, fails, naming the
// difference, on a lock that disagrees with package.json or misses another platform's optional package.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = path.resolve("scripts/check-lock.mjs");
const manifest = readFileSync("package.json", "utf8");
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const folders: string[] = [];

/** Runs the check on a copy of package.json and the given lock; answers its exit status and output. */
function check(lockFile: unknown, manifestText = manifest) {
  const folder = mkdtempSync(path.join(tmpdir(), "check-lock-"));
  folders.push(folder);
  writeFileSync(path.join(folder, "package.json"), manifestText);
  writeFileSync(path.join(folder, "package-lock.json"), JSON.stringify(lockFile));
  const result = spawnSync(process.execPath, [script, folder], { encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("check-lock", () => {
  it("passes on the committed lock", () => {
    expect(execFileSync(process.execPath, [script], { encoding: "utf8" })).toMatch(/matches package.json/);
  });

  it("fails when package.json pins a version the lock does not have", () => {
    const changed = JSON.parse(manifest);
    changed.dependencies.zod = "4.0.0";
    const result = check(lock, JSON.stringify(changed));
    expect(result.status).toBe(1);
    expect(result.output).toContain("dependencies.zod: package.json says 4.0.0");
  });

  it("fails when another platform's optional package is missing from the lock", () => {
    const copy = structuredClone(lock);
    delete copy.packages["node_modules/@rollup/rollup-darwin-arm64"];
    const result = check(copy);
    expect(result.status).toBe(1);
    expect(result.output).toContain("node_modules/rollup needs @rollup/rollup-darwin-arm64");
  });
});
