// The shape every mutating model function answers, and the tournament-row lock each one starts with.
import { and, eq, sql } from "drizzle-orm";
import type { AppTx, Executor } from "#db/client.server";
import { tournamentStaff, tournaments, type Tournament } from "#db/schema";
import { assertCanMutate, canManage, requireActor } from "./access/access.server";
import type { PublicUser } from "./access/auth.server";
import { notFound } from "./errors";
import type { DomainEvent } from "./audit/events";
import { STAFF_CAPABILITIES, type Capability } from "./access/policy";

/**
 * What a committed action answers: its `result` and the `events` the caller publishes after
 * the commit. A refused action throws an `ActionError` instead and has changed nothing.
 */
/**
 * A committed action's result and the events to publish. `version`: for a change that bumps no version and publishes no
 * event (a webhook's), the tournament's version it committed at, which its answer says as an event's would.
 */
export type ActionResult<T> = { result: T; events: DomainEvent[]; version?: number };

/**
 * Options of the mutations the master override panel also uses. `override: true` is only
 * accepted from a master (403 otherwise) and lets the action change a completed tournament;
 * `reason` is what the master typed for it, kept in the audit trail (the panel requires it).
 */
export type MutationOptions = { override?: boolean; reason?: string };

/**
 * Two-key advisory lock namespace of a tournament's actions (docs/decisions/040-parallel-saves.md): score saves
 * take it shared, so the saves of different lobbies of one round run side by side; every other action takes it
 * exclusive, so it runs alone, after the saves in flight and before the ones that come after it.
 */
export const TOURNAMENT_LOCK = 727277;

/** The exclusive side of the tournament's lock, as an SQL condition that is true once it is held. */
export function tournamentLockHeld(tournamentId: number) {
  return sql`(select true from (select pg_advisory_xact_lock(${TOURNAMENT_LOCK}, ${tournamentId}::int)) as held)`;
}

/**
 * Locks the tournament for the rest of the transaction, so every action on one tournament runs
 * alone (score saves of its lobbies wait, and are waited for: `saveScores` takes it shared), and bumps its `version`
 * in the same statement: a committed action has changed the version that the public read models and
 * their ETags are keyed by, a refused one (rolled back) has not (docs/rules.md, "Versions and live
 * pages"). 404 when it does not exist. The advisory lock is taken before the row's, so the action never
 * holds the row while it waits for saves that will bump the version last (docs/decisions/040).
 */
export async function lockTournament(tx: AppTx, tournamentId: number): Promise<Tournament> {
  const [row] = await tx
    .update(tournaments)
    .set({ version: sql`${tournaments.version} + 1` })
    .where(and(eq(tournaments.id, tournamentId), tournamentLockHeld(tournamentId)))
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

/** What a mutation asks of `lockForMutation` after the tournament id: its options and the capability it needs. */
export type LockNeeds = [options?: MutationOptions, capability?: Capability];

/** True when the user is a scorekeeper of the tournament (docs/rules.md, "Staff"). */
export async function isScorekeeper(db: Executor, tournamentId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tournamentStaff.id })
    .from(tournamentStaff)
    .where(and(eq(tournamentStaff.tournamentId, tournamentId), eq(tournamentStaff.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * 404 "Tournament not found" (or `hidden`) to a signed-in user who may not read the tournament: not public, and neither its
 * owner, a master nor its staff. For the owner-only reads (webhooks, their deliveries): to them the tournament does not
 * exist, as its other reads say (docs/rules.md, "Private tournaments and share links"). Mutations answer 403 to anyone
 * but the owner, staff where allowed, and masters, as DECISIONS.md says ("403 otherwise").
 */
export async function hideFromStranger(
  db: Executor,
  user: PublicUser,
  tournament: Pick<Tournament, "id" | "ownerId" | "isPublic">,
  hidden: () => Error = () => notFound(),
): Promise<void> {
  if (tournament.isPublic || canManage(user, tournament)) return;
  if (!(await isScorekeeper(db, tournament.id, user.id))) throw hidden();
}

/**
 * The start of every mutation: 401 when signed out, then the lock, then 403 / 409 as
 * `assertCanMutate` says for the `capability` the action needs (default `manage`: owner or
 * master; `checkIn` and `saveScores` also let the tournament's scorekeepers in). Answers the
 * locked tournament row.
 */
export async function lockForMutation(
  tx: AppTx,
  user: PublicUser | null | undefined,
  tournamentId: number,
  options: MutationOptions = {},
  capability: Capability = "manage",
): Promise<Tournament> {
  const actor = requireActor(user);
  const tournament = await lockTournament(tx, tournamentId);
  const staff =
    STAFF_CAPABILITIES.includes(capability) && !canManage(actor, tournament)
      ? await isScorekeeper(tx, tournament.id, actor.id)
      : false;
  assertCanMutate(actor, tournament, options, capability, staff);
  return tournament;
}
