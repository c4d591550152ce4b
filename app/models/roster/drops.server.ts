// Drops: a player who leaves the event is taken out of every later draw, with a reason, until the next draw makes it final.
import { eq, max } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import { lobbies, players, type Player } from "#db/schema";
import { playerLabel } from "../audit/audit";
import type { PublicUser } from "../access/auth.server";
import type { ActionResult } from "../action.server";
import { conflictOf, notFound } from "../errors";
import { event } from "../audit/events";
import { lockPlayer } from "./lookups.server";
import { PLAYER_NOT_FOUND } from "../messages";
import { dropRefusal, undoDropRefusal } from "../access/policy";
import { mutate } from "../mutate.server";

async function lockPlayerWithin(tx: AppTx, user: PublicUser | null, playerId: number, within?: number) {
  const locked = await lockPlayer(tx, user, playerId);
  if (within !== undefined && locked.tournament.id !== within) throw notFound("player_not_found", PLAYER_NOT_FOUND);
  return locked;
}

/** The tournament's highest lobby id (0 before any draw): a later draw makes a higher one. */
export async function latestLobbyId(db: Executor, tournamentId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(lobbies.id) })
    .from(lobbies)
    .where(eq(lobbies.tournamentId, tournamentId));
  return row?.id ?? 0;
}

/**
 * Drops a player (owner or master): out of every later draw, kept in the standings below the active players with
 * their points (docs/decisions/019-dnp-and-drops.md). A lobby they already sit in keeps them; the host saves them
 * as DNP there if they did not play. 409 before Round 1 is drawn, for an eliminated, set-aside or already dropped
 * player, and once the tournament is completed. Recorded with its reason. Event: tournament_updated {playerId, dropped}.
 */
export async function dropPlayer(
  db: AppDb,
  user: PublicUser | null,
  playerId: number,
  reason: string,
  /** The tournament the page's form was posted to: a player of another one is "Player not found". */
  within?: number,
): Promise<ActionResult<Player>> {
  return mutate(
    db,
    user,
    (tx) => lockPlayerWithin(tx, user, playerId, within),
    async ({ tx, tournament: t, player, audit, emit }) => {
      const refusal = dropRefusal(t, player);
      if (refusal) throw conflictOf(refusal);
      const [updated] = await tx
        .update(players)
        .set({
          droppedAt: new Date(),
          dropReason: reason,
          dropRound: t.currentRound,
          dropLobbyMark: await latestLobbyId(tx, t.id),
        })
        .where(eq(players.id, player.id))
        .returning();
      await audit({
        action: "player.dropped",
        summary: `${playerLabel(player)} dropped in Round ${t.currentRound}`,
        roundNumber: t.currentRound,
        before: { status: "active" },
        after: { status: "dropped", dropReason: reason },
        reason,
      });
      emit(event("tournament_updated", t.id, { name: t.name, playerId: player.id, dropped: true }));
      return updated;
    },
  );
}

/**
 * Undoes a drop (owner or master) until the next draw: 409 for a player who has not dropped, or once lobbies were
 * drawn after the drop. Recorded. Event: tournament_updated {playerId, dropped: false}.
 */
export async function undoDrop(
  db: AppDb,
  user: PublicUser | null,
  playerId: number,
  within?: number,
): Promise<ActionResult<Player>> {
  return mutate(
    db,
    user,
    (tx) => lockPlayerWithin(tx, user, playerId, within),
    async ({ tx, tournament: t, player, audit, emit }) => {
      const refusal = undoDropRefusal(player, await latestLobbyId(tx, t.id));
      if (refusal) throw conflictOf(refusal);
      const [updated] = await tx
        .update(players)
        .set({ droppedAt: null, dropReason: null, dropRound: null, dropLobbyMark: null })
        .where(eq(players.id, player.id))
        .returning();
      await audit({
        action: "player.drop_undone",
        summary: `${playerLabel(player)}'s drop undone`,
        roundNumber: t.currentRound,
        before: { status: "dropped", dropReason: player.dropReason },
        after: { status: "active" },
      });
      emit(event("tournament_updated", t.id, { name: t.name, playerId: player.id, dropped: false }));
      return updated;
    },
  );
}
