// A tournament's webhook endpoints: the owner (or a master) adds, edits, enables, disables and deletes them, rotates a secret, sends a test event and reads the delivery log (docs/rules.md, "Webhooks").
import { randomBytes } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import {
  tournaments,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  type Tournament,
  type WebhookEndpoint,
} from "#db/schema";
import { allowPrivateFromEnv, classifyAddress } from "./webhook-guard.server";
import type { ActionResult } from "../action.server";
import { findTournamentOr404, hideFromStranger, tournamentLockHeld } from "../action.server";
import { canManage, requireActor } from "../access/access.server";
import { recordAudit } from "./audit.server";
import type { PublicUser } from "../access/auth.server";
import { badRequest, conflict, forbidden, notFound } from "../errors";
import { enqueueEvents } from "./outbox.server";
import {
  chosenEvents,
  endpointRefusal,
  MAX_ENDPOINTS,
  parseUrl,
  TEST_EVENT,
  type WebhookEvent,
  type WebhookKind,
} from "./webhooks";
import { WEBHOOK_MESSAGES, WEBHOOKS_FORBIDDEN } from "../messages";
import { mutate, type Mutation } from "../mutate.server";

export const DELIVERY_LOG_SIZE = 50;

/**
 * An endpoint as its owner sees it (the API's `WebhookEndpoint`). Its secret is not part of it: a secret is shown once,
 * when it is made (`WebhookWithSecret`, the answer of adding an endpoint and of rotating its secret; DECISIONS.md,
 * "secrets shown once as `whsec_…`"); one that was not kept is replaced by rotating it.
 */
export type WebhookView = {
  id: number;
  tournamentId: number;
  url: string;
  kind: WebhookKind;
  events: WebhookEvent[];
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  failingSince: Date | null;
  consecutiveFailures: number;
  lastSuccessAt: Date | null;
  createdAt: Date;
};

export function webhookView(e: WebhookEndpoint): WebhookView {
  return {
    id: e.id,
    tournamentId: e.tournamentId,
    url: e.url,
    kind: e.kind,
    events: e.events as WebhookEvent[],
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt,
    failingSince: e.failingSince,
    consecutiveFailures: e.consecutiveFailures,
    lastSuccessAt: e.lastSuccessAt,
    createdAt: e.createdAt,
  };
}

/** An endpoint with its secret, just made: what adding an endpoint and rotating its secret answer, once. */
export type WebhookWithSecret = WebhookView & { secret: string };

function withSecret(e: WebhookEndpoint): WebhookWithSecret {
  return { ...webhookView(e), secret: e.secret };
}

/** A new Standard Webhooks secret: "whsec_" and the base64 of 32 random bytes. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** An endpoint named for people: its host (a Discord URL's path is its credential). */
export function endpointLabel(url: string): string {
  return parseUrl(url)?.host ?? url.slice(0, 60);
}

const webhookNotFound = () => notFound("webhook_not_found", WEBHOOK_MESSAGES.notFound);

/**
 * 401 signed out, 404 unknown tournament (or `hidden`, also to a stranger of a tournament that is not public:
 * `hideFromStranger`), 403 unless its owner or a master.
 */
async function requireManager(
  db: Executor,
  user: PublicUser | null,
  tournamentId: number,
  hidden?: () => Error,
): Promise<Tournament> {
  const actor = requireActor(user);
  const t = await findTournamentOr404(db, tournamentId);
  await hideFromStranger(db, actor, t, hidden);
  if (!canManage(actor, t)) throw forbidden("forbidden", WEBHOOKS_FORBIDDEN);
  return t;
}

/**
 * The endpoint and its tournament, locked for the rest of the transaction; 404 "Webhook endpoint not found" for an
 * unknown endpoint and to a stranger of a tournament that is not public, 403 unless its owner or a master.
 */
async function lockEndpoint(tx: AppTx, user: PublicUser | null, webhookId: number) {
  const actor = requireActor(user);
  // The tournament first, then the endpoint, as every action locks (docs/decisions/040-parallel-saves.md): a
  // score save in flight holds the tournament's lock shared and then writes deliveries referencing the endpoint.
  const [ref] = await tx
    .select({ tournamentId: webhookEndpoints.tournamentId })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, webhookId));
  if (!ref) throw webhookNotFound();
  const t = await lockTournamentRow(tx, ref.tournamentId);
  const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhookId)).for("update");
  if (!endpoint) throw webhookNotFound();
  if (!canManage(actor, t)) throw forbidden("forbidden", WEBHOOKS_FORBIDDEN);
  return { endpoint, tournament: t };
}

/**
 * A change of one endpoint, under `lockEndpoint`. It bumps no version and publishes no event, so its answer says the
 * tournament's version as locked (ActionResult.version), as every answer about a tournament does.
 */
