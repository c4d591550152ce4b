// Settled or live: the standings as they stood after any round, whether each row is final for the last finalized round,
// and each row's movement from the round before (docs/rules.md, "Settled and live standings").
import type { Executor } from "#db/client.server";
import type { Lobby, Match, Player, Tournament } from "#db/schema";
import { findTournamentOr404 } from "./action.server";
import { badRequest, notFound } from "./errors";
import { readRuleset, type Tiebreaker } from "./ruleset";
import { computeStandings, type StandingRow } from "./standings";
import { toLeaderboardRow, type LeaderboardRow } from "./standings.server";
import { toEnginePlayer } from "./stats.server";
import { tournamentSnapshot } from "./views/snapshot.server";
import type { Need } from "./needs";
import { needsOf, type Needs } from "./views/needs";

/** What the standings of any round are computed from: the tournament's data as one snapshot holds it. */
export type StandingsData = {
  tournament: Pick<Tournament, "id" | "version" | "status" | "currentRound" | "finalizedRound"> & {
    /** The tiebreak chain (docs/rules.md, "Rulesets and tiebreaks"); absent: the standard one. */
    ruleset?: Tournament["ruleset"];
  };
  players: readonly Player[];
  lobbies: readonly Pick<Lobby, "roundNumber">[];
  matches: readonly Pick<Match, "playerId" | "roundNumber" | "placement" | "points">[];
};

export type SettledRow = LeaderboardRow & {
  /** This row is the standing after the last finalized round: no later score has moved it. */
  final: boolean;
  /** Places gained since the round before (positive: up); null in round 1 or for a player not ranked then. */
  rankChange: number | null;
  /** "What do I need" before the last game ahead of a line (docs/rules.md); null with none ahead, or `?round=`. */
  need: Need | null;
};

export type LeaderboardAnswer = {
  tournamentId: number;
  version: number;
  status: Tournament["status"];
  currentRound: number;
  finalizedRound: number;
  /** The round these standings are after (`?round=N`); null for the live standings. */
  round: number | null;
  /** Every row is final: nothing saved since the last finalized round (or the round asked for is finalized). */
  settled: boolean;
  rows: SettledRow[];
};

export const INVALID_ROUND_MESSAGE = "Invalid round number";
export const roundNotStarted = (round: number) => `Round ${round} has not started`;

/** The highest round that has lobbies; 0 before round 1 is drawn. */
export function lastDrawnRound(data: Pick<StandingsData, "lobbies">): number {
  return data.lobbies.reduce((max, l) => Math.max(max, l.roundNumber), 0);
}

/**
 * The standings after `round` (null: now). Matches of later rounds do not count; a player who is out
 * now counts as out after `round` only when they played no later round (a cut after round N shows in
 * round N's standings, as the live board shows it once the round has advanced). A master's
 * adjustments carry no round: they count in every round's standings.
 */
export function standingsAfter(
  data: Pick<StandingsData, "players" | "matches">,
  round: number | null,
  chain?: readonly Tiebreaker[],
): StandingRow[] {
  if (round === null) return computeStandings(data.players.map(toEnginePlayer), data.matches, chain);
  const lastPlayed = new Map<number, number>();
  for (const m of data.matches) lastPlayed.set(m.playerId, Math.max(lastPlayed.get(m.playerId) ?? 0, m.roundNumber));
  const players = data.players.map((p) => ({
    ...toEnginePlayer(p),
    isEliminated: p.isEliminated && (lastPlayed.get(p.id) ?? 0) <= round,
  }));
  return computeStandings(
    players,
    data.matches.filter((m) => m.roundNumber <= round),
    chain,
  );
}

const sameStanding = (a: StandingRow, b: StandingRow | undefined) =>
  b !== undefined &&
  a.rank === b.rank &&
  a.totalPoints === b.totalPoints &&
  a.matchesPlayed === b.matchesPlayed &&
  a.averagePlacement === b.averagePlacement &&
  a.isEliminated === b.isEliminated;

const byPlayer = (rows: StandingRow[]) => new Map(rows.map((r) => [r.playerId, r]));

/**
 * The leaderboard answer: live (`round` null) or after round `round`, which must be a drawn round
 * (400 otherwise). Live rows are final when they equal their row after the last finalized round;
 * a finalized round's rows are all final; a completed tournament's are. `needs` (app/models/views/needs.ts) fill the
 * live rows' `need`.
 */
export function leaderboardAnswer(data: StandingsData, round: number | null, needs: Needs = null): LeaderboardAnswer {
  const t = data.tournament;
  if (round !== null) {
    if (!Number.isInteger(round) || round < 1) throw badRequest("invalid_input", INVALID_ROUND_MESSAGE);
    if (round > lastDrawnRound(data)) throw badRequest("invalid_input", roundNotStarted(round));
  }
  const completed = t.status === "completed";
  const chain = readRuleset(t.ruleset).tiebreakers;
  const rows = standingsAfter(data, round, chain);
  // The round these standings are after, to compare with the one before it.
  const shownRound = round ?? data.matches.reduce((max, m) => Math.max(max, m.roundNumber), 0);
  const before = shownRound > 1 ? byPlayer(standingsAfter(data, shownRound - 1, chain)) : null;
  let isFinal: (row: StandingRow) => boolean;
  if (completed) isFinal = () => true;
  else if (round !== null) isFinal = () => round <= t.finalizedRound;
  else if (t.finalizedRound < 1) isFinal = () => false;
  else {
    const settledRows = byPlayer(standingsAfter(data, t.finalizedRound, chain));
    isFinal = (row) => sameStanding(row, settledRows.get(row.playerId));
  }
  const players = new Map(data.players.map((p) => [p.id, p]));
  const answerRows = rows.map((row): SettledRow => {
    const previous = before?.get(row.playerId);
    return {
      ...toLeaderboardRow(players.get(row.playerId)!, row),
      isEliminated: row.isEliminated,
      final: isFinal(row),
      rankChange: previous ? previous.rank - row.rank : null,
      need: (round === null ? needs?.byPlayer.get(row.playerId) : null) ?? null,
    };
  });
  return {
    tournamentId: t.id,
    version: t.version,
    status: t.status,
    currentRound: t.currentRound,
    finalizedRound: t.finalizedRound,
    round,
    settled: answerRows.length > 0 ? answerRows.every((r) => r.final) : completed || t.finalizedRound >= 1,
    rows: answerRows,
  };
}

/**
 * The leaderboard answer of a read that is not shared (app/lib/api-cache.server.ts): after the tournament's checks,
 * from this process's snapshot of its current version, computed once per version and round.
 */
export async function getLeaderboardAnswer(db: Executor, tournamentId: number, round: number | null) {
  await findTournamentOr404(db, tournamentId);
  const snapshot = await tournamentSnapshot(db, tournamentId);
  if (!snapshot) throw notFound();
  return snapshot.view(`leaderboard|${round}`, () => leaderboardAnswer(snapshot.data, round, needsOf(snapshot.data)));
}
