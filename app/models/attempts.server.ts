// Limits on guesses (passwords, self check-in codes): tries recorded before they are checked, counted per key and address.
import { and, eq, gt, lt, notLike, like, sql } from "drizzle-orm";
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
  /** Tries of one key across addresses (none: unlimited, as for logins). */
  keyFailures?: number;
};

export type Attempt = { key: string; address: string };

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
 * Answers the try's id, or null when the client must wait.
 */
export async function recordAttempt(db: Executor, attempt: Attempt, limit: AttemptLimit): Promise<number | null> {
  return db.transaction(async (tx) => {
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
    if (Number(row?.pair ?? 0) >= limit.failures) return null;
    if (attempt.address && Number(row?.all ?? 0) >= limit.addressFailures) return null;
    if (limit.keyFailures !== undefined) {
      const [keyRow] = await tx
        .select({ n: sql<number>`count(*)` })
        .from(loginAttempts)
        .where(and(gt(loginAttempts.at, since), eq(loginAttempts.username, attempt.key)));
      if (Number(keyRow?.n ?? 0) >= limit.keyFailures) return null;
    }
    const [inserted] = await tx
      .insert(loginAttempts)
      .values({ username: attempt.key, address: attempt.address })
      .returning({ id: loginAttempts.id });
    return inserted.id;
  });
}

/** A try that checked nothing (refused before the secret was compared) does not count. */
export async function forgetAttempt(db: Executor, id: number) {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/** A correct secret clears this key's tries from this address, and only those. */
export async function clearAttempts(db: Executor, attempt: Attempt) {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.username, attempt.key), eq(loginAttempts.address, attempt.address)));
}

/** Old tries only matter inside the window; trim them as we go. */
export async function trimAttempts(db: Executor) {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(Date.now() - 24 * 3600_000)));
}

/** The key of a tournament's self check-in codes. */
export function checkinAttemptKey(tournamentId: number) {
  return `${CHECKIN_PREFIX}${tournamentId}`;
}
