// Finding players by name or game tag: one rule for the public search, the player grid and the host lists.

export const SEARCH_LIMIT = 10;

/** Case-insensitive match on name or game tag; "Name#Tag" works too. */
export function playerMatches(player: { name: string; riotTag: string }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const name = player.name.toLowerCase();
  const tag = player.riotTag.toLowerCase();
  return name.includes(needle) || tag.includes(needle) || `${name}#${tag}`.includes(needle);
}

/** The profile search: matching players in standings order, at most 10 (docs/rules.md, "Spectator pages"); nothing for an empty query. */
export function searchPlayers<P extends { name: string; riotTag: string }>(players: readonly P[], query: string): P[] {
  if (!query.trim()) return [];
  const found: P[] = [];
  for (const p of players) {
    if (!playerMatches(p, query)) continue;
    found.push(p);
    if (found.length === SEARCH_LIMIT) break;
  }
  return found;
}
