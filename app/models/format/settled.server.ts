// Settled or live: the standings as they stood after any round, whether each row is final for the last finalized round,
// and each row's movement from the round before (docs/rules.md, "Settled and live standings").
import type { Lobby, Match, Player, Tournament } from "#db/schema";
import { badRequest } from "../errors";
import { readRuleset, type Tiebreaker, STANDARD_TIEBREAKERS } from "./ruleset";
import type { StandingRow } from "./standings";
import {
  checkmateOutcome,
  eventPointsOf,
  lastPlayedRounds,
  overallStandings,
  stageStandings,
  withWinnerFirst,
  type StageRow,
} from "./stage-standings";
import { stageAt, stagePositions, stagesOf } from "./stages";
import { toLeaderboardRow, type LeaderboardRow } from "./standings.server";
import { toEnginePlayer } from "./stats.server";
import type { Need } from "./needs";
import type { Needs } from "../views/needs";

/** What the standings of any round are computed from: the tournament's data as one snapshot holds it. */
export type StandingsData = {
  tournament: Pick<Tournament, "id" | "version" | "status" | "currentRound" | "finalizedRound"> & {
    /** The tiebreak chain (docs/rules.md, "Rulesets and tiebreaks"); absent: the standard one. */
    ruleset?: Tournament["ruleset"];
    /** The stages (app/models/format/stages.ts); absent: one stage, the standings as always. */
    stages?: Tournament["stages"];
    totalRounds?: number;
    lobbyMethod?: Tournament["lobbyMethod"];
  };
  players: readonly Player[];
  lobbies: readonly Pick<Lobby, "roundNumber">[];
  matches: readonly (Pick<Match, "playerId" | "roundNumber" | "placement" | "points"> & { dnp?: boolean })[];
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
  data: Pick<StandingsData, "players" | "matches"> & { tournament?: StandingsData["tournament"] },
  round: number | null,
  chain: readonly Tiebreaker[] = STANDARD_TIEBREAKERS,
): StageRow[] {
  const t = stagedOf(data.tournament);
  if (round === null) return overallStandings(data.players.map(toEnginePlayer), data.matches, t, chain);
  const lastPlayed = new Map<number, number>();
  for (const m of data.matches) lastPlayed.set(m.playerId, Math.max(lastPlayed.get(m.playerId) ?? 0, m.roundNumber));
  const players = data.players.map((p) => ({
    ...toEnginePlayer(p),
    isEliminated: p.isEliminated && (lastPlayed.get(p.id) ?? 0) <= round,
    isDropped: droppedBy(p, round),
  }));
  return overallStandings(players, data.matches, t, chain, round);
}

/**
 * Whether the player had dropped by the end of round `round`: a drop counts from the round it was made in
 * (`dropRound`, the current round then), so standings read after an earlier round show them as they stood.
 */
function droppedBy(p: Pick<Player, "droppedAt" | "dropRound">, round: number): boolean {
  return p.droppedAt !== null && (p.dropRound ?? 0) <= round;
}

/** A row's drop fields as they stood when its standings were read: none for a player who dropped later. */
function dropAsOf(row: Pick<StandingRow, "isDropped">) {
  return row.isDropped ? {} : { isDropped: false, dropReason: null, dropRound: null };
}

/** The stage fields standings read, one stage when the data carries none (as before stages existed). */
function stagedOf(t: StandingsData["tournament"] | undefined) {
  return {
    stages: t?.stages ?? null,
    totalRounds: t?.totalRounds ?? 1,
    lobbyMethod: t?.lobbyMethod ?? ("snake" as const),
    currentRound: t?.currentRound ?? 1,
  };
}

export const UNKNOWN_STAGE_MESSAGE = "Unknown stage";
export const stageNotStarted = (name: string) => `${name} has not started`;

/**
 * One stage's standings (`?stage=N`, 0-based): the players who entered it, ranked by its points (carried or reset),
 * live. 400 for a stage the tournament does not have or one that has not started.
 */
export function stageLeaderboardRows(data: StandingsData, stage: number): SettledRow[] {
  const t = data.tournament;
  const staged = stagedOf(t);
  const stages = stagesOf(staged);
  if (!Number.isInteger(stage) || stage < 0 || stage >= stages.length)
    throw badRequest("invalid_input", UNKNOWN_STAGE_MESSAGE, "stage");
  const position = stagePositions(stages)[stage];
  if (stage > 0 && stageAt(stages, t.currentRound).index < stage)
    throw badRequest("invalid_input", stageNotStarted(position.stage.name), "stage");
  const chain = readRuleset(t.ruleset).tiebreakers;
  const engine = data.players.map(toEnginePlayer);
  // An ended stage reads as it stood at its end: a player who played on after it was still in then, however a later
  // cut or drop treated them (issue #18: "standings of earlier stages stay readable").
  const last = lastPlayedRounds(data.matches);
  const asAtEnd = engine.map((p, i) =>
    (last.get(p.id) ?? 0) > position.lastRound
      ? { ...p, isEliminated: false, isDropped: false }
      : { ...p, isDropped: droppedBy(data.players[i], position.lastRound) },
  );
  // Its games are the last it counts: the event's points (a criterion, and each row's eventPoints) as they stood then,
  // so later stages' games never reorder it.
  const rows = stageStandings(asAtEnd, data.matches, stages, stage, chain, position.lastRound);
  const checkmate = checkmateOutcome(engine, data.matches, stages, chain, t.currentRound);
  const players = new Map(data.players.map((p) => [p.id, p]));
  const event = eventPointsOf(engine, data.matches, position.lastRound);
  // A checkmate winner first of all, as on the overall standings (the row below them separated by "status").
  const ordered = stage === stages.length - 1 ? withWinnerFirst(rows, checkmate?.winnerId ?? null) : rows;
  return ordered.map((row) => ({
    ...toLeaderboardRow(players.get(row.playerId)!, {
      ...row,
      stage,
      eventPoints: event.get(row.playerId) ?? row.totalPoints,
      // On checkmate is about the checkmate stage's game ahead: an earlier stage's rows never carry it.
      onCheckmate: stage === stages.length - 1 && (checkmate?.onCheckmate.has(row.playerId) ?? false),
    }),
    isEliminated: row.isEliminated,
    ...dropAsOf(row),
    final: t.status === "completed" || t.currentRound > position.lastRound,
    rankChange: null,
    // What a player needs is about the game ahead, read on the overall standings only.
    need: null,
  }));
}

const sameStanding = (a: StandingRow, b: StandingRow | undefined) =>
  b !== undefined &&
  a.rank === b.rank &&
  a.totalPoints === b.totalPoints &&
  a.matchesPlayed === b.matchesPlayed &&
  a.averagePlacement === b.averagePlacement &&
  a.isEliminated === b.isEliminated &&
  a.isDropped === b.isDropped;

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
      ...dropAsOf(row),
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
