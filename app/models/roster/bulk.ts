// Bulk player import: parses "Name#Tag [LP]" lines into players and per-line errors.

export const NAME_MAX = 50;
export const TAG_MAX = 20;
/** The lp column is a 32-bit integer; a bigger number must be a line error, not a database failure. */
export const LP_MAX = 2_147_483_647;

export type BulkPlayer = { name: string; riotTag: string; lp: number };

/**
 * One player per line: the name is everything before the first "#" (names may contain spaces),
 * the tag what follows; when the rest holds whitespace, its last word is the LP. Blank lines are
 * skipped but still counted, so "Line N" matches what the host sees in the text box. A line
 * with an error gives one message (the first problem found) and no player.
 */
export function parseBulkPlayers(text: string): { players: BulkPlayer[]; errors: string[] } {
  const players: BulkPlayer[] = [];
  const errors: string[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    const result = parseLine(line);
    if (typeof result === "string") errors.push(`Line ${i + 1}: ${result}`);
    else players.push(result);
  });
  return { players, errors };
}

function parseLine(line: string): BulkPlayer | string {
  const hash = line.indexOf("#");
  if (hash < 0) return "Missing # separator";
  const name = line.slice(0, hash).trim();
  const rest = line.slice(hash + 1).trim();
  const split = rest.match(/^(.*\S)\s+(\S+)$/);
  const riotTag = split ? split[1] : rest;
  const lpText = split ? split[2] : null;
  if (name === "" || riotTag === "") return "Missing name or tag";
  if (name.length > NAME_MAX) return "Name too long (max 50 characters)";
  if (riotTag.length > TAG_MAX) return "Tag too long (max 20 characters)";
  let lp = 0;
  if (lpText !== null) {
    if (!/^\d+$/.test(lpText)) return "Invalid LP/Elo value";
    lp = Number(lpText);
    if (lp > LP_MAX) return "Invalid LP/Elo value";
  }
  return { name, riotTag, lp };
}
