// The webhook outbox's writer: a committed change's webhook deliveries are inserted in the change's own transaction (docs/decisions/020-webhooks-outbox.md).
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppTx, Executor } from "#db/client.server";
import { tournaments, webhookDeliveries, webhookEndpoints, type Tournament, type WebhookEndpoint } from "#db/schema";
import { getLeaderboard } from "./standings.server";
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
  tournament: { id: number; finalizedRound?: number };
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
 * them; the test event goes to whichever endpoint it is given. Costs one indexed read when the tournament
 * has no endpoint; never sends anything itself: the delivery worker does, after the commit.
 */
export async function enqueueEvents(
  tx: AppTx | Executor,
  tournamentId: number,
  events: readonly OutboxEvent[],
  given?: readonly WebhookEndpoint[],
): Promise<{ id: number; messageId: string }[]> {
  if (events.length === 0) return [];
  const endpoints = given ?? (await enabledEndpoints(tx, tournamentId));
  const wanted = endpoints.map((e) => ({
    endpoint: e,
    types: eventsFor(
      e,
      events.map((x) => x.type),
    ),
  }));
  if (wanted.every((w) => w.types.length === 0)) return [];
  const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!t) return [];
  const needsStandings = wanted.some((w) => w.types.some((type) => WITH_STANDINGS.has(type)));
  const standings = needsStandings ? await topStandings(tx, tournamentId) : undefined;
  const timestamp = new Date().toISOString();
  const bodies = new Map(
    events.map((e) => [
      e.type,
      { messageId: newMessageId(), body: JSON.stringify(payloadOf(t, e, timestamp, standings)) },
    ]),
  );
  const rows = wanted.flatMap(({ endpoint, types }) =>
    types.map((type) => ({ endpointId: endpoint.id, event: type, ...bodies.get(type)! })),
  );
  // Ids rise in insertion order: the order a receiver gets them in.
  return tx
    .insert(webhookDeliveries)
    .values(rows)
    .returning({ id: webhookDeliveries.id, messageId: webhookDeliveries.messageId });
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

/**
 * The hook recordAudit calls in every audited mutation's transaction: the webhook events of the action
 * (app/models/webhooks.ts `eventsOfAction`) go to the outbox with it, or roll back with it.
 */
export async function enqueueAudited(tx: AppTx | Executor, change: AuditedChange): Promise<void> {
  const finalizedBefore = change.tournament.finalizedRound ?? 0;
  const cut = Array.isArray(change.webhook?.eliminated) ? change.webhook.eliminated.length : 0;
  // Cheap first: most actions send nothing, and most tournaments have no endpoint.
  const kinds = eventsOfAction({ action: change.action, finalizedBefore, finalizedAfter: finalizedBefore, cut });
  const mayFinalize = change.action.endsWith("round.advanced") || change.action.endsWith("tournament.completed");
  if (kinds.length === 0 && !mayFinalize) return;
  const endpoints = await enabledEndpoints(tx, change.tournament.id);
  if (endpoints.length === 0) return;
  let finalizedAfter = finalizedBefore;
  if (mayFinalize) {
    const [row] = await tx
      .select({ finalizedRound: tournaments.finalizedRound })
      .from(tournaments)
      .where(eq(tournaments.id, change.tournament.id));
    finalizedAfter = row?.finalizedRound ?? finalizedBefore;
  }
  const types = eventsOfAction({ action: change.action, finalizedBefore, finalizedAfter, cut });
  const round = change.roundNumber;
  const events = types.map((type): OutboxEvent => {
    if (type === "round.finalized" && change.action !== "round.finalized")
      return { type, round: finalizedAfter, summary: `Round ${finalizedAfter} finalized` };
    if (type === "players.cut")
      return {
        type,
        round,
        summary: `${cut} player${cut === 1 ? "" : "s"} cut after Round ${round}`,
        detail: { eliminated: change.webhook?.eliminated },
      };
    return { type, round, summary: change.summary, detail: change.webhook };
  });
  await enqueueEvents(tx, change.tournament.id, events, endpoints);
}
