// "What do I need" for one tournament's data: whether the game under way is the last before a line (a stage's end, or
// the cut proposed between games) or a checkmate game, and then every contender's outlook, once per data object.
import type { Lobby, Match, Player, Tournament } from "#db/schema";
import {
  checkmateNeed,
  checkmateOutlook,
  cutNeed,
  cutOutlooks,
  MAX_PLACES,
  type Need,
  type NeedLine,
  type NeedLobby,
  type NeedPlayer,
  needsHeading,
} from "../format/needs";
import { cutRuleOf, isPlaced, playerRecord, readRuleset } from "../format/ruleset";
import { settingsScoring } from "../format/scoring";
import { proposedEliminationCut } from "../format/cuts";
import { isCheckmateEnd, pointsFrom, stageAt, stagesOf, type Stage, type StagePosition } from "../format/stages";
import { checkmateTally } from "../format/stage-standings";
import { computePlayerStats } from "../format/stats";
import { stillInGame } from "../access/policy";

/** What the needs are computed from: a tournament's data as the snapshot holds it (`stages` once stored). */
export type NeedsData = {
  tournament: Pick<
    Tournament,
    "status" | "format" | "currentRound" | "totalRounds" | "lobbyMethod" | "scoring" | "ruleset"
  > & {
    stages?: readonly Stage[] | null;
  };
  players: readonly Pick<
    Player,
    | "id"
    | "seed"
    | "isCheckedIn"
    | "isEliminated"
    | "removedAt"
    | "droppedAt"
    | "adjustPoints"
    | "adjustMatches"
    | "adjustAverage"
  >[];
  lobbies: readonly Pick<Lobby, "roundNumber" | "playerIds" | "isComplete">[];
  matches: readonly Pick<Match, "playerId" | "roundNumber" | "placement" | "points" | "dnp">[];
};

/** The line ahead in words and each player's need (players without one are absent); null when no line is ahead. */
export type Needs = { heading: string; byPlayer: ReadonlyMap<number, Need> } | null;

/** The line ahead of a game, the points it reads (from round `start`) and the name its heading starts with. */
export type LineAhead = {
  position: StagePosition;
  start: number;
  name: string;
  line: NeedLine | { kind: "checkmate"; threshold: number };
};

/**
 * The line the game of `round` is the last before, or a checkmate stage's end; null when neither. `inPlay`: the
 * players a cut counts (checked in, not cut, dropped or set aside). A stage's end (before another stage) comes
 * first; otherwise, where the score screen's cut dialog proposes a cut after the game (Elimination from round 3:
 * proposedEliminationCut), the line is that cut, unless advancing after the game completes the tournament. Standard
 * proposes nothing ahead of time (its cuts are optional).
 */
export function lineAhead(t: NeedsData["tournament"], round: number, inPlay: number): LineAhead | null {
  const stages = stagesOf(t);
  const position = stageAt(stages, round);
  if (round < position.firstRound || round > position.lastRound) return null;
  const start = pointsFrom(stages, position.index);
  const name = position.stage.name;
  const end = position.stage.end;
  if (isCheckmateEnd(end))
    return { position, start, name, line: { kind: "checkmate", threshold: end.checkmate.threshold } };
  // A stage's end applies when another stage follows (advanceRound): after the last stage the tournament completes.
  if (end !== null && round === position.lastRound && position.index < stages.length - 1) {
    if ("cutTo" in end) return { position, start, name, line: { kind: "overall", keep: end.cutTo } };
    return { position, start, name, line: { kind: "lobby", keep: end.topPerLobby } };
  }
  const proposed = t.format === "elimination" ? proposedEliminationCut(inPlay, round) : 0;
  if (proposed === 0 || round >= t.totalRounds) return null;
  // One stage (a tournament without stages) is not named on the spectator pages: its rounds are.
  const label = stages.length > 1 ? name : `Round ${round}`;
  return { position, start, name: label, line: { kind: "overall", keep: inPlay - proposed } };
}

/**
 * Every contender's need before (or during) the game under way, the current round: null when the tournament is over,
 * no line is ahead, or a cut is ahead and the round's lobbies are not drawn (a checkmate game's needs are known from
 * the advance on). Points count from the stage's start (`reset`) or the first game; a
 * master's adjustments count only in points that run from the first game.
 */
