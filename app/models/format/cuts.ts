// Cuts between rounds: how many players may go, who goes for sure, and who is tied at the line.
import {
  averageRankKey,
  compareRecords,
  cutRuleOf,
  readRuleset,
  type CutRule,
  type PlayerRecord,
  type Tiebreaker,
} from "./ruleset";
import type { StandingRow } from "./standings";
import type { StageEndPreview, StageEndSummary } from "./stage-standings";
import type { Format } from "./types";
import { CUT_MINIMUM_REMAINING, CUT_MULTIPLE, CUT_WHOLE } from "../messages";

export const CUT_STEP = 8;
export const MIN_REMAINING = 8;
/** docs/rules.md: average placements within this distance count as tied at the cut line. */
export const TIE_TOLERANCE = 0.01;
/**
 * Averages are compared as whole millionths: 3.33 - 3.32 is 0.010000000000000231 in floating point, so a
 * plain `<= 0.01` would split a tie the rule keeps, while the gap in millionths is exactly 10,000.
 */
const AVERAGE_UNITS = 1_000_000;
const TIE_TOLERANCE_UNITS = Math.round(TIE_TOLERANCE * AVERAGE_UNITS);

export function roundDownToMultipleOf8(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.floor(n / CUT_STEP) * CUT_STEP;
}

/** The largest cut that still leaves at least 8 players. */
export function maxCut(activeCount: number): number {
  return roundDownToMultipleOf8(activeCount - MIN_REMAINING);
}

/** docs/rules.md's default of 8, when the field allows it. */
export function defaultCut(activeCount: number): number {
  return Math.min(CUT_STEP, maxCut(activeCount));
}

/**
 * The error message for a cut amount, or null when it may be applied. 0 means "no cut" and is
 * always fine, even when fewer than 8 players are left.
 */
export function validateCutCount(count: number, activeCount: number): string | null {
  if (!Number.isInteger(count) || count < 0) return CUT_WHOLE;
  if (count === 0) return null;
  if (count % CUT_STEP !== 0) return CUT_MULTIPLE;
  if (activeCount - count < MIN_REMAINING) return CUT_MINIMUM_REMAINING;
  return null;
}

/**
 * The Elimination format's proposal (guide: bottom 25% after round 3), kept to a valid cut.
 * `roundNumber` is the round that was just scored.
 */
export function proposedEliminationCut(activeCount: number, roundNumber: number): number {
  if (roundNumber < 3) return 0;
  return Math.min(roundDownToMultipleOf8(Math.floor(activeCount * 0.25)), maxCut(activeCount));
}

export type CutRow = Pick<StandingRow, "playerId" | "totalPoints" | "averagePlacement" | "matchesPlayed"> & {
  isEliminated?: boolean;
  /** What separated the row from the one above in the standings (the "chain" cut rule reads it). */
  separatedBy?: StandingRow["separatedBy"];
};

export type CutPlan = {
  /** Eliminated whatever the host picks. */
  sure: number[];
  /** Players tied with the last one below the line, on both sides of it (worst first). */
  tied: number[];
  /** How many of `tied` the host must pick; sure.length + needed is the cut amount. */
  needed: number;
};

/** What the standard rule reads at a line: total points and the average as a ranking key (Infinity: no placed game). */
export type LineStanding = Pick<PlayerRecord, "totalPoints" | "averageKey">;

/**
 * The standard ruleset's tie (SPEC.md section 5): the same total points and average placements within 0.01; a player
 * without a placed game ties only another such. Not transitive (3.00 ~ 3.01 ~ 3.02, yet 3.00 and 3.02 are apart), so
 * a line asks it of pairs across the line only (planAtLine).
 */
export function sameAtLine(a: LineStanding, b: LineStanding): boolean {
  if (a.totalPoints !== b.totalPoints) return false;
  const x = a.averageKey;
  const y = b.averageKey;
  if (x === Infinity || y === Infinity) return x === y;
  return Math.abs(Math.round(x * AVERAGE_UNITS) - Math.round(y * AVERAGE_UNITS)) <= TIE_TOLERANCE_UNITS;
}

