// Player self check-in's pure rules: the code's alphabet and comparison form, "Name#Tag" parsing, the messages (no zod: the
// public page's client code reads these; the input schema is `selfCheckinSchema` in validation.ts).

/** 6 characters read out on stream: no 0/O, 1/I/L, so nobody mishears or mistypes one (31 symbols, about 30 bits). */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;

export const WRONG_CODE = "Wrong check-in code";
export const SELF_CHECKIN_NOT_OPEN = "Self check-in is not open";
export const CHECKIN_CLOSED = "Check-in is closed";
export const TOO_MANY_CODES = "Too many wrong codes. Please wait 15 minutes and try again.";
export const NAME_TAG_MESSAGE = "Enter your name as Name#Tag";
export const CHOOSE_PLAYER = "Choose your name or type it as Name#Tag";
export const CODE_REQUIRED = "Enter the check-in code";

/** Wrong codes allowed per tournament from one address, from one address in all, and per tournament from everyone. */
export const SELF_CHECKIN_LIMIT = {
  family: "checkin",
  failures: 10,
  addressFailures: 30,
  keyFailures: 100,
  windowMinutes: 15,
} as const;

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

/** Who is checking in: a player id, or the name as "Name#Tag". */
export type PlayerRef = { id: number } | { name: string; riotTag: string };
