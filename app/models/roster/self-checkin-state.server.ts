// The self check-in row of a tournament: read, and stopped whenever the tournament leaves open check-in.
import { eq } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { selfCheckins, type SelfCheckin, type Tournament } from "#db/schema";

/**
 * The tournament's self check-in while it takes players: open (a row with its code), the
 * tournament in check-in and not locked (docs/rules.md, "Player self check-in"). Null otherwise.
 */
export async function activeSelfCheckin(
  db: Executor,
  tournament: Pick<Tournament, "id" | "status" | "isLocked">,
): Promise<SelfCheckin | null> {
  if (tournament.status !== "checkin" || tournament.isLocked) return null;
  const [row] = await db.select().from(selfCheckins).where(eq(selfCheckins.tournamentId, tournament.id));
  return row ?? null;
}

/**
 * Forgets the code: called in the transaction of every action that locks the tournament or takes
 * it out of check-in, so unlocking or undoing round 1 later never reopens it with an old code.
 */
export async function stopSelfCheckin(db: Executor, tournamentId: number): Promise<boolean> {
  const deleted = await db.delete(selfCheckins).where(eq(selfCheckins.tournamentId, tournamentId)).returning();
  return deleted.length > 0;
}
