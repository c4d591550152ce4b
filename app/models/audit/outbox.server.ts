// The webhook outbox's writer: a committed change's webhook deliveries are inserted in the change's own transaction (docs/decisions/020-webhooks-outbox.md).
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AppTx, Executor } from "#db/client.server";
import { tournaments, webhookDeliveries, webhookEndpoints, type Tournament, type WebhookEndpoint } from "#db/schema";
import { getLeaderboard } from "../format/standings.server";
import {
  eventsFor,
  eventsOfAction,
  STANDINGS_TOP,
  type OutboxEventType,
  type StandingsEntry,
  type WebhookPayload,
} from "./webhooks";

/** One event to send: its type, the round it is about, a one-line summary and its own fields. */
export type OutboxEvent = {
  type: OutboxEventType;
  round: number | null;
  summary: string;
  detail?: Record<string, unknown>;
};

/** What recordAudit hands the outbox: the action and what it knows of it. */
export type AuditedChange = {
  /** The locked tournament row the action started from (a full row for every audited mutation). */
  tournament: { id: number; finalizedRound?: number } | Tournament;
  action: string;
  summary: string;
  roundNumber: number | null;
  /** Fields for the webhook payload that the trail does not keep (lobby and player ids, …). */
  webhook?: Record<string, unknown>;
};

/** The webhook-id of an event: one per event, the same for each endpoint and every retry. */
export function newMessageId(): string {
  return `msg_${randomBytes(15).toString("base64url")}`;
}

/** The tournament's enabled endpoints. */
async function enabledEndpoints(db: Executor, tournamentId: number): Promise<WebhookEndpoint[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tournamentId, tournamentId), eq(webhookEndpoints.enabled, true)));
}

const WITH_STANDINGS: ReadonlySet<OutboxEventType> = new Set([
  "round.finalized",
  "round.advanced",
  "stage.changed",
  "tournament.completed",
]);

/** The top of the standings as events carry them. */
export async function topStandings(db: Executor, tournamentId: number): Promise<StandingsEntry[]> {
  const rows = await getLeaderboard(db, tournamentId);
  return rows.slice(0, STANDINGS_TOP).map((r) => ({
    rank: r.rank,
    playerId: r.id,
    name: r.name,
    riotTag: r.riotTag,
    totalPoints: r.totalPoints,
    averagePlacement: r.averagePlacement,
    matchesPlayed: r.matchesPlayed,
    isEliminated: r.isEliminated,
  }));
}

/**
 * Writes the deliveries of `events` for the tournament's enabled endpoints (or the given ones) that chose
 * them; the test event goes to whichever endpoint it is given. Never sends anything itself: the delivery
 * worker does, after the commit. The common case (a score save, a check-in: the tournament row in hand, no
 * standings to read) is one INSERT … SELECT per event, which costs what one read would when the
 * tournament has no endpoint.
 */
export async function enqueueEvents(
  tx: AppTx | Executor,
  tournamentId: number,
  events: readonly OutboxEvent[],
  given?: readonly WebhookEndpoint[],
  /** The tournament row as the transaction has it now, when the caller holds it (saves a read). */
  current?: Tournament,
): Promise<{ id: number; messageId: string }[]> {
  if (events.length === 0) return [];
  const timestamp = new Date().toISOString();
  if (!given && current && !events.some((e) => WITH_STANDINGS.has(e.type))) {
    const out: { id: number; messageId: string }[] = [];
    // One statement per event, in order: ids rise in the order a receiver gets them in.
    for (const e of events) {
      const messageId = newMessageId();
      // The version is the row's as this transaction has it when the statement runs: a score save bumps it
      // last, beside this insert, not when it starts (docs/decisions/040-parallel-saves.md).
      const mark = `version-${messageId}`;
      const [before, after] = JSON.stringify(payloadOf({ ...current, version: mark as never }, e, timestamp)).split(
        JSON.stringify(mark),
      );
      const rows = rowsOf<{ id: number; message_id: string }>(
        await tx.execute(sql`
          insert into ${webhookDeliveries} (endpoint_id, message_id, event, body)
          select e.id, ${messageId}, ${e.type},
            ${before}::text || (select t.version from ${tournaments} t where t.id = ${tournamentId})::text || ${after}::text
          from ${webhookEndpoints} e
          where e.tournament_id = ${tournamentId} and e.enabled and e.events @> ${JSON.stringify([e.type])}::jsonb
          order by e.id
          returning id, message_id`),
      );
      out.push(...rows.map((r) => ({ id: Number(r.id), messageId: r.message_id })));
    }
    return out;
  }
  const endpoints = given ?? (await enabledEndpoints(tx, tournamentId));
  const wanted = endpoints.map((e) => ({
    endpoint: e,
    types: eventsFor(
      e,
      events.map((x) => x.type),
    ),
  }));
  if (wanted.every((w) => w.types.length === 0)) return [];
  const t = current ?? (await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)))[0];
  if (!t) return [];
  const needsStandings = wanted.some((w) => w.types.some((type) => WITH_STANDINGS.has(type)));
  const standings = needsStandings ? await topStandings(tx, tournamentId) : undefined;
  const bodies = new Map(
    events.map((e) => [
      e.type,
      { messageId: newMessageId(), body: JSON.stringify(payloadOf(t, e, timestamp, standings)) },
    ]),
  );
  const rows = wanted.flatMap(({ endpoint, types }) =>
    types.map((type) => ({ endpointId: endpoint.id, event: type, ...bodies.get(type)! })),
  );
  // Ids rise in insertion order: per endpoint, the order a receiver gets them in.
  return tx
    .insert(webhookDeliveries)
    .values(rows)
    .returning({ id: webhookDeliveries.id, messageId: webhookDeliveries.messageId });
}

