// Keeps the stored player totals equal to what the matches (plus a master's adjustments) say, inside the caller's transaction.
import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { matches, players, type Player } from "#db/schema";
import { groupMatchesByPlayer } from "./standings";
import { computePlayerStats } from "./stats";
import type { EnginePlayer } from "./types";

/** A player row as the pure rules see it. */
export function toEnginePlayer(row: Player): EnginePlayer {
  return {
    id: row.id,
    name: row.name,
    riotTag: row.riotTag,
    lp: row.lp,
    seed: row.seed,
    isEliminated: row.isEliminated,
    isCheckedIn: row.isCheckedIn,
    isRemoved: row.removedAt !== null,
    isDropped: row.droppedAt !== null,
    adjustPoints: row.adjustPoints,
    adjustMatches: row.adjustMatches,
    adjustAvg: row.adjustAverage,
  };
}

/** A player whose stored totals differ from what their matches (plus adjustments) give. */
export type TotalsDifference = {
  playerId: number;
  name: string;
  riotTag: string;
  stored: Totals;
  computed: Totals;
};
export type Totals = { totalPoints: number; matchesPlayed: number; averagePlacement: number };

/**
 * The two reads the totals of the given players (default: every player of the tournament) are computed from:
 * their rows and their saved matches. Builders, not yet sent: a caller may start them (`execute()`) in a pipeline.
 */
export function totalsReads(
  db: Executor,
  tournamentId: number | Placeholder,
  playerIds?: readonly (number | Placeholder)[],
) {
  const scope = playerIds
    ? and(eq(players.tournamentId, tournamentId), inArray(players.id, [...playerIds]))
    : eq(players.tournamentId, tournamentId);
  const matchScope = playerIds
    ? and(eq(matches.tournamentId, tournamentId), inArray(matches.playerId, [...playerIds]))
    : eq(matches.tournamentId, tournamentId);
  return {
    players: db.select().from(players).where(scope).orderBy(asc(players.id)),
    matches: db
      .select({ playerId: matches.playerId, placement: matches.placement, points: matches.points })
      .from(matches)
      .where(matchScope),
  };
}

/**
 * The players (default: every player of the tournament) whose stored totals differ from what
 * their saved matches and a master's adjustments give (docs/decisions/009-stored-totals.md). Reads only.
 */
export async function staleTotals(
  db: Executor,
  tournamentId: number,
  playerIds?: readonly number[],
): Promise<TotalsDifference[]> {
  if (playerIds && playerIds.length === 0) return [];
  const reads = totalsReads(db, tournamentId, playerIds);
  // Two reads at once: one round trip inside the caller's transaction (it holds the tournament's lock).
  const [rows, saved] = await Promise.all([reads.players, reads.matches]);
  return totalsDifferences(rows, saved);
}

/** Which of `rows` store totals other than their `saved` matches (and a master's adjustments) give. */
export function totalsDifferences(
  rows: readonly Player[],
  saved: readonly { playerId: number; placement: number | null; points: number }[],
): TotalsDifference[] {
  if (rows.length === 0) return [];
  const byPlayer = groupMatchesByPlayer(saved);

  const differences: TotalsDifference[] = [];
  for (const row of rows) {
    const stats = computePlayerStats(toEnginePlayer(row), byPlayer.get(row.id) ?? []);
    // The column is checked to 0..8; a computed average always is, an adjusted one was validated.
    const averagePlacement = Math.min(8, Math.max(0, stats.averagePlacement));
    if (
      stats.totalPoints !== row.totalPoints ||
      stats.matchesPlayed !== row.matchesPlayed ||
      averagePlacement !== row.averagePlacement
    ) {
      differences.push({
        playerId: row.id,
        name: row.name,
        riotTag: row.riotTag,
        stored: {
          totalPoints: row.totalPoints,
          matchesPlayed: row.matchesPlayed,
          averagePlacement: row.averagePlacement,
        },
        computed: { totalPoints: stats.totalPoints, matchesPlayed: stats.matchesPlayed, averagePlacement },
      });
    }
  }
  return differences;
}

/**
 * Recomputes totalPoints, matchesPlayed and averagePlacement of the given players (default: every
 * player of the tournament) from their matches, and writes the ones that changed in one statement.
 * Answers what it changed.
 */
export async function recomputeStats(
  tx: Executor,
  tournamentId: number,
  playerIds?: readonly number[],
): Promise<TotalsDifference[]> {
  const changed = await staleTotals(tx, tournamentId, playerIds);
  await writeTotals(tx, changed);
  return changed;
}

/** Stores the computed totals of the players `staleTotals` found stale, in one statement (none: no statement). */
export async function writeTotals(tx: Executor, changed: readonly TotalsDifference[]): Promise<void> {
  const update = totalsUpdate(changed);
  if (update) await tx.execute(update);
}

/** The statement that stores the computed totals of `changed`, or null when there are none. */
export function totalsUpdate(changed: readonly TotalsDifference[]): SQL | null {
  if (changed.length === 0) return null;
  const values = sql.join(
    changed.map(
      ({ playerId, computed: c }) =>
        sql`(${playerId}::int, ${c.totalPoints}::float8, ${c.matchesPlayed}::int, ${c.averagePlacement}::float8)`,
    ),
    sql`, `,
  );
  return sql`
    update ${players} set
      total_points = v.total_points,
      matches_played = v.matches_played,
      average_placement = v.average_placement
    from (values ${values}) as v(id, total_points, matches_played, average_placement)
    where ${players.id} = v.id`;
}
