// Player self check-in: the owner opens, rotates and closes it; a registered player checks in or out as themselves (the
// code plus their proof), every try recorded and limited per address and per player (docs/decisions/021).
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import {
  players,
  selfCheckinAttempts,
  selfCheckins,
  tournaments,
  type Player,
  type SelfCheckinAttempt,
  type Tournament,
} from "#db/schema";
import { findTournamentOr404, tournamentLockHeld, type ActionResult } from "../action.server";
import { assertCanManage, assertCanMutate, canManage } from "../access/access.server";
import type { PublicUser } from "../access/auth.server";
import {
  badRequest,
  conflict,
  conflictOf,
  forbidden,
  notFound,
  tooManyRequests,
  type ActionError,
  type Refusal,
} from "../errors";
import {
  COMPLETED_MESSAGE,
  CHECKIN_LOCKED,
  checkinMaxMessage,
  ELIMINATED_CHECKIN,
  PLAYER_NOT_FOUND,
  CHECKIN_CLOSED,
  SELF_CHECKIN_NOT_OPEN,
  TOO_MANY_CHECKINS,
  TOO_MANY_CODES,
  TOO_MANY_FOR_PLAYER,
  WRONG_CODE,
  WRONG_TAG,
  PASS_REQUIRED,
  AMBIGUOUS_PLAYER,
  LOCKED_SELF_CHECKIN_MESSAGE,
  SELF_CHECKIN_WRONG_STATUS,
} from "../messages";
import { event } from "../audit/events";
import { checkinEntry } from "../audit/webhooks";
import { countActiveCheckedIn, hasLobbies } from "./lookups.server";
import { playerLabel } from "../audit/audit";
import { enqueueEvents } from "../audit/outbox.server";
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  SELF_CHECKIN_LIMIT,
  type SelfCheckinAction,
  tagMatches,
  type PlayerProof,
} from "./self-checkin";
import { type SelfCheckinInput } from "./self-checkin-input";
import { activeSelfCheckin, stopSelfCheckin } from "./self-checkin-state.server";
import { mutate } from "../mutate.server";
import { holdsPass } from "../access/pass.server";

/** What the owner's check-in page shows: whether players can check themselves in, and the code to read out. */
export type SelfCheckinStatus = { open: boolean; code: string | null };

/** A fresh code from the unambiguous alphabet, drawn with the crypto generator. */
export function generateCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Compares in constant time: both sides are hashed first, so neither length nor content leaks through timing. */
export function codesMatch(typed: string, stored: string): boolean {
  const a = createHash("sha256").update(typed).digest();
  const b = createHash("sha256").update(stored).digest();
  return timingSafeEqual(a, b);
}

/** The self check-in as its tournament's managers see it (the code only for them). */
export async function selfCheckinStatus(
  db: AppDb,
  user: PublicUser | null,
  tournament: Pick<Tournament, "id" | "status" | "isLocked" | "ownerId">,
): Promise<SelfCheckinStatus> {
  const row = await activeSelfCheckin(db, tournament);
  return { open: row !== null, code: row && canManage(user, tournament) ? row.code : null };
}

/** Whether players can check themselves in now (the public page's question; no code). */
export async function isSelfCheckinOpen(db: AppDb, tournamentId: number): Promise<boolean> {
  const t = await findTournamentOr404(db, tournamentId);
  return (await activeSelfCheckin(db, t)) !== null;
}

/**
 * Why players cannot check themselves in now, or null while they can: the refusal of a try, and what
 * the public page says instead of its form. Checked before the code, as none of it is a secret.
 */
export function closedRefusal(t: Pick<Tournament, "status">, lobbiesDrawn: boolean, open: boolean): Refusal | null {
  if (t.status === "completed") return { code: "tournament_completed", message: COMPLETED_MESSAGE };
  if (lobbiesDrawn) return { code: "checkin_locked", message: CHECKIN_LOCKED };
  if (t.status !== "checkin") return { code: "checkin_closed", message: CHECKIN_CLOSED };
  return open ? null : { code: "checkin_closed", message: SELF_CHECKIN_NOT_OPEN };
}

