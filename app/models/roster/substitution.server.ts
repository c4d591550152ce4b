// Substitution: an eliminated player comes in for an active checked-in one, and takes their seat in an unscored lobby.
import { and, eq } from "drizzle-orm";
import type { AppDb } from "#db/client.server";
import { lobbies, players, type Player } from "#db/schema";
import { type ActionResult } from "../action.server";
import { playerLabel as label } from "../audit/audit";
import type { PublicUser } from "../access/auth.server";
import { badRequest, conflict, notFound } from "../errors";
import { event } from "../audit/events";
import { notActiveCheckedInMessage, notEliminatedMessage, PLAYER_NOT_FOUND, SAME_PLAYER } from "../messages";
import { mutate } from "../mutate.server";

export type SubstitutionResult = {
  oldPlayer: Player;
  newPlayer: Player;
  /** The current-round lobby where the substitute took the old player's slot, if any. */
  lobbyId: number | null;
};

/**
 * Swaps an eliminated player in for an active one: the old player (checked in, not eliminated)
 * becomes eliminated; the new one (eliminated) is un-eliminated and checked in. When the current
 * round's lobby of the old player is not scored yet, the substitute takes that slot.
 * Event: tournament_updated.
 */
export async function substitute(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  oldPlayerId: number,
  newPlayerId: number,
): Promise<ActionResult<SubstitutionResult>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    if (oldPlayerId === newPlayerId) throw badRequest("same_player", SAME_PLAYER);
    const load = async (id: number) => {
      const [row] = await tx
        .select()
        .from(players)
        .where(and(eq(players.id, id), eq(players.tournamentId, t.id)));
      if (!row) throw notFound("player_not_found", PLAYER_NOT_FOUND);
      return row;
    };
    const oldPlayer = await load(oldPlayerId);
    const newPlayer = await load(newPlayerId);
    if (oldPlayer.isEliminated || !oldPlayer.isCheckedIn || oldPlayer.removedAt || oldPlayer.droppedAt) {
      throw conflict("not_substitutable", notActiveCheckedInMessage(oldPlayer.name));
    }
    if (!newPlayer.isEliminated || newPlayer.removedAt) {
      throw conflict("not_substitutable", notEliminatedMessage(newPlayer.name));
    }

    const roundLobbies = await tx
      .select()
      .from(lobbies)
      .where(and(eq(lobbies.tournamentId, t.id), eq(lobbies.roundNumber, t.currentRound)));
    const slot = roundLobbies.find((l) => !l.isComplete && l.playerIds.includes(oldPlayer.id));
    // A substitute already drawn into this round (eliminated mid-round) cannot take a second seat.
    const alreadyDrawn = roundLobbies.some((l) => l.playerIds.includes(newPlayer.id));
    let lobbyId: number | null = null;
    if (slot && !alreadyDrawn) {
      await tx
        .update(lobbies)
        .set({ playerIds: slot.playerIds.map((id) => (id === oldPlayer.id ? newPlayer.id : id)) })
        .where(eq(lobbies.id, slot.id));
      lobbyId = slot.id;
    }
    const [out] = await tx.update(players).set({ isEliminated: true }).where(eq(players.id, oldPlayer.id)).returning();
    const [into] = await tx
      .update(players)
      .set({ isEliminated: false, isCheckedIn: true })
      .where(eq(players.id, newPlayer.id))
      .returning();
    const state = (p: Player) => (p.isEliminated ? "eliminated" : "active");
    await audit({
      action: "player.substituted",
      summary: `${label(newPlayer)} replaced ${label(oldPlayer)}${slot && lobbyId !== null ? ` in ${slot.name}` : ""}`,
      before: { [label(oldPlayer)]: state(oldPlayer), [label(newPlayer)]: state(newPlayer) },
      after: { [label(oldPlayer)]: state(out), [label(newPlayer)]: state(into) },
    });
    emit(
      event("tournament_updated", t.id, {
        name: t.name,
        oldPlayerId: oldPlayer.id,
        newPlayerId: newPlayer.id,
        ...(lobbyId !== null ? { lobbyId } : {}),
      }),
    );
    return { oldPlayer: out, newPlayer: into, lobbyId };
  });
}
