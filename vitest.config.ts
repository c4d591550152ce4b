// Vitest config: a `unit` project (pure code, no database) and an `integration` project (PGlite and a throwaway PostgreSQL).
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { pageScripts } from "./vite-page-scripts";

// No react-router plugin here: tests import modules directly, they never build routes. The page scripts' plugin gives
// the server modules the built inline scripts (`virtual:page-scripts`), as the build does.
export default defineConfig({
  plugins: [pageScripts()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    // One worker per core, at most four: each integration worker holds a PGlite (WASM) instance
    // and the PostgreSQL server needs a core of its own.
    pool: "forks",
    maxWorkers: Math.max(1, Math.min(4, availableParallelism())),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/postgres-global.ts", "tests/setup/worker-data-root.ts"],
          // The app's own database (route actions publish through it) in a folder of each worker's, all in one folder
          // of the run's that the run removes.
          setupFiles: ["tests/setup/worker-data-dir.ts"],
          // Opening a database runs the migrations; PGlite's WASM start-up is slow on a busy 2-core machine.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The JSON API over HTTP: the built app (built by the global setup when stale) on a fresh PostgreSQL database per file.
          name: "api",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/setup/postgres-global.ts", "tests/api/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
