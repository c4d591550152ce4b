// The stage rules (docs/rules.md "Stages" and "Checkmate"): a stage's points (carried or reset), its standings, the
// overall (final) standings by how far each player got, the end of a stage, the draw's inputs and the checkmate.
import { planCutOf, type CutPlan } from "./cuts";
import { isPlaced, type CutRule, type Tiebreaker } from "./ruleset";
import { computeStandings, type StandingRow, type StandingsMatch } from "./standings";
import {
  checkmateRule,
  isCheckmateEnd,
  pointsFrom,
  stageAt,
  stageEndWords,
  stagePositions,
  stagesOf,
  type Stage,
  type StageEnd,
} from "./stages";
import type { EnginePlayer, LobbyMethod } from "./types";

type StagedTournament = {
  stages?: readonly Stage[] | null;
  totalRounds: number;
  lobbyMethod: LobbyMethod;
  currentRound: number;
};

/** A standings row with where the player got to and what the stages add. */
export type StageRow = StandingRow & {
  /** The stage whose standings rank this row: the current one, or the one the player was cut (or dropped) in. */
  stage: number;
  /** Points over the whole event (a master's adjustments included), whatever the stage's points rule. */
  eventPoints: number;
  /** In a checkmate stage: at or above the threshold before the current game (a 1st place now wins). */
  onCheckmate: boolean;
};

/** The rounds whose points a stage counts: its own, and those of the stages it carries from (back to the last reset). */
export function stageScope(stages: readonly Stage[], index: number): { from: number; to: number } {
  return { from: pointsFrom(stages, index), to: stagePositions(stages)[index].lastRound };
}

/** The matches a stage counts, up to `throughRound`. */
export function scopeMatches<M extends Pick<StandingsMatch, "roundNumber">>(
  matches: readonly M[],
  scope: { from: number; to: number },
  throughRound = Infinity,
): M[] {
  const to = Math.min(scope.to, throughRound);
  return matches.filter((m) => m.roundNumber >= scope.from && m.roundNumber <= to);
}

/** A master's adjustments carry no round: they belong to points counted from round 1 only. */
const adjustmentsCount = (from: number) => from <= 1;

function scopedPlayers(players: readonly EnginePlayer[], from: number): EnginePlayer[] {
  if (adjustmentsCount(from)) return [...players];
  return players.map((p) => ({ ...p, adjustPoints: 0, adjustMatches: 0, adjustAvg: null }));
}

/** Each player's points over the whole event up to `throughRound`, with a master's adjustments. */
export function eventPointsOf(
  players: readonly EnginePlayer[],
  matches: readonly StandingsMatch[],
  throughRound = Infinity,
): Map<number, number> {
  const points = new Map(players.map((p) => [p.id, p.adjustPoints]));
  for (const m of matches) {
    if (m.roundNumber > throughRound || !points.has(m.playerId)) continue;
    points.set(m.playerId, points.get(m.playerId)! + m.points);
  }
  return points;
}

/** The highest round each player has a match in (0 without one). */
export function lastPlayedRounds(matches: readonly Pick<StandingsMatch, "playerId" | "roundNumber">[]) {
  const last = new Map<number, number>();
  for (const m of matches) last.set(m.playerId, Math.max(last.get(m.playerId) ?? 0, m.roundNumber));
  return last;
}

/** Out of play: cut (eliminated) or dropped. Such a player's stage is the one of the last round they played. */
const isOut = (p: Pick<EnginePlayer, "isEliminated" | "isDropped">) => p.isEliminated || p.isDropped;

/**
 * The standings of stage `index`: the players who entered it (those not out before its first round), ranked by the
 * stage's points (its scope's matches) and the chain, `eventPoints` being the whole event's. Before anyone has played
 * a game of the stage (a reset stage is all zeros then) its order is the stage before's, the order it was seeded in.
 */
export function stageStandings(
  players: readonly EnginePlayer[],
  matches: readonly StandingsMatch[],
  stages: readonly Stage[],
  index: number,
  chain: readonly Tiebreaker[],
  throughRound = Infinity,
): StandingRow[] {
  const positions = stagePositions(stages);
  const first = positions[index].firstRound;
  const last = lastPlayedRounds(matches.filter((m) => m.roundNumber <= throughRound));
  const entrants = players.filter((p) => index === 0 || !isOut(p) || (last.get(p.id) ?? 0) >= first);
  const scope = stageScope(stages, index);
  const inScope = scopeMatches(matches, scope, throughRound);
  const rows = computeStandings(
    scopedPlayers(entrants, scope.from),
    inScope,
    chain,
    eventPointsOf(entrants, matches, throughRound),
  );
  const ids = new Set(entrants.map((p) => p.id));
  const started = inScope.some((m) => m.roundNumber >= first && ids.has(m.playerId));
  if (index === 0 || started) return rows;
  const before = stageStandings(entrants, matches, stages, index - 1, chain, throughRound);
  const order = new Map(before.map((r, i) => [r.playerId, i]));
  const byId = new Map(before.map((r) => [r.playerId, r]));
  return [...rows]
    .sort((a, b) => (order.get(a.playerId) ?? Infinity) - (order.get(b.playerId) ?? Infinity))
    .map((row, i) => ({
      ...row,
      rank: i + 1,
      separatedBy: i === 0 ? null : (byId.get(row.playerId)?.separatedBy ?? null),
    }));
}