/** Why self check-in cannot be opened now, or null when it can: the server's refusal and the page's offer, one rule. */
export function openRefusal(t: Pick<Tournament, "status" | "isLocked">, lobbiesDrawn: boolean): Refusal | null {
  if (t.status !== "checkin") {
    return { code: "wrong_status", message: SELF_CHECKIN_WRONG_STATUS };
  }
  if (t.isLocked) return { code: "tournament_locked", message: LOCKED_SELF_CHECKIN_MESSAGE };
  if (lobbiesDrawn) return { code: "checkin_locked", message: CHECKIN_LOCKED };
  return null;
}

/**
 * Opens self check-in with a new code: the owner or a master, only while the tournament is in
 * check-in, unlocked and without lobbies (409 otherwise). Opening it again keeps the code and
 * changes nothing: no transaction, no version bump, no event (so no cached page is emptied).
 * Event: tournament_updated {selfCheckin: true} (never the code).
 */
export async function openSelfCheckin(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<SelfCheckinStatus>> {
  const current = await findTournamentOr404(db, tournamentId);
  const already = await activeSelfCheckin(db, current);
  if (already) {
    assertCanMutate(user, current);
    return { result: { open: true, code: already.code }, events: [] };
  }
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const refusal = openRefusal(t, await hasLobbies(tx, t.id));
    if (refusal) throw conflictOf(refusal);
    const existing = await activeSelfCheckin(tx, t);
    if (existing) return { open: true, code: existing.code };
    const [row] = await tx.insert(selfCheckins).values({ tournamentId: t.id, code: generateCode() }).returning();
    // The code itself stays out of the trail (History is shown to masters and exported).
    await audit({
      action: "selfcheckin.opened",
      summary: "Self check-in opened",
    });
    emit(event("tournament_updated", t.id, { name: t.name, selfCheckin: true }));
    return { open: true, code: row.code };
  });
}

/**
 * Replaces the code of an open self check-in with a new one (owner or master; 409 "Self check-in is not
 * open" otherwise): the host does it when the code reached people it should not have. Players already
 * checked in stay checked in. Event: tournament_updated {selfCheckin: true} (never the code).
 */
export async function rotateSelfCheckinCode(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<SelfCheckinStatus>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const existing = await activeSelfCheckin(tx, t);
    if (!existing) throw conflict("checkin_closed", SELF_CHECKIN_NOT_OPEN);
    let code = generateCode();
    while (code === existing.code) code = generateCode();
    await tx.update(selfCheckins).set({ code, openedAt: new Date() }).where(eq(selfCheckins.tournamentId, t.id));
    await audit({
      action: "selfcheckin.code_rotated",
      summary: "Self check-in code changed",
    });
    emit(event("tournament_updated", t.id, { name: t.name, selfCheckin: true }));
    return { open: true, code };
  });
}

/** Closes self check-in and forgets its code (owner or master). Event: tournament_updated {selfCheckin: false} when it was open. */
export async function closeSelfCheckin(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<SelfCheckinStatus>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    if (await stopSelfCheckin(tx, t.id)) {
      await audit({ action: "selfcheckin.closed", summary: "Self check-in closed" });
      emit(event("tournament_updated", t.id, { name: t.name, selfCheckin: false }));
    }
    return { open: false, code: null };
  });
}

export type SelfCheckinResult = { player: Player; action: SelfCheckinAction; unchanged: boolean };

/** Whether the proof shows the try comes from the player: their exact game tag (a personal pass plugs in here). */
export function provesPlayer(player: Pick<Player, "riotTag">, proof: PlayerProof): boolean {
  switch (proof.kind) {
    case "tag":
      return tagMatches(player.riotTag, proof.riotTag);
  }
}

