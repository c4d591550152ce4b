// What every roster module reads under its tournament's lock: the seats taken, the players checked in, whether lobbies
// were drawn, and a player locked with its tournament. Kept below roster, check-in, sign-up and tournaments so that
// they share these without importing one another.
import { and, count, eq, isNull } from "drizzle-orm";
import type { AppTx, Executor } from "#db/client.server";
import { lobbies, players } from "#db/schema";
import { lockForMutation, type LockNeeds } from "../action.server";
import { requireActor } from "../access/access.server";
import type { PublicUser } from "../access/auth.server";
import { notFound } from "../errors";
import { PLAYER_NOT_FOUND } from "../messages";

/**
 * Players holding a seat: every player of the tournament not set aside (hand-added ones too). What counts against
 * maxPlayers when the host adds a player and when the waitlist is promoted.
 */
export async function seatsTaken(db: Executor, tournamentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(players)
    .where(and(eq(players.tournamentId, tournamentId), isNull(players.removedAt)));
  return Number(row?.n ?? 0);
}

/** The players of a tournament checked in, not eliminated, not soft-removed: who plays the next round. */
export function checkedInPlayers(tournamentId: number) {
  return and(
    eq(players.tournamentId, tournamentId),
    eq(players.isCheckedIn, true),
    eq(players.isEliminated, false),
    isNull(players.removedAt),
  );
}

/** How many are checked in (checkedInPlayers): what counts against maxPlayers for check-in. */
export async function countActiveCheckedIn(db: Executor, tournamentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(players).where(checkedInPlayers(tournamentId));
  return Number(row?.n ?? 0);
}

/** Whether any lobby of the tournament was drawn: check-in and the player count are settled from then on. */
export async function hasLobbies(db: Executor, tournamentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lobbies.id })
    .from(lobbies)
    .where(eq(lobbies.tournamentId, tournamentId))
    .limit(1);
  return row !== undefined;
}

/** Finds the player's tournament, locks it for a mutation, then reads the player under that lock; 404 for either. */
export async function lockPlayer(tx: AppTx, user: PublicUser | null, playerId: number, ...needs: LockNeeds) {
  requireActor(user);
  const [ref] = await tx.select({ tournamentId: players.tournamentId }).from(players).where(eq(players.id, playerId));
  if (!ref) throw notFound("player_not_found", PLAYER_NOT_FOUND);
  const tournament = await lockForMutation(tx, user, ref.tournamentId, ...needs);
  const [player] = await tx.select().from(players).where(eq(players.id, playerId));
  if (!player) throw notFound("player_not_found", PLAYER_NOT_FOUND);
  return { tournament, player };
}