/**
 * Who is tied with whom at a cut line under `rule`, over players' records: the standard rule's sameAtLine, or any
 * other chain's "equal on every criterion before registration order". "What do I need" (app/models/format/needs.ts)
 * asks this; the cut asks sameAtLine of its rows, or, under a chain, reads the standings' `separatedBy`
 * "registration", which the same chain wrote.
 */
export function tiedAtLine(rule: CutRule, chain: readonly Tiebreaker[]): (a: PlayerRecord, b: PlayerRecord) => boolean {
  if (rule === "pointsAndAverage") return sameAtLine;
  const head = chain.filter((c) => c !== "registration");
  return (a, b) => compareRecords(head, a, b) === 0;
}

/**
 * Plans a cut of `count` players from the active standings rows. The "pointsAndAverage" rule (the
 * standard ruleset, docs/rules.md: lowest total points first, then the worse average): ties within
 * the same points and 0.01 of average are only decided where they straddle the line; there the
 * host picks. Rows passed in their standings order keep the remaining tiebreaks for who is "sure".
 * The "chain" rule: the standings order decides as far as the tiebreak chain separates players;
 * rows it left equal before registration order (`separatedBy` "registration") are tied.
 * Throws on a count validateCutCount rejects, since the caller must report that message instead.
 */
export function planCut(rows: readonly CutRow[], count: number, rule: CutRule = "pointsAndAverage"): CutPlan {
  const active = rows.filter((r) => !r.isEliminated);
  const error = validateCutCount(count, active.length);
  if (error) throw new RangeError(error);
  return planCutOf(active, count, rule);
}

/**
 * The same plan for any count from 0 to the active players, without the multiple-of-8 rule: a stage's end cuts to
 * N players (app/models/format/stage-standings.ts), and ties at its line are settled as at any cut.
 */
export function planCutOf(rows: readonly CutRow[], count: number, rule: CutRule = "pointsAndAverage"): CutPlan {
  const active = rows.filter((r) => !r.isEliminated);
  if (count <= 0) return { sure: [], tied: [], needed: 0 };
  if (count >= active.length) return { sure: active.map((r) => r.playerId), tied: [], needed: 0 };
  if (rule === "chain") {
    // Worst first is the standings read backwards; a row only registration order split from the one above shares
    // its group (the chain's tie is an equivalence, so groups are exact).
    const group = new Map<number, number>();
    let g = 0;
    active.forEach((r, i) => {
      if (i > 0 && r.separatedBy !== "registration") g++;
      group.set(r.playerId, g);
    });
    return planAtLine([...active].reverse(), count, (a, b) => group.get(a.playerId) === group.get(b.playerId));
  }
  const position = new Map(active.map((r, i) => [r.playerId, i]));
  const key = new Map(active.map((r) => [r.playerId, { totalPoints: r.totalPoints, averageKey: averageRankKey(r) }]));
  const keyOf = (r: CutRow) => key.get(r.playerId)!;
  // Worst first; the reverse of the given (standings) order settles whatever points and average leave equal.
  const worstFirst = [...active].sort(
    (a, b) =>
      a.totalPoints - b.totalPoints ||
      keyOf(b).averageKey - keyOf(a).averageKey ||
      position.get(b.playerId)! - position.get(a.playerId)!,
  );
  return planAtLine(worstFirst, count, (a, b) => sameAtLine(keyOf(a), keyOf(b)));
}

/**
 * The plan for cutting the first `count` of `worstFirst` (the standings, worst first): a player below the line goes
 * for sure unless tied with the last one kept, and one above it stays for sure unless tied with the last one to go.
 * So a player is left for the host exactly when fewer than the kept number rank strictly above them (above and not
 * tied) and at least that many rank above or tie with them: what "what do I need" counts
 * (docs/decisions/026-what-do-i-need.md).
 */
function planAtLine(worstFirst: readonly CutRow[], count: number, tied: (a: CutRow, b: CutRow) => boolean): CutPlan {
  const ids = (from: number, to: number) => worstFirst.slice(from, to).map((r) => r.playerId);
  const lastToGo = worstFirst[count - 1];
  const lastKept = worstFirst[count];
  if (!tied(lastToGo, lastKept)) return { sure: ids(0, count), tied: [], needed: 0 };
  let start = count - 1;
  while (start > 0 && tied(worstFirst[start - 1], lastKept)) start--;
  let end = count;
  while (end + 1 < worstFirst.length && tied(worstFirst[end + 1], lastToGo)) end++;
  return { sure: ids(0, start), tied: ids(start, end + 1), needed: count - start };
}

