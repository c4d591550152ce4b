// Each test worker's own embedded database folder: an integration test that runs a route action reaches the app's
// database through getApp() (publishing its events), which opens DATA_DIR; two workers sharing ./data would refuse
// each other (one process per folder, README "DATA_DIR"). Set before any app module reads it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

if (!process.env.DATABASE_URL && !process.env.TM_WORKER_DATA_DIR) {
  // Inside the run's folder (tests/setup/worker-data-root.ts), which the run removes as it ends.
  const dir = fs.mkdtempSync(path.join(process.env.TM_WORKER_DATA_ROOT ?? os.tmpdir(), "tm-worker-data-"));
  process.env.TM_WORKER_DATA_DIR = dir;
  process.env.DATA_DIR = dir;
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
}
