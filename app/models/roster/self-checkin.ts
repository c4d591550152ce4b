// Player self check-in's pure rules: the code's alphabet and comparison form, "Name#Tag" parsing, the messages (no zod: the
// public page's client code reads these; the input schema is `selfCheckinSchema` in self-checkin-input.ts).

/** 6 characters read out on stream: no 0/O, 1/I/L, so nobody mishears or mistypes one (31 symbols, about 30 bits). */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;

export const NAME_TAG_MESSAGE = "Enter your name as Name#Tag";
export const CHOOSE_PLAYER = "Choose your name or type it as Name#Tag";
export const CODE_REQUIRED = "Enter the check-in code";

export const TAG_REQUIRED = "Enter your game tag";

/**
 * The limits of self check-in, per 15 minutes (docs/decisions/021-check-in-and-share-links.md). None holds for everyone:
 * wrong tries count per address (per tournament and across tournaments), wrong game tags per player, and right
 * tries per address, so a stranger's flood only ever stops that stranger's address or the player they aim at.
 */
export const SELF_CHECKIN_LIMIT = {
  windowMinutes: 15,
  /** Wrong tries (code or tag) from one address at one tournament. */
  failures: 10,
  /** Wrong tries from one address across tournaments. */
  addressFailures: 30,
  /** Wrong game tags naming one player, from every address. */
  playerFailures: 10,
  /** Check-ins and check-outs from one address at one tournament (a phone, a household, a small venue's NAT). */
  successes: 8,
} as const;

/**
 * How a player proves who they are. Until players hold a personal pass (DECISIONS "Players are not accounts"),
 * their exact game tag; a pass plugs in as another kind, checked by `provesPlayer` in self-checkin.server.ts.
 */
export type PlayerProof = { kind: "tag"; riotTag: string };

/** Whether the proof matches the player: the tag exactly as registered (case included), trimmed. */
export function tagMatches(registered: string, typed: string): boolean {
  return registered.trim() === typed.trim();
}

/** What a player types, as compared: case and spaces or dashes do not matter ("ab3 k7q" is "AB3K7Q"). */
export function normalizeCode(raw: string): string {
  return raw.replace(/[\s-]+/g, "").toUpperCase();
}

/** "Name#Tag" → its two parts, trimmed; split at the last "#" (a name may not hold one, a tag never does). Null when malformed. */
export function parseNameTag(raw: string): { name: string; riotTag: string } | null {
  const at = raw.lastIndexOf("#");
  if (at < 0) return null;
  const name = raw.slice(0, at).trim();
  const riotTag = raw.slice(at + 1).trim();
  return name && riotTag ? { name, riotTag } : null;
}

/** Who is checking in: a player id, or the name as typed (the tag of "Name#Tag" is the proof, not part of the lookup). */
export type PlayerRef = { id: number } | { name: string };

/** Check in or out: a player may take back their own check-in while self check-in is open. */
export type SelfCheckinAction = "checkin" | "checkout";
