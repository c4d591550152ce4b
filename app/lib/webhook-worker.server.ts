// The webhook delivery worker: claims due outbox rows (one per endpoint, oldest first, FOR UPDATE SKIP LOCKED with a lease), signs and posts them through the SSRF guard, logs each attempt, retries with backoff, disables endpoints that keep failing (docs/decisions/020-webhooks-outbox.md).
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, eq, lt, sql } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import { tournaments, webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookDelivery } from "#db/schema";
import { recordAudit } from "~/models/audit/audit.server";
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
import { betweenSaves } from "./save-admission.server";
import { addressAllowed, classifyAddress, guardedLookup } from "~/models/audit/webhook-guard.server";

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

type Claimed = Pick<WebhookDelivery, "id" | "endpointId" | "messageId" | "body" | "attempts" | "createdAt"> & {
  url: string;
  kind: WebhookKind;
  secret: string;
};

/**
 * Claims up to `limit` due deliveries: for each enabled endpoint only its oldest pending one (so n+1 never
 * goes before n has succeeded or been given up), when it is due and not leased; rows another process holds
 * are skipped (FOR UPDATE SKIP LOCKED), and the claim is a lease, so no transaction stays open during the post.
 * One statement: on the embedded database, where the worker and the score saves share one connection, a save
 * never waits behind a claim's round trips (docs/BENCHMARKS.md, "A save with 10 dead endpoints").
 *
 * `blockedUntil` (ms since the epoch, or null) says when a new delivery could next be due, when that is later than
 * now: every enabled endpoint has an older delivery waiting (for its retry, or for an attempt in flight), so what a
 * change queues now waits behind it; with no enabled endpoint at all, nothing can be queued (Infinity: an endpoint
 * added or enabled here wakes the worker, one added by another process is found by the poll, or by that process).
 * Until then the worker need not look when a change nudges it.
 */
export async function claimDeliveries(
  db: AppDb,
  limit: number,
  leaseMs: number,
): Promise<{ claimed: Claimed[]; blockedUntil: number | null }> {
  const rows = rowsOf<{
    id: number | null;
    endpoint_id: number;
    message_id: string;
    body: string;
    attempts: number;
    created_ms: number | string;
    url: string;
    kind: WebhookKind;
    secret: string;
    blocked_ms: number | string | null;
  }>(
    await db.execute(sql`
      with heads as (
        select h.id, h.next_attempt_at, h.lease_until from ${webhookEndpoints} e
        left join lateral (
          select d.id, d.next_attempt_at, d.lease_until from ${webhookDeliveries} d
          where d.endpoint_id = e.id and d.status = 'pending' order by d.id limit 1
        ) h on true
        where e.enabled
      ),
      due as (
        select id from heads
        where id is not null and next_attempt_at <= now() and (lease_until is null or lease_until < now())
        order by id limit ${limit}
      ),
      free as (
        select d.id from ${webhookDeliveries} d
        where d.id in (select id from due) and d.status = 'pending' and (d.lease_until is null or d.lease_until < now())
        for update skip locked
      ),
      claimed as (
        update ${webhookDeliveries} d
        set lease_until = now() + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1
        from free where d.id = free.id
        returning d.id, d.endpoint_id, d.message_id, d.body, d.attempts, d.created_at
      ),
      blocked as (
        select case when count(*) = 0 then 'Infinity'::float8 when bool_or(id is null) then null
          else (extract(epoch from min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at)))) * 1000)::float8
        end as blocked_ms
        from heads
      )
      select c.id, c.endpoint_id, c.message_id, c.body, c.attempts,
        (extract(epoch from c.created_at) * 1000)::float8 as created_ms, e.url, e.kind, e.secret, b.blocked_ms
      from blocked b
      left join (claimed c join ${webhookEndpoints} e on e.id = c.endpoint_id) on true
      order by c.id`),
  );
  const blockedMs = rows[0]?.blocked_ms;
  return {
    claimed: rows.flatMap((r) =>
      r.id === null
        ? []
        : [
            {
              id: Number(r.id),
              endpointId: Number(r.endpoint_id),
              messageId: r.message_id,
              body: r.body,
              attempts: Number(r.attempts),
              createdAt: new Date(Number(r.created_ms)),
              url: r.url,
              kind: r.kind,
              secret: r.secret,
            },
          ],
    ),
    blockedUntil: blockedMs === null || blockedMs === undefined ? null : Number(blockedMs),
  };
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
  // Logged at a pause in the score saves, as the claim was (docs/decisions/043-background-work-between-saves.md).
  await betweenSaves(signal);
  // A stopping worker records nothing: its lease runs out (or the next start frees it) and the row is sent again.
  if (signal.aborted) return;
  await recordAttempt(db, c, result, settings.schedule);
}

