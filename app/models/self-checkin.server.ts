// Player self check-in: the owner opens and closes it; a registered player checks in with the code, one transaction each.
import { recordAudit } from "./audit.server";
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDb, AppTx } from "#db/client.server";
import { players, selfCheckins, type Player, type Tournament } from "#db/schema";
import { findTournamentOr404, lockForMutation, lockTournament, type ActionResult } from "./action.server";
import { canManage } from "./access.server";
import { checkinAttemptKey, clearAttempts, forgetAttempt, recordAttempt } from "./attempts.server";
import type { PublicUser } from "./auth.server";
import {
  badRequest,
  COMPLETED_MESSAGE,
  conflict,
  conflictOf,
  isActionError,
  notFound,
  tooManyRequests,
  type Refusal,
} from "./errors";
import { event } from "./events";
import {
  CHECKIN_LOCKED,
  checkinEntry,
  checkinMaxMessage,
  ELIMINATED_CHECKIN,
  hasLobbies,
  PLAYER_NOT_FOUND,
} from "./players.server";
import { playerLabel } from "./audit";
import { enqueueEvents } from "./outbox.server";
import {
  CHECKIN_CLOSED,
  CODE_ALPHABET,
  CODE_LENGTH,
  SELF_CHECKIN_LIMIT,
  SELF_CHECKIN_NOT_OPEN,
  TOO_MANY_CODES,
  WRONG_CODE,
} from "./self-checkin";
import { type SelfCheckinInput } from "./validation";
import { activeSelfCheckin, stopSelfCheckin } from "./self-checkin-state.server";
import { countActiveCheckedIn } from "./tournaments.server";

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
    return { code: "wrong_status", message: "Self check-in can only be opened while the tournament is in check-in" };
  }
  if (t.isLocked)
    return { code: "tournament_locked", message: "The tournament is locked: unlock it to open self check-in" };
  if (lobbiesDrawn) return { code: "checkin_locked", message: CHECKIN_LOCKED };
  return null;
}

/**
 * Opens self check-in with a new code: the owner or a master, only while the tournament is in
 * check-in, unlocked and without lobbies (409 otherwise). Opening it again keeps the code.
 * Event: tournament_updated {selfCheckin: true} (never the code).
 */
export async function openSelfCheckin(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<SelfCheckinStatus>> {
  return db.transaction(async (tx) => {
    const t = await lockForMutation(tx, user, tournamentId);
    const refusal = openRefusal(t, await hasLobbies(tx, t.id));
    if (refusal) throw conflictOf(refusal);
    const existing = await activeSelfCheckin(tx, t);
    if (existing) return { result: { open: true, code: existing.code }, events: [] };
    const [row] = await tx.insert(selfCheckins).values({ tournamentId: t.id, code: generateCode() }).returning();
    // The code itself stays out of the trail (History is shown to masters and exported).
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: "selfcheckin.opened",
      summary: "Self check-in opened",
    });
    return {
      result: { open: true, code: row.code },
      events: [event("tournament_updated", t.id, { name: t.name, selfCheckin: true })],
    };
  });
}

