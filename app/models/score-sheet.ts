// The score screen's lobby states and the "next unscored lobby" a save moves on to (issue 22; docs/decisions/027-manual-draw-and-score-sheet.md).

/**
 * A lobby's state on the score screen. "disputed" is for player reports (not made yet): the union grows there, and
 * every screen that shows a state names it through `LOBBY_STATE_LABELS`.
 */
export type LobbyState = "pending" | "saved" | "disputed";

export const LOBBY_STATE_LABELS: Record<LobbyState, string> = {
  pending: "Pending",
  saved: "Saved",
  disputed: "Disputed",
};

/** Today a lobby is saved once its scores are, else pending. */
export function lobbyState(lobby: { isComplete: boolean }): LobbyState {
  return lobby.isComplete ? "saved" : "pending";
}

/** Whether a lobby still waits for the host: anything but saved (a disputed lobby asks for a look too). */
export function needsScores(state: LobbyState): boolean {
  return state !== "saved";
}

/**
 * The lobby to enter next after `afterId` was saved: the first one after it (in screen order) that still needs
 * scores, wrapping around to the top; null when every lobby is saved. Without `afterId` the first that needs scores.
 */
export function nextUnscored<L extends { id: number; state: LobbyState }>(
  lobbies: readonly L[],
  afterId?: number,
): L | null {
  const at = afterId === undefined ? -1 : lobbies.findIndex((l) => l.id === afterId);
  for (let step = 1; step <= lobbies.length; step++) {
    const lobby = lobbies[(at + step + lobbies.length) % lobbies.length];
    if (lobby.id !== afterId && needsScores(lobby.state)) return lobby;
  }
  return null;
}
