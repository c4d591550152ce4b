// Standings reads: the leaderboard of every player in play, and the standings of those who play the next round.
import { eq } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { matches, players, type Player, type Tournament } from "#db/schema";
import { eligibleForRound } from "./lobbies";
import { computeStandings, type StandingRow } from "./standings";
import { readRuleset } from "./ruleset";
import { toEnginePlayer } from "./stats.server";
import { findTournamentOr404 } from "./action.server";
import { dropFields, type DropFields } from "./policy";

/** A player's row: who they are, and their standing (totals, rank, what separated them from the row above). */
export type LeaderboardRow = Pick<
  Player,
  "id" | "tournamentId" | "name" | "riotTag" | "lp" | "seed" | "isEliminated" | "isCheckedIn"
> &
  Omit<StandingRow, "playerId" | "isEliminated" | "isDropped"> &
  DropFields;

/** Standings of every player in play (soft-removed excluded), active first, in tiebreak order. */
export async function getLeaderboard(db: Executor, tournamentId: number): Promise<LeaderboardRow[]> {
  const t = await findTournamentOr404(db, tournamentId);
  const [rows, played] = await loadPlayersAndMatches(db, tournamentId);
  const byId = new Map(rows.map((p) => [p.id, p]));
  return computeStandings(rows.map(toEnginePlayer), played, readRuleset(t.ruleset).tiebreakers).map((row) =>
    toLeaderboardRow(byId.get(row.playerId)!, row),
  );
}

export function toLeaderboardRow(p: Player, row: StandingRow): LeaderboardRow {
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
    })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId));
  return [rows, played] as const;
}

/** The standings of the players who would play the next round (checked in, not eliminated, not removed), in the tournament's chain. */
export async function activeStandings(
  db: Executor,
  t: Pick<Tournament, "id" | "ruleset">,
): Promise<{ active: StandingRow[]; rows: Player[] }> {
  const [rows, played] = await loadPlayersAndMatches(db, t.id);
  const chain = readRuleset(t.ruleset).tiebreakers;
  return { active: computeStandings(eligibleForRound(rows.map(toEnginePlayer)), played, chain), rows };
}
