// Lobby details' pure rules (docs/decisions/030-lobby-details.md): who makes the in-game lobby, and generated passwords.
import { randomInt } from "node:crypto";

export type LobbyHostRule = "top-seed" | "bottom-seed";
export const LOBBY_HOST_RULES: readonly LobbyHostRule[] = ["top-seed", "bottom-seed"];
export const LOBBY_HOST_LABELS: Record<LobbyHostRule, string> = {
  "top-seed": "The lobby's best seed",
  "bottom-seed": "The lobby's last seed",
};

export const PASSWORD_MAX = 40;
const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A password easy to read out and type in the game: 8 characters without look-alikes. */
export function generatePassword(): string {
  let out = "";
  for (let i = 0; i < 8; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

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
