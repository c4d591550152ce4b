// A tournament's stages (issue 18): an ordered list, each with its games, its lobby draw, how points enter it and how
// it ends. These are the shared shapes; the stage rules (transitions, final standings, checkmate) build on them.
import type { LobbyMethod } from "./types";
import { BETWEEN_GAMES_CUT_WORDS, CUT_RULE_WORDS, CUT_TIE_WORDS, type CutRule } from "./ruleset";
import { STAGE_MESSAGES, stageStartedMessage } from "../messages";

/** How points enter a stage: `carry` the total so far, or `reset` to 0 (earlier stages' standings stay readable). */
export type StagePoints = "carry" | "reset";

/** How a stage ends: cut to the best N overall, the best K of each lobby in its last game, a checkmate, or nothing. */
export type StageEnd =
  { cutTo: number } | { topPerLobby: number } | { checkmate: { threshold: number; maxGames: number | null } } | null;

export type Stage = {
  name: string;
  /** Games in the stage (a checkmate stage: see docs/rules.md "Stages" for how its games and cap relate). */
  games: number;
  draw: LobbyMethod;
  points: StagePoints;
  end: StageEnd;
};

export const DEFAULT_CHECKMATE_THRESHOLD = 20;
/** The highest threshold a checkmate stage may set: more would leave nearly every final to the game limit. */
export const MAX_CHECKMATE_THRESHOLD = 200;

export function isCheckmateEnd(end: StageEnd): end is { checkmate: { threshold: number; maxGames: number | null } } {
  return end !== null && "checkmate" in end;
}

/** A stage and where it sits among the tournament's rounds (rounds are numbered across the whole event). */
export type StagePosition = { index: number; stage: Stage; firstRound: number; lastRound: number };

/**
 * A tournament's stages: its stored list, or (tournaments without one) a single stage made of `totalRounds` games
 * with the tournament's lobby method, points carried and no end, which is today's behaviour.
 */
export function stagesOf(t: {
  stages?: readonly Stage[] | null;
  totalRounds: number;
  lobbyMethod: LobbyMethod;
}): Stage[] {
  if (t.stages && t.stages.length > 0) return [...t.stages];
  return [{ name: "Main", games: t.totalRounds, draw: t.lobbyMethod, points: "carry", end: null }];
}

/** Each stage with its first and last round, in order. */
export function stagePositions(stages: readonly Stage[]): StagePosition[] {
  let next = 1;
  return stages.map((stage, index) => {
    const position = { index, stage, firstRound: next, lastRound: next + stage.games - 1 };
    next += stage.games;
    return position;
  });
}

/** The stage a round belongs to (the last stage for a round past every stage's games). */
export function stageAt(stages: readonly Stage[], round: number): StagePosition {
  const positions = stagePositions(stages);
  return positions.find((p) => round <= p.lastRound) ?? positions[positions.length - 1]!;
}

/**
 * Where stage `index`'s points start: the first round of the latest stage up to it that resets points (a `carry`
 * stage counts the stages before it back to there), else round 1. The one owner of a stage's first counted round:
 * its standings, its draw, its checkmate tally and "what do I need" all read it.
 */
export function pointsFrom(stages: readonly Stage[], index: number): number {
  let origin = index;
  while (origin > 0 && stages[origin].points === "carry") origin--;
  return stagePositions(stages)[origin].firstRound;
}

/** A checkmate stage as its rules read it: where it sits, its threshold, and the last game it can play. */
export type CheckmateRule = {
  position: StagePosition;
  threshold: number;
  /**
   * The round after which it ends without a checkmate winner, the points leader winning: its cap's last game, and
   * never past the event's limit of MAX_TOTAL_ROUNDS rounds (the database refuses more), cap or not.
   */
  lastGame: number;
};

/**
 * The tournament's checkmate stage (only the last stage may be one), or null. The one owner of its threshold and of
 * when it ends without a winner: the advance, the score page's note and the standings read it from here.
 */
