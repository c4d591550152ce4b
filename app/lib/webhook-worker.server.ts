// The webhook delivery worker: claims due outbox rows (one per endpoint, oldest first, FOR UPDATE SKIP LOCKED with a lease), signs and posts them through the SSRF guard, logs each attempt, retries with backoff, disables endpoints that keep failing (docs/decisions/020-webhooks-outbox.md).
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import { auditEntries, webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookDelivery } from "#db/schema";
import { endpointLabel, giveUpPending } from "~/models/audit/webhooks.server";
import {
  DEFAULT_SCHEDULE,
  discordMessage,
  hostOf,
  parseUrl,
  retryDelay,
  type RetrySchedule,
  type WebhookKind,
  type WebhookPayload,
} from "~/models/audit/webhooks";
import { addressAllowed, classifyAddress, guardedLookup } from "./webhook-guard.server";

export type WorkerOptions = Partial<RetrySchedule> & {
  /** Deliveries in flight at once, per process. */
  concurrency?: number;
  /** The whole attempt (connect, answer, body) must end within this. */
  timeoutMs?: number;
  /** How long a claimed row stays this worker's; a worker killed mid-delivery frees it when this runs out. */
  leaseMs?: number;
  /** How often the worker looks for due rows when nothing wakes it. */
  pollMs?: number;
  allowPrivate?: boolean;
  /** Frees every lease at start: right on the embedded database, where this is the only process. */
  releaseLeases?: boolean;
};

export type WebhookWorker = {
  /** Look for due deliveries now (a test was queued, an endpoint enabled). */
  wake(): void;
  /** Look soon: a burst of changes (one per score save) costs one look, not one each. */
  nudge(): void;
  /** Stops claiming, aborts the attempts in flight (their rows are retried later) and waits for them. */
  stop(): Promise<void>;
};

const USER_AGENT = "TournamentManager-Webhooks/2.0 (+https://www.standardwebhooks.com/)";
const ERROR_BODY_MAX = 300;
const PRUNE_EVERY_MS = 3_600_000;
const NUDGE_MS = 200;
/** Finished deliveries (and their log) are kept this long. */
const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

/** The Standard Webhooks signature of one attempt: "v1," + base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed by the secret's bytes. */
export function signWebhook(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
}

type Claimed = WebhookDelivery & { url: string; kind: WebhookKind; secret: string; tournamentId: number };

/**
 * Claims up to `limit` due deliveries: for each enabled endpoint only its oldest pending one (so n+1 never
 * goes before n has succeeded or been given up), when it is due and not leased; rows another process holds
 * are skipped (FOR UPDATE SKIP LOCKED), and the claim is a lease, so no transaction stays open during the post.
 */