async function changeEndpoint<T>(
  db: AppDb,
  user: PublicUser | null,
  webhookId: number,
  body: (m: Mutation<Awaited<ReturnType<typeof lockEndpoint>>>) => Promise<T>,
): Promise<ActionResult<T>> {
  let version: number | undefined;
  const done = await mutate(
    db,
    user,
    async (tx) => {
      const locked = await lockEndpoint(tx, user, webhookId);
      version = locked.tournament.version;
      return locked;
    },
    body,
  );
  return { ...done, version };
}

/** The tournament an endpoint belongs to, or null for an unknown endpoint (its reads' version and readers). */
export async function webhookTournamentId(db: Executor, webhookId: number): Promise<number | null> {
  const [row] = await db
    .select({ tournamentId: webhookEndpoints.tournamentId })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, webhookId));
  return row?.tournamentId ?? null;
}

/**
 * The tournament row, locked so endpoint changes of one tournament run one after the other (the limit of
 * ten holds under concurrent adds). Its version is not bumped: spectators see nothing of webhooks.
 */
async function lockTournamentRow(tx: AppTx, tournamentId: number): Promise<Tournament> {
  const [t] = await tx
    .select()
    .from(tournaments)
    .where(and(eq(tournaments.id, tournamentId), tournamentLockHeld(tournamentId)))
    .for("update");
  if (!t) throw notFound();
  return t;
}

function assertValid(input: { url: string; kind: string; events: readonly string[] }) {
  const refusal = endpointRefusal(input, { allowPrivate: allowPrivateFromEnv(), literal: classifyAddress });
  if (refusal) throw badRequest(refusal.code, refusal.message, refusal.field);
}

/** The tournament's endpoints, oldest first (owner or master). */
export async function listWebhooks(
  db: Executor,
  user: PublicUser | null,
  tournamentId: number,
): Promise<WebhookView[]> {
  const t = await requireManager(db, user, tournamentId);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tournamentId, t.id))
    .orderBy(webhookEndpoints.id);
  return rows.map(webhookView);
}

/** One endpoint (owner or master of its tournament). */
export async function getWebhook(db: Executor, user: PublicUser | null, webhookId: number): Promise<WebhookView> {
  requireActor(user);
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhookId));
  if (!endpoint) throw webhookNotFound();
  await requireManager(db, user, endpoint.tournamentId, webhookNotFound);
  return webhookView(endpoint);
}

export type WebhookInput = { url: string; kind: string; events: readonly string[] };

/**
 * Adds an endpoint with a new secret: 400 for a URL that is not http(s), longer than 2,000 characters or a
 * literal private address (unless WEBHOOK_ALLOW_PRIVATE=1), an unknown kind or event, no event; 409 past ten
 * endpoints. Allowed on a completed tournament too: webhooks are not its data. No spectator event.
 */
export async function createWebhook(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  input: WebhookInput,
): Promise<ActionResult<WebhookWithSecret>> {
  const clean = { url: input.url.trim(), kind: input.kind, events: chosenEvents(input.events) };
  return db.transaction(async (tx) => {
    const actor = requireActor(user);
    const t = await lockTournamentRow(tx, tournamentId);
    if (!canManage(actor, t)) throw forbidden("forbidden", WEBHOOKS_FORBIDDEN);
    assertValid(clean);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.tournamentId, t.id));
    if (Number(n) >= MAX_ENDPOINTS) throw conflict("too_many_webhooks", WEBHOOK_MESSAGES.tooMany(MAX_ENDPOINTS));
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        tournamentId: t.id,
        url: clean.url,
        kind: clean.kind as WebhookKind,
        events: clean.events,
        secret: newSecret(),
      })
      .returning();
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: "webhook.added",
      summary: `Webhook to ${endpointLabel(row.url)} added`,
      after: { kind: row.kind, events: row.events.join(", ") },
    });
    // No version bumped, no event: the answer says the tournament's version as locked.
    return { result: withSecret(row), events: [], version: t.version };
  });
}

export type WebhookPatch = { url?: string; kind?: string; events?: readonly string[]; enabled?: boolean };

/**
 * Changes an endpoint's URL, kind, events or whether it is enabled (the same checks as adding). Enabling a
 * disabled endpoint clears its failures; disabling it gives up its queued deliveries.
 */
export async function updateWebhook(
  db: AppDb,
  user: PublicUser | null,
  webhookId: number,
  patch: WebhookPatch,
): Promise<ActionResult<WebhookView>> {
  return changeEndpoint(db, user, webhookId, async ({ tx, endpoint, audit }) => {
    const next = {
      url: patch.url !== undefined ? patch.url.trim() : endpoint.url,
      kind: patch.kind ?? endpoint.kind,
      events: patch.events !== undefined ? chosenEvents(patch.events) : endpoint.events,
    };
    assertValid(next);
    const enabled = patch.enabled ?? endpoint.enabled;
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = {
      url: next.url,
      kind: next.kind as WebhookKind,
      events: next.events,
      enabled,
    };
    if (enabled && !endpoint.enabled) {
      Object.assign(changes, { disabledReason: null, disabledAt: null, failingSince: null, consecutiveFailures: 0 });
    }
    if (!enabled && endpoint.enabled) {
      Object.assign(changes, { disabledReason: "Disabled by the owner", disabledAt: new Date() });
      await giveUpPending(tx, endpoint.id, "Endpoint disabled");
    }
    const [row] = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    const before = {
      url: endpoint.url,
      kind: endpoint.kind,
      events: endpoint.events.join(", "),
      enabled: endpoint.enabled,
    };
    const after = { url: row.url, kind: row.kind, events: row.events.join(", "), enabled: row.enabled };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
    if (changed.length > 0) {
      await audit({
        action: "webhook.updated",
        summary: `Webhook to ${endpointLabel(row.url)} ${
          changed.length === 1 && changed[0] === "enabled" ? (row.enabled ? "enabled" : "disabled") : "updated"
        }`,
        // The URL can hold a credential (Discord's does): the trail names the host only.
        before: Object.fromEntries(changed.map((k) => [k, k === "url" ? endpointLabel(before.url) : before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, k === "url" ? endpointLabel(after.url) : after[k]])),
      });
    }
    return webhookView(row);
  });
}

