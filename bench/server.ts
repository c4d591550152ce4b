// The built app started for a benchmark: `node server.js` on loopback, on PGlite in `dataDir` or on `databaseUrl`.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../tests/setup/e2e-global";

const root = fileURLToPath(new URL("..", import.meta.url));

export async function spawnBenchServer(options: { databaseUrl?: string; dataDir: string; sessionSecret: string }) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _u, ...inherited } = process.env;
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DEMO_LOGIN: "1",
      SESSION_SECRET: options.sessionSecret,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: options.dataDir }),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { server, baseURL };
}
