// The audit trail: one entry per committed mutation, written in its transaction, and the History read.
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AppTx, Executor } from "#db/client.server";
import { preparedStatements } from "#db/prepared.server";
import { auditEntries, matches, players, tournaments, type AuditEntry, type Lobby, type Tournament } from "#db/schema";
import { findTournamentOr404 } from "../action.server";
import { actorRole, canSeeHistory, requireActor } from "../access/access.server";
import type { PublicUser } from "../access/auth.server";
import { changedFields, isAuditAction, lobbyResults, playerLabel, type AuditAction, type AuditValues } from "./audit";
import { badRequest, forbidden } from "../errors";
import { enqueueAudited } from "./outbox.server";
import type { HistoryFilters } from "./audit-input";
import { HISTORY_FORBIDDEN, UNKNOWN_AUDIT_ACTION } from "../messages";

export const HISTORY_PAGE_SIZE = 50;

/**
 * Who acted, as the trail names them: a signed-in user (passed as is: every mutation's guard hands one over; none is
 * 401), a player with their pass (named "Name#Tag", role "player"), or the server itself (role "system", named by
 * what acted: "system", "Agreed reports", …). Only a user has an account id.
 */
export type AuditActor =
  | PublicUser
  | null
  | undefined
  | { kind: "pass"; player: { name: string; riotTag: string } }
  | { kind: "system"; name: string };

export type AuditInput = {
  tournament: Pick<Tournament, "id" | "ownerId" | "currentRound">;
  /** Who acted (a user: the mutation's guard has already refused anyone else). */
  actor: AuditActor;
  action: AuditAction;
  /** Human text, e.g. "Lobby 3 scores saved". */
  summary: string;
  before?: AuditValues | null;
  after?: AuditValues | null;
  /** The reason a master typed for an override. */
  reason?: string | null;
  /** The round the action is about; default the tournament's current round. */
  roundNumber?: number | null;
  /** Fields the action's webhook events carry that the trail does not keep (lobby and player ids, …). */
  webhook?: Record<string, unknown>;
};

/**
 * The entry's insert, built once (every audited action runs it; docs/decisions/042). `before` and `after` are bound as
 * JSON text cast in the statement: a `null` bound to the jsonb column itself would be encoded as JSON `null`.
 */
const auditStatements = preparedStatements((db) => {
  const p = sql.placeholder;
  return {
    entry: db
      .insert(auditEntries)
      .values({
        tournamentId: p("tournamentId"),
        actorId: p("actorId"),
        actorUsername: p("actorUsername"),
        actorRole: p("actorRole"),
        action: p("action"),
        summary: p("summary"),
        roundNumber: p("roundNumber"),
        before: sql`${p("before")}::jsonb`,
        after: sql`${p("after")}::jsonb`,
        reason: p("reason"),
      })
      .prepare("audit_entry"),
  };
});

function jsonOrNull(values: AuditValues | null | undefined): string | null {
  return values == null ? null : JSON.stringify(values);
}

/** The entry's actor columns: the account and its role for a user, the player's Name#Tag or the system's name else. */
function actorColumns(
  actor: AuditActor,
  tournament: Pick<Tournament, "ownerId">,
): { actorId: number | null; actorUsername: string; actorRole: AuditEntry["actorRole"] } {
  if (actor && "kind" in actor)
    return actor.kind === "pass"
      ? { actorId: null, actorUsername: playerLabel(actor.player), actorRole: "player" }
      : { actorId: null, actorUsername: actor.name, actorRole: "system" };
  const user = requireActor(actor);
  return { actorId: user.id, actorUsername: user.username, actorRole: actorRole(user, tournament) };
}

/**
 * Records one action in the caller's transaction, so a refused (rolled-back) action records
 * nothing and a committed one always has its entry (docs/decisions/012-audit-trail.md). The action's
 * webhook deliveries join the outbox here too, in the same transaction (docs/decisions/020-webhooks-outbox.md),
 * whoever acted: the events are the action's, not the actor's. The one writer of `audit_entries`.
 */
export async function recordAudit(tx: AppTx | Executor, input: AuditInput): Promise<void> {
  const actor = actorColumns(input.actor, input.tournament);
  const roundNumber = input.roundNumber === undefined ? input.tournament.currentRound : input.roundNumber;
  // The entry and the outbox's rows do not depend on each other: sent together (one round trip on PostgreSQL).
  await Promise.all([
    auditStatements(tx, 0).entry.execute({
      tournamentId: input.tournament.id,
      ...actor,
      action: input.action,
      summary: input.summary,
      roundNumber,
      before: jsonOrNull(input.before),
      after: jsonOrNull(input.after),
      reason: input.reason?.trim() ? input.reason.trim() : null,
    }),
    enqueueAudited(tx, {
      tournament: input.tournament,
      action: input.action,
      summary: input.summary,
      roundNumber,
      webhook: input.webhook,
    }),
  ]);
}