export function tournamentNeeds(d: NeedsData): Needs {
  const t = d.tournament;
  if (t.status === "completed") return null;
  const round = t.currentRound;
  const lobbies = d.lobbies.filter((l) => l.roundNumber === round);
  const contenders = d.players.filter(stillInGame);
  const inPlay = new Set(contenders.map((p) => p.id));
  // Who a cut counts (eligibleForRound): a player in play who is not checked in is neither cut nor counted.
  const counted = contenders.filter((p) => p.isCheckedIn);
  const ahead = lineAhead(t, round, counted.length);
  if (!ahead) return null;
  const scoring = settingsScoring(t.scoring);
  const needs = new Map<number, Need>();
  const heading = needsHeading(ahead.line, ahead.name);

  if (ahead.line.kind === "checkmate") {
    // On checkmate or not is decided at the start of the game: this round's results do not count yet.
    const points = checkmateTally(contenders, d.matches, stagesOf(t), round);
    // Who is on checkmate does not depend on the draw: before it every player counted is told, after it those of a
    // lobby not yet scored.
    const waiting =
      lobbies.length === 0
        ? counted.map((p) => p.id)
        : lobbies.filter((l) => !l.isComplete).flatMap((l) => l.playerIds.filter((id) => inPlay.has(id)));
    for (const id of waiting)
      needs.set(id, checkmateNeed(checkmateOutlook(points.get(id)!, ahead.line.threshold, scoring)));
    return { heading, byPlayer: needs };
  }
  // A cut's outlook depends on who meets whom: none before the draw.
  if (lobbies.length === 0) return null;

  const ruleset = readRuleset(t.ruleset);
  const games = new Map<number, Pick<Match, "roundNumber" | "placement" | "points" | "dnp">[]>();
  const eventPoints = new Map<number, number>();
  for (const p of counted) {
    games.set(p.id, []);
    eventPoints.set(p.id, p.adjustPoints);
  }
  for (const m of d.matches) {
    const list = games.get(m.playerId);
    if (!list) continue;
    eventPoints.set(m.playerId, eventPoints.get(m.playerId)! + m.points);
    if (m.roundNumber >= ahead.start) list.push(m);
  }
  const withRecent = ruleset.tiebreakers.includes("recentGames");
  const players: NeedPlayer[] = counted.map((p) => {
    const adjust =
      ahead.start === 1
        ? { adjustPoints: p.adjustPoints, adjustMatches: p.adjustMatches, adjustAvg: p.adjustAverage }
        : { adjustPoints: 0, adjustMatches: 0, adjustAvg: null };
    const mine = games.get(p.id)!;
    const totals = { ...computePlayerStats(adjust, mine), eventPoints: eventPoints.get(p.id)! };
    return { record: playerRecord(p, totals, mine, withRecent), averageOverride: adjust.adjustAvg };
  });
  // This game's placements (a DNP has none): a scored lobby's players are through or out by them at a lobby line.
  const placed = new Map<number, number>();
  for (const m of d.matches) if (m.roundNumber === round && isPlaced(m)) placed.set(m.playerId, m.placement);
  const needLobbies: NeedLobby[] = lobbies.map((l) => {
    const present = l.playerIds.filter((id) => inPlay.has(id));
    // A lobby member out of play (dropped since the draw) is a no-show: the present ones take exactly 1..k.
    return {
      playerIds: present,
      places: present.length < l.playerIds.length ? present.length : MAX_PLACES,
      done: l.isComplete,
      ...(l.isComplete
        ? { placements: new Map(present.filter((id) => placed.has(id)).map((id) => [id, placed.get(id)!])) }
        : {}),
    };
  });
  const line = ahead.line;
  const outlooks = cutOutlooks({
    players,
    lobbies: needLobbies,
    chain: ruleset.tiebreakers,
    tieRule: cutRuleOf(ruleset),
    scoring,
    line,
  });
  for (const [id, outlook] of outlooks) needs.set(id, cutNeed(outlook, line));
  return { heading, byPlayer: needs };
}

const memo = new WeakMap<object, Needs>();

/** `tournamentNeeds`, once per data object: the snapshot's data is one object per version, shared by every screen. */
export function needsOf(d: NeedsData): Needs {
  if (memo.has(d)) return memo.get(d)!;
  const needs = tournamentNeeds(d);
  memo.set(d, needs);
  return needs;
}

/** One player's need, or null. */
export function needOf(d: NeedsData, playerId: number): Need | null {
  return needsOf(d)?.byPlayer.get(playerId) ?? null;
}
