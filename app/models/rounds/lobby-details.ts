// Lobby details' pure rules (docs/decisions/030-lobby-details.md): who makes the in-game lobby.
export type LobbyHostRule = "top-seed" | "bottom-seed";
export const LOBBY_HOST_RULES: readonly LobbyHostRule[] = ["top-seed", "bottom-seed"];
export const LOBBY_HOST_LABELS: Record<LobbyHostRule, string> = {
  "top-seed": "The lobby's best seed",
  "bottom-seed": "The lobby's last seed",
};

/**
 * The lobby host by the owner's rule: the best (lowest) seed, or the last; players without a seed come after the seeded
 * ones, by registration order (id). Null for an empty lobby.
 */
export function lobbyHost<P extends { id: number; seed: number | null }>(
  players: readonly P[],
  rule: LobbyHostRule,
): P | null {
  if (players.length === 0) return null;
  const ordered = [...players].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity) || a.id - b.id);
  return rule === "top-seed" ? ordered[0] : ordered[ordered.length - 1];
}
