// `npm test`: every check in order (lock file, browser, types, lint and format, unit and integration tests, build, end-to-end tests), stopping at the first failure.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const steps = [
  { name: "Lock file matches package.json", command: process.execPath, args: ["scripts/check-lock.mjs"] },
  { name: "Chromium for the end-to-end tests", command: process.execPath, args: ["scripts/ensure-chromium.mjs"] },
  { name: "Type check", command: "npm", args: ["run", "typecheck"] },
  // Both run, so one report names every lint problem and every unformatted file; either failing fails the step.
  {
    name: "Lint and format",
    command: "sh",
    args: ["-c", "npm run lint; lint=$?; npm run format:check && exit $lint"],
  },
  { name: "Unit, integration and API tests (vitest)", command: "npx", args: ["vitest", "run"], counts: "vitest" },
  { name: "Build", command: "npx", args: ["react-router", "build"] },
  { name: "End-to-end tests (playwright)", command: "npx", args: ["playwright", "test"], counts: "playwright" },
];

/** Runs a step, echoing its output as it comes, and answers its exit status and output. */
function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      process.stderr.write(chunk);
      output += chunk;
    });
    child.on("error", (error) => resolve({ status: null, error, output }));
    child.on("close", (status, signal) => resolve({ status, signal, output }));
  });
}

// eslint-disable-next-line no-control-regex
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, "");

/** The test counts a runner printed: vitest's "Tests  2 failed | 40 passed (42)", playwright's "40 passed (1.2m)". */
function testCounts(kind, output) {
  const text = plain(output);
  if (kind === "vitest") {
    const line = text.split("\n").find((l) => /^\s*Tests\s/.test(l));
    if (!line) return null;
    return {
      passed: Number(line.match(/(\d+) passed/)?.[1] ?? 0),
      failed: Number(line.match(/(\d+) failed/)?.[1] ?? 0),
    };
  }
  const passed = [...text.matchAll(/^\s*(\d+) passed \(/gm)].pop();
  const failed = [...text.matchAll(/^\s*(\d+) failed$/gm)].pop();
  const flaky = [...text.matchAll(/^\s*(\d+) flaky$/gm)].pop();
  if (!passed && !failed) return null;
  return { passed: Number(passed?.[1] ?? 0) + Number(flaky?.[1] ?? 0), failed: Number(failed?.[1] ?? 0) };
}

let testsPassed = 0;
let testsFailed = 0;
let stepFailed = false;
const results = [];

for (const [index, step] of steps.entries()) {
  const header = `── ${index + 1}/${steps.length} ${step.name} `;
  console.log(`\n${header.padEnd(72, "─")}\n$ ${[path.basename(step.command), ...step.args].join(" ")}\n`);
  const started = Date.now();
  const result = await run(step);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.counts ? testCounts(step.counts, result.output) : null;
  if (counts) {
    testsPassed += counts.passed;
    testsFailed += counts.failed;
  }
  const tally = counts ? `, ${counts.passed} passed, ${counts.failed} failed` : "";
  if (result.status === 0) {
    results.push(`  ✓ ${step.name} (${seconds} s${tally})`);
    continue;
  }
  stepFailed = true;
  // A step that failed without failing tests (types, build, a crash) still counts as a failure.
  if (!counts || counts.failed === 0) testsFailed += 1;
  const why = result.error
    ? result.error.message
    : result.signal
      ? `killed by ${result.signal}`
      : `exit code ${result.status}`;
  results.push(`  ✗ ${step.name} (${why}, ${seconds} s${tally})`);
  for (const skipped of steps.slice(index + 1)) results.push(`  - ${skipped.name} (not run)`);
  break;
}

console.log(`\n${"─".repeat(72)}\n${results.join("\n")}\n`);
console.log(`${testsPassed} passed, ${testsFailed} failed`);
process.exit(stepFailed ? 1 : 0);