export async function claimDeliveries(db: AppDb, limit: number, leaseMs: number): Promise<Claimed[]> {
  const heads = await rowsOf<{ id: number }>(
    await db.execute(sql`
      select h.id from ${webhookEndpoints} e
      cross join lateral (
        select d.id, d.next_attempt_at, d.lease_until from ${webhookDeliveries} d
        where d.endpoint_id = e.id and d.status = 'pending' order by d.id limit 1
      ) h
      where e.enabled and h.next_attempt_at <= now() and (h.lease_until is null or h.lease_until < now())
      order by h.id limit ${limit}`),
  );
  if (heads.length === 0) return [];
  const ids = heads.map((h) => Number(h.id));
  const d = webhookDeliveries;
  return db.transaction(async (tx) => {
    const free = tx
      .select({ id: d.id })
      .from(d)
      .where(and(inArray(d.id, ids), eq(d.status, "pending"), or(isNull(d.leaseUntil), lt(d.leaseUntil, sql`now()`))))
      .for("update", { skipLocked: true });
    const claimed = await tx
      .update(d)
      .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`, attempts: sql`${d.attempts} + 1` })
      .where(inArray(d.id, free))
      .returning();
    if (claimed.length === 0) return [];
    const endpoints = await tx
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        kind: webhookEndpoints.kind,
        secret: webhookEndpoints.secret,
        tournamentId: webhookEndpoints.tournamentId,
      })
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          claimed.map((c) => c.endpointId),
        ),
      );
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    return claimed.flatMap((c) => {
      const e = byId.get(c.endpointId);
      return e ? [{ ...c, url: e.url, kind: e.kind, secret: e.secret, tournamentId: e.tournamentId }] : [];
    });
  });
}

function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

export type AttemptResult = { ok: boolean; statusCode: number | null; latencyMs: number; error: string | null };

/**
 * Posts `body` to `url`: through the SSRF guard (a literal address is checked as it is, a name is resolved
 * once and its checked addresses are the ones connected to), no redirect followed, the whole attempt bounded
 * by `timeoutMs`. Never throws: every way of failing is an attempt result.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean; signal?: AbortSignal },
): Promise<AttemptResult> {
  const started = performance.now();
  const done = (r: Omit<AttemptResult, "latencyMs">): AttemptResult => ({
    ...r,
    latencyMs: Math.round(performance.now() - started),
  });
  const target = parseUrl(url);
  if (!target) return Promise.resolve(done({ ok: false, statusCode: null, error: "Not an http(s) URL" }));
  const literal = classifyAddress(hostOf(target));
  if (literal !== null && !addressAllowed(literal, options.allowPrivate)) {
    return Promise.resolve(
      done({ ok: false, statusCode: null, error: `Refused: ${hostOf(target)} is a ${literal} address` }),
    );
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve(done(r));
    };
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        ...(literal === null ? { lookup: guardedLookup(options.allowPrivate) as never } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < ERROR_BODY_MAX) text += chunk;
        });
        response.on("error", (error) => finish({ ok: false, statusCode: status, error: error.message }));
        response.on("end", () => {
          if (ok) return finish({ ok, statusCode: status, error: null });
          const location = response.headers.location;
          const why =
            status >= 300 && status < 400
              ? `HTTP ${status}: redirect${location ? ` to ${location.slice(0, 200)}` : ""} not followed`
              : `HTTP ${status}${text.trim() ? `: ${text.trim().slice(0, ERROR_BODY_MAX)}` : ""}`;
          finish({ ok: false, statusCode: status, error: why });
        });
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: `Timed out after ${options.timeoutMs / 1000} s` });
      request.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      finish({ ok: false, statusCode: null, error: "Aborted: the server is stopping" });
      request.destroy();
    };
    options.signal?.addEventListener("abort", onAbort);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({ ok: false, statusCode: null, error: error.code ? `${error.message}` : error.message }),
    );
    request.end(body);
  });
}

/** The body a delivery posts: the stored Standard Webhooks JSON, or for a Discord endpoint its message. */
export function bodyFor(kind: WebhookKind, stored: string): string {
  if (kind !== "discord") return stored;
  return JSON.stringify(discordMessage(JSON.parse(stored) as WebhookPayload));
}

type Settings = Required<Omit<WorkerOptions, keyof RetrySchedule>> & { schedule: RetrySchedule };

async function attempt(db: AppDb, c: Claimed, settings: Settings, signal: AbortSignal) {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = bodyFor(c.kind, c.body);
  const result = await postWebhook(
    c.url,
    body,
    {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      "webhook-id": c.messageId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(c.secret, c.messageId, timestamp, body),
    },
    { timeoutMs: settings.timeoutMs, allowPrivate: settings.allowPrivate, signal },
  );
  // A stopping worker records nothing: its lease runs out (or the next start frees it) and the row is sent again.
  if (signal.aborted) return;
  await recordAttempt(db, c, result, settings.schedule);
}

/** Logs an attempt and moves its delivery and endpoint on, in one transaction. */
export async function recordAttempt(db: AppDb, c: Claimed, result: AttemptResult, schedule: RetrySchedule) {
  const now = new Date();
  await db.transaction(async (tx) => {
    // FOR NO KEY UPDATE, not FOR UPDATE: attempts of one endpoint still run one after the other, but a score save
    // writing a delivery for this endpoint (its foreign key takes KEY SHARE) never waits for this transaction.
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, c.endpointId))
      .for("no key update");
    // Deleted meanwhile: its deliveries and log went with it.
    if (!endpoint) return;
    await tx.insert(webhookAttempts).values({
      deliveryId: c.id,
      endpointId: c.endpointId,
      attempt: c.attempts,
      at: now,
      ok: result.ok,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: result.error?.slice(0, 1000) ?? null,
    });
    const mine = and(eq(webhookDeliveries.id, c.id), eq(webhookDeliveries.status, "pending"));
    if (result.ok) {
      await tx
        .update(webhookDeliveries)
        .set({
          status: "delivered",
          completedAt: now,
          leaseUntil: null,
          lastStatus: result.statusCode,
          lastError: null,
        })
        .where(mine);
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, failingSince: null, lastSuccessAt: now })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    const givenUp = now.getTime() - c.createdAt.getTime() >= schedule.giveUpAfterMs;
    await tx
      .update(webhookDeliveries)
      .set(
        givenUp
          ? {
              status: "failed",
              completedAt: now,
              leaseUntil: null,
              lastStatus: result.statusCode,
              lastError: result.error,
            }
          : {
              nextAttemptAt: new Date(now.getTime() + retryDelay(c.attempts, schedule, Math.random())),
              leaseUntil: null,
              lastStatus: result.statusCode,
              lastError: result.error,
            },
      )
      .where(mine);
    const failingSince = endpoint.failingSince ?? now;
    await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: endpoint.consecutiveFailures + 1, failingSince })
      .where(eq(webhookEndpoints.id, endpoint.id));
    if (endpoint.enabled && (givenUp || now.getTime() - failingSince.getTime() >= schedule.disableAfterMs)) {
      await disableEndpoint(tx, endpoint.id, endpoint.tournamentId, endpoint.url, result.error, schedule, now);
    }
  });
}

function hoursText(ms: number) {
  const hours = ms / 3_600_000;
  return hours >= 1 ? `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h` : `${Math.round(ms / 1000)} s`;
}

/** Disables an endpoint that kept failing, gives up its queue, and tells the owner: the reason on the settings page and an entry in the History. */
async function disableEndpoint(
  tx: Executor,
  endpointId: number,
  tournamentId: number,
  url: string,
  lastError: string | null,
  schedule: RetrySchedule,
  now: Date,
) {
  const reason = `Disabled after ${hoursText(schedule.disableAfterMs)} of failed deliveries${lastError ? ` (last error: ${lastError.slice(0, 200)})` : ""}`;
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: now })
    .where(eq(webhookEndpoints.id, endpointId));
  await giveUpPending(tx, endpointId, "Endpoint disabled after repeated failures");
  // No account acted: the server did, recorded as "system" (docs/rules.md, "Audit trail").
  await tx.insert(auditEntries).values({
    tournamentId,
    actorId: null,
    actorUsername: "system",
    actorRole: "system",
    action: "webhook.disabled",
    summary: `Webhook to ${endpointLabel(url)} disabled after repeated failed deliveries`,
    roundNumber: null,
    after: { enabled: false, lastError: lastError?.slice(0, 200) ?? null },
  });
}

let current: WebhookWorker | null = null;

/** Wakes this process's worker now, if it runs (after queuing a test event, enabling an endpoint). */
export function wakeWebhookWorker() {
  current?.wake();
}

/** Wakes this process's worker within NUDGE_MS: the event bus calls it for every committed change it hears of. */
export function nudgeWebhookWorker() {
  current?.nudge();
}

/**
 * Starts the delivery worker on `db`. It looks for due rows when woken and every `pollMs`, keeps at most
 * `concurrency` attempts in flight, and prunes finished deliveries older than a week once an hour.
 */
export function startWebhookWorker(db: AppDb, options: WorkerOptions = {}): WebhookWorker {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const settings: Settings = {
    concurrency: options.concurrency ?? 8,
    timeoutMs,
    leaseMs: options.leaseMs ?? timeoutMs + 25_000,
    pollMs: options.pollMs ?? 1_000,
    allowPrivate: options.allowPrivate ?? false,
    releaseLeases: options.releaseLeases ?? false,
    schedule: {
      baseMs: options.baseMs ?? DEFAULT_SCHEDULE.baseMs,
      maxMs: options.maxMs ?? DEFAULT_SCHEDULE.maxMs,
      giveUpAfterMs: options.giveUpAfterMs ?? DEFAULT_SCHEDULE.giveUpAfterMs,
      disableAfterMs: options.disableAfterMs ?? DEFAULT_SCHEDULE.disableAfterMs,
    },
  };
  const abort = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;
  let lastError = "";

  const report = (error: unknown) => {
    if (stopped) return;
    const text = error instanceof Error ? error.message : String(error);
    // One line per distinct failure, not one per poll while the database is away.
    if (text !== lastError) console.error("Webhook worker:", text);
    lastError = text;
  };

  async function cycle() {
    if (settings.releaseLeases) {
      settings.releaseLeases = false;
      await db
        .update(webhookDeliveries)
        .set({ leaseUntil: null })
        .where(and(eq(webhookDeliveries.status, "pending"), sql`${webhookDeliveries.leaseUntil} is not null`));
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await db
        .delete(webhookDeliveries)
        .where(
          and(
            sql`${webhookDeliveries.status} <> 'pending'`,
            lt(webhookDeliveries.completedAt, new Date(Date.now() - KEEP_FINISHED_MS)),
          ),
        );
    }
    do {
      again = false;
      const free = settings.concurrency - inFlight.size;
      if (free <= 0 || stopped) break;
      const claimed = await claimDeliveries(db, free, settings.leaseMs);
      for (const c of claimed) {
        const task: Promise<void> = attempt(db, c, settings, abort.signal)
          .catch(report)
          .finally(() => {
            inFlight.delete(task);
            // The endpoint's next delivery may go now.
            wake();
          });
        inFlight.add(task);
      }
      if (claimed.length === free) again = true;
    } while (again && !stopped);
    lastError = "";
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, settings.pollMs);
    timer.unref();
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = cycle()
      .catch(report)
      .finally(() => {
        running = null;
        if (again && !stopped) wake();
        else schedule();
      });
  }

  let nudged: NodeJS.Timeout | undefined;
  const nudge = () => {
    if (stopped || nudged) return;
    nudged = setTimeout(() => {
      nudged = undefined;
      wake();
    }, NUDGE_MS);
    nudged.unref();
  };

  const worker: WebhookWorker = {
    wake,
    nudge,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(nudged);
      abort.abort();
      await running?.catch(() => {});
      await Promise.allSettled([...inFlight]);
      if (current === worker) current = null;
    },
  };
  current = worker;
  wake();
  return worker;
}

/** Stops this process's worker (shutdown). */
export async function stopWebhookWorker() {
  await current?.stop();
}
