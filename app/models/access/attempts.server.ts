// Limits on guesses (passwords, self check-in codes): tries recorded before they are checked, counted per key and address.
import { and, eq, gt, isNull, lt, notLike, like, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { loginAttempts } from "#db/schema";

/**
 * One limit over the shared `login_attempts` table (docs/decisions/008-login-limits.md). `family`
 * says which keys it counts: the login limit's keys are usernames, the self check-in limit's are
 * `checkin:{tournamentId}` (a colon no username can hold), so neither eats the other's tries.
 */
export type AttemptLimit = {
  family: "login" | "checkin";
  windowMinutes: number;
  /** Tries of one key from one address. */
  failures: number;
  /** Tries from one address across the family's keys. */
  addressFailures: number;
  /**
   * Tries of one key across addresses from unknown devices (none: unlimited). Past it the key is locked for unknown
   * devices only: a known device (a signed device cookie, OWASP's device-cookie technique) is slowed down instead.
   */
  keyFailures?: number;
};

/** One try: the key (a lower-cased username), the client's address, and the known device it came from, if any. */
export type Attempt = { key: string; address: string; device?: string | null };

/** A recorded try: its id, and whether the client must be slowed down (a known device while its key is locked). */
export type RecordedAttempt = { id: number; slowDown: boolean };

const CHECKIN_PREFIX = "checkin:";

/** Two-key advisory lock namespace of the limits (the migrations' lock is the one-key 727274). */
const ATTEMPT_LOCK = 727275;

function familyOf(limit: AttemptLimit) {
  return limit.family === "checkin"
    ? like(loginAttempts.username, `${CHECKIN_PREFIX}%`)
    : notLike(loginAttempts.username, `${CHECKIN_PREFIX}%`);
}

/**
 * Records a try unless the limit is reached, atomically: tries from one address (or, when the
 * address is unknown, of one key), and of one key when it has its own limit, take advisory locks
 * until the count and the insert have committed, so parallel tries are counted one after another.
 * A try from a known device counts against that device (`failures`) and its address's total, never
 * against the key's lockout, and is slowed down rather than refused while the key is locked.
 * Answers the recorded try, or null when the client must wait.
 */
export async function recordAttempt(
  db: Executor,
  attempt: Attempt,
  limit: AttemptLimit,
): Promise<RecordedAttempt | null> {
  return db.transaction(async (tx) => {
    const device = attempt.device ?? null;
    const lockKeys = [attempt.address ? `address:${attempt.address}` : `username:${attempt.key}`];
    if (limit.keyFailures !== undefined && attempt.address) lockKeys.push(`username:${attempt.key}`);
    // Always address first, then key: two tries never wait on each other in opposite orders.
    for (const lockKey of lockKeys)
      await tx.execute(sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK}, hashtext(${lockKey}))`);
    const since = new Date(Date.now() - limit.windowMinutes * 60_000);
    const [row] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${loginAttempts.username} = ${attempt.key})`,
        all: sql<number>`count(*)`,
      })
      .from(loginAttempts)
      .where(
        and(
          gt(loginAttempts.at, since),
          familyOf(limit),
          eq(loginAttempts.address, attempt.address),
          // Without a known address every client shares "", so only the key's own tries count.
          attempt.address ? undefined : eq(loginAttempts.username, attempt.key),
        ),
      );
    if (attempt.address && Number(row?.all ?? 0) >= limit.addressFailures) return null;
    let slowDown = false;
    if (device) {
      const [own] = await tx
        .select({ n: sql<number>`count(*)` })
        .from(loginAttempts)
        .where(
          and(gt(loginAttempts.at, since), eq(loginAttempts.username, attempt.key), eq(loginAttempts.device, device)),
        );
      if (Number(own?.n ?? 0) >= limit.failures) return null;
    } else if (Number(row?.pair ?? 0) >= limit.failures) return null;
    if (limit.keyFailures !== undefined) {
      const [keyRow] = await tx
        .select({ n: sql<number>`count(*)` })
        .from(loginAttempts)
        .where(and(gt(loginAttempts.at, since), eq(loginAttempts.username, attempt.key), isNull(loginAttempts.device)));
      const locked = Number(keyRow?.n ?? 0) >= limit.keyFailures;
      if (locked && !device) return null;
      slowDown = locked;
    }
    const [inserted] = await tx
      .insert(loginAttempts)
      .values({ username: attempt.key, address: attempt.address, device })
      .returning({ id: loginAttempts.id });
    return { id: inserted.id, slowDown };
  });
}

/** A try that checked nothing (refused before the secret was compared) does not count. */
export async function forgetAttempt(db: Executor, id: number) {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/** A correct secret clears this key's tries from this address (and from this device), and only those. */
export async function clearAttempts(db: Executor, attempt: Attempt) {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.username, attempt.key), eq(loginAttempts.address, attempt.address)));
  if (attempt.device)
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.username, attempt.key), eq(loginAttempts.device, attempt.device)));
}

/** Old tries only matter inside the window; trim them as we go. */
export async function trimAttempts(db: Executor) {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(Date.now() - 24 * 3600_000)));
}

/** The key of a tournament's self check-in codes. */
export function checkinAttemptKey(tournamentId: number) {
  return `${CHECKIN_PREFIX}${tournamentId}`;
}
