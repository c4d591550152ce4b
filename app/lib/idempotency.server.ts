// Idempotency-Key on the JSON API's writes (docs/decisions/018-idempotency-keys.md): a client that sends the same
// write again with the same key (its reply was lost) gets the first answer again, and the change is made once.
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { AppDb, AppTx } from "#db/client.server";
import { idempotencyKeys } from "#db/schema";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** 1 to 255 visible ASCII characters (a UUID is the usual choice). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const INVALID_KEY = {
  status: 400,
  code: "invalid_idempotency_key",
  message: "Idempotency-Key must be 1 to 255 visible ASCII characters",
} as const;
export const KEY_REUSED = {
  status: 422,
  code: "idempotency_key_reused",
  message: "This Idempotency-Key was already used for a different request",
} as const;

/** One keyed call: who sends it, the key, and what the request was (method, path and body). */
export type KeyedCall = { userId: number; key: string; fingerprint: string };

/** The call's key, or null without the header; undefined when the header is malformed. */
export function readKey(request: Request): string | null | undefined {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  return KEY_PATTERN.test(key) ? key : undefined;
}

/** The request's fingerprint: a different method, path or body under the same key is another request. */
export function fingerprint(method: string, url: string, body: string) {
  const { pathname, search } = new URL(url);
  return createHash("sha256").update(`${method.toUpperCase()} ${pathname}${search}\n${body}`).digest("hex");
}

function refusal(what: typeof INVALID_KEY | typeof KEY_REUSED) {
  return Response.json(
    { message: what.message, code: what.code },
    { status: what.status, headers: { "Cache-Control": "no-store" } },
  );
}

export const invalidKeyResponse = () => refusal(INVALID_KEY);

/**
 * The stored answer of an earlier call with this key (sent again, marked `Idempotent-Replayed: true`),
 * 422 when the key was used for another request, or null when the key is new (or expired: then forgotten).
 */
export async function storedAnswer(db: AppDb, call: KeyedCall): Promise<Response | null> {
  const mine = and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, call.key));
  await db
    .delete(idempotencyKeys)
    .where(and(mine, lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`)));
  const [row] = await db.select().from(idempotencyKeys).where(mine);
  if (!row) return null;
  if (row.fingerprint !== call.fingerprint) return refusal(KEY_REUSED);
  // A row is only visible once its change committed, and then it carries the answer.
  return new Response(row.response ?? "null", {
    status: row.status ?? 200,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "Idempotent-Replayed": "true" },
  });
}

/** Whether an error is a second call with the same key meeting the first one's row (inserted by `keyed`). */
export function isKeyClash(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint_name, constraint } = e as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
    };
    if (code === "23505" && (constraint_name ?? constraint) === "idempotency_keys_user_key_uq") return true;
  }
  return false;
}

/**
 * The database as a keyed call's model action sees it: its (first) transaction starts by inserting
 * the key's row, so a second call with the same key waits there until the first one ends, and fails
 * on the unique key once the first has committed (the caller then answers the stored answer). The
 * row is written with its answer (`answer` of the action's result) in that same transaction: the
 * change commits together with its key, or neither does. `recorded()` says whether that happened;
 * an action without a transaction of its own is recorded afterwards by `record`.
 */
export function keyed(db: AppDb, call: KeyedCall, answer: (result: unknown) => unknown) {
  let used = false;
  let stored: string | null = null;
  const wrapped = Object.create(db) as AppDb;
  const transaction = ((fn: (tx: AppTx) => Promise<unknown>, config?: unknown) => {
    if (used) return db.transaction(fn as never, config as never);
    used = true;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(idempotencyKeys)
        .values({ userId: call.userId, key: call.key, fingerprint: call.fingerprint })
        .returning({ id: idempotencyKeys.id });
      const outcome = await fn(tx);
      const result = (outcome as { result?: unknown } | undefined)?.result;
      const text = JSON.stringify(answer(result));
      await tx.update(idempotencyKeys).set({ status: 200, response: text }).where(eq(idempotencyKeys.id, row.id));
      stored = text;
      return outcome;
    }, config as never);
  }) as AppDb["transaction"];
  Object.defineProperty(wrapped, "transaction", { value: transaction });
  /** The answer stored with the change, or null when the action made no transaction through `keyed`. */
  return { db: wrapped, stored: () => stored };
}

/**
 * Stores the answer of a keyed call after its action committed: when the action made no transaction
 * through `keyed`, or shaped its result after that transaction (the answer then differs from the one stored).
 */
export async function record(db: AppDb, call: KeyedCall, text: string) {
  await db
    .insert(idempotencyKeys)
    .values({ ...call, status: 200, response: text })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { status: 200, response: text },
      where: eq(idempotencyKeys.fingerprint, call.fingerprint),
    });
}

let lastSweep = 0;
/** Forgets expired keys, at most once an hour per process. */
export async function sweepExpiredKeys(db: AppDb, now = Date.now()) {
  if (now - lastSweep < 3600_000) return;
  lastSweep = now;
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
}

/**
 * Runs a keyed write: the stored answer when the key was seen (422 for another request under it),
 * else `run` on the keyed database, its answer (`shape` of the result) stored with the change. A
 * second call meeting the first one's row answers what the first stored.
 */
export async function runKeyed(
  db: AppDb,
  call: KeyedCall,
  shape: (result: unknown) => unknown,
  run: (db: AppDb) => Promise<unknown>,
): Promise<Response> {
  const stored = await storedAnswer(db, call);
  if (stored) return stored;
  const keyedDb = keyed(db, call, shape);
  let result: unknown;
  try {
    result = await run(keyedDb.db);
  } catch (error) {
    // The same key sent twice at once: the first one committed while this one waited for its row.
    const first = isKeyClash(error) ? await storedAnswer(db, call) : null;
    if (first) return first;
    throw error;
  }
  const text = JSON.stringify(shape(result));
  if (keyedDb.stored() !== text) await record(db, call, text);
  void sweepExpiredKeys(db).catch((error) => console.error("Could not forget expired idempotency keys", error));
  return new Response(text, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
