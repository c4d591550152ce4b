// Check-in by the host or a scorekeeper: one player in or out, or the selected players in at once.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { AppDb } from "#db/client.server";
import { players, type Player } from "#db/schema";
import { type ActionResult } from "../action.server";
import { changedFields, playerLabel as label } from "../audit/audit";
import type { PublicUser } from "../access/auth.server";
import { badRequest, conflict, notFound } from "../errors";
import { event } from "../audit/events";
import {
  CHECKIN_LOCKED,
  checkinMaxMessage,
  ELIMINATED_CHECKIN,
  NO_PLAYERS_SELECTED,
  PLAYER_NOT_FOUND,
} from "../messages";
import { mutate, tournamentLock } from "../mutate.server";
import { countActiveCheckedIn, hasLobbies, lockPlayer } from "./lookups.server";
import { checkinEntry } from "../audit/webhooks";

/**
 * Checks a player in or out. 409 once lobbies exist ("Check-ins cannot be modified after lobby
 * generation has started"), above max ("Maximum {max} players can be checked in"), and for an
 * eliminated player ("Eliminated players cannot be checked in"). Event: tournament_updated.
 */
export async function setCheckin(
  db: AppDb,
  user: PublicUser | null,
  playerId: number,
  checkedIn: boolean,
): Promise<ActionResult<Player>> {
  return mutate(
    db,
    user,
    (tx) => lockPlayer(tx, user, playerId, {}, "checkIn"),
    async ({ tx, tournament: t, player, audit, emit }) => {
      if (await hasLobbies(tx, t.id)) throw conflict("checkin_locked", CHECKIN_LOCKED);
      if (player.isCheckedIn === checkedIn) return player;
      if (checkedIn) {
        if (player.isEliminated) throw conflict("player_eliminated", ELIMINATED_CHECKIN);
        if ((await countActiveCheckedIn(tx, t.id)) >= t.maxPlayers)
          throw conflict("tournament_full", checkinMaxMessage(t.maxPlayers));
      }
      const [updated] = await tx
        .update(players)
        .set({ isCheckedIn: checkedIn })
        .where(eq(players.id, player.id))
        .returning();
      await audit({
        action: checkedIn ? "player.checked_in" : "player.checked_out",
        summary: `${label(player)} ${checkedIn ? "checked in" : "checked out"}`,
        ...changedFields(player, { isCheckedIn: checkedIn }),
        webhook: { checkedIn, players: [checkinEntry(player)] },
      });
      emit(event("tournament_updated", t.id, { name: t.name, playerId: player.id, checkedIn }));
      return updated;
    },
  );
}

/**
 * "Check in selected": checks in the listed players of one tournament in one transaction, under the
 * same rules as one tap (no change after lobbies exist, no eliminated player, at most maxPlayers
 * checked in); any refusal changes nothing. Players already checked in are left as they are.
 * Event: one tournament_updated {checkedIn: true, playerIds}.
 */
export async function setCheckins(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  playerIds: number[],
): Promise<ActionResult<{ checkedIn: Player[] }>> {
  return mutate(db, user, tournamentLock(tournamentId, {}, "checkIn"), async ({ tx, tournament: t, audit, emit }) => {
    if (await hasLobbies(tx, t.id)) throw conflict("checkin_locked", CHECKIN_LOCKED);
    const ids = [...new Set(playerIds)];
    if (ids.length === 0) throw badRequest("no_players_selected", NO_PLAYERS_SELECTED);
    const rows = await tx
      .select()
      .from(players)
      .where(and(eq(players.tournamentId, t.id), inArray(players.id, ids), isNull(players.removedAt)));
    if (rows.length !== ids.length) throw notFound("player_not_found", PLAYER_NOT_FOUND);
    if (rows.some((p) => p.isEliminated)) throw conflict("player_eliminated", ELIMINATED_CHECKIN);
    const toCheck = rows.filter((p) => !p.isCheckedIn);
    if ((await countActiveCheckedIn(tx, t.id)) + toCheck.length > t.maxPlayers)
      throw conflict("tournament_full", checkinMaxMessage(t.maxPlayers));
    if (toCheck.length === 0) return { checkedIn: [] };
    const updated = await tx
      .update(players)
      .set({ isCheckedIn: true })
      .where(
        inArray(
          players.id,
          toCheck.map((p) => p.id),
        ),
      )
      .returning();
    await audit({
      action: "players.checked_in",
      summary: `${updated.length} player${updated.length === 1 ? "" : "s"} checked in`,
      before: Object.fromEntries(toCheck.map((p) => [label(p), false])),
      after: Object.fromEntries(toCheck.map((p) => [label(p), true])),
      webhook: { checkedIn: true, players: toCheck.map(checkinEntry) },
    });
    emit(event("tournament_updated", t.id, { name: t.name, checkedIn: true, playerIds: updated.map((p) => p.id) }));
    return { checkedIn: updated };
  });
}
