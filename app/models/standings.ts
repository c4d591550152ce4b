// Standings: every player in play ranked by the tiebreak order of docs/rules.md, with the reason for each step.
import type { EngineMatch, EnginePlayer } from "./types";
import { averageRankKey, computePlayerStats, type PlayerStats } from "./stats";

export type Criterion = "status" | "totalPoints" | "averagePlacement" | "bestFinish" | "wins" | "top4" | "seed" | "id";

export const CRITERION_LABELS: Record<Criterion, string> = {
  status: "Status",
  totalPoints: "Total points",
  averagePlacement: "Average placement",
  bestFinish: "Best finish",
  wins: "Wins",
  top4: "Top-4 finishes",
  seed: "Seed",
  id: "Registration order",
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

type Ranked = { player: EnginePlayer; stats: PlayerStats };

// Each criterion as "negative if a ranks above b". The list order is the tiebreak order;
// id comes last so the order is total and never depends on the input order.
const COMPARATORS: [Criterion, (a: Ranked, b: Ranked) => number][] = [
  ["status", (a, b) => statusRank(a.player) - statusRank(b.player)],
  ["totalPoints", (a, b) => b.stats.totalPoints - a.stats.totalPoints],
  ["averagePlacement", (a, b) => averageKey(a) - averageKey(b) || 0],
  ["bestFinish", (a, b) => (a.stats.bestFinish ?? Infinity) - (b.stats.bestFinish ?? Infinity) || 0],
  ["wins", (a, b) => b.stats.wins - a.stats.wins],
  ["top4", (a, b) => b.stats.top4 - a.stats.top4],
  ["seed", (a, b) => (a.player.seed ?? Infinity) - (b.player.seed ?? Infinity) || 0],
  ["id", (a, b) => a.player.id - b.player.id],
];

// Without a placed game an average of 0 would look like the best possible; it is the worst instead.
function averageKey(r: Ranked): number {
  return averageRankKey(r.stats);
}

/** Active players first, then the dropped, then the eliminated (cut) ones (docs/decisions/019-dnp-and-drops.md). */
export function statusRank(p: Pick<EnginePlayer, "isEliminated" | "isDropped">): number {
  if (p.isEliminated) return 2;
  return p.isDropped ? 1 : 0;
}

function firstDifference(a: Ranked, b: Ranked): [Criterion, number] | null {
  for (const [criterion, compare] of COMPARATORS) {
    const d = compare(a, b);
    if (d !== 0) return [criterion, d];
  }
  return null;
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

/** Soft-removed players are out of play and not ranked; dropped, then eliminated players rank after every active one. */
export function computeStandings(
  players: readonly EnginePlayer[],
  matches: readonly Pick<EngineMatch, "playerId" | "placement" | "points">[],
): StandingRow[] {
  const byPlayer = groupMatchesByPlayer(matches);
  const ranked: Ranked[] = players
    .filter((p) => !p.isRemoved)
    .map((player) => ({ player, stats: computePlayerStats(player, byPlayer.get(player.id) ?? []) }));
  ranked.sort((a, b) => firstDifference(a, b)?.[1] ?? 0);
  return ranked.map((r, i) => ({
    playerId: r.player.id,
    rank: i + 1,
    ...r.stats,
    isEliminated: r.player.isEliminated,
    isDropped: r.player.isDropped,
    separatedBy: i === 0 ? null : (firstDifference(ranked[i - 1], r)?.[0] ?? null),
  }));
}