/**
 * Logs an attempt and moves its delivery and endpoint on, in one statement (atomic, and one round trip: see
 * `claimDeliveries`). The endpoint's row is updated first (its lock orders the attempts of one endpoint; a score
 * save writing a delivery for it takes only KEY SHARE through the foreign key, so it never waits for this); an
 * endpoint deleted meanwhile took its deliveries and log with it, and nothing is written. An endpoint failing for
 * too long is then disabled in a transaction of its own.
 */
export async function recordAttempt(db: AppDb, c: Claimed, result: AttemptResult, schedule: RetrySchedule) {
  const now = new Date();
  // Timestamps go as ISO text (the postgres.js driver takes no Date parameters outside drizzle's columns).
  const at = sql`${now.toISOString()}::timestamptz`;
  const givenUp = !result.ok && now.getTime() - c.createdAt.getTime() >= schedule.giveUpAfterMs;
  const endpoint = result.ok
    ? sql`update ${webhookEndpoints} set consecutive_failures = 0, failing_since = null, last_success_at = ${at}
        where id = ${c.endpointId} returning id, enabled, failing_since, tournament_id, url`
    : sql`update ${webhookEndpoints} set consecutive_failures = consecutive_failures + 1,
          failing_since = coalesce(failing_since, ${at})
        where id = ${c.endpointId} returning id, enabled, failing_since, tournament_id, url`;
  const delivery = result.ok
    ? sql`status = 'delivered', completed_at = ${at}, lease_until = null, last_status = ${result.statusCode},
        last_error = null`
    : givenUp
      ? sql`status = 'failed', completed_at = ${at}, lease_until = null, last_status = ${result.statusCode},
          last_error = ${result.error}`
      : sql`next_attempt_at = ${new Date(now.getTime() + retryDelay(c.attempts, schedule, Math.random())).toISOString()}::timestamptz,
          lease_until = null, last_status = ${result.statusCode}, last_error = ${result.error}`;
  const [row] = rowsOf<{ enabled: boolean; failing_ms: number | string | null; tournament_id: number; url: string }>(
    await db.execute(sql`
      with e as (${endpoint}),
      logged as (
        insert into ${webhookAttempts} (delivery_id, endpoint_id, attempt, at, ok, status_code, latency_ms, error)
        select ${c.id}::int, e.id, ${c.attempts}::int, ${at}, ${result.ok}::boolean,
          ${result.statusCode}::int, ${result.latencyMs}::int, ${result.error?.slice(0, 1000) ?? null}::text
        from e
      ),
      moved as (
        update ${webhookDeliveries} set ${delivery}
        where id = ${c.id} and status = 'pending' and exists (select 1 from e)
      )
      select enabled, (extract(epoch from failing_since) * 1000)::float8 as failing_ms, tournament_id, url from e`),
  );
  if (!row || result.ok || !row.enabled) return;
  const failingSince = row.failing_ms === null ? now : new Date(Number(row.failing_ms));
  if (givenUp || now.getTime() - failingSince.getTime() >= schedule.disableAfterMs) {
    await db.transaction((tx) =>
      disableEndpoint(tx, c.endpointId, Number(row.tournament_id), row.url, result.error, schedule, now),
    );
  }
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
  const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!tournament) return;
  // No account acted: the server did, recorded as "system" (docs/rules.md, "Audit trail").
  await recordAudit(tx, {
    tournament,
    actor: { kind: "system", name: "system" },
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
  /** Until then (ms since the epoch) a nudge finds nothing new to send: see `claimDeliveries`. */
  let blockedUntil = 0;

  const report = (error: unknown) => {
    if (stopped) return;
    const text = error instanceof Error ? error.message : String(error);
    // One line per distinct failure, not one per poll while the database is away.
    if (text !== lastError) console.error("Webhook worker:", text);
    lastError = text;
  };

  async function cycle() {
    // Claims (and the posts they start) wait for a pause in this process's score saves, two seconds at most: a save
    // never shares the core, or the embedded database's connection, with them (docs/decisions/043).
    await betweenSaves(abort.signal);
    if (stopped) return;
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
      const { claimed, blockedUntil: until } = await claimDeliveries(db, free, settings.leaseMs);
      blockedUntil = claimed.length === 0 && until !== null ? until : 0;
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
    // Every endpoint has a delivery waiting for its retry (or an attempt in flight, which wakes the worker when it
    // ends): what the change queued waits behind it, so there is nothing to look for yet. The poll still looks.
    if (stopped || nudged || Date.now() < blockedUntil) return;
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