/** drizzle's `execute` answers `{ rows }` on PGlite and a bare array on postgres.js. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

function payloadOf(t: Tournament, e: OutboxEvent, timestamp: string, standings?: StandingsEntry[]): WebhookPayload {
  return {
    type: e.type,
    timestamp,
    data: {
      ...e.detail,
      tournamentId: t.id,
      tournamentName: t.name,
      version: t.version,
      status: t.status,
      currentRound: t.currentRound,
      finalizedRound: t.finalizedRound,
      round: e.round,
      summary: e.summary,
      ...(standings && WITH_STANDINGS.has(e.type) ? { standings } : {}),
    },
  };
}

/** The outbox events of an audited action, once its tournament's finalized round after it is known. */
function auditedEvents(change: AuditedChange, finalizedBefore: number, finalizedAfter: number): OutboxEvent[] {
  const cut = cutCount(change);
  const round = change.roundNumber;
  const stageChanged = change.webhook?.stage !== undefined;
  return eventsOfAction({ action: change.action, finalizedBefore, finalizedAfter, cut, stageChanged }).map(
    (type): OutboxEvent => {
      if (type === "round.finalized" && change.action !== "round.finalized")
        return { type, round: finalizedAfter, summary: `Round ${finalizedAfter} finalized` };
      if (type === "players.cut")
        return {
          type,
          round,
          summary: `${cut} player${cut === 1 ? "" : "s"} cut after Round ${round}`,
          detail: { eliminated: change.webhook?.eliminated },
        };
      if (type === "stage.changed") {
        const stage = change.webhook?.stage as { from: { name: string }; to: { name: string } };
        return {
          type,
          round,
          summary: `${stage.from.name} ended: ${stage.to.name} begins`,
          detail: { stage: change.webhook?.stage, eliminated: change.webhook?.eliminated },
        };
      }
      return { type, round, summary: change.summary, detail: change.webhook };
    },
  );
}

function cutCount(change: AuditedChange) {
  return Array.isArray(change.webhook?.eliminated) ? change.webhook.eliminated.length : 0;
}

/**
 * The hook recordAudit calls in every audited mutation's transaction: the webhook events of the action
 * (app/models/audit/webhooks.ts `eventsOfAction`) go to the outbox with it, or roll back with it.
 */
export async function enqueueAudited(tx: AppTx | Executor, change: AuditedChange): Promise<void> {
  const finalizedBefore = change.tournament.finalizedRound ?? 0;
  const mayFinalize = change.action.endsWith("round.advanced") || change.action.endsWith("tournament.completed");
  const changesRow = mayFinalize || change.action.endsWith("round.finalized");
  // Most actions send nothing.
  const plain = auditedEvents(change, finalizedBefore, finalizedBefore);
  if (plain.length === 0 && !mayFinalize) return;
  // A save or a check-in leaves the tournament row as it was locked (its version already bumped): the row in hand is current.
  if (!changesRow && "version" in change.tournament) {
    await enqueueEvents(tx, change.tournament.id, plain, undefined, change.tournament);
    return;
  }
  // Finalizing, advancing and completing change the row after it was locked, and their events carry the
  // standings: look for endpoints first, then read the row as it is now.
  const endpoints = await enabledEndpoints(tx, change.tournament.id);
  if (endpoints.length === 0) return;
  const [current] = await tx.select().from(tournaments).where(eq(tournaments.id, change.tournament.id));
  if (!current) return;
  const finalizedAfter = mayFinalize ? current.finalizedRound : finalizedBefore;
  await enqueueEvents(
    tx,
    change.tournament.id,
    auditedEvents(change, finalizedBefore, finalizedAfter),
    endpoints,
    current,
  );
}
