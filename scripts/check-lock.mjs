// Fails (exit 1) when package-lock.json and package.json disagree, or when the lock misses a package `npm ci`
// needs on some platform (other platforms' optional packages, e.g. rollup's, dropped by an install). Offline and
// quick, so `npm test` and `.ci/run` run it before anything else. Fix: `npm install --package-lock-only`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The project folder: this script's parent, or the folder given as the first argument (the tests use a copy).
const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
const packages = lock.packages ?? {};
const problems = [];

if (lock.lockfileVersion < 2) problems.push(`lockfileVersion ${lock.lockfileVersion}: npm 7 or later writes 2 or 3`);
if (lock.name !== manifest.name || lock.version !== manifest.version) {
  problems.push(`lock is for ${lock.name}@${lock.version}, package.json is ${manifest.name}@${manifest.version}`);
}

const kinds = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];
const lockRoot = packages[""] ?? {};
for (const kind of kinds) {
  const wanted = manifest[kind] ?? {};
  const locked = lockRoot[kind] ?? {};
  for (const name of new Set([...Object.keys(wanted), ...Object.keys(locked)])) {
    if (wanted[name] !== locked[name]) {
      problems.push(
        `${kind}.${name}: package.json says ${wanted[name] ?? "nothing"}, the lock ${locked[name] ?? "nothing"}`,
      );
    } else if (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(wanted[name])) {
      const installed = packages[`node_modules/${name}`]?.version;
      if (installed !== wanted[name])
        problems.push(`${name}: package.json pins ${wanted[name]}, the lock has ${installed}`);
    }
  }
}

/** The lock entry a package at `from` resolves `name` to, walking up node_modules folders as Node does. */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

// Every dependency of every locked package (optional ones included: `npm ci` wants them listed for all
// platforms, installing only the ones that fit) must have its own entry.
for (const [where, entry] of Object.entries(packages)) {
  if (entry.link) continue;
  for (const kind of ["dependencies", "optionalDependencies"]) {
    for (const name of Object.keys(entry[kind] ?? {})) {
      if (!resolve(where, name))
        problems.push(`${where || "the project"} needs ${name} (${kind}), the lock has no entry`);
    }
  }
}

if (problems.length > 0) {
  console.error(`package-lock.json and package.json disagree (${problems.length}):`);
  for (const problem of problems.slice(0, 40)) console.error(`  - ${problem}`);
  if (problems.length > 40) console.error(`  … and ${problems.length - 40} more`);
  console.error("Run `npm install --package-lock-only` and commit package-lock.json.");
  process.exit(1);
}
console.log(`package-lock.json matches package.json (${Object.keys(packages).length - 1} packages locked).`);
