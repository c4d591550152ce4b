// The event bus: committed actions publish through PostgreSQL NOTIFY, so every app process hears every change,
// marks its public snapshots stale and fans the event out to its spectators' streams (serialised once per event).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { tournaments } from "#db/schema";
import type { DomainEvent } from "~/models/audit/events";
import { invalidateLanding } from "~/models/views/landing.server";
import { invalidateAllTournaments, invalidateTournament } from "~/models/views/snapshot.server";
import { VERSION_HEADER } from "./api-cache.server";
import { CORS_HEADERS } from "./cors.server";
import { getApp } from "./db.server";
import { parsePositiveInt } from "./params";
import { nudgeWebhookWorker } from "./webhook-worker.server";
import { readableVersion, SHARE_KEY_PATTERN } from "~/models/access/share.server";
import { getUser } from "./session.server";
import { shareKeyFrom } from "./share.server";

const CHANNEL = "tm_events";

/**
 * An event as it travels between processes: `listed` says whether untargeted streams may carry it; `version` is the
 * tournament's version once the change committed (a reader fetches with If-None-Match and knows what it holds);
 * `origin` names the process that published it, which delivered it to its own streams already.
 */
export type BusEvent = DomainEvent & { listed?: boolean; version?: number; origin?: string };

/** This process on the bus: its own notifications come back to it, and are skipped. */
const ORIGIN = randomBytes(8).toString("hex");

/** The answer of the request being handled (server/app.ts runs each request that reaches React Router in it). */
const answering = new AsyncLocalStorage<ServerResponse>();

/** Runs `next` (the rest of a request's handling) so that what it publishes reaches this process's streams once `res` is sent. */
export function publishingFor(res: ServerResponse, next: () => void) {
  answering.run(res, next);
}

/** One open event stream: null `tournamentId` is the untargeted stream of the landing page and dashboard. */
export type Stream = { tournamentId: number | null; write: (chunk: Uint8Array) => void; close: () => void };

const streams = new Set<Stream>();
const encoder = new TextEncoder();
let listening: Promise<void> | undefined;

/** A stream narrowed to one tournament gets that tournament's events; an untargeted one only listed (public) tournaments'. */
function reaches(stream: Stream, event: BusEvent) {
  if (stream.tournamentId === null) return event.listed === true;
  return event.tournamentId === null || event.tournamentId === stream.tournamentId;
}

/**
 * Sends one event to this process's streams. The event carries `audience`, the number of streams
 * this process holds, so spectators spread their re-fetches over a window that grows with it.
 */
function broadcast(event: BusEvent) {
  if (streams.size === 0) return;
  const { listed: _listed, origin: _origin, ...visible } = event;
  // Who may read the tournament changed: its streams hear that, and nothing of the change itself (the new name of a
  // tournament made private is not for every one of them); the reconnect decides who reads on.
  if (event.data?.accessChanged === true) visible.data = { accessChanged: true };
  // A Buffer, the type a socket writes without wrapping each write's chunk.
  const chunk = Buffer.from(`data: ${JSON.stringify({ ...visible, audience: streams.size })}\n\n`);
  for (const stream of streams) if (reaches(stream, event)) stream.write(chunk);
  // Who may read the tournament changed (share key rotated, made private): its streams end after this event, and
  // their reconnects are let in only for its readers (docs/decisions/021-check-in-and-share-links.md).
  if (event.data?.accessChanged === true && event.tournamentId !== null)
    for (const stream of [...streams]) if (stream.tournamentId === event.tournamentId) stream.close();
}

function invalidate(event: BusEvent) {
  if (event.tournamentId !== null) invalidateTournament(event.tournamentId);
  invalidateLanding();
}

/** An event reaches this process's snapshots and streams, and wakes the webhook worker. */
function deliver(event: BusEvent) {
  invalidate(event);
  broadcast(event);
  // A committed change may have queued webhook deliveries (in any process): send them now, not at the next poll.
  nudgeWebhookWorker();
}

function dispatch(payload: string) {
  let event: BusEvent;
  try {
    event = JSON.parse(payload);
  } catch {
    return;
  }
  // Published here: delivered when its notification was sent, without waiting for it to come back.
  if (event.origin === ORIGIN) return;
  deliver(event);
}

/**
 * The database is back after an outage (the LISTEN connection listens again): whatever changed meanwhile
 * was not heard, so every snapshot is stale and every stream gets a `resync` event, on which pages re-read.
 */
export function resync() {
  invalidateAllTournaments();
  invalidateLanding();
  broadcast({ type: "resync", tournamentId: null, data: {}, listed: true });
}