// ---------- checkmate ----------

export type CheckmateOutcome = {
  threshold: number;
  /** The winner: the first player on checkmate at the start of a game who placed 1st in it; null while undecided. */
  winnerId: number | null;
  /** The round that decided it; null while undecided. */
  decidedRound: number | null;
  /** Players at or above the threshold before round `beforeRound` (the current game), when still undecided. */
  onCheckmate: Set<number>;
};

/**
 * The checkmate tally: each player's points in the checkmate stage before round `beforeRound` (from where its points
 * start, a master's adjustments when that is round 1), what its threshold reads; empty without a checkmate stage.
 * Who is on checkmate (here, on the boards) and how far a player is from it ("what do I need") both read it.
 */
export function checkmateTally(
  players: readonly Pick<EnginePlayer, "id" | "adjustPoints">[],
  matches: readonly Pick<StandingsMatch, "playerId" | "roundNumber" | "points">[],
  stages: readonly Stage[],
  beforeRound: number,
): Map<number, number> {
  const rule = checkmateRule(stages);
  if (!rule) return new Map();
  const from = pointsFrom(stages, rule.position.index);
  const points = new Map(players.map((p) => [p.id, adjustmentsCount(from) ? p.adjustPoints : 0]));
  for (const m of matches)
    if (m.roundNumber >= from && m.roundNumber < beforeRound && points.has(m.playerId))
      points.set(m.playerId, points.get(m.playerId)! + m.points);
  return points;
}

/**
 * Replays the checkmate stage (the last stage, when its end is a checkmate) game by game up to `throughRound`: before
 * each game, players at or above T stage points (checkmateTally) are on checkmate; the first of them to place 1st wins
 * (two in one game, in different lobbies: the one ranked higher before it). A player who reaches T in a game cannot
 * win in it. `beforeRound` is the game about to be played (the current round): who is on checkmate for it. Null
 * without a checkmate stage.
 */
export function checkmateOutcome(
  players: readonly EnginePlayer[],
  matches: readonly StandingsMatch[],
  stages: readonly Stage[],
  chain: readonly Tiebreaker[],
  beforeRound: number,
  throughRound = Infinity,
): CheckmateOutcome | null {
  const rule = checkmateRule(stages);
  if (!rule) return null;
  const { threshold, position: final } = rule;
  const ids = new Set(players.map((p) => p.id));
  const byRound = new Map<number, StandingsMatch[]>();
  for (const m of matches) {
    if (m.roundNumber < final.firstRound || m.roundNumber > throughRound || !ids.has(m.playerId)) continue;
    const list = byRound.get(m.roundNumber);
    if (list) list.push(m);
    else byRound.set(m.roundNumber, [m]);
  }
  for (const round of [...byRound.keys()].sort((a, b) => a - b)) {
    const before = checkmateTally(players, matches, stages, round);
    const winners = byRound
      .get(round)!
      .filter((m) => isPlaced(m) && m.placement === 1 && before.get(m.playerId)! >= threshold);
    if (winners.length === 0) continue;
    let winnerId = winners[0].playerId;
    if (winners.length > 1) {
      const order = stageStandings(players, matches, stages, final.index, chain, round - 1).map((r) => r.playerId);
      winnerId = order.find((id) => winners.some((w) => w.playerId === id)) ?? winnerId;
    }
    return { threshold, winnerId, decidedRound: round, onCheckmate: new Set() };
  }
  const onCheckmate = new Set<number>();
  if (beforeRound >= final.firstRound) {
    const points = checkmateTally(players, matches, stages, Math.min(beforeRound, throughRound + 1));
    for (const p of players) if (!isOut(p) && !p.isRemoved && points.get(p.id)! >= threshold) onCheckmate.add(p.id);
  }
  return { threshold, winnerId: null, decidedRound: null, onCheckmate };
}

// ---------- overall (final) standings ----------