export function checkmateRule(stages: readonly Stage[]): CheckmateRule | null {
  const positions = stagePositions(stages);
  const position = positions[positions.length - 1];
  const end = position?.stage.end ?? null;
  if (!isCheckmateEnd(end)) return null;
  const { threshold, maxGames } = end.checkmate;
  const capped = maxGames === null ? MAX_TOTAL_ROUNDS : position.firstRound + maxGames - 1;
  return { position, threshold, lastGame: Math.min(capped, MAX_TOTAL_ROUNDS) };
}

// ---------- limits, presets and the problems of a stage list (docs/rules.md "Stages") ----------

export const MAX_STAGES = 5;
/** Games one stage may plan; a checkmate stage without a cap plays on past its planned games, one at a time. */
export const MAX_STAGE_GAMES = 20;
/** The sum of the planned games (the tournament's totalRounds); the database allows up to 100 rounds in all. */
export const MAX_PLANNED_GAMES = 30;
export const MAX_TOTAL_ROUNDS = 100;
export const STAGE_NAME_MAX = 40;

export const STAGE_POINTS_WORDS: Record<StagePoints, string> = {
  carry: "Carry points",
  reset: "Reset to 0",
};

export type StageEndKind = "none" | "cutTo" | "topPerLobby" | "checkmate";
export const STAGE_END_WORDS: Record<StageEndKind, string> = {
  none: "Nothing",
  cutTo: "Cut to the best N overall",
  topPerLobby: "Keep the best K of each lobby",
  checkmate: "Checkmate",
};

export function endKind(end: StageEnd): StageEndKind {
  if (end === null) return "none";
  if ("cutTo" in end) return "cutTo";
  if ("topPerLobby" in end) return "topPerLobby";
  return "checkmate";
}

/** A stage's end in a few words: "Cut to 32", "Best 4 of each lobby", "Checkmate at 20 points (at most 6 games)". */
export function endText(end: StageEnd): string {
  if (end === null) return "No cut";
  if ("cutTo" in end) return `Cut to ${end.cutTo}`;
  if ("topPerLobby" in end) return `Best ${end.topPerLobby} of each lobby go through`;
  const cap = end.checkmate.maxGames === null ? "" : ` (at most ${end.checkmate.maxGames} games)`;
  return `Checkmate at ${end.checkmate.threshold} points${cap}`;
}

export const PRESET_STAGE_NAMES = ["single", "checkmate-final"] as const;
export type StagePreset = (typeof PRESET_STAGE_NAMES)[number];
export const STAGE_PRESET_WORDS: Record<StagePreset, string> = {
  single: "Single stage",
  "checkmate-final": "Two days and a checkmate final",
};

/** A preset's stages for a field of `players` (Create's presets; editable after choosing). */
export function presetStages(
  preset: StagePreset,
  players: number,
  totalRounds = 5,
  draw: LobbyMethod = "snake",
): Stage[] {
  if (preset === "single") return [{ name: "Main", games: totalRounds, draw, points: "carry", end: null }];
  const half = Math.max(8, Math.floor(players / 2 / 8) * 8);
  return [
    { name: "Day 1", games: 5, draw, points: "carry", end: { cutTo: half } },
    { name: "Day 2", games: 5, draw, points: "carry", end: { cutTo: 8 } },
    {
      name: "Final",
      games: 5,
      draw: "swiss",
      points: "reset",
      end: { checkmate: { threshold: DEFAULT_CHECKMATE_THRESHOLD, maxGames: null } },
    },
  ];
}

