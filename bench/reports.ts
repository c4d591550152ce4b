// Players reporting results (issue #20 item 5): the 256 players of one tournament's 32 lobbies each report their own
// placement through POST /api/pass/report within the same ten seconds, on PostgreSQL, with the owner's "save agreed
// reports" on, so each lobby's eighth report agrees and saves it. Prints the report → saved latency (the agreeing
// report's answer, which carries the save) and every report's latency, then checks in the database that no report was
// lost or doubled and every lobby was saved once.
import os from "node:os";
import postgres from "postgres";
import { lobbiesToSave } from "../tests/api/support/save-burst";
import type { Caller } from "../tests/api/support/staff-round";
import { benchDatabase, startBuiltApp } from "./support";

const WINDOW_MS = Number(process.env.BENCH_REPORTS_WINDOW_MS ?? 10_000);
const RUNS = Number(process.env.BENCH_REPORTS_RUNS ?? 2);

function client(baseURL: string): Caller {
  return async (method, route, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(baseURL + route, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: /^[[{]/.test(text) ? JSON.parse(text) : text, text };
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const { url, stop: stopDb } = await benchDatabase("postgres");
  if (!url) throw new Error("bench:reports needs PostgreSQL");
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const app = await startBuiltApp({ databaseUrl: url });
  try {
    const call = client(app.base);
    const login = await call("POST", "/api/auth/login", {
      body: { username: `bench_${Date.now().toString(36)}`, password: "password123" },
    });
    const owner = login.body.token as string;
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} cores, Node ${process.version}, ` +
        `load average ${load.join(" ")} (shared machine); ${RUNS} runs, reports spread over ${WINDOW_MS / 1000} s`,
    );
    for (let run = 1; run <= RUNS; run++) {
      const lobbies = await lobbiesToSave(call, sql, owner, 32);
      const tournamentId = (lobbies[0] as { tournamentId: number }).tournamentId;
      const saved = await call("PATCH", `/api/tournaments/${tournamentId}/signup`, {
        token: owner,
        body: { saveAgreedReports: true },
      });
      if (saved.status !== 200) throw new Error(`signup settings: ${saved.status} ${saved.text}`);
      // Each player's pass, made by the owner (the players were added in bulk).
      const jobs: { lobbyId: number; playerId: number; placement: number; pass: string; at: number }[] = [];
      for (const [index, lobby] of lobbies.entries()) {
        for (const [seat, playerId] of lobby.playerIds.entries()) {
          const issued = await call("POST", `/api/players/${playerId}/pass`, { token: owner });
          if (issued.status !== 200) throw new Error(`pass: ${issued.status} ${issued.text}`);
          const pass = (issued.body as { pass: string }).pass;
          const placement = ((seat + index) % lobby.playerIds.length) + 1;
          jobs.push({ lobbyId: lobby.id, playerId, placement, pass, at: Math.random() * WINDOW_MS });
        }
      }
      const start = performance.now();
      const answers = await Promise.all(
        jobs.map(async (job) => {
          await sleep(job.at);
          const sent = performance.now();
          const reply = await fetch(`${app.base}/api/pass/report`, {
            method: "POST",
            headers: { authorization: `Pass ${job.pass}`, "content-type": "application/json" },
            body: JSON.stringify({ lobbyId: job.lobbyId, placement: job.placement }),
          });
          const text = await reply.text();
          if (reply.status !== 200) throw new Error(`report answered ${reply.status}: ${text.slice(0, 200)}`);
          const body = JSON.parse(text) as { saved: boolean; state: string };
          return { ...job, ms: performance.now() - sent, saved: body.saved, state: body.state };
        }),
      );
      const spread = performance.now() - start;
      const all = answers.map((a) => a.ms).sort((a, b) => a - b);
      const savedBy = answers.filter((a) => a.saved);
      const toSaved = savedBy.map((a) => a.ms).sort((a, b) => a - b);

      // No report lost or doubled; every lobby saved once, by the agreeing report.
      const ids = lobbies.map((l) => l.id);
      const [reports] = await sql<{ n: number; pairs: number; open: number }[]>`
        select count(*)::int as n, count(distinct (lobby_id, reporter_id))::int as pairs,
               count(*) filter (where settled_at is null)::int as open
        from player_reports where lobby_id = any(${ids})`;
      const [matchRows] = await sql<
        { n: number }[]
      >`select count(*)::int as n from matches where lobby_id = any(${ids})`;
      const [complete] = await sql<{ n: number }[]>`
        select count(*)::int as n from lobbies where id = any(${ids}) and is_complete`;
      const audit = await sql<{ action: string; n: number }[]>`
        select action, count(*)::int as n from audit_entries where tournament_id = ${tournamentId}
          and action in ('report.submitted', 'report.agreed', 'scores.saved') group by action order by action`;
      const counts = Object.fromEntries(audit.map((a) => [a.action, a.n]));
      const problems = [
        reports.n !== 256 && `${reports.n} reports stored, not 256`,
        reports.pairs !== 256 && `${reports.pairs} distinct lobby/reporter pairs`,
        reports.open !== 0 && `${reports.open} reports left unsettled`,
        matchRows.n !== 256 && `${matchRows.n} matches, not 256`,
        complete.n !== 32 && `${complete.n} lobbies saved, not 32`,
        savedBy.length !== 32 && `${savedBy.length} reports answered "saved", not 32`,
        counts["report.submitted"] !== 256 && `${counts["report.submitted"]} reports in the history`,
        counts["scores.saved"] !== 32 && `${counts["scores.saved"]} saves in the history`,
      ].filter(Boolean);
      const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
      console.log(
        `run ${run}: 256 reports in ${fmt(spread)}; report → saved (32 agreeing reports): median ${fmt(percentile(toSaved, 50))}, ` +
          `p95 ${fmt(percentile(toSaved, 95))}, slowest ${fmt(toSaved[toSaved.length - 1])}; every report: median ` +
          `${fmt(percentile(all, 50))}, p95 ${fmt(percentile(all, 95))}, slowest ${fmt(all[all.length - 1])}; ` +
          `stored ${reports.n} reports (${reports.pairs} lobby/reporter pairs), ${matchRows.n} matches, ${complete.n}/32 lobbies saved: ` +
          (problems.length ? `PROBLEMS: ${problems.join("; ")}` : "none lost or doubled"),
      );
      if (problems.length) process.exitCode = 1;
    }
  } finally {
    await app.stop();
    await sql.end({ timeout: 1 });
    await stopDb?.();
  }
}

await main();