/** Starts hearing other processes' events; boot calls it, so a process with no streams still drops stale snapshots. */
export function ensureListening() {
  listening ??= getApp().then(async ({ database }) => {
    await database.listen(CHANNEL, dispatch, resync);
  });
  // A failed start is not kept: the next stream or publish tries again.
  listening.catch(() => (listening = undefined));
  return listening;
}

/**
 * Sends one event's notification and reads, in the same statement, whether its tournament is listed (public; a deleted
 * or private one is not) and its version now: at least the version the change made (a later change may already have
 * bumped it). Both go into the payload, which is the event's JSON with `listed`, `version` and `origin` added as text
 * (the event's JSON always ends with its closing brace), so other processes hear it as this one delivers it.
 */
async function notifyMarked(event: DomainEvent): Promise<BusEvent> {
  const { database } = await getApp();
  const json = JSON.stringify({ ...event, origin: ORIGIN });
  // On the side connection: never behind the pool's queued transactions.
  type Row = { listed: boolean; version: number | null };
  const result: unknown = await database.side.execute(sql`
    select coalesce(t.is_public, false) as listed, t.version,
      pg_notify(${CHANNEL}, left(${json}::text, -1) || ',"listed":' || coalesce(t.is_public, false)::text
        || coalesce(',"version":' || t.version::text, '') || '}') as sent
    from (select ${event.tournamentId ?? null}::integer as id) as wanted
    left join ${tournaments} t on t.id = wanted.id`);
  // postgres.js answers the rows, PGlite an object holding them.
  const row = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows)[0] as Row | undefined;
  return { ...event, listed: row?.listed === true, ...(row?.version != null ? { version: Number(row.version) } : {}) };
}

/**
 * Publishes events of a committed action; never call it inside a transaction that may still roll back. Each event's
 * notification is sent first (one statement, which also says whether the tournament is listed and its version), then
 * the event reaches this process's own streams at once: its round trip through the LISTEN connection is not waited for.
 * The answer of the request that published them says the tournament's version the change committed as (the
 * Tournament-Version header, as its reads do), while its headers are not sent yet.
 */
export async function publish(events: DomainEvent[]) {
  if (events.length === 0) return;
  // This process's snapshots go stale now, before the caller answers: its next read is fresh.
  for (const event of events) invalidate(event);
  await ensureListening();
  // Sent together (one connection, in order); each delivered here once its own statement answered.
  const sent = events.map((event) =>
    notifyMarked(event).then(
      (marked) => ({ marked, ok: true }),
      (error) => {
        console.error("Could not publish event", event.type, error);
        return { marked: event as BusEvent, ok: false };
      },
    ),
  );
  let version: number | undefined;
  for (const outcome of sent) {
    const { marked, ok } = await outcome;
    // Not sent (the database is away): no process hears it, this one included; all resync when it is back.
    if (!ok) continue;
    deliverAfterAnswer(marked);
    if (marked.version !== undefined) version = Math.max(version ?? 0, marked.version);
  }
  if (version !== undefined) answerVersion(version);
}

/**
 * The answer of the request being handled says the tournament's version (the Tournament-Version header, as its reads
 * do), while its headers are not sent yet: a published change's, or that of a change that publishes none (a webhook's).
 */
export function answerVersion(version: number) {
  const res = answering.getStore();
  if (res && !res.headersSent) res.setHeader(VERSION_HEADER, String(version));
}

/**
 * Delivers a published event to this process's streams once the request that published it has its answer sent:
 * writing 10,000 streams takes about 100 ms of this process, and the host who saved waits for none of it. Other
 * processes hear the notification meanwhile; this process's snapshots went stale when `publish` began. Published
 * outside a request (or after its answer), it is delivered at once.
 */
function deliverAfterAnswer(event: BusEvent) {
  const res = answering.getStore();
  if (!res || res.writableFinished || res.destroyed) return deliver(event);
  let delivered = false;
  const once = () => {
    if (delivered) return;
    delivered = true;
    deliver(event);
  };
  // "finish": the answer is handed to the socket; "close": the client left first.
  res.once("finish", once);
  res.once("close", once);
}

/** Adds a spectator's stream; the answer removes it. Starts listening on first use. */
export async function openStream(stream: Stream) {
  await ensureListening();
  streams.add(stream);
  return () => streams.delete(stream);
}

/** The headers of an event stream. `no-transform` keeps compression from buffering it. */
export const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
  // An overlay on another site may follow the stream (EventSource without credentials).
  ...CORS_HEADERS,
} as const;

/**
 * `?tournamentId=`: absent or empty for the untargeted stream; otherwise a positive whole number. `?key=`, when given,
 * must look like a share key (400 otherwise, before any stream opens).
 */
