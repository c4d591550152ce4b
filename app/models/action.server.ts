// The shape every mutating model function answers, and the tournament-row lock each one starts with.
import { eq, sql } from "drizzle-orm";
import type { AppTx, Executor } from "#db/client.server";
import { tournaments, type Tournament } from "#db/schema";
import { assertCanMutate, requireActor } from "./access.server";
import type { PublicUser } from "./auth.server";
import { notFound } from "./errors";
import type { DomainEvent } from "./events";

/**
 * What a committed action answers: its `result` and the `events` the caller publishes after
 * the commit. A refused action throws an `ActionError` instead and has changed nothing.
 */
export type ActionResult<T> = { result: T; events: DomainEvent[] };

/**
 * Options of the mutations the master override panel also uses. `override: true` is only
 * accepted from a master (403 otherwise) and lets the action change a completed tournament;
 * `reason` is what the master typed for it, kept in the audit trail (the panel requires it).
 */
export type MutationOptions = { override?: boolean; reason?: string };

/**
 * Locks the tournament row for the rest of the transaction, so every action on one tournament
 * runs one after the other, and bumps its `version` in the same statement: a committed action has
 * changed the version that the public read models and their ETags are keyed by, a refused one
 * (rolled back) has not (docs/rules.md, "Versions and live pages"). 404 when it does not exist.
 */
export async function lockTournament(tx: AppTx, tournamentId: number): Promise<Tournament> {
  const [row] = await tx
    .update(tournaments)
    .set({ version: sql`${tournaments.version} + 1` })
    .where(eq(tournaments.id, tournamentId))
    .returning();
  if (!row) throw notFound();
  return row;
}

/** The tournament, or 404 "Tournament not found". */
export async function findTournamentOr404(db: Executor, tournamentId: number): Promise<Tournament> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!row) throw notFound();
  return row;
}

/**
 * The start of every mutation: 401 when signed out, then the lock, then 403 / 409 as
 * `assertCanMutate` says. Answers the locked tournament row.
 */
export async function lockForMutation(
  tx: AppTx,
  user: PublicUser | null | undefined,
  tournamentId: number,
  options: MutationOptions = {},
): Promise<Tournament> {
  requireActor(user);
  const tournament = await lockTournament(tx, tournamentId);
  assertCanMutate(user, tournament, options);
  return tournament;
}
