// Benchmarks: the pure round rules at 256 players, and one lobby's score save on PGlite and on a throwaway PostgreSQL.
import os from "node:os";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "#db/client.server";
import { players, users } from "#db/schema";
import { toPublicUser } from "~/models/access/auth.server";
import { planRoundLobbies } from "~/models/rounds/lobbies";
import { bulkAddPlayers } from "~/models/roster/roster.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { DEFAULT_SCORING, pointsFor } from "~/models/format/scoring";
import { computeStandings } from "~/models/format/standings";
import { RIOT_TIEBREAKERS, STANDARD_TIEBREAKERS } from "~/models/format/ruleset";
import { tournamentNeeds, type NeedsData } from "~/models/views/needs";
import { createTournament } from "~/models/tournaments/tournaments.server";
import type { EngineLobby, EngineMatch, EnginePlayer, LobbyMethod } from "~/models/format/types";
import { tournamentCreateSchema } from "~/models/tournaments/tournament-input";
import startTestPostgres from "../tests/setup/postgres-global";

const migrationsDir = fileURLToPath(new URL("../db/migrations", import.meta.url));
const PURE_RUNS = Number(process.env.BENCH_PURE_RUNS ?? 200);
const SAVE_RUNS = Number(process.env.BENCH_SAVE_RUNS ?? 300);
const WARMUP = 20;

function median(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(runs: number, fn: (i: number) => unknown | Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return { median: median(samples), p95: percentile(samples, 95), runs };
}

function report(label: string, r: { median: number; p95: number; runs: number }, targetMs: number) {
  const verdict = r.median < targetMs ? "ok" : "OVER TARGET";
  console.log(
    `${label.padEnd(58)} median ${r.median.toFixed(2).padStart(7)} ms   p95 ${r.p95.toFixed(2).padStart(7)} ms   (${r.runs} runs, target < ${targetMs} ms: ${verdict})`,
  );
}

/** Deterministic shuffle so every run measures the same tournament. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 256 players after `rounds` rounds (9 by default), each drawn by `method` and scored with random placements. */
function playedTournament(method: LobbyMethod, rounds = 9) {
  const rand = rng(42);
  const roster: EnginePlayer[] = Array.from({ length: 256 }, (_, i) => ({
    id: i + 1,
    name: `Player ${i + 1}`,
    riotTag: "NA1",
    lp: Math.floor(rand() * 3000),
    seed: null,
    isEliminated: false,
    isCheckedIn: true,
    isRemoved: false,
    isDropped: false,
    adjustPoints: 0,
    adjustMatches: 0,
    adjustAvg: null,
  }));
  const matchList: EngineMatch[] = [];
  const lobbyList: EngineLobby[] = [];
  let lobbyId = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const drawn of planRoundLobbies(method, roster, matchList, lobbyList, round)) {
      const id = ++lobbyId;
      lobbyList.push({ id, roundNumber: round, name: drawn.name, playerIds: drawn.playerIds, isComplete: true });
      const places = drawn.playerIds.map((_, i) => i + 1).sort(() => rand() - 0.5);
      drawn.playerIds.forEach((playerId, i) =>
        matchList.push({
          playerId,
          lobbyId: id,
          roundNumber: round,
          placement: places[i],
          points: pointsFor(DEFAULT_SCORING, places[i]),
        }),
      );
    }
  }
  return { roster, matchList, lobbyList };
}

async function benchPure() {
  console.log("\n(a) standings + round 10 lobby draw, 256 players after 9 scored rounds (pure functions)");
  for (const method of ["snake", "swiss", "round-robin"] as const) {
    const { roster, matchList, lobbyList } = playedTournament(method);
    const result = await measure(PURE_RUNS, () => {
      computeStandings(roster, matchList);
      return planRoundLobbies(method, roster, matchList, lobbyList, 10);
    });
    report(`    ${method}`, result, 5);
  }
}

/** Standings of 256 players after 10 rounds under the riot chain, against the standard chain in the same run. */
async function benchRiotStandings() {
  console.log("\n(c) standings, 256 players after 10 scored rounds, riot tiebreak chain (pure functions)");
  const { roster, matchList } = playedTournament("snake", 10);
  const standard = await measure(PURE_RUNS, () => computeStandings(roster, matchList, STANDARD_TIEBREAKERS));
  const riot = await measure(PURE_RUNS, () => computeStandings(roster, matchList, RIOT_TIEBREAKERS));
  report("    standard chain (baseline)", standard, 5);
  report("    riot chain", riot, 5);
  console.log(`    riot / standard median: ${(riot.median / standard.median).toFixed(2)}×`);
}

/**
 * "What do I need" (docs/decisions/026-what-do-i-need.md) for 256 players before the last game of a stage that cuts to
 * 128 (32 lobbies of round 10 drawn, none scored), and before Elimination's proposed cut between games (the bottom 64,
 * so the best 192 go through), against the standings of the same players in the same run.
 */
