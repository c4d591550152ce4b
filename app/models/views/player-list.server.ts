// The host's player lists (Manage Players, both check-in screens, Tournament Players): the players once, counted, searched and filtered by one rule.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { lobbies, players as playerTable, type Player, type Tournament } from "#db/schema";
import { toPlayerSummary } from "../roster/roster.server";
import { isInPlay, playerCounts, type Abilities, type Role } from "../access/policy";
import { playerMatches } from "../roster/search";

/** The list filters a screen may offer; each screen names the ones it shows. */
export type PlayerListFilter = "all" | "checked-in" | "not-checked-in" | "eliminated";

/** Whether a player is in `filter`: checked in and not checked in count only players still in play. */
export function inFilter(p: Pick<Player, "isCheckedIn" | "isEliminated">, filter: PlayerListFilter): boolean {
  if (filter === "checked-in") return isInPlay(p);
  if (filter === "not-checked-in") return !p.isCheckedIn && !p.isEliminated;
  if (filter === "eliminated") return p.isEliminated;
  return true;
}

/**
 * Reads the tournament's players (soft-removed ones excluded, registration order) and whether
 * lobbies exist, once; the tournament row is the caller's. `shown` are the players matching the
 * search `q` (name, tag or Name#Tag, any case) and the filter.
 */
export async function playerListView(
  db: Executor,
  t: Tournament,
  access: { role: Role; can: Abilities },
  query: { q: string; filter: PlayerListFilter },
) {
  const [rows, [lobby]] = await Promise.all([
    db
      .select()
      .from(playerTable)
      .where(and(eq(playerTable.tournamentId, t.id), isNull(playerTable.removedAt)))
      .orderBy(asc(playerTable.id)),
    db.select({ id: lobbies.id }).from(lobbies).where(eq(lobbies.tournamentId, t.id)).limit(1),
  ]);
  return {
    tournament: {
      id: t.id,
      name: t.name,
      status: t.status,
      maxPlayers: t.maxPlayers,
      currentRound: t.currentRound,
      isLocked: t.isLocked,
    },
    canManage: access.can.manage,
    // A scorekeeper checks players in and out; the rest of these pages stays the owner's (docs/rules.md, "Staff").
    canCheckIn: access.can.checkIn,
    scorekeeper: access.role === "scorekeeper",
    lobbiesExist: lobby !== undefined,
    counts: playerCounts(rows),
    q: query.q,
    filter: query.filter,
    shown: rows.filter((p) => playerMatches(p, query.q) && inFilter(p, query.filter)).map(toPlayerSummary),
    active: rows.filter(isInPlay).map(toPlayerSummary),
    eliminated: rows.filter((p) => p.isEliminated).map(toPlayerSummary),
  };
}
