// Standings: every player in play ranked by the status rule, then the tournament's tiebreak chain (docs/rules.md), with the reason for each step.
import type { EngineMatch, EnginePlayer } from "./types";
import { computePlayerStats, type PlayerStats } from "./stats";
import {
  compareRecords,
  firstDifference as chainDifference,
  playerRecord,
  STANDARD_TIEBREAKERS,
  TIEBREAKER_WORDS,
  TIEBREAKERS,
  type PlayerRecord,
  type Tiebreaker,
} from "./ruleset";

/** What separated two rows: the status rule in front of the chain, or a criterion of the chain. */
export type Criterion = "status" | Tiebreaker;

export const CRITERION_LABELS: Record<Criterion, string> = {
  status: "Status",
  ...(Object.fromEntries(TIEBREAKERS.map((c) => [c, TIEBREAKER_WORDS[c].label])) as Record<Tiebreaker, string>),
};

export type StandingRow = PlayerStats & {
  playerId: number;
  rank: number;
  isEliminated: boolean;
  /** Left the event: ranked after the active players, before the eliminated ones (docs/decisions/019-dnp-and-drops.md). */
  isDropped: boolean;
  /** The first criterion that differed from the row above; null for the first row. */
  separatedBy: Criterion | null;
};

type Ranked = { player: EnginePlayer; stats: PlayerStats; record: PlayerRecord };

/** The status rule, always in front of the chain: active players first, then the dropped, then the eliminated (cut) ones (docs/decisions/019-dnp-and-drops.md). */
export function statusRank(p: Pick<EnginePlayer, "isEliminated" | "isDropped">): number {
  if (p.isEliminated) return 2;
  return p.isDropped ? 1 : 0;
}

function firstDifference(chain: readonly Tiebreaker[], a: Ranked, b: Ranked): [Criterion, number] | null {
  const status = statusRank(a.player) - statusRank(b.player);
  if (status !== 0) return ["status", status];
  return chainDifference(chain, a.record, b.record);
}

/** Groups matches by player once, so building standings stays linear in the number of matches. */
export function groupMatchesByPlayer<M extends { playerId: number }>(matches: readonly M[]): Map<number, M[]> {
  const byPlayer = new Map<number, M[]>();
  for (const match of matches) {
    const list = byPlayer.get(match.playerId);
    if (list) list.push(match);
    else byPlayer.set(match.playerId, [match]);
  }
  return byPlayer;
}

/** A match as standings read it: whose, which round (recent games go by round order), the placement, the points, a DNP. */
export type StandingsMatch = Pick<EngineMatch, "playerId" | "roundNumber" | "placement" | "points" | "dnp">;

/**
 * Soft-removed players are out of play and not ranked; dropped, then eliminated players rank after every active one.
 * `chain` is the tournament's tiebreak order (app/models/format/ruleset.ts); the standard one by default.
 */
export function computeStandings(
  players: readonly EnginePlayer[],
  matches: readonly StandingsMatch[],
  chain: readonly Tiebreaker[] = STANDARD_TIEBREAKERS,
  /** Each player's points over the whole event, when a stage's points are ranked (the eventPoints criterion). */
  eventPoints?: ReadonlyMap<number, number>,
): StandingRow[] {
  const byPlayer = groupMatchesByPlayer(matches);
  const withRecent = chain.includes("recentGames");
  const ranked: Ranked[] = players
    .filter((p) => !p.isRemoved)
    .map((player) => {
      const games = byPlayer.get(player.id) ?? [];
      const stats = computePlayerStats(player, games);
      const totals = eventPoints ? { ...stats, eventPoints: eventPoints.get(player.id) ?? stats.totalPoints } : stats;
      return { player, stats, record: playerRecord(player, totals, games, withRecent) };
    });
  ranked.sort((a, b) => statusRank(a.player) - statusRank(b.player) || compareRecords(chain, a.record, b.record));
  return ranked.map((r, i) => ({
    playerId: r.player.id,
    rank: i + 1,
    ...r.stats,
    isEliminated: r.player.isEliminated,
    isDropped: r.player.isDropped,
    separatedBy: i === 0 ? null : (firstDifference(chain, ranked[i - 1], r)?.[0] ?? null),
  }));
}