export type CutResolution = { ok: true; eliminate: number[] } | { ok: false; error: string };

/** The players to eliminate once the host picked `needed` of the tied players (none when no tie). */
export function resolveCut(plan: CutPlan, picks: readonly number[] = []): CutResolution {
  const tied = new Set(plan.tied);
  const unique = new Set(picks);
  const valid = picks.length === plan.needed && unique.size === picks.length && picks.every((id) => tied.has(id));
  if (!valid) {
    return {
      ok: false,
      error: `Select exactly ${plan.needed} player${plan.needed === 1 ? "" : "s"} to eliminate`,
    };
  }
  return { ok: true, eliminate: [...plan.sure, ...picks] };
}

export type CutPreview = {
  roundNumber: number;
  activeCount: number;
  /** Lobbies of the current round with scores / all lobbies of the current round. */
  scoresSubmitted: number;
  lobbyCount: number;
  /** Largest valid cut (keeps at least 8). */
  maxCut: number;
  /** What the dialog proposes: Elimination's bottom 25% from round 3, else the default of 8 (when valid). */
  proposedCount: number;
  /** The count the plan is for (the asked count, or the proposal). */
  count: number;
  /** Why `count` cannot be applied, or null. */
  error: string | null;
  /** Players sure to go, tied at the line, and how many of the tied to pick; null when `error`. */
  plan: CutPlan | null;
  /** How ties at the line are settled: the spec's points-and-average rule (standard) or the tiebreak chain. */
  cutRule: CutRule;
  /** Name and tag of the players in the plan, for the dialogs. */
  players: Record<number, { name: string; riotTag: string; totalPoints: number; averagePlacement: number }>;
  /**
   * The stage end the advance applies instead of a cut between games (count, plan and players are then its own; an
   * asked count is ignored, as the advance ignores it); null when advancing ends no stage with a cut.
   */
  stageEnd: StageEndSummary | null;
};

/**
 * The cut dialog's data for `count` players (default: the proposal), from the standings of the
 * active players (`active`), every player row (`players`, for names) and the current round's lobbies.
 * `stageEnd`: the stage end advancing applies (stageEndOfAdvance), which replaces the cut between games.
 */
export function previewCut(
  t: { format: Format; currentRound: number; ruleset?: unknown },
  active: readonly StandingRow[],
  players: readonly { id: number; name: string; riotTag: string }[],
  currentLobbies: readonly { isComplete: boolean }[],
  count?: number,
  stageEnd: StageEndPreview | null = null,
): CutPreview {
  const activeCount = active.length;
  const proposedCount = stageEnd
    ? stageEnd.summary.cut
    : t.format === "elimination"
      ? proposedEliminationCut(activeCount, t.currentRound)
      : defaultCut(activeCount);
  const chosen = stageEnd ? stageEnd.summary.cut : (count ?? proposedCount);
  const error = stageEnd ? null : validateCutCount(chosen, activeCount);
  const cutRule = cutRuleOf(readRuleset(t.ruleset));
  const plan = stageEnd ? stageEnd.plan : error ? null : planCut(active, chosen, cutRule);
  const byId = new Map(players.map((p) => [p.id, p]));
  const standingById = new Map(active.map((r) => [r.playerId, r]));
  const shown: CutPreview["players"] = {};
  for (const id of plan ? [...plan.sure, ...plan.tied] : []) {
    const p = byId.get(id);
    const r = standingById.get(id);
    if (p && r)
      shown[id] = {
        name: p.name,
        riotTag: p.riotTag,
        totalPoints: r.totalPoints,
        averagePlacement: r.averagePlacement,
      };
  }
  return {
    roundNumber: t.currentRound,
    activeCount,
    scoresSubmitted: currentLobbies.filter((l) => l.isComplete).length,
    lobbyCount: currentLobbies.length,
    maxCut: maxCut(activeCount),
    proposedCount,
    count: chosen,
    error,
    plan,
    cutRule,
    players: shown,
    stageEnd: stageEnd?.summary ?? null,
  };
}
