// Manual draw (issue 18, docs/decisions/027-manual-draw-and-score-sheet.md): a round's lobbies given by the host
// (typed on the score screen or sent to the API) and a swap of two players between unscored lobbies.
import type { Refusal } from "../errors";
import { LOBBY_SIZE } from "../access/policy";
import { DRAW_MESSAGES, SAME_PLAYER, SWAP_MESSAGES } from "../messages";

/** A given lobby holds 2 to 8 players. */
export const GIVEN_LOBBY_MIN = 2;
export const GIVEN_LOBBY_MAX = LOBBY_SIZE;

const hash = (id: number) => `#${id}`;

/**
 * Why a given draw cannot be used, or null: every eligible player exactly once, nobody else, every lobby of 2 to 8
 * players. `label` names a player in the message (the screen's names; "#id" for an id nobody has).
 */
export function checkGivenDraw(
  given: readonly (readonly number[])[],
  eligibleIds: readonly number[],
  label: (id: number) => string = hash,
): Refusal | null {
  const refuse = (message: string): Refusal => ({ code: "invalid_draw", message });
  if (given.length === 0) return refuse(DRAW_MESSAGES.noLobby);
  const eligible = new Set(eligibleIds);
  const seen = new Set<number>();
  for (const lobby of given) {
    for (const id of lobby) {
      if (!eligible.has(id)) return refuse(DRAW_MESSAGES.notActive(label(id)));
      if (seen.has(id)) return refuse(DRAW_MESSAGES.twice(label(id)));
      seen.add(id);
    }
  }
  const badSize = given.findIndex((l) => l.length < GIVEN_LOBBY_MIN || l.length > GIVEN_LOBBY_MAX);
  if (badSize >= 0) {
    return refuse(DRAW_MESSAGES.lobbySize(GIVEN_LOBBY_MIN, GIVEN_LOBBY_MAX, badSize + 1, given[badSize].length));
  }
  const missing = eligibleIds.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).map(label).join(", ");
    return refuse(DRAW_MESSAGES.missing(missing.length, `${shown}${missing.length > 5 ? ", …" : ""}`));
  }
  return null;
}

export type DrawPlayer = { id: number; name: string; riotTag: string };

/**
 * The "Enter lobbies by hand" text: one lobby per line, players separated by commas, each written as its name,
 * as name#tag when two players share a name, or as its player id. Answers the player ids per lobby, or why not.
 * Blank lines are skipped. Whether the draw itself is whole is `checkGivenDraw`'s question.
 */
export function parseDrawText(text: string, players: readonly DrawPlayer[]): number[][] | Refusal {
  const refuse = (message: string): Refusal => ({ code: "invalid_draw", message });
  const byName = new Map<string, DrawPlayer[]>();
  const byFull = new Map<string, DrawPlayer>();
  const byId = new Map(players.map((p) => [p.id, p]));
  for (const p of players) {
    const key = p.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), p]);
    if (p.riotTag) byFull.set(`${key}#${p.riotTag.trim().toLowerCase()}`, p);
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const lobbies: number[][] = [];
  for (const [index, line] of lines.entries()) {
    const lobby: number[] = [];
    for (const raw of line.split(",")) {
      const entry = raw.trim();
      if (entry === "") continue;
      const key = entry.toLowerCase();
      const named = byName.get(key) ?? [];
      if (named.length > 1) return refuse(DRAW_MESSAGES.sameName(entry));
      const player =
        named[0] ?? byFull.get(key.replace(/\s*#\s*/, "#")) ?? (/^\d+$/.test(entry) ? byId.get(Number(entry)) : null);
      if (!player) return refuse(DRAW_MESSAGES.unknownName(index + 1, entry));
      lobby.push(player.id);
    }
    lobbies.push(lobby);
  }
  return lobbies;
}

export type SwapLobby = { id: number; name: string; playerIds: readonly number[]; isComplete: boolean };

export type SwapPlan = {
  first: { lobby: SwapLobby; playerIds: number[] };
  second: { lobby: SwapLobby; playerIds: number[] };
};

/**
 * Swapping players `a` and `b` between two lobbies of the round (`lobbies`): both active, in two different lobbies,
 * neither lobby scored. Each takes the other's seat. Answers the two lobbies' new player lists, or why not.
 */
export function planSwap(
  lobbies: readonly SwapLobby[],
  a: number,
  b: number,
  activeIds: ReadonlySet<number>,
  label: (id: number) => string = hash,
): SwapPlan | Refusal {
  if (a === b) return { code: "same_player", message: SAME_PLAYER };
  for (const id of [a, b]) {
    if (!activeIds.has(id)) return { code: "invalid_swap", message: SWAP_MESSAGES.notActive(label(id)) };
  }
  const lobbyOf = (id: number) => lobbies.find((l) => l.playerIds.includes(id));
  const first = lobbyOf(a);
  const second = lobbyOf(b);
  for (const [id, lobby] of [
    [a, first],
    [b, second],
  ] as const) {
    if (!lobby) return { code: "invalid_swap", message: SWAP_MESSAGES.notInLobby(label(id)) };
  }
  if (!first || !second) throw new Error("unreachable");
  if (first.id === second.id) {
    return { code: "invalid_swap", message: SWAP_MESSAGES.sameLobby(label(a), label(b), first.name) };
  }
  const scored = [first, second].find((l) => l.isComplete);
  if (scored) {
    return {
      code: "lobby_scored",
      message: SWAP_MESSAGES.lobbyScored(scored.name),
    };
  }
  return {
    first: { lobby: first, playerIds: first.playerIds.map((id) => (id === a ? b : id)) },
    second: { lobby: second, playerIds: second.playerIds.map((id) => (id === b ? a : id)) },
  };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
}