/**
 * Sets `changes` on the tournament the caller has locked and records the action with the fields it
 * changed, before → after, in the same transaction; answers the updated row.
 */
export async function changeTournament(
  tx: AppTx,
  tournament: Tournament,
  actor: PublicUser | null | undefined,
  changes: Partial<typeof tournaments.$inferInsert>,
  entry: Pick<AuditInput, "action" | "summary" | "roundNumber">,
): Promise<Tournament> {
  const [updated] = await tx.update(tournaments).set(changes).where(eq(tournaments.id, tournament.id)).returning();
  await recordAudit(tx, { tournament, actor, ...entry, ...changedFields(tournament, changes) });
  return updated;
}

export type HistoryPage = {
  entries: AuditEntry[];
  page: number;
  pageCount: number;
  total: number;
};

/** What the History filters can choose from: the actions, actors and rounds this tournament's trail holds. */
export type HistoryChoices = { actions: string[]; actors: string[]; rounds: number[] };

/** 401 signed out, 404 unknown tournament, 403 unless its owner or a master. Answers the tournament. */
async function requireHistoryReader(db: Executor, user: PublicUser | null, tournamentId: number) {
  requireActor(user);
  const t = await findTournamentOr404(db, tournamentId);
  if (!canSeeHistory(user, t)) throw forbidden("forbidden", HISTORY_FORBIDDEN);
  return t;
}

/** One page of a tournament's history, newest first, filtered by action code, actor's username and round. */
export async function listHistory(
  db: Executor,
  user: PublicUser | null,
  tournamentId: number,
  filters: HistoryFilters = {},
): Promise<HistoryPage> {
  const t = await requireHistoryReader(db, user, tournamentId);
  if (filters.action !== undefined && !isAuditAction(filters.action))
    throw badRequest("unknown_audit_action", UNKNOWN_AUDIT_ACTION, "action");
  const where: SQL[] = [eq(auditEntries.tournamentId, t.id)];
  if (filters.action) where.push(eq(auditEntries.action, filters.action));
  if (filters.actor) where.push(eq(auditEntries.actorUsername, filters.actor));
  if (filters.round) where.push(eq(auditEntries.roundNumber, filters.round));
  const [{ n }] = await db
    .select({ n: count() })
    .from(auditEntries)
    .where(and(...where));
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  // A page past the last is empty, not the last one again: a client paging on until [] stops.
  const page = filters.page ?? 1;
  const entries = await db
    .select()
    .from(auditEntries)
    .where(and(...where))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(HISTORY_PAGE_SIZE)
    .offset((page - 1) * HISTORY_PAGE_SIZE);
  return { entries, page, pageCount, total };
}

/** The filter choices of a tournament's History page (same guard as `listHistory`). */
export async function historyChoices(
  db: Executor,
  user: PublicUser | null,
  tournamentId: number,
): Promise<HistoryChoices> {
  const t = await requireHistoryReader(db, user, tournamentId);
  const rows = await db
    .selectDistinct({ action: auditEntries.action, actor: auditEntries.actorUsername, round: auditEntries.roundNumber })
    .from(auditEntries)
    .where(eq(auditEntries.tournamentId, t.id));
  const sorted = <T>(values: T[]) => [...new Set(values)].sort() as T[];
  return {
    actions: sorted(rows.map((r) => r.action)),
    actors: sorted(rows.map((r) => r.actor)),
    rounds: [...new Set(rows.flatMap((r) => (r.round === null ? [] : [r.round])))].sort((a, b) => a - b),
  };
}

/** Every entry of a tournament, newest first, for the spreadsheet's History sheet (at most `limit`). */
export async function historyForExport(db: Executor, tournamentId: number, limit: number): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.tournamentId, tournamentId))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(limit);
}

/** "Name#Tag" of the given players, for the audit trail. */
export async function playerLabels(db: Executor, playerIds: readonly number[]): Promise<(id: number) => string> {
  const rows =
    playerIds.length === 0
      ? []
      : await db
          .select({ id: players.id, name: players.name, riotTag: players.riotTag })
          .from(players)
          .where(inArray(players.id, [...playerIds]));
  const byId = new Map(rows.map((p) => [p.id, playerLabel(p)]));
  return (id) => byId.get(id) ?? `#${id}`;
}

/** A lobby's saved results as the audit trail shows them, or null before any save. */
export async function lobbyResultsOf(db: Executor, lobby: Lobby): Promise<AuditValues | null> {
  const saved = await db
    .select({ playerId: matches.playerId, placement: matches.placement, points: matches.points })
    .from(matches)
    .where(eq(matches.lobbyId, lobby.id));
  if (saved.length === 0) return null;
  return lobbyResults(saved, await playerLabels(db, lobby.playerIds.concat(saved.map((m) => m.playerId))));
}
