// Who may read a tournament: everyone when it is public; otherwise its owner, its staff, masters, and whoever holds its share
// link (an unguessable key the owner rotates). Sequential ids alone open nothing (docs/decisions/021-check-in-and-share-links.md).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import { shareKeys, tournaments, type Tournament } from "#db/schema";
import { findTournamentOr404, isScorekeeper, lockTournament, type ActionResult } from "../action.server";
import { assertCanManage, canManage, requireActor } from "./access.server";
import { recordAudit } from "../audit/audit.server";
import type { PublicUser } from "./auth.server";
import { notFound } from "../errors";
import { event } from "../audit/events";

/** 192 random bits, base64url: 32 characters that fit a link and cannot be guessed or enumerated. */
const KEY_BYTES = 24;
/** The shape of a key as it may arrive in a link or a cookie; anything else is not looked up. */
export const SHARE_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export function generateShareKey(): string {
  return randomBytes(KEY_BYTES).toString("base64url");
}

/** Who asks to read: the signed-in user (or null) and the share key they hold for this tournament (or null). */
export type Reader = { user: PublicUser | null; key: string | null };

function sameKey(a: string, b: string) {
  // Hashed first: equal lengths for timingSafeEqual, and nothing about the stored key leaks through timing.
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

/** Whether `key` is the tournament's current share key (a missing or malformed key never is). */
export async function shareKeyMatches(db: Executor, tournamentId: number, key: string | null): Promise<boolean> {
  if (!key || !SHARE_KEY_PATTERN.test(key)) return false;
  const [row] = await db.select({ key: shareKeys.key }).from(shareKeys).where(eq(shareKeys.tournamentId, tournamentId));
  return row !== undefined && sameKey(row.key, key);
}

/**
 * Whether the reader may read the tournament (its pages, API reads, overlay, export, live stream): public, or the
 * reader is its owner, a master, one of its staff, or holds its current share key.
 */
export async function canRead(
  db: Executor,
  reader: Reader,
  tournament: Pick<Tournament, "id" | "ownerId" | "isPublic">,
): Promise<boolean> {
  if (tournament.isPublic) return true;
  const { user } = reader;
  if (user && (canManage(user, tournament) || (await isScorekeeper(db, tournament.id, user.id)))) return true;
  return shareKeyMatches(db, tournament.id, reader.key);
}

/** `canRead` by id: false for a missing tournament too. */
export async function canReadById(db: Executor, reader: Reader, tournamentId: number): Promise<boolean> {
  return (await readableVersion(db, reader, tournamentId)) !== null;
}

/**
 * The tournament's version when the reader may read it, read with the row that decides it (an event stream's first
 * message says it without a read of its own); null for a missing or unreadable tournament.
 */
export async function readableVersion(db: Executor, reader: Reader, tournamentId: number): Promise<number | null> {
  const [t] = await db
    .select({
      id: tournaments.id,
      ownerId: tournaments.ownerId,
      isPublic: tournaments.isPublic,
      version: tournaments.version,
    })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  return t !== undefined && (await canRead(db, reader, t)) ? t.version : null;
}

/** 404 "Tournament not found" unless the reader may read it: an unreadable tournament looks like a missing one. */
export async function assertCanRead(
  db: Executor,
  reader: Reader,
  tournament: Pick<Tournament, "id" | "ownerId" | "isPublic">,
): Promise<void> {
  if (!(await canRead(db, reader, tournament))) throw notFound();
}

/** The tournament the reader may read, or 404 "Tournament not found" (for a missing and an unreadable one alike). */
export async function findReadableTournament(db: Executor, reader: Reader, tournamentId: number): Promise<Tournament> {
  const t = await findTournamentOr404(db, tournamentId);
  await assertCanRead(db, reader, t);
  return t;
}

/** The tournament's share key, made on first use (old tournaments have none until their owner asks). */
async function ensureShareKey(db: Executor, tournamentId: number): Promise<string> {
  await db.insert(shareKeys).values({ tournamentId, key: generateShareKey() }).onConflictDoNothing();
  const [row] = await db.select({ key: shareKeys.key }).from(shareKeys).where(eq(shareKeys.tournamentId, tournamentId));
  return row.key;
}

/** The share key, for the owner or a master only (401, 403, 404 otherwise). */
export async function shareKeyFor(db: AppDb, user: PublicUser | null, tournamentId: number): Promise<string> {
  const t = await findTournamentOr404(db, tournamentId);
  assertCanManage(user, t);
  return ensureShareKey(db, t.id);
}

/**
 * Replaces the share key (owner or master; a completed tournament too, as reading it is not changing it): every
 * link with the old key stops working at once, and live streams opened with it are closed (they reconnect, and
 * are refused). Event: tournament_updated {accessChanged: true} (never the key).
 */
export async function rotateShareKey(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<{ key: string }>> {
  return db.transaction(async (tx) => {
    requireActor(user);
    // Not lockForMutation: a completed tournament refuses changes, but rotating its key changes no result.
    const t = await lockTournament(tx, tournamentId);
    assertCanManage(user, t);
    const key = generateShareKey();
    await tx
      .insert(shareKeys)
      .values({ tournamentId: t.id, key })
      .onConflictDoUpdate({ target: shareKeys.tournamentId, set: { key, rotatedAt: new Date() } });
    await recordAudit(tx, { tournament: t, actor: user, action: "sharelink.rotated", summary: "Share link changed" });
    return { result: { key }, events: [event("tournament_updated", t.id, { name: t.name, accessChanged: true })] };
  });
}

/** What the settings page shows its manager: the link with its key, and whether the tournament is public anyway. */
export async function shareLinkOf(
  db: AppDb,
  user: PublicUser | null,
  tournament: Pick<Tournament, "id" | "isPublic">,
  origin: string,
): Promise<{ url: string; key: string; isPublic: boolean }> {
  const key = await shareKeyFor(db, user, tournament.id);
  return { url: shareUrl(origin, tournament.id, key), key, isPublic: tournament.isPublic };
}

/** The share link: the tournament's public view with its key. */
export function shareUrl(origin: string, tournamentId: number, key: string) {
  return `${origin}/tournaments/${tournamentId}/public?key=${key}`;
}
