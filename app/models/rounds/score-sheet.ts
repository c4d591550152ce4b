// The score screen's lobby states and the "next unscored lobby" a save moves on to (issue 22; docs/decisions/027-manual-draw-and-score-sheet.md).

/**
 * A lobby's state on the score screen: saved once its scores are; before that, "agreed" or "disputed" when its players'
 * reports say so (docs/decisions/036-player-reports.md), else pending. Every screen that shows a state names it through
 * `LOBBY_STATE_LABELS`.
 */
export type LobbyState = "pending" | "agreed" | "saved" | "disputed";

export const LOBBY_STATE_LABELS: Record<LobbyState, string> = {
  pending: "Pending",
  agreed: "Reported, agreed",
  saved: "Saved",
  disputed: "Disputed",
};

/** Saved once its scores are; else what its players' reports say (agreed, disputed), else pending. */
export function lobbyState(
  lobby: { isComplete: boolean },
  reports: "none" | "reported" | "agreed" | "disputed" = "none",
): LobbyState {
  if (lobby.isComplete) return "saved";
  if (reports === "agreed" || reports === "disputed") return reports;
  return "pending";
}

/** The score screen's order: disputed lobbies first (they wait for the staff's decision), the rest as drawn. */
export function disputedFirst<L extends { state: LobbyState }>(lobbies: readonly L[]): L[] {
  return [...lobbies.filter((l) => l.state === "disputed"), ...lobbies.filter((l) => l.state !== "disputed")];
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
