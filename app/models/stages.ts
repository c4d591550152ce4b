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
