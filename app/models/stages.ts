// A tournament's stages (issue 18): an ordered list, each with its games, its lobby draw, how points enter it and how
// it ends. These are the shared shapes; the stage rules (transitions, final standings, checkmate) build on them.
import type { LobbyMethod } from "./types";

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
