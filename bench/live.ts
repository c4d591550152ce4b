// `npm run bench:live`: the spectator side under a stream's crowd, beside a bare node:http server as the platform's limit.
// Starts the built app (embedded PGlite, or BENCH_DB=postgres for a throwaway PostgreSQL) pinned to one core, seeds a 256-player tournament in round 1
// with 31 of 32 lobbies scored, then measures: SSE fan-out to 1k/5k/10k streams, memory per stream, the re-validation
// storm of 5,000 spectators, and requests per second of the public pages. Loopback only; every loop is bounded.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { refetchDelay } from "~/components/live";
import { freePort, waitUntilAnswering } from "../tests/setup/e2e-global";
import { closeStreams, fanOut, hasTaskset, openStreams, pinLoadToCore1, pinned, rate as measureRate } from "./sse";
import { benchDatabase, root, seedTournament, startBuiltApp } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// Largest first: its memory is measured from a heap no earlier streams have grown (later counts reuse it).
const STREAM_COUNTS = (process.env.BENCH_STREAMS ?? "10000,5000,1000").split(",").map(Number);
const STORM = Number(process.env.BENCH_STORM ?? 5000);
const CORES = os.availableParallelism();
// The load generator takes the other core, so the server's core is its own.
pinLoadToCore1();

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** The node process itself (taskset runs it with exec, so the PIDs match; otherwise the child's child). */
function serverPid(child: ReturnType<typeof spawn>) {
  return child.pid!;
}

const rate = (url: string, headers: Record<string, string> = {}) => measureRate(url, SECONDS, headers);

async function main() {
  const db = await benchDatabase();
  const plainPort = await freePort();
  const plainBase = `http://127.0.0.1:${plainPort}`;
  const { app, base, stop: stopApp } = await startBuiltApp({ databaseUrl: db.url, wrap: pinned });
  const [pcmd, pargs] = pinned([process.execPath, "bench/plain-server.mjs"]);
  const plain = spawn(pcmd, pargs, { cwd: root, env: { ...process.env, PORT: String(plainPort) }, stdio: "ignore" });
  const stop = async () => {
    plain.kill("SIGTERM");
    await stopApp();
  };
  process.on("exit", () => plain.kill("SIGTERM"));
  try {
    await waitUntilAnswering(plainBase, plain, 60_000);
    console.log(
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${CORES} cores, Node ${process.version}; server pinned to core 0: ${hasTaskset ? "yes" : "no (no taskset)"}; database: ${db.url ? "PostgreSQL" : "embedded PGlite"}`,
    );
    const tournament = await seedTournament(base, {
      size: 256,
      name: "Stream Cup",
      host: { username: "bench_host", password: "bench-pass-123" },
    });
    const id = tournament.id;
    console.log(`Seeded tournament ${id}: 256 players, round 1, 31 of 32 lobbies scored.\n`);

    // 4. Requests per second (first, on a quiet server).
    // A browser's navigation gets the stylesheet inline; the live script's re-fetch (Sec-Fetch-Dest: empty) gets it
    // linked (docs/decisions/016-inline-stylesheet.md).
    const refetch = { "Sec-Fetch-Dest": "empty", Accept: "text/html" };
    const pages: [string, string, Record<string, string>?][] = [
      ["public view .data", `${base}/tournaments/${id}/public.data`],
      ["public view HTML", `${base}/tournaments/${id}/public`],
      ["public view HTML, live re-fetch", `${base}/tournaments/${id}/public`, refetch],
      ["leaderboard HTML", `${base}/tournaments/${id}/leaderboard`],
      ["landing page / HTML", `${base}/`],
      ["player profile HTML", `${base}/tournaments/${id}/public/player/1`],
    ];
    console.log(
      "Page weight (uncompressed; hydration data = the inline scripts React Router streams the loader data in):",
    );
    for (const [label, url, headers] of pages) {
      const html = await (await fetch(url, { headers: { "Accept-Encoding": "identity", ...headers } })).text();
      const hydration = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1])
        .filter((body) => body.includes("streamController") || body.includes("__reactRouterContext"))
        .reduce((sum, body) => sum + Buffer.byteLength(body), 0);
      console.log(
        `  ${label.padEnd(40)} ${(Buffer.byteLength(html) / 1024).toFixed(1).padStart(6)} KB${url.endsWith(".data") ? "" : `, hydration data ${(hydration / 1024).toFixed(1)} KB`}`,
      );
    }
    const plainRate = await rate(`${plainBase}/page`);
    console.log(`Requests per second, 32 connections, ${SECONDS} s each, Accept-Encoding of a browser:`);
    console.log(
      `  ${"plain node:http, 20 KB gzipped answer".padEnd(40)} ${plainRate.rps.toFixed(0).padStart(7)} req/s`,
    );
    for (const [label, url, headers] of pages) {
      const r = await rate(url, headers);
      console.log(
        `  ${label.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB/answer  ratio to plain ${(r.rps / plainRate.rps).toFixed(2)}${r.errors ? `  (${r.errors} errors)` : ""}`,
      );
    }
    const first = await fetch(`${base}/tournaments/${id}/public.data`, { headers: { "Accept-Encoding": "gzip" } });
    const etag = first.headers.get("etag") ?? "";
    const notModified = await rate(`${base}/tournaments/${id}/public.data`, { "If-None-Match": etag });
    console.log(
      `  ${"public view .data, If-None-Match (304)".padEnd(40)} ${notModified.rps.toFixed(0).padStart(7)} req/s`,
    );

    // 1 and 2. Fan-out and memory per stream.
    console.log("\nServer-sent events: a score save sent → the event at the last stream");
    const appPid = serverPid(app);
    for (const [index, count] of STREAM_COUNTS.entries()) {
      const before = rssKiB(appPid);
      const clients = await openStreams(`${base}/api/events?tournamentId=${id}`, count);
      await new Promise((r) => setTimeout(r, 500));
      const after = rssKiB(appPid);
      // Three saves each; the median is reported (the first also warms the path up).
      const median3 = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
      const appRuns: number[] = [];
      for (let i = 0; i < 3; i++) appRuns.push(await fanOut(clients, tournament.save));
      closeStreams(clients);
      const plainClients = await openStreams(`${plainBase}/events`, count);
      const plainRuns: number[] = [];
      for (let i = 0; i < 3; i++)
        plainRuns.push(await fanOut(plainClients, () => fetch(`${plainBase}/broadcast`, { method: "POST" })));
      closeStreams(plainClients);
      const appMs = median3(appRuns);
      const plainMs = median3(plainRuns);
      const memory = index === 0 ? `; app memory ${((after - before) / count).toFixed(1)} KiB per stream (RSS)` : "";
      console.log(
        `  ${String(count).padStart(6)} streams: app ${appMs.toFixed(0).padStart(5)} ms, plain ${plainMs.toFixed(0).padStart(5)} ms (ratio ${(appMs / plainMs).toFixed(2)})${memory}`,
      );
      await new Promise((r) => setTimeout(r, 1000));
    }

    // 3. The storm: every spectator re-fetches the public view after the event, as its live script does (the page's
    // HTML, Sec-Fetch-Dest: empty; docs/decisions/013), with the client's own spread.
    console.log(`\nRe-validation storm: ${STORM} spectators re-fetch /tournaments/${id}/public after an event`);
    const clients = await openStreams(`${base}/api/events?tournamentId=${id}`, STORM);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
    const served: number[] = [];
    let failed = 0;
    let eventAt = 0;
    const storm = clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          client.waiters.push((at) => {
            eventAt = eventAt || at;
            const message = client.last ?? "";
            const audience = JSON.parse(message.replace(/^data: /, "")).audience;
            setTimeout(() => {
              http
                .get(
                  `${base}/tournaments/${id}/public`,
                  { agent, headers: { "Accept-Encoding": "gzip", ...refetch } },
                  (res) => {
                    if (res.statusCode !== 200) failed++;
                    res.resume();
                    res.on("end", () => {
                      served.push(performance.now());
                      resolve();
                    });
                  },
                )
                .on("error", () => {
                  failed++;
                  resolve();
                });
            }, refetchDelay(audience));
          });
        }),
    );
    await tournament.save();
    await Promise.all(storm);
    closeStreams(clients);
    agent.destroy();
    const last = Math.max(...served) - eventAt;
    console.log(
      `  all ${served.length} served ${(last / 1000).toFixed(2)} s after the event (spread window ${(refetchDelay(STORM, 1) / 1000).toFixed(2)} s, ${failed} failed)`,
    );
  } finally {
    await stop();
    await db.stop?.();
  }
}

await main();
process.exit(0);
