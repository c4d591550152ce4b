// Standings reads: the leaderboard of every player in play, and the standings of those who play the next round.
import { eq } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { matches, players, type Player, type Tournament } from "#db/schema";
import { eligibleForRound } from "../rounds/lobbies";
import type { StandingRow, StandingsMatch } from "./standings";
import { currentStageStandings, overallStandings } from "./stage-standings";
import { readRuleset } from "./ruleset";
import { toEnginePlayer } from "./stats.server";
import { findTournamentOr404 } from "../action.server";
import { dropFields, type DropFields } from "../access/policy";

/** A player's row: who they are, and their standing (totals, rank, what separated them from the row above). */
export type LeaderboardRow = Pick<
  Player,
  "id" | "tournamentId" | "name" | "riotTag" | "lp" | "seed" | "isEliminated" | "isCheckedIn"
> &
  Omit<StandingRow, "playerId" | "isEliminated" | "isDropped"> &
  DropFields &
  StageFields;

/**
 * What stages add to a row (app/models/format/stage-standings.ts): the number of the stage that ranks it (1 for the first:
 * the one the player is in, or was cut or dropped in), the event's points, the checkmate mark.
 */
export type StageFields = { stage: number; eventPoints: number; onCheckmate: boolean };

/** Standings of every player in play (soft-removed excluded), active first, in tiebreak order. */
export async function getLeaderboard(db: Executor, tournamentId: number): Promise<LeaderboardRow[]> {
  const t = await findTournamentOr404(db, tournamentId);
  const [rows, played] = await loadPlayersAndMatches(db, tournamentId);
  const byId = new Map(rows.map((p) => [p.id, p]));
  return overallStandings(rows.map(toEnginePlayer), played, t, readRuleset(t.ruleset).tiebreakers).map((row) =>
    toLeaderboardRow(byId.get(row.playerId)!, row),
  );
}

export function toLeaderboardRow(p: Player, row: StandingRow & Partial<StageFields>): LeaderboardRow {
  return {
    id: p.id,
    tournamentId: p.tournamentId,
    name: p.name,
    riotTag: p.riotTag,
    lp: p.lp,
    seed: p.seed,
    isEliminated: p.isEliminated,
    isCheckedIn: p.isCheckedIn,
    ...dropFields(p),
    rank: row.rank,
    totalPoints: row.totalPoints,
    matchesPlayed: row.matchesPlayed,
    averagePlacement: row.averagePlacement,
    bestFinish: row.bestFinish,
    wins: row.wins,
    top4: row.top4,
    separatedBy: row.separatedBy,
    stage: (row.stage ?? 0) + 1,
    eventPoints: row.eventPoints ?? row.totalPoints,
    onCheckmate: row.onCheckmate ?? false,
  };
}

async function loadPlayersAndMatches(db: Executor, tournamentId: number) {
  const rows = await db.select().from(players).where(eq(players.tournamentId, tournamentId));
  const played = await db
    .select({
      playerId: matches.playerId,
      roundNumber: matches.roundNumber,
      placement: matches.placement,
      points: matches.points,
      dnp: matches.dnp,
    })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId));
  return [rows, played] as const;
}

/** The standings of the players who would play the next round (checked in, not eliminated, not removed), in the tournament's chain. */
export async function activeStandings(
  db: Executor,
  t: Pick<Tournament, "id" | "ruleset" | "stages" | "totalRounds" | "lobbyMethod" | "currentRound">,
): Promise<{ active: StandingRow[]; rows: Player[]; played: StandingsMatch[] }> {
  const [rows, played] = await loadPlayersAndMatches(db, t.id);
  const chain = readRuleset(t.ruleset).tiebreakers;
  // The current stage's standings (one stage: the standings as always): cuts plan from them.
  return {
    active: currentStageStandings(eligibleForRound(rows.map(toEnginePlayer)), played, t, chain),
    rows,
    played,
  };
}