/**
 * The overall standings: with one stage exactly the standings as they always were. With more, players by how far they
 * got: those in the current stage first, in its order (a checkmate winner first of all); then those cut at the end of
 * or during the stage before, in that stage's order; and so on. Active, dropped and cut players of one stage keep the
 * status rule among themselves. `throughRound`: the standings as they stood after that round.
 */
export function overallStandings(
  players: readonly EnginePlayer[],
  matches: readonly StandingsMatch[],
  t: StagedTournament,
  chain: readonly Tiebreaker[],
  throughRound = Infinity,
): StageRow[] {
  const stages = stagesOf(t);
  const nowRound = Number.isFinite(throughRound) ? Math.min(throughRound, t.currentRound) : t.currentRound;
  const current = stageAt(stages, nowRound).index;
  const beforeRound = Number.isFinite(throughRound) ? throughRound + 1 : t.currentRound;
  const checkmate = checkmateOutcome(players, matches, stages, chain, beforeRound, throughRound);
  const inPlay = players.filter((p) => !p.isRemoved);
  const event = eventPointsOf(inPlay, matches, throughRound);
  const mark = (row: StandingRow, stage: number): StageRow => ({
    ...row,
    stage,
    eventPoints: event.get(row.playerId) ?? row.totalPoints,
    onCheckmate: checkmate?.onCheckmate.has(row.playerId) ?? false,
  });
  if (stages.length === 1) {
    const within = matches.filter((m) => m.roundNumber <= throughRound);
    return withWinnerFirst(computeStandings(players, within, chain), checkmate?.winnerId ?? null).map((r) =>
      mark(r, 0),
    );
  }
  const last = lastPlayedRounds(matches.filter((m) => m.roundNumber <= throughRound));
  const reached = (p: EnginePlayer) =>
    isOut(p) ? Math.min(current, stageAt(stages, Math.max(1, last.get(p.id) ?? 1)).index) : current;
  const out: StageRow[] = [];
  for (let g = current; g >= 0; g--) {
    const group = inPlay.filter((p) => reached(p) === g);
    if (group.length === 0) continue;
    let rows = stageStandings(group, matches, stages, g, chain, throughRound);
    if (g === stages.length - 1) rows = withWinnerFirst(rows, checkmate?.winnerId ?? null);
    rows.forEach((row, i) =>
      out.push(mark({ ...row, separatedBy: i === 0 && out.length > 0 ? "status" : row.separatedBy }, g)),
    );
  }
  return out.map((row, i) => ({ ...row, rank: i + 1, separatedBy: i === 0 ? null : row.separatedBy }));
}

/** The checkmate winner ranked 1st, everyone else in their order below; the row under the winner is separated by "status". */
export function withWinnerFirst(rows: StandingRow[], winnerId: number | null): StandingRow[] {
  if (winnerId === null) return rows;
  const at = rows.findIndex((r) => r.playerId === winnerId);
  if (at <= 0) return rows;
  const reordered = [rows[at], ...rows.slice(0, at), ...rows.slice(at + 1)];
  return reordered.map((r, i) => ({
    ...r,
    rank: i + 1,
    separatedBy: i === 0 ? null : i === 1 ? "status" : r.separatedBy,
  }));
}

/**
 * The standings a stage's rules read now: the current stage's, of the players still in play (checked in, not cut,
 * not dropped, not removed): cuts between games and the stage's end plan from them.
 */
export function currentStageStandings(
  players: readonly EnginePlayer[],
  matches: readonly StandingsMatch[],
  t: StagedTournament,
  chain: readonly Tiebreaker[],
): StandingRow[] {
  const stages = stagesOf(t);
  const index = stageAt(stages, t.currentRound).index;
  if (stages.length === 1) return computeStandings(players, matches, chain);
  return stageStandings(players, matches, stages, index, chain);
}

// ---------- the draw ----------

/**
 * What a round's draw reads: the stage's draw method, and the players and matches whose standings order the draw. The
 * first round of a later stage is seeded from the standings the stage before ended with; later rounds from the
 * stage's own. `eventPoints`: each player's points over the whole event before the round, which the eventPoints
 * criterion compares (as the stage's standings do), also when the stage resets. One stage: the tournament's method
 * and every match, as always.
 */
export function drawInputs<M extends StandingsMatch>(
  t: StagedTournament,
  players: readonly EnginePlayer[],
  matches: readonly M[],
  round: number,
): { method: LobbyMethod; players: EnginePlayer[]; matches: M[]; eventPoints?: Map<number, number> } {
  const stages = stagesOf(t);
  const at = stageAt(stages, round);
  if (stages.length === 1) return { method: at.stage.draw, players: [...players], matches: [...matches] };
  const seededFrom = round === at.firstRound && at.index > 0 ? at.index - 1 : at.index;
  const scope = stageScope(stages, seededFrom);
  return {
    method: at.stage.draw,
    players: scopedPlayers(players, scope.from),
    matches: scopeMatches(matches, scope, round - 1),
    eventPoints: eventPointsOf(players, matches, round - 1),
  };
}

