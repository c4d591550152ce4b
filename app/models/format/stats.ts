// A player's totals, derived from their saved matches plus a master's manual adjustments.
import type { EngineMatch, EnginePlayer } from "./types";
import { ordinal } from "./scoring";
import { isPlaced } from "./ruleset";

export type PlayerStats = {
  totalPoints: number;
  matchesPlayed: number;
  averagePlacement: number;
  bestFinish: number | null;
  wins: number;
  top4: number;
};

/**
 * A master's stat corrections are bounded so that adjustment plus saved matches stays finite and
 * fits its column: total points up to 10 rounds at the top scoring value, matches far above any
 * real tournament.
 */
export const POINTS_MAX = 10_000_000;
export const MATCHES_MAX = 10_000;

type Adjustments = Pick<EnginePlayer, "adjustPoints" | "adjustMatches" | "adjustAvg">;
type Result = Pick<EngineMatch, "placement" | "points" | "dnp">;

/**
 * Recomputed from scratch on every save, edit and undo, so the stored totals can never drift
 * from the match list. The adjustments are added last so a master's correction survives.
 */
export function computePlayerStats(player: Adjustments, matchesOfPlayer: readonly Result[]): PlayerStats {
  let points = 0;
  let placementSum = 0;
  let placed = 0;
  let bestFinish: number | null = null;
  let wins = 0;
  let top4 = 0;
  for (const match of matchesOfPlayer) {
    points += match.points;
    // A DNP game counts as played, never toward a placement (app/models/format/ruleset.ts).
    if (!isPlaced(match)) continue;
    placed++;
    placementSum += match.placement;
    if (bestFinish === null || match.placement < bestFinish) bestFinish = match.placement;
    if (match.placement === 1) wins++;
    if (match.placement <= 4) top4++;
  }
  const played = matchesOfPlayer.length;
  const computedAverage = placed > 0 ? placementSum / placed : 0;
  return {
    totalPoints: points + player.adjustPoints,
    // A negative adjustment larger than the real count would make no sense on screen.
    matchesPlayed: Math.max(0, played + player.adjustMatches),
    averagePlacement: player.adjustAvg ?? computedAverage,
    bestFinish,
    wins,
    top4,
  };
}

/**
 * Turns a master's desired totals into adjustments relative to what the matches say, so that
 * the master sees exactly the entered values now and later saves still move the totals.
 * A field left undefined keeps its current adjustment.
 */
export function adjustmentsFor(
  current: Adjustments,
  matchesOfPlayer: readonly Result[],
  desired: { totalPoints?: number; matchesPlayed?: number; averagePlacement?: number | null },
): Adjustments {
  const base = computePlayerStats({ adjustPoints: 0, adjustMatches: 0, adjustAvg: null }, matchesOfPlayer);
  return {
    adjustPoints: desired.totalPoints === undefined ? current.adjustPoints : desired.totalPoints - base.totalPoints,
    adjustMatches:
      desired.matchesPlayed === undefined ? current.adjustMatches : desired.matchesPlayed - base.matchesPlayed,
    adjustAvg:
      desired.averagePlacement === undefined
        ? current.adjustAvg
        : desired.averagePlacement === null || desired.averagePlacement === base.averagePlacement
          ? null
          : desired.averagePlacement,
  };
}

/** One decimal everywhere (docs/rules.md); "-" before a player has a placed game (none, or only DNPs). */
export function formatAverage(averagePlacement: number, matchesPlayed: number): string {
  if (matchesPlayed <= 0 || averagePlacement <= 0) return "-";
  return averagePlacement.toFixed(1);
}

export function formatBestFinish(bestFinish: number | null): string {
  return bestFinish === null ? "N/A" : ordinal(bestFinish);
}
