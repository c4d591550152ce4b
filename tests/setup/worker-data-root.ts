// One folder for a run's per-worker embedded databases (tests/setup/worker-data-dir.ts), removed when the run ends:
// vitest ends its workers without an `exit` event, so a worker's own clean-up never ran and every run left a folder of
// up to 40 MB per test file in the temporary directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tm-worker-data-run-"));
  // Inherited by the workers, which are started after the global set-up.
  process.env.TM_WORKER_DATA_ROOT = root;
  return () => fs.rmSync(root, { recursive: true, force: true });
}