const windowStart = () => new Date(Date.now() - SELF_CHECKIN_LIMIT.windowMinutes * 60_000);
const RETRY_AFTER = SELF_CHECKIN_LIMIT.windowMinutes * 60;
/** Two-key advisory lock namespace of self check-in tries (the login limit's is 727275). */
const TRY_LOCK = 727276;

/**
 * Records a try from an address before anything is compared, unless the address has used its wrong
 * tries: 10 at this tournament, 30 across tournaments (429 with the wait; tries still in flight count as
 * wrong). Counted under an advisory lock on the address, so parallel tries from one address are counted
 * one after another. Answers the try's id.
 */
async function reserveTry(db: AppDb, tournamentId: number, address: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TRY_LOCK}, hashtext(${address}))`);
    const [row] = await tx
      .select({
        here: sql<number>`count(*) filter (where ${selfCheckinAttempts.tournamentId} = ${tournamentId} and ${selfCheckinAttempts.outcome} <> 'ok')`,
        all: sql<number>`count(*) filter (where ${selfCheckinAttempts.outcome} <> 'ok')`,
      })
      .from(selfCheckinAttempts)
      .where(and(eq(selfCheckinAttempts.address, address), gt(selfCheckinAttempts.at, windowStart())));
    if (Number(row?.here ?? 0) >= SELF_CHECKIN_LIMIT.failures) throw tooManyRequests(TOO_MANY_CODES, RETRY_AFTER);
    if (Number(row?.all ?? 0) >= SELF_CHECKIN_LIMIT.addressFailures) throw tooManyRequests(TOO_MANY_CODES, RETRY_AFTER);
    const [inserted] = await tx
      .insert(selfCheckinAttempts)
      .values({ tournamentId, address })
      .returning({ id: selfCheckinAttempts.id });
    return inserted.id;
  });
}

/** Check-ins and check-outs that went through from this address at this tournament in the window. */
async function addressSuccesses(tx: Executor, tournamentId: number, address: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(selfCheckinAttempts)
    .where(
      and(
        eq(selfCheckinAttempts.tournamentId, tournamentId),
        eq(selfCheckinAttempts.address, address),
        eq(selfCheckinAttempts.outcome, "ok"),
        gt(selfCheckinAttempts.at, windowStart()),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Wrong game tags naming this player in the window, from every address. */
async function playerFailures(tx: Executor, playerId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(selfCheckinAttempts)
    .where(
      and(
        eq(selfCheckinAttempts.playerId, playerId),
        eq(selfCheckinAttempts.outcome, "wrong_tag"),
        gt(selfCheckinAttempts.at, windowStart()),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * A player checks themselves in, or out, with the code and their proof (no account). The try is first
 * recorded against the address's limits (see `reserveTry`; 429 with Retry-After). Then, in one
 * transaction holding the tournament's row lock (the version is bumped only by a change): 409 as
 * `closedRefusal` says; 400 "Wrong check-in code"; the player (404 unknown, 409 ambiguous name); 429
 * when the player has had 10 wrong tags in the window; 400 "wrong_tag" when the proof does not match;
 * 429 when the address has made 8 check-ins or check-outs here in the window; then the host's rules (409 full, eliminated). A wrong code or tag is kept as a failed try (the owner
 * sees them per address); a try refused before anything secret was compared is forgotten. Checking in
 * a player already in (or out one already out) succeeds without a change. Event: tournament_updated
 * {checkedIn}, as the host's check-in, so host screens and public pages update live.
 */
export async function selfCheckin(
  db: AppDb,
  tournamentId: number,
  input: SelfCheckinInput,
  address: string | null,
): Promise<ActionResult<SelfCheckinResult>> {
  await findTournamentOr404(db, tournamentId);
  // An unknown address (no socket peer) is one shared address: its limits hold everyone without one together.
  const tryId = await reserveTry(db, tournamentId, address ?? "");
  const settle = (outcome: SelfCheckinAttempt["outcome"] | null, playerId: number | null = null, tx: Executor = db) =>
    outcome === null
      ? tx.delete(selfCheckinAttempts).where(eq(selfCheckinAttempts.id, tryId))
      : tx.update(selfCheckinAttempts).set({ outcome, playerId }).where(eq(selfCheckinAttempts.id, tryId));
  let refusal: ActionError | null = null;
  let outcome: ActionResult<SelfCheckinResult> | null;
  try {
    outcome = await db.transaction(async (tx) => {
      // The row lock without the version bump: a refused try changes nothing a page shows. The tournament's
      // lock first, as every action takes it (docs/decisions/040-parallel-saves.md).
      const [t] = await tx
        .select()
        .from(tournaments)
        .where(and(eq(tournaments.id, tournamentId), tournamentLockHeld(tournamentId)))
        .for("update");
      if (!t) throw notFound();
      const open = await activeSelfCheckin(tx, t);
      const closed = closedRefusal(t, await hasLobbies(tx, t.id), open !== null);
      if (closed || !open) throw conflictOf(closed ?? { code: "checkin_closed", message: SELF_CHECKIN_NOT_OPEN });
      if (!codesMatch(input.code, open.code)) {
        await settle("wrong_code", null, tx);
        refusal = badRequest("wrong_code", WRONG_CODE, "code");
        return null;
      }
      const player = await findPlayer(tx, t.id, input.player);
      if ((await playerFailures(tx, player.id)) >= SELF_CHECKIN_LIMIT.playerFailures)
        throw tooManyRequests(TOO_MANY_FOR_PLAYER, RETRY_AFTER);
      if (!provesPlayer(player, input.proof)) {
        await settle("wrong_tag", player.id, tx);
        refusal = badRequest("wrong_tag", WRONG_TAG, "nameTag" in input.player ? "nameTag" : "riotTag");
        return null;
      }
      // A player with a personal pass is checked in or out by that pass only (issue #23: the code and the exact tag
      // were the proof until passes existed; both can be read off a stream).
      if (await holdsPass(tx, player.id)) throw forbidden("pass_required", PASS_REQUIRED);
      const checkingIn = input.action === "checkin";
      if (checkingIn && player.isEliminated) throw conflict("player_eliminated", ELIMINATED_CHECKIN);
      if (player.isCheckedIn === checkingIn) {
        await settle("ok", player.id, tx);
        return { result: { player, action: input.action, unchanged: true }, events: [] };
      }
      if (checkingIn && (await countActiveCheckedIn(tx, t.id)) >= t.maxPlayers)
        throw conflict("tournament_full", checkinMaxMessage(t.maxPlayers));
      // Tries at one tournament pass here one at a time (the row lock), so this count is exact.
      if ((await addressSuccesses(tx, t.id, address ?? "")) >= SELF_CHECKIN_LIMIT.successes)
        throw tooManyRequests(TOO_MANY_CHECKINS, RETRY_AFTER);
      const [updated] = await tx
        .update(players)
        .set({ isCheckedIn: checkingIn })
        .where(eq(players.id, player.id))
        .returning();
      await tx
        .update(tournaments)
        .set({ version: sql`${tournaments.version} + 1` })
        .where(eq(tournaments.id, t.id));
      // No audit entry (no account acted), so the outbox is written here, in the same transaction.
      await enqueueEvents(
        tx,
        t.id,
        [
          {
            type: "checkin.changed",
            round: t.currentRound,
            summary: `${playerLabel(player)} checked ${checkingIn ? "in" : "out"} (self check-in)`,
            detail: { checkedIn: checkingIn, selfCheckin: true, players: [checkinEntry(updated)] },
          },
        ],
        undefined,
        t,
      );
      await settle("ok", player.id, tx);
      return {
        result: { player: updated, action: input.action, unchanged: false },
        events: [
          event("tournament_updated", t.id, {
            name: t.name,
            playerId: player.id,
            checkedIn: checkingIn,
            selfCheckin: true,
          }),
        ],
      };
    });
  } catch (error) {
    // Nothing secret was compared (or the player is held): this try does not count.
    await settle(null);
    throw error;
  }
  if (refusal) {
    await trimSelfCheckinTries(db);
    throw refusal;
  }
  return outcome!;
}

/** One address's tries at a tournament's self check-in in the window: what the owner's check-in page lists. */
export type FailedTries = { address: string; wrongCodes: number; wrongTags: number; checkins: number; lastAt: Date };

/**
 * The tries of the last 15 minutes per address, those with the most wrong ones first (the owner and masters only:
 * addresses are personal data). Unknown addresses are listed as "unknown".
 */
export async function selfCheckinTries(
  db: Executor,
  user: PublicUser | null,
  tournament: Pick<Tournament, "id" | "ownerId">,
): Promise<FailedTries[]> {
  if (!canManage(user, tournament)) return [];
  const wrong = sql<number>`count(*) filter (where ${selfCheckinAttempts.outcome} in ('wrong_code', 'wrong_tag'))`;
  const rows = await db
    .select({
      address: selfCheckinAttempts.address,
      wrongCodes: sql<number>`count(*) filter (where ${selfCheckinAttempts.outcome} = 'wrong_code')`,
      wrongTags: sql<number>`count(*) filter (where ${selfCheckinAttempts.outcome} = 'wrong_tag')`,
      checkins: sql<number>`count(*) filter (where ${selfCheckinAttempts.outcome} = 'ok')`,
      lastAt: sql<Date>`max(${selfCheckinAttempts.at})`,
    })
    .from(selfCheckinAttempts)
    .where(
      and(
        eq(selfCheckinAttempts.tournamentId, tournament.id),
        inArray(selfCheckinAttempts.outcome, ["wrong_code", "wrong_tag", "ok"]),
        gt(selfCheckinAttempts.at, windowStart()),
      ),
    )
    .groupBy(selfCheckinAttempts.address)
    .orderBy(desc(wrong), desc(sql`max(${selfCheckinAttempts.at})`))
    .limit(50);
  return rows.map((r) => ({
    address: r.address || "unknown",
    wrongCodes: Number(r.wrongCodes),
    wrongTags: Number(r.wrongTags),
    checkins: Number(r.checkins),
    lastAt: new Date(r.lastAt),
  }));
}

/** GET …/self-checkin/code: whether it is open, its code and the tries per address (owner or master: 401, 403, 404 otherwise). */
export async function selfCheckinOverview(db: AppDb, user: PublicUser | null, tournamentId: number) {
  const t = await findTournamentOr404(db, tournamentId);
  assertCanManage(user, t);
  const [status, tries] = await Promise.all([selfCheckinStatus(db, user, t), selfCheckinTries(db, user, t)]);
  return { ...status, tries };
}

/** Old tries only matter inside the window; trim them as tries come (kept a day for the owner's list). */
export async function trimSelfCheckinTries(db: Executor) {
  await db.delete(selfCheckinAttempts).where(sql`${selfCheckinAttempts.at} < now() - interval '1 day'`);
}

/** The tournament's player (not set aside) by id, or by name compared case-insensitively; 404 otherwise, 409 when a typed name is ambiguous. */
async function findPlayer(tx: AppTx, tournamentId: number, ref: SelfCheckinInput["player"]): Promise<Player> {
  const mine = and(eq(players.tournamentId, tournamentId), isNull(players.removedAt));
  const rows =
    "id" in ref
      ? await tx
          .select()
          .from(players)
          .where(and(mine, eq(players.id, ref.id)))
      : await tx
          .select()
          .from(players)
          .where(and(mine, sql`lower(${players.name}) = lower(${ref.name})`));
  if (rows.length === 0) throw notFound("player_not_found", PLAYER_NOT_FOUND);
  if (rows.length > 1) throw conflict("ambiguous_player", AMBIGUOUS_PLAYER);
  return rows[0];
}
