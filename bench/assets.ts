// The build's precompressed scripts served by our middleware (server/precompressed.ts) against express-static-gzip, the
// maintained package that does the same from disk (issue 21 item 3; docs/decisions/045-precompressed-assets-ours.md).
// Each server runs alone on core 1 (`taskset`), autocannon on core 0; the two alternate, three rounds, per file size.
// The package is not a dependency of the app: `npm install --no-save express-static-gzip@3` before running
// `npm run build && npx tsx bench/assets.ts`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import express from "express";
import { freePort } from "../tests/setup/e2e-global";
import { precompressedAssets } from "../server/precompressed";
import { root } from "./support";

const assets = path.join(root, "build/client/assets");

async function serve(kind: string, port: number) {
  const app = express();
  if (kind === "ours") app.use("/assets", precompressedAssets(assets));
  else {
    // Not a dependency: installed by hand for this comparison (see above).
    const { default: staticGzip } = await import("express-static-gzip" as string);
    app.use(
      "/assets",
      staticGzip(assets, {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y" },
      }),
    );
  }
  app.listen(port, "127.0.0.1", () => process.stdout.write("ready\n"));
}

async function measure(kind: string, file: string) {
  const port = await freePort();
  const server = spawn(
    "taskset",
    ["-c", "1", process.execPath, "--import", "tsx", fileURLToPath(import.meta.url), "serve", kind, String(port)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise((resolve) => server.stdout.once("data", resolve));
  const options = {
    url: `http://127.0.0.1:${port}/assets/${file}`,
    connections: 20,
    headers: { "accept-encoding": "br, gzip" },
  };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: 5 });
  server.kill();
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, failed: result.non2xx + result.errors };
}

if (process.argv[2] === "serve") await serve(process.argv[3], Number(process.argv[4]));
else {
  const scripts = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith(".js") && fs.existsSync(path.join(assets, `${f}.br`)))
    .map((f) => ({ f, size: fs.statSync(path.join(assets, `${f}.br`)).size }))
    .sort((a, b) => a.size - b.size);
  // A typical route module (the median of those over 1 KB) and the largest script.
  const sizable = scripts.filter((s) => s.size > 1000);
  const picks = [sizable[Math.floor(sizable.length / 2)], scripts[scripts.length - 1]];
  for (const { f, size } of picks) {
    const rows: string[] = [];
    for (let round = 0; round < 3; round++) {
      const ours = await measure("ours", f);
      const lib = await measure("express-static-gzip", f);
      rows.push(
        `ours ${ours.rps}/s (p99 ${ours.p99} ms), express-static-gzip ${lib.rps}/s (p99 ${lib.p99} ms), ratio ${(ours.rps / lib.rps).toFixed(2)}${ours.failed + lib.failed ? `, failed ${ours.failed + lib.failed}` : ""}`,
      );
    }
    console.log(`${f} (${size} bytes brotli):\n  ${rows.join("\n  ")}`);
  }
}