async function benchNeeds() {
  console.log("\n(d) what do I need, 256 players in 32 lobbies before a cut to 128 or 192 (pure functions)");
  const { roster, matchList, lobbyList } = playedTournament("snake", 9);
  const drawn = planRoundLobbies("snake", roster, matchList, lobbyList, 10).map((l) => ({
    roundNumber: 10,
    playerIds: l.playerIds,
    isComplete: false,
  }));
  // Day 1's cut applies only because Day 2 follows it (advanceRound: the last stage's end is never applied).
  const stageCut = { format: "standard", totalRounds: 15 } as const;
  const stageCutStages = [
    { name: "Day 1", games: 10, draw: "snake", points: "carry", end: { cutTo: 128 } },
    { name: "Day 2", games: 5, draw: "snake", points: "carry", end: null },
  ] as const;
  for (const [name, preset, tiebreakers, format, stages] of [
    ["standard", "standard", STANDARD_TIEBREAKERS, stageCut, stageCutStages],
    ["riot", "riot", RIOT_TIEBREAKERS, stageCut, stageCutStages],
    ["elimination (standard)", "standard", STANDARD_TIEBREAKERS, { format: "elimination", totalRounds: 11 }, null],
  ] as const) {
    const data: NeedsData = {
      tournament: {
        status: "active",
        ...format,
        currentRound: 10,
        lobbyMethod: "snake",
        scoring: { ...DEFAULT_SCORING },
        ruleset: { preset, tiebreakers: [...tiebreakers] },
        stages: stages && stages.map((st) => ({ ...st })),
      },
      players: roster.map((p) => ({
        id: p.id,
        seed: p.seed,
        isCheckedIn: true,
        isEliminated: false,
        removedAt: null,
        droppedAt: null,
        adjustPoints: 0,
        adjustMatches: 0,
        adjustAverage: null,
      })),
      lobbies: [...lobbyList.map((l) => ({ ...l })), ...drawn],
      matches: matchList.map((m) => ({ ...m, dnp: false })),
    };
    if (tournamentNeeds(data)?.byPlayer.size !== 256) throw new Error("every player should have a need");
    // The baseline: the standings of the same players computed 16 times, a plain workload of the same order, so
    // the ratio holds on a loaded machine where a long task is preempted more often than a short one.
    const standings = await measure(PURE_RUNS, () => {
      for (let i = 0; i < 16; i++) computeStandings(roster, matchList, tiebreakers);
    });
    const cpuBefore = process.cpuUsage();
    const needs = await measure(PURE_RUNS, () => tournamentNeeds(data));
    const cpu = process.cpuUsage(cpuBefore);
    report(`    ${name}: standings × 16 (baseline)`, standings, 80);
    report(`    ${name}: what do I need`, needs, 50);
    console.log(
      `    ${name}: needs / baseline median: ${(needs.median / standings.median).toFixed(2)}×; ` +
        `CPU ${((cpu.user + cpu.system) / 1000 / (PURE_RUNS + 20)).toFixed(1)} ms a computation`,
    );
  }
}

/** A 256-player tournament in round 1, every lobby drawn; one lobby's scores saved again and again. */
async function benchSave(database: Database, label: string) {
  const { db } = database;
  const [row] = await db
    .insert(users)
    .values({ username: `bench_${Date.now()}`, password: "scrypt$bench", role: "user" })
    .returning();
  const owner = toPublicUser(row);
  const input = tournamentCreateSchema.parse({ name: "Bench Cup", maxPlayers: 256, totalRounds: 10 });
  const { result: t } = await createTournament(db, owner, input);
  await bulkAddPlayers(
    db,
    owner,
    t.id,
    Array.from({ length: 256 }, (_, i) => ({ name: `Player ${i + 1}`, riotTag: "NA1", lp: i })),
  );
  await db.update(players).set({ isCheckedIn: true }).where(eq(players.tournamentId, t.id));
  const { result } = await generateLobbies(db, owner, t.id);
  if (result.status !== "generated") throw new Error("no lobbies drawn");
  const lobby = result.lobbies[0];
  const orders = [lobby.playerIds, [...lobby.playerIds].reverse()].map((ids) =>
    ids.map((playerId, i) => ({ playerId, placement: i + 1 })),
  );
  // Alternating orders, so every save really replaces eight matches and rewrites eight totals.
  const cpu = process.cpuUsage();
  const r = await measure(SAVE_RUNS, (i) => saveScores(db, owner, lobby.id, orders[i % 2]));
  const used = process.cpuUsage(cpu);
  report(`    ${label}`, r, 20);
  // This process's CPU per save (warm-up included): the app's own work, and on PGlite the database's too (it runs here).
  console.log(
    `${"".padEnd(4)}  CPU of this process per save: ${((used.user + used.system) / 1000 / (SAVE_RUNS + WARMUP)).toFixed(2)} ms` +
      (database.driver === "pglite" ? " (the embedded database's work included)" : ""),
  );
}

async function main() {
  console.log(
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}, ${os.platform()}`,
  );
  await benchPure();
  await benchRiotStandings();
  await benchNeeds();

  console.log(
    "\n(b) saveScores of one 8-player lobby in a 256-player tournament (transaction, lock, replace, recompute)",
  );
  const pglite = await openDatabase({ dataDir: "memory://", migrationsDir });
  try {
    await benchSave(pglite, "PGlite (in memory)");
  } finally {
    await pglite.close();
  }

  // The integration tests' global setup starts (or reuses, with TEST_DATABASE_URL) a throwaway server.
  let adminUrl: string | undefined;
  let unavailable: string | undefined;
  const stop = await startTestPostgres({
    provide(key: string, value: string) {
      if (key === "pgAdminUrl") adminUrl = value;
      if (key === "pgUnavailableReason") unavailable = value;
    },
  } as never);
  try {
    if (!adminUrl) {
      console.log(`    PostgreSQL: skipped (${unavailable ?? "no server"})`);
      return;
    }
    const postgresDb = await openDatabase({ databaseUrl: adminUrl, migrationsDir, maxConnections: 2 });
    try {
      await benchSave(postgresDb, "PostgreSQL (local server, TCP)");
    } finally {
      await postgresDb.close();
    }
  } finally {
    if (typeof stop === "function") await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