/** Closes self check-in and forgets its code (owner or master). Event: tournament_updated {selfCheckin: false} when it was open. */
export async function closeSelfCheckin(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<SelfCheckinStatus>> {
  return db.transaction(async (tx) => {
    const t = await lockForMutation(tx, user, tournamentId);
    const stopped = await stopSelfCheckin(tx, t.id);
    if (stopped)
      await recordAudit(tx, {
        tournament: t,
        actor: user,
        action: "selfcheckin.closed",
        summary: "Self check-in closed",
      });
    return {
      result: { open: false, code: null },
      events: stopped ? [event("tournament_updated", t.id, { name: t.name, selfCheckin: false })] : [],
    };
  });
}

export type SelfCheckinResult = { player: Player; alreadyCheckedIn: boolean };

/**
 * A player checks themselves in with the code (no account). Every try is first counted against
 * the limit (per address and tournament, per address, per tournament: 429 with Retry-After past
 * it); a try refused before the code was compared does not count, a right code clears this
 * address's tries. Then, in one transaction under the tournament's lock: 409 as `closedRefusal`
 * says (completed, lobbies drawn, not in check-in, self check-in not open); 400 "Wrong check-in
 * code"; then the host's check-in rules (409 "Maximum {max} players can be checked in";
 * eliminated players refused; 404 for an unknown player). A player
 * already checked in succeeds without a change. Event: tournament_updated {checkedIn: true}, as
 * the host's check-in, so host screens and public pages update live.
 */
export async function selfCheckin(
  db: AppDb,
  tournamentId: number,
  input: SelfCheckinInput,
  address: string | null,
): Promise<ActionResult<SelfCheckinResult>> {
  const attempt = { key: checkinAttemptKey(tournamentId), address: address ?? "" };
  const attemptId = await recordAttempt(db, attempt, SELF_CHECKIN_LIMIT);
  if (attemptId === null) throw tooManyRequests(TOO_MANY_CODES, SELF_CHECKIN_LIMIT.windowMinutes * 60);
  let outcome: ActionResult<SelfCheckinResult>;
  try {
    outcome = await db.transaction(async (tx) => {
      const t = await lockTournament(tx, tournamentId);
      const open = await activeSelfCheckin(tx, t);
      const closed = closedRefusal(t, await hasLobbies(tx, t.id), open !== null);
      if (closed || !open) throw conflictOf(closed ?? { code: "checkin_closed", message: SELF_CHECKIN_NOT_OPEN });
      if (!codesMatch(input.code, open.code)) throw badRequest("wrong_code", WRONG_CODE, "code");

      const player = await findPlayer(tx, t.id, input.player);
      if (player.isEliminated) throw conflict("player_eliminated", ELIMINATED_CHECKIN);
      if (player.isCheckedIn) return { result: { player, alreadyCheckedIn: true }, events: [] };
      if ((await countActiveCheckedIn(tx, t.id)) >= t.maxPlayers)
        throw conflict("tournament_full", checkinMaxMessage(t.maxPlayers));
      const [updated] = await tx
        .update(players)
        .set({ isCheckedIn: true })
        .where(eq(players.id, player.id))
        .returning();
      // No audit entry (no account acted), so the outbox is written here, in the same transaction.
      await enqueueEvents(
        tx,
        t.id,
        [
          {
            type: "checkin.changed",
            round: t.currentRound,
            summary: `${playerLabel(player)} checked in (self check-in)`,
            detail: { checkedIn: true, selfCheckin: true, players: [checkinEntry(player)] },
          },
        ],
        undefined,
        t,
      );
      return {
        result: { player: updated, alreadyCheckedIn: false },
        events: [
          event("tournament_updated", t.id, { name: t.name, playerId: player.id, checkedIn: true, selfCheckin: true }),
        ],
      };
    });
  } catch (error) {
    // Only a wrong code was a guess; any other refusal checked no code.
    if (!(isActionError(error) && error.code === "wrong_code")) await forgetAttempt(db, attemptId);
    throw error;
  }
  await clearAttempts(db, attempt);
  return outcome;
}

/** The tournament's player (not set aside) by id, or by name and tag compared case-insensitively; 404 otherwise, 409 when a typed name is ambiguous. */
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
          .where(
            and(
              mine,
              sql`lower(${players.name}) = lower(${ref.name})`,
              sql`lower(${players.riotTag}) = lower(${ref.riotTag})`,
            ),
          );
  if (rows.length === 0) throw notFound("player_not_found", PLAYER_NOT_FOUND);
  if (rows.length > 1)
    throw conflict("ambiguous_player", "More than one player has this name: choose yours from the list");
  return rows[0];
}