export function streamTarget(
  raw: string | null,
  key: string | null = null,
): { ok: true; tournamentId: number | null } | { ok: false; message: string } {
  if (key !== null && !SHARE_KEY_PATTERN.test(key)) return { ok: false, message: "Invalid share key" };
  if (raw === null || raw === "") return { ok: true, tournamentId: null };
  const tournamentId = parsePositiveInt(raw);
  return tournamentId === null ? { ok: false, message: "Invalid tournament ID" } : { ok: true, tournamentId };
}

/**
 * The first message of every stream: the reconnect delay and "connected", shaped as every event is: a tournament's
 * stream says its version when it opened (a reader holding it has everything so far), and `audience` counts this
 * stream among the process's (it is added once listening, just after this message is written).
 */
export function connectedMessage(tournamentId: number | null, version: number | null) {
  const message = {
    type: "connected",
    tournamentId,
    data: {},
    ...(version !== null ? { version } : {}),
    audience: streams.size + 1,
  };
  return encoder.encode(`retry: 3000\ndata: ${JSON.stringify(message)}\n\n`);
}

/**
 * GET /api/events, served straight on Node's response by the HTTP server (server/app.ts) in development and production
 * alike: no web stream per spectator, so each costs a socket and one small object, and one process holds ten thousand.
 * One tournament's stream is for whoever may read it: anyone for a public one, a share key's holder, its owner and
 * staff signed in (cookie or bearer token). Answers false when it did not serve the request: a refusal (a malformed
 * `tournamentId` or key, a tournament this reader may not follow), which the route module answers (400, 404).
 */
export async function serveEventStream(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = new URL(req.url ?? "/", "http://local");
  const target = streamTarget(url.searchParams.get("tournamentId"), url.searchParams.get("key"));
  if (!target.ok) return false;
  const { tournamentId } = target;
  let version: number | null = null;
  if (tournamentId !== null) {
    const { database } = await getApp();
    const key = shareKeyFrom(url, req.headers.cookie ?? null, tournamentId);
    // A public tournament (or a share key) lets anyone in; otherwise the signed-in reader, read as the root middleware
    // reads it (on the side connection), may be its owner or staff. The row read for it says the version too.
    version = await readableVersion(database.db, { user: null, key }, tournamentId);
    if (version === null) {
      const user = await getUser(database.side, fetchRequestOf(req));
      if (user !== null) version = await readableVersion(database.db, { user, key }, tournamentId);
    }
    if (version === null || res.destroyed) return false;
  }
  // HEAD: what GET would answer, without the stream (a client checking the address before it follows it).
  if (req.method === "HEAD") {
    res.writeHead(200, STREAM_HEADERS).end();
    return true;
  }
  return startStream(req, res, tournamentId, version);
}

/** A Node request as a Fetch request with the headers `getUser` reads: the session cookie and a bearer token. */
function fetchRequestOf(req: IncomingMessage): Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  if (req.headers.authorization) headers.set("authorization", req.headers.authorization);
  return new Request(new URL(req.url ?? "/", "http://local"), { headers });
}

function startStream(
  req: IncomingMessage,
  res: ServerResponse,
  tournamentId: number | null,
  version: number | null,
): boolean {
  const target = { tournamentId };
  // The body ends when the connection closes (no chunked framing), so each event is one plain write to the socket:
  // no chunk header, no cork until the next tick, for every one of ten thousand streams.
  res.useChunkedEncodingByDefault = false;
  res.writeHead(200, { ...STREAM_HEADERS, Connection: "close" });
  res.write(connectedMessage(target.tournamentId, version));
  const socket = res.socket;
  let remove: () => unknown = () => {};
  // Ours to know, not asked of the response on each of ten thousand writes (its getter was 4% of a fan-out's profile).
  let ended = false;
  const stream: Stream = {
    tournamentId: target.tournamentId,
    write: (chunk) => {
      if (!ended && socket && !socket.destroyed) socket.write(chunk);
    },
    close: () => {
      ended = true;
      remove();
      res.end();
    },
  };
  req.socket.setNoDelay(true);
  res.on("close", () => remove());
  void openStream(stream).then((removeStream) => {
    remove = removeStream;
    if (res.destroyed || res.writableEnded) removeStream();
  });
  return true;
}

/** How many event streams this process holds. */
export function streamCount() {
  return streams.size;
}

const PING = encoder.encode(": ping\n\n");
/** One timer keeps every stream's proxy from timing out, instead of one timer per stream. */
const heartbeat = setInterval(() => {
  for (const stream of streams) stream.write(PING);
}, 25_000);
heartbeat.unref();

/** Shutdown ends the streams before the database closes. */
export function closeAllStreams() {
  for (const stream of [...streams]) stream.close();
  streams.clear();
}

export function resetEventsForTests() {
  listening = undefined;
  streams.clear();
}
