// What a stranger costs the server: its peak resident memory and answer times under hostile spreadsheets and a 4 × 300 MB body flood, on loopback only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  deflatedBlanks,
  floodPost,
  memoryOf,
  resetPeak,
  tallSheet,
  withParts,
  workbookParts,
  writeZip,
} from "../tests/api/support/hostile";
import { kill, waitUntilAnswering } from "../tests/setup/e2e-global";
import { spawnBenchServer } from "./server";
import startTestPostgres from "../tests/setup/postgres-global";

const GOAL = { peakMb: 300, answerMs: 1000 };
const SHEET = "xl/worksheets/sheet1.xml";
const FLOOD = { requests: 4, bytes: 300_000_000 };

if (process.platform !== "linux") {
  console.error("bench:hostile reads the server's memory from /proc: Linux only.");
  process.exit(1);
}

// The server runs on a throwaway PostgreSQL (the integration tests' global setup), as in production;
// BENCH_DB=pglite runs it on the embedded database instead, whose WASM heap alone is most of its memory.
const onPglite = process.env.BENCH_DB === "pglite";
let databaseUrl: string | undefined;
const stopPostgres = onPglite
  ? undefined
  : await startTestPostgres({
      provide(key: string, value: string) {
        if (key === "pgAdminUrl") databaseUrl = value;
      },
    } as never);
if (!onPglite && !databaseUrl) {
  console.error("bench:hostile needs PostgreSQL 15 binaries (or TEST_DATABASE_URL); BENCH_DB=pglite runs without.");
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-bench-hostile-"));
const { server, baseURL } = await spawnBenchServer({
  databaseUrl,
  dataDir,
  sessionSecret: "bench-hostile-session-secret-0123",
});
console.log(`server PID ${pid()} on ${baseURL}, database: ${onPglite ? "PGlite" : "PostgreSQL"}`);
function pid() {
  return server.pid!;
}

/** Samples the server's resident memory every 20 ms; its peak (VmHWM, reset per phase) is the figure reported. */
async function phase<T>(label: string, run: () => Promise<T>) {
  const before = memoryOf(pid()).rss;
  const exact = resetPeak(pid());
  let sampled = before;
  const sampler = setInterval(() => {
    if (server.exitCode === null) sampled = Math.max(sampled, memoryOf(pid()).rss);
  }, 20);
  let result: T;
  try {
    result = await run();
  } finally {
    clearInterval(sampler);
  }
  const peak = exact ? memoryOf(pid()).peak : sampled;
  console.log(
    `${label.padEnd(52)} RSS before ${before.toFixed(0).padStart(4)} MB, peak ${peak.toFixed(0).padStart(4)} MB`,
  );
  return { result, peak };
}

function verdict(ok: boolean) {
  return ok ? "ok" : "OVER GOAL";
}

try {
  await waitUntilAnswering(baseURL, server, 60_000);
  console.log(`idle after start: RSS ${memoryOf(pid()).rss.toFixed(0)} MB`);
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bench_host", password: "bench-password" }),
  });
  const { token } = (await login.json()) as { token: string };
  const parts = await workbookParts();
  // Built before the server is used (an idle keep-alive connection would be closed under a slow build).
  const blanks = deflatedBlanks(200_000_000);
  const hostile = [
    ["2,000,000 empty rows", writeZip(withParts(parts, [{ name: SHEET, data: tallSheet(2_000_000) }]))],
    [
      "180,000 rows under the size limit (row cap)",
      writeZip(withParts(parts, [{ name: SHEET, data: tallSheet(180_000) }])),
    ],
    [
      "sheet declared 1 KB, inflates to 200 MB",
      writeZip(withParts(parts, [{ name: SHEET, deflated: { ...blanks, size: 1000 } }])),
    ],
    [
      "20 junk entries of 200 MB each",
      writeZip([...parts, ...Array.from({ length: 20 }, (_, i) => ({ name: `junk/${i}.bin`, deflated: blanks }))]),
    ],
  ] as const;
  const importZip = async (zip: Buffer) => {
    const began = performance.now();
    const reply = await fetch(`${baseURL}/api/tournaments/import`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ excelData: zip.toString("base64") }),
    });
    const text = await reply.text();
    if (process.env.BENCH_VERBOSE) console.log(reply.status, text.slice(0, 200));
    return { status: reply.status, ms: performance.now() - began, mb: zip.length / 1e6 };
  };
  // Warm-up: a real import and a few pages, so the baseline is a server that has served.
  await importZip(writeZip(parts));
  for (let i = 0; i < 5; i++) await (await fetch(`${baseURL}/`)).text();

  const imports = await phase("hostile imports (one after another)", async () => {
    const answers = [];
    for (const [label, zip] of hostile) answers.push({ label, ...(await importZip(zip)) });
    return answers;
  });
  for (const a of imports.result) {
    console.log(
      `  ${a.label.padEnd(48)} ${a.mb.toFixed(1).padStart(4)} MB zip → ${a.status} in ${a.ms.toFixed(0).padStart(4)} ms (${verdict(a.ms < GOAL.answerMs)})`,
    );
  }

  const flood = await phase(`${FLOOD.requests} × ${FLOOD.bytes / 1e6} MB chunked POST /login at once`, () =>
    Promise.all(
      Array.from({ length: FLOOD.requests }, () =>
        floodPost(`${baseURL}/login`, { total: FLOOD.bytes, ignoreAnswer: true }),
      ),
    ),
  );
  for (const [i, a] of flood.result.entries()) {
    console.log(
      `  flood ${i + 1}: ${a.status} in ${a.ms.toFixed(0).padStart(4)} ms, ${(a.sent / 1e6).toFixed(0)} MB sent before the server closed (${verdict(a.ms < GOAL.answerMs)})`,
    );
  }
  const declared = await phase(`${FLOOD.requests} × ${FLOOD.bytes / 1e6} MB declared POST /login at once`, () =>
    Promise.all(
      Array.from({ length: FLOOD.requests }, () =>
        floodPost(`${baseURL}/login`, { total: FLOOD.bytes, declareLength: true, ignoreAnswer: true }),
      ),
    ),
  );
  for (const [i, a] of declared.result.entries()) {
    console.log(
      `  declared ${i + 1}: ${a.status} in ${a.ms.toFixed(0).padStart(4)} ms, ${(a.sent / 1e6).toFixed(0)} MB sent before the server closed (${verdict(a.ms < GOAL.answerMs)})`,
    );
  }
  const peak = Math.max(imports.peak, flood.peak, declared.peak);
  console.log(`peak RSS ${peak.toFixed(0)} MB (goal < ${GOAL.peakMb} MB: ${verdict(peak < GOAL.peakMb)})`);
} finally {
  await kill(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (typeof stopPostgres === "function") await stopPostgres();
}