// ---------- a stage's end ----------

export type StageEndPlan =
  | { kind: "none" }
  /** Cut to N overall: the plan (ties at the line as at any cut: the host picks `needed` of `tied`). */
  | { kind: "cutTo"; keep: number; plan: CutPlan }
  /** The best K of each lobby of the stage's last game go through; everyone else in play is cut. */
  | { kind: "topPerLobby"; keep: number; eliminate: number[] };

/**
 * What a stage's end does to the players in play (`active`: the stage's standings of those players, best first):
 * cut to N by those standings, or keep the best K of each lobby of the last game (`lastGame`: its placements; a DNP
 * or a player without a game there goes), or nothing (no end, or a checkmate, which ends the tournament instead).
 */
export function planStageEnd(
  end: StageEnd,
  active: readonly StandingRow[],
  lastGame: readonly Pick<StandingsMatch, "playerId" | "placement" | "dnp">[],
  rule: CutRule,
): StageEndPlan {
  if (end === null || isCheckmateEnd(end)) return { kind: "none" };
  if ("cutTo" in end) {
    const count = Math.max(0, active.length - end.cutTo);
    return { kind: "cutTo", keep: end.cutTo, plan: planCutOf(active, count, rule) };
  }
  const k = end.topPerLobby;
  const through = new Set(lastGame.filter((m) => isPlaced(m) && m.placement <= k).map((m) => m.playerId));
  return {
    kind: "topPerLobby",
    keep: k,
    eliminate: active.filter((r) => !through.has(r.playerId)).map((r) => r.playerId),
  };
}

/** A stage's end as advancing applies it: who goes and how many go through, in numbers and in words. */
export type StageEndSummary = {
  /** The stage that ends (its number from 1, as clients pass it back) and the one that begins. */
  stage: { number: number; name: string };
  next: { number: number; name: string };
  kind: "cutTo" | "topPerLobby";
  /** N of a cut to N, K of the best K of each lobby. */
  keep: number;
  /** The players in play when the stage ends (dropped and cut players are not). */
  inPlay: number;
  /** Players the end cuts (a tie at the line included: the host picks who among the tied). */
  cut: number;
  /** Players who go through to the next stage. */
  through: number;
  /** "Day 1 ends here: the best 32 go through to Day 2."; a cut to N with N or fewer in play says all go through. */
  words: string;
};

/** The summary with its plan: who is cut for sure, who is tied at the line and how many of them the host picks. */
export type StageEndPreview = { summary: StageEndSummary; plan: CutPlan };

/**
 * The stage end that advancing from `round` applies, or null: none unless `round` is the last game of a stage that
 * another stage follows and whose end cuts (to N, or the best K of each lobby). `active`: the stage's standings of the
 * players in play, best first; `lastGame`: the placements of `round`. A cut to N with N or fewer players in play cuts
 * nobody: they all go through (docs/rules.md "Stages"). The advance applies this plan and the previews (the API's
 * advance-round GET, the score page) show it, so they never differ.
 */
export function stageEndOfAdvance(
  t: Omit<StagedTournament, "currentRound">,
  round: number,
  active: readonly StandingRow[],
  lastGame: readonly Pick<StandingsMatch, "playerId" | "placement" | "dnp" | "roundNumber">[],
  rule: CutRule,
): StageEndPreview | null {
  const stages = stagesOf(t);
  const at = stageAt(stages, round);
  if (round !== at.lastRound || at.index >= stages.length - 1) return null;
  const end = planStageEnd(
    at.stage.end,
    active,
    lastGame.filter((m) => m.roundNumber === round),
    rule,
  );
  if (end.kind === "none") return null;
  const plan: CutPlan = end.kind === "cutTo" ? end.plan : { sure: end.eliminate, tied: [], needed: 0 };
  const cut = plan.sure.length + plan.needed;
  const next = stages[at.index + 1];
  const summary: StageEndSummary = {
    stage: { number: at.index + 1, name: at.stage.name },
    next: { number: at.index + 2, name: next.name },
    kind: end.kind,
    keep: end.keep,
    inPlay: active.length,
    cut,
    through: active.length - cut,
    words: stageEndWords(at.stage.name, next.name, at.stage.end, active.length),
  };
  return { summary, plan };
}
