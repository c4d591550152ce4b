// `npm test`: every check in order (browser, types, unit and integration tests, build, end-to-end tests), stopping at the first failure.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const steps = [
  { name: "Chromium for the end-to-end tests", command: process.execPath, args: ["scripts/ensure-chromium.mjs"] },
  { name: "Type check", command: "npm", args: ["run", "typecheck"] },
  { name: "Unit and integration tests (vitest)", command: "npx", args: ["vitest", "run"] },
  { name: "Build", command: "npx", args: ["react-router", "build"] },
  { name: "End-to-end tests (playwright)", command: "npx", args: ["playwright", "test"] },
];

let passed = 0;
let failed = 0;
const results = [];

for (const [index, step] of steps.entries()) {
  const header = `── ${index + 1}/${steps.length} ${step.name} `;
  console.log(`\n${header.padEnd(72, "─")}\n$ ${[path.basename(step.command), ...step.args].join(" ")}\n`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: "inherit", env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed++;
    results.push(`  ✓ ${step.name} (${seconds} s)`);
    continue;
  }
  failed++;
  const why = result.error ? result.error.message : result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`;
  results.push(`  ✗ ${step.name} (${why}, ${seconds} s)`);
  for (const skipped of steps.slice(index + 1)) results.push(`  - ${skipped.name} (not run)`);
  break;
}

console.log(`\n${"─".repeat(72)}\n${results.join("\n")}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