/** The sizes of the lobbies `n` players are drawn into (app/models/rounds/lobbies.ts: sizes differ by at most one). */
function drawSizes(n: number): number[] {
  const count = Math.ceil(n / 8);
  if (count <= 0) return [];
  const base = Math.floor(n / count);
  const extra = n % count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Whether `n` players make at least one full lobby of 8. */
export function hasFullLobby(n: number): boolean {
  return drawSizes(n).some((size) => size === 8);
}

export type StageProblem = { field: string; message: string };

/** How many players enter the next stage when `players` reach this end: a cut keeps at most N, the best K of each lobby at most K per lobby. */
export function enteringAfter(end: StageEnd, players: number): number {
  if (end === null || !("cutTo" in end || "topPerLobby" in end)) return players;
  if ("cutTo" in end) return Math.min(players, end.cutTo);
  return Math.min(players, end.topPerLobby * Math.ceil(players / 8));
}

/**
 * Why a stage list is refused, or null. `players` is the field that enters stage `from` (default the first):
 * maxPlayers before round 1 is drawn, the players in play once under way (from the current stage: the stages before
 * it have ended, their cuts are done). Each stage needs a name and 1 to 20 games; a cut to N must leave fewer players
 * than enter the stage and at least one full lobby; K of each lobby is 1 to 7; a checkmate threshold is above 0 and at
 * most 200, its cap (when given) at least its planned games and ending by the event's 100th round, and only the last
 * stage may be a checkmate.
 */
export function stagesProblem(stages: readonly Stage[], players: number, from = 0): StageProblem | null {
  if (stages.length === 0) return { field: "stages", message: STAGE_MESSAGES.none };
  if (stages.length > MAX_STAGES) return { field: "stages", message: STAGE_MESSAGES.tooMany(MAX_STAGES) };
  let entering = players;
  let planned = 0;
  for (const [i, s] of stages.entries()) {
    const at = `stages.${i}`;
    const label = s.name.trim() || `Stage ${i + 1}`;
    if (s.name.trim() === "") return { field: `${at}.name`, message: STAGE_MESSAGES.nameRequired(i + 1) };
    if (s.name.length > STAGE_NAME_MAX)
      return { field: `${at}.name`, message: STAGE_MESSAGES.nameTooLong(STAGE_NAME_MAX) };
    if (!Number.isInteger(s.games) || s.games < 1 || s.games > MAX_STAGE_GAMES)
      return { field: `${at}.games`, message: STAGE_MESSAGES.games(label, MAX_STAGE_GAMES) };
    planned += s.games;
    const end = s.end;
    if (end === null) continue;
    if ("cutTo" in end) {
      const n = end.cutTo;
      if (!Number.isInteger(n) || n < 1) return { field: `${at}.end`, message: STAGE_MESSAGES.cutWhole(label) };
      if (i >= from && n >= entering)
        return {
          field: `${at}.end`,
          message: STAGE_MESSAGES.cutTooLarge(label, n, entering),
        };
      if (!hasFullLobby(n)) return { field: `${at}.end`, message: STAGE_MESSAGES.cutNoFullLobby(label, n) };
      if (i >= from) entering = n;
    } else if ("topPerLobby" in end) {
      const k = end.topPerLobby;
      if (!Number.isInteger(k) || k < 1 || k >= 8)
        return { field: `${at}.end`, message: STAGE_MESSAGES.topPerLobby(label) };
      if (i >= from) entering = enteringAfter(end, entering);
    } else {
      const { threshold, maxGames } = end.checkmate;
      if (i !== stages.length - 1) return { field: `${at}.end`, message: STAGE_MESSAGES.checkmateNotLast(label) };
      if (!Number.isFinite(threshold) || threshold <= 0)
        return { field: `${at}.end`, message: STAGE_MESSAGES.threshold(label) };
      if (threshold > MAX_CHECKMATE_THRESHOLD)
        return { field: `${at}.end`, message: STAGE_MESSAGES.thresholdTooHigh(label, MAX_CHECKMATE_THRESHOLD) };
      if (maxGames !== null && (!Number.isInteger(maxGames) || maxGames < s.games))
        return {
          field: `${at}.end`,
          message: STAGE_MESSAGES.gameCap(label, s.games),
        };
      // The cap's last game must fall within the event's rounds (the stage starts after the games planned before it).
      const capLimit = MAX_TOTAL_ROUNDS - (planned - s.games);
      if (maxGames !== null && maxGames > capLimit)
        return { field: `${at}.end`, message: STAGE_MESSAGES.gameCapTooHigh(label, capLimit, MAX_TOTAL_ROUNDS) };
    }
  }
  if (planned > MAX_PLANNED_GAMES)
    return { field: "stages", message: STAGE_MESSAGES.plannedTooMany(planned, MAX_PLANNED_GAMES) };
  return null;
}

/** The total rounds a stage list plans: the sum of its games. */
export function plannedRounds(stages: readonly Stage[]): number {
  return stages.reduce((sum, s) => sum + s.games, 0);
}

/** A stage has started once its first round's lobbies are drawn (or a later round is current). */
export function stageStarted(position: StagePosition, t: { currentRound: number; drawnRound: number }): boolean {
  return t.currentRound > position.firstRound || t.drawnRound >= position.firstRound;
}

/**
 * Why `next` may not replace `current`, or null: every stage that has started stays as it was (a running checkmate
 * stage may still be extended by the rules, not by an edit), and no started stage may be removed.
 */
export function stageEditProblem(
  current: readonly Stage[],
  next: readonly Stage[],
  t: { currentRound: number; drawnRound: number },
): StageProblem | null {
  for (const position of stagePositions(current)) {
    if (!stageStarted(position, t)) continue;
    const edited = next[position.index];
    const same = edited !== undefined && sameStage(edited, position.stage);
    if (!same)
      return {
        field: `stages.${position.index}`,
        message: stageStartedMessage(position.stage.name),
      };
  }
  return null;
}

/** Two stages alike field by field (stored jsonb does not keep key order). */
export function sameStage(a: Stage, b: Stage): boolean {
  return (
    a.name === b.name &&
    a.games === b.games &&
    a.draw === b.draw &&
    a.points === b.points &&
    endText(a.end) === endText(b.end) &&
    endKind(a.end) === endKind(b.end)
  );
}

export function sameStages(a: readonly Stage[], b: readonly Stage[]): boolean {
  return a.length === b.length && a.every((s, i) => sameStage(s, b[i]));
}

/** Where the tournament is: its current stage (index and name) and the game within that stage (1-based). */
export type StageInfo = { currentStage: { index: number; name: string }; gameInStage: number; stageCount: number };

export function stageInfo(t: {
  stages?: readonly Stage[] | null;
  totalRounds: number;
  lobbyMethod: LobbyMethod;
  currentRound: number;
}): StageInfo {
  const stages = stagesOf(t);
  const at = stageAt(stages, t.currentRound);
  return {
    currentStage: { index: at.index, name: at.stage.name },
    gameInStage: t.currentRound - at.firstRound + 1,
    stageCount: stages.length,
  };
}

/** Where the score page's round sits among the stages, and what advancing after it does (docs/rules.md "Stages"). */
export type StageRoundNote = {
  /** "Day 1 · Game 2 of 2". */
  label: string;
  /** At a stage's last game (cut or best K) and in every game of a checkmate stage: what the stage end does. */
  end: string | null;
  /** The stage's end decides who goes through: the manual cut dialog's count would be ignored, so it is not offered. */
  endsWithCut: boolean;
  /** A checkmate stage's planned last game is not the tournament's end: advancing plays one more game without a winner. */
  playsOn: boolean;
};

/**
 * The score page's stage line for `round`; null for a tournament without stages (one stage, no change). `inPlay`: the
 * players still in play, when known (a cut to more players than remain cuts nobody, and the end's words say so).
 */
export function stageRoundNote(
  t: { stages?: readonly Stage[] | null; totalRounds: number; lobbyMethod: LobbyMethod },
  round: number,
  inPlay?: number,
): StageRoundNote | null {
  if (!t.stages || t.stages.length === 0) return null;
  const stages = stagesOf(t);
  const at = stageAt(stages, round);
  const name = at.stage.name;
  const game = round - at.firstRound + 1;
  const label = `${name} · Game ${game} of ${at.stage.games}`;
  const end = at.stage.end;
  const checkmate = checkmateRule(stages);
  if (checkmate && isCheckmateEnd(end)) {
    const last = round >= checkmate.lastGame;
    const after = last
      ? "this is its last game: without a winner, the leader on points wins"
      : end.checkmate.maxGames !== null
        ? `without a winner the final plays one more game at a time, up to ${end.checkmate.maxGames}`
        : "without a winner the final plays one more game at a time";
    return {
      label,
      end: `Checkmate final: a player on ${checkmate.threshold} points or more who places 1st wins the tournament; ${after}.`,
      endsWithCut: false,
      playsOn: !last,
    };
  }
  const last = round === at.lastRound && at.index < stages.length - 1;
  if (!last) return { label, end: null, endsWithCut: false, playsOn: false };
  const next = stages[at.index + 1]!.name;
  return { label, end: stageEndWords(name, next, end, inPlay), endsWithCut: end !== null, playsOn: false };
}

/**
 * What a stage's end does, in words ("Day 1 ends here: the best 32 go through to Day 2."). With `inPlay` (the players
 * still in play) a cut to N that N or more of them reach cuts nobody: all of them go through, and the words say so.
 */
export function stageEndWords(name: string, next: string, end: StageEnd, inPlay?: number): string {
  const words =
    end === null || isCheckmateEnd(end)
      ? `everyone goes through to ${next}`
      : "cutTo" in end
        ? inPlay !== undefined && inPlay <= end.cutTo
          ? `a cut to the best ${end.cutTo}, but only ${inPlay} players are in play: all ${inPlay} go through to ${next}`
          : `the best ${end.cutTo} go through to ${next}`
        : `the best ${end.topPerLobby} of each lobby go through to ${next}`;
  return `${name} ends here: ${words}.`;
}

/**
 * The cuts of a tournament in words (the Rules section of the public view and the leaderboard, the export's Rules
 * sheet): without stages the cut between games as always; with them, each stage's end as configured (a stage's cut to
 * N is any number, not a multiple of 8), then the cut between games and the tie at any cut line.
 */
export function cutRulesText(
  t: { stages?: readonly Stage[] | null; totalRounds: number; lobbyMethod: LobbyMethod },
  rule: CutRule,
): string {
  if (!t.stages || t.stages.length === 0) return CUT_RULE_WORDS[rule];
  const stages = stagesOf(t);
  const ends = stages.flatMap((s, i): string[] => {
    const end = s.end;
    if (end === null) return [];
    if (isCheckmateEnd(end))
      return [
        `${s.name} is a checkmate final: a player on ${end.checkmate.threshold} points or more who places 1st wins.`,
      ];
    if (i === stages.length - 1) return [];
    if ("cutTo" in end) return [`${s.name} ends with a cut to the best ${end.cutTo} by its standings.`];
    return [`${s.name} ends: the best ${end.topPerLobby} of each lobby of its last game go through.`];
  });
  if (ends.length === 0) return CUT_RULE_WORDS[rule];
  return [...ends, `Between games, ${lowerFirst(BETWEEN_GAMES_CUT_WORDS)}`, CUT_TIE_WORDS[rule]].join(" ");
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** How the standings are ordered, in words: by the stage reached when there are stages, then the status rule. */
export function standingsOrderText(t: { stages?: readonly Stage[] | null }): string {
  const status = "active players rank above dropped ones, and dropped above eliminated ones";
  if (!t.stages || t.stages.length <= 1)
    return `${status.charAt(0).toUpperCase()}${status.slice(1)}. Within each, players are ranked by:`;
  return (
    "Players rank by how far they got: those in the current stage first, then those out in the stage before, and so " +
    `on. Within a stage, ${status}. Within each, players are ranked by:`
  );
}
