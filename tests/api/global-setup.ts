// Vitest globalSetup of the api project: builds the app into BUILD_DIR (default build-api) when the build is missing or
// older than its sources, and finds nginx for tests/api/nginx.test.ts (fetched with apt-get when missing).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { findNginx } from "../setup/nginx";

declare module "vitest" {
  interface ProvidedContext {
    /** The build folder the API tests start with `node server.js`. */
    apiBuildDir: string;
    /** The nginx binary, or why there is none (tests/setup/nginx.ts). */
    nginx: { binary: string } | { unavailable: string };
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));
// What goes into a build: a newer file here means the build is stale.
const SOURCES = [
  "app",
  "db",
  "server",
  "react-router.config.ts",
  "vite.config.ts",
  "vite-page-scripts.ts",
  "package.json",
];

export default function setup(project: TestProject) {
  const buildDir = process.env.BUILD_DIR || "build-api";
  project.provide("apiBuildDir", buildDir);
  try {
    project.provide("nginx", { binary: findNginx() });
  } catch (error) {
    project.provide("nginx", { unavailable: error instanceof Error ? error.message : String(error) });
  }
  const entry = path.join(root, buildDir, "server/index.js");
  const builtAt = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (builtAt > newest) return;

  console.log(`api tests: building the app into ${buildDir}/ (${builtAt === 0 ? "no build yet" : "sources changed"})`);
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(
      `The app does not build (npx react-router build, BUILD_DIR=${buildDir}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}
