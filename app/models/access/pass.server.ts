// A player acting with their personal pass (docs/decisions/029-sign-up-and-passes.md): the pass and its hash, finding
// its sign-up (with the limit on wrong passes), finding it again under the tournament's lock, and whether a player holds one.
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import { passAttempts, registrations, type Registration, type Tournament } from "#db/schema";
import { lockTournament, type ActionResult } from "../action.server";
import { ActionError, tooManyRequests } from "../errors";
import { INVALID_PASS, TOO_MANY_PASSES } from "../messages";

/** A pass: 32 random bytes, base64url (256 bits); only its sha256 is kept. */
export const PASS_BYTES = 32;
export const PASS_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Wrong passes one address may try per 15 minutes before its wrong passes are refused (429). */
export const PASS_GUESS_LIMIT = { windowMinutes: 15, failures: 20 } as const;

/** A new pass and the hash kept of it. */
export function newPass(): { pass: string; hash: string } {
  const pass = randomBytes(PASS_BYTES).toString("base64url");
  return { pass, hash: passHash(pass) };
}

export function passHash(pass: string): string {
  return createHash("sha256").update(pass).digest("hex");
}

const windowStart = () => new Date(Date.now() - PASS_GUESS_LIMIT.windowMinutes * 60_000);

/**
 * The sign-up a pass belongs to (of this tournament when one is named). A valid pass always gets in: 256 bits cannot
 * be guessed, and a stranger's wrong passes from an address players share (a venue's network) must not lock them out
 * (issue #23: no limit a stranger can trip for everyone). A wrong one (replaced, never existed, malformed, another
 * tournament's) is 401 "This pass is not valid…", counted against the address, and 429 once the address has tried 20
 * in 15 minutes.
 */
export async function passHolder(
  db: Executor,
  pass: string | null | undefined,
  address: string | null,
  tournamentId?: number,
): Promise<Registration> {
  const [row] =
    pass && PASS_PATTERN.test(pass)
      ? await db
          .select()
          .from(registrations)
          .where(eq(registrations.passHash, passHash(pass)))
      : [];
  if (row && (tournamentId === undefined || row.tournamentId === tournamentId)) return row;
  const from = address ?? "";
  const [tries] = await db
    .select({ n: count() })
    .from(passAttempts)
    .where(and(eq(passAttempts.address, from), gt(passAttempts.at, windowStart())));
  if (Number(tries?.n ?? 0) >= PASS_GUESS_LIMIT.failures)
    throw tooManyRequests(TOO_MANY_PASSES, PASS_GUESS_LIMIT.windowMinutes * 60);
  await db.insert(passAttempts).values({ address: from });
  await db.delete(passAttempts).where(sql`${passAttempts.at} < now() - interval '1 day'`);
  throw new ActionError(401, "invalid_pass", INVALID_PASS);
}

/** The pass's sign-up again, inside an action's transaction after the tournament's lock (it may have been replaced meanwhile). */
export async function lockedHolder(tx: AppTx, pass: string, tournamentId: number): Promise<Registration> {
  const [row] = await tx
    .select()
    .from(registrations)
    .where(eq(registrations.passHash, passHash(pass)));
  if (!row || row.tournamentId !== tournamentId) throw new ActionError(401, "invalid_pass", INVALID_PASS);
  return row;
}

/**
 * Runs what a pass holder does in one transaction: the pass is checked first (401, or 429 after too many wrong ones,
 * counted outside the transaction so a refusal still counts), then the tournament is locked and the pass's sign-up
 * read again under the lock, so a pass replaced meanwhile acts no more.
 */
export async function actWithPass<R extends ActionResult<unknown>>(
  db: AppDb,
  pass: string,
  address: string | null,
  tournamentId: number | undefined,
  body: (m: { tx: AppTx; tournament: Tournament; entry: Registration }) => Promise<R>,
): Promise<R> {
  const holder = await passHolder(db, pass, address, tournamentId);
  return db.transaction(async (tx) => {
    const tournament = await lockTournament(tx, holder.tournamentId);
    const entry = await lockedHolder(tx, pass, tournament.id);
    return body({ tx, tournament, entry });
  });
}

/** Whether the player's sign-up holds a personal pass: then only that pass checks them in or out by themselves. */
export async function holdsPass(db: Executor, playerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.playerId, playerId), isNotNull(registrations.passHash)))
    .limit(1);
  return row !== undefined;
}