/** Marks an endpoint's queued deliveries as given up. */
export async function giveUpPending(tx: Executor, endpointId: number, reason: string) {
  await tx
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: reason, completedAt: new Date(), leaseUntil: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
}

/** Deletes an endpoint with its deliveries and log. */
export async function deleteWebhook(
  db: AppDb,
  user: PublicUser | null,
  webhookId: number,
): Promise<ActionResult<WebhookView>> {
  return changeEndpoint(db, user, webhookId, async ({ tx, endpoint, audit }) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    await audit({
      action: "webhook.deleted",
      summary: `Webhook to ${endpointLabel(endpoint.url)} deleted`,
      before: { kind: endpoint.kind, events: endpoint.events.join(", ") },
    });
    return webhookView(endpoint);
  });
}

/**
 * Gives the endpoint a new secret, answered this once. Deliveries already queued are signed with the new one when they
 * are sent (the secret is read at each attempt).
 */
export async function rotateWebhookSecret(
  db: AppDb,
  user: PublicUser | null,
  webhookId: number,
): Promise<ActionResult<WebhookWithSecret>> {
  return changeEndpoint(db, user, webhookId, async ({ tx, endpoint, audit }) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret: newSecret() })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    await audit({
      action: "webhook.secret_rotated",
      summary: `Secret of the webhook to ${endpointLabel(row.url)} rotated`,
    });
    return withSecret(row);
  });
}

export type TestQueued = { deliveryId: number; messageId: string; event: typeof TEST_EVENT };

/** Queues a `webhook.test` event for this endpoint alone (409 when it is disabled). */
export async function sendTestEvent(
  db: AppDb,
  user: PublicUser | null,
  webhookId: number,
): Promise<ActionResult<TestQueued>> {
  return changeEndpoint(db, user, webhookId, async ({ tx, endpoint, tournament: t }) => {
    if (!endpoint.enabled) throw conflict("webhook_disabled", WEBHOOK_MESSAGES.disabled);
    const [row] = await enqueueEvents(
      tx,
      t.id,
      [{ type: TEST_EVENT, round: t.currentRound, summary: "Test event", detail: { test: true } }],
      [endpoint],
    );
    return { deliveryId: row.id, messageId: row.messageId, event: TEST_EVENT };
  });
}

/** One line of the delivery log. */
export type DeliveryLogEntry = {
  id: number;
  deliveryId: number;
  messageId: string;
  event: string;
  attempt: number;
  at: Date;
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** Where the delivery stands now: pending (will be retried), delivered or failed (given up). */
  deliveryStatus: "pending" | "delivered" | "failed";
};

export type DeliveryLog = { pending: number; attempts: DeliveryLogEntry[] };

/** The endpoint's last attempts, newest first, and how many deliveries wait (owner or master). */
export async function deliveryLog(
  db: Executor,
  user: PublicUser | null,
  webhookId: number,
  limit = DELIVERY_LOG_SIZE,
): Promise<DeliveryLog> {
  await getWebhook(db, user, webhookId);
  return deliveryLogOf(db, webhookId, limit);
}

/** The log without the guard, for a screen that has already checked its reader. */
export async function deliveryLogOf(db: Executor, webhookId: number, limit = DELIVERY_LOG_SIZE): Promise<DeliveryLog> {
  const attempts = await db
    .select({
      id: webhookAttempts.id,
      deliveryId: webhookAttempts.deliveryId,
      messageId: webhookDeliveries.messageId,
      event: webhookDeliveries.event,
      attempt: webhookAttempts.attempt,
      at: webhookAttempts.at,
      ok: webhookAttempts.ok,
      statusCode: webhookAttempts.statusCode,
      latencyMs: webhookAttempts.latencyMs,
      error: webhookAttempts.error,
      deliveryStatus: webhookDeliveries.status,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(eq(webhookAttempts.endpointId, webhookId))
    .orderBy(desc(webhookAttempts.id))
    .limit(limit);
  const [{ n }] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, webhookId), eq(webhookDeliveries.status, "pending")));
  return { pending: Number(n), attempts };
}
