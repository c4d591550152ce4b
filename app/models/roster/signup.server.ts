// Sign-up with a waitlist and the player's pass (docs/decisions/029-sign-up-and-passes.md): the owner's settings, a
// sign-up, promotion from the waitlist, the pass (issued, checked, rate limited), and what a pass holder may do.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import {
  lobbies,
  players,
  registrations,
  signupSettings,
  tournaments,
  type Player,
  type Registration,
  type SignupSettings,
  type Tournament,
} from "#db/schema";
import { findTournamentOr404, lockForMutation, lockTournament, type ActionResult } from "../action.server";
import { assertCanManage } from "../access/access.server";
import { changedFields, playerLabel, type BaseAuditAction } from "../audit/audit";
import { recordAudit } from "../audit/audit.server";
import type { PublicUser } from "../access/auth.server";
import { badRequest, completed, conflict, conflictOf, notFound, ActionError, type Refusal } from "../errors";
import { event } from "../audit/events";
import { checkinEntry } from "../audit/webhooks";
import { countActiveCheckedIn, hasLobbies, seatsTaken } from "./lookups.server";
import { signupSettingsOf } from "./signup-settings.server";
import {
  CHECKIN_LOCKED,
  checkinMaxMessage,
  ELIMINATED_CHECKIN,
  PLAYER_NOT_FOUND,
  NOT_A_PLAYER,
  NOT_PENDING,
  NOT_WITHDRAWABLE,
  PASS_CHECKIN_CLOSED,
  REGISTRATION_CLOSED,
  TAG_TAKEN,
  WITHDRAW_LOCKED,
  CHECKIN_WINDOW_ORDER,
  START_MESSAGE,
  COMPLETED_MESSAGE,
  HOST_WITHDRAW_LOCKED,
  SIGNUP_NOT_FOUND,
  ADDRESS_NOT_FOUND,
} from "../messages";
import { activeSelfCheckin } from "./self-checkin-state.server";
import {
  admission,
  approvedStatus,
  checkinWindow,
  isActive,
  promotionsFor,
  statusLabel,
  takesSignups,
  waitlistPosition,
  windowState,
  zonedToInstant,
  type CheckinWindow,
  type EntryStatus,
} from "./signup";
import type { JoinInput, SignupSettingsInput } from "./signup-input";
import { detailsOf } from "../rounds/lobby-details.server";
import { mutate } from "../mutate.server";
import { actWithPass, newPass, passHolder } from "../access/pass.server";

async function queueOf(db: Executor, tournamentId: number): Promise<Registration[]> {
  return db
    .select()
    .from(registrations)
    .where(eq(registrations.tournamentId, tournamentId))
    .orderBy(asc(registrations.id));
}

/**
 * Records what a player did on their own phone in the history, in the action's transaction: no account acted, so the
 * entry names the player ("Name#Tag", role "player").
 */
async function recordPlayerAudit(
  tx: Executor,
  t: Pick<Tournament, "id" | "ownerId" | "currentRound">,
  who: { name: string; riotTag: string },
  action: BaseAuditAction,
  summary: string,
  webhook?: Record<string, unknown>,
) {
  await recordAudit(tx, { tournament: t, actor: { kind: "pass", player: who }, action, summary, webhook });
}

/** Why sign-ups (and promotions) stop: the tournament is completed or its lobbies are drawn. */
async function registrationEnded(tx: Executor, t: Tournament): Promise<boolean> {
  return t.status === "completed" || t.status === "active" || (await hasLobbies(tx, t.id));
}

/**
 * Fills free seats from the waitlist, first in line first: each promoted entry becomes a player (LP 0, not checked in)
 * and is recorded in the history ("promoted from the waitlist"). Nothing moves once lobbies are drawn or while the
 * owner approves sign-ups by hand... the approval only decides who joins the queue, so promotion still runs. Answers
 * the promoted entries.
 */
export async function fillFromWaitlist(tx: Executor, t: Tournament): Promise<Registration[]> {
  if (await registrationEnded(tx, t)) return [];
  const free = t.maxPlayers - (await seatsTaken(tx, t.id));
  if (free <= 0) return [];
  const chosen = promotionsFor(await queueOf(tx, t.id), free);
  const promoted: Registration[] = [];
  for (const entry of chosen) {
    const [player] = await tx
      .insert(players)
      .values({ tournamentId: t.id, name: entry.name, riotTag: entry.riotTag, lp: 0 })
      .returning();
    const [row] = await tx
      .update(registrations)
      .set({ status: "registered", via: "promoted", playerId: player.id, changedAt: new Date() })
      .where(eq(registrations.id, entry.id))
      .returning();
    await recordPlayerAudit(tx, t, entry, "registration.promoted", `${playerLabel(entry)} promoted from the waitlist`);
    promoted.push(row);
  }
  return promoted;
}

/**
 * A player's seat was freed by the host (the player deleted): their sign-up reads "Removed by the host" and the first
 * waitlisted player takes the seat. Called in the deleting action's transaction.
 */
export async function seatFreed(tx: Executor, t: Tournament, playerId: number): Promise<Registration[]> {
  await tx
    .update(registrations)
    .set({ status: "removed", playerId: null, changedAt: new Date() })
    .where(and(eq(registrations.playerId, playerId), eq(registrations.tournamentId, t.id)));
  return fillFromWaitlist(tx, t);
}

/** The owner's settings: open or close registration, approval, the waitlist's size, the schedule. Event: tournament_updated. */
export async function updateSignupSettings(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  input: SignupSettingsInput,
): Promise<ActionResult<SignupSettings>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const before = await signupSettingsOf(tx, t.id);
    const zone = input.timeZone ?? before.timeZone;
    // The input's check read the start in the zone sent with it (UTC when none was): a time the stored zone skips
    // (a summer-time change) is refused here, never stored as "no start".
    const startsAt = input.startsAt ? zonedToInstant(input.startsAt, zone) : null;
    if (input.startsAt && startsAt === null) throw badRequest("invalid_input", START_MESSAGE, "startsAt");
    const next: SignupSettings = {
      ...before,
      isOpen: input.isOpen ?? before.isOpen,
      requireApproval: input.requireApproval ?? before.requireApproval,
      waitlistCap: input.waitlistCap ?? before.waitlistCap,
      timeZone: zone,
      startsAt: input.startsAt === undefined ? before.startsAt : startsAt,
      checkinOpensBefore: input.checkinOpensBefore ?? before.checkinOpensBefore,
      checkinClosesBefore: input.checkinClosesBefore ?? before.checkinClosesBefore,
      lobbyHostRule: input.lobbyHostRule ?? before.lobbyHostRule,
      saveAgreedReports: input.saveAgreedReports ?? before.saveAgreedReports,
    };
    if (next.checkinClosesBefore >= next.checkinOpensBefore)
      throw new ActionError(400, "invalid_input", CHECKIN_WINDOW_ORDER);
    const [saved] = await tx
      .insert(signupSettings)
      .values(next)
      .onConflictDoUpdate({ target: signupSettings.tournamentId, set: { ...next, tournamentId: undefined } })
      .returning();
    // Opening registration during setup moves the tournament to Registration (it is then listed as live).
    if (saved.isOpen && t.status === "setup")
      await tx.update(tournaments).set({ status: "registration" }).where(eq(tournaments.id, t.id));
    const shown = (s: SignupSettings) => ({
      registrationOpen: s.isOpen,
      requireApproval: s.requireApproval,
      waitlistCap: s.waitlistCap,
      startsAt: s.startsAt ? s.startsAt.toISOString() : null,
      timeZone: s.timeZone,
      checkinOpensBefore: s.checkinOpensBefore,
      checkinClosesBefore: s.checkinClosesBefore,
      lobbyHostRule: s.lobbyHostRule,
      saveAgreedReports: s.saveAgreedReports,
    });
    const diff = changedFields(shown(before), shown(saved));
    if (Object.keys(diff.after).length > 0)
      await audit({
        action: "signup.updated",
        summary: "Sign-up updated",
        ...diff,
      });
    await fillFromWaitlist(tx, t);
    emit(event("tournament_updated", t.id, { name: t.name, signup: true }));
    return saved;
  });
}

export type SignUpResult = { registration: Registration; pass: string; position: number | null };

/**
 * A player signs up (no account): the same name and tag rules as a player the host adds, refused when registration is
 * closed (409), when the Name#Tag is already registered or waiting (409), or when the waitlist is full too (409).
 * Otherwise a seat, the waitlist or the owner's approval, and a pass; the address it came from is kept for the owner.
 * Event: tournament_updated.
 */
export async function signUp(
  db: AppDb,
  tournamentId: number,
  input: JoinInput,
  address: string | null,
): Promise<ActionResult<SignUpResult>> {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (t.status === "completed") throw completed();
    const settings = await signupSettingsOf(tx, t.id);
    if (!settings.isOpen || t.isLocked || (await registrationEnded(tx, t)))
      throw conflict("registration_closed", REGISTRATION_CLOSED);
    const [taken] = await tx
      .select({ id: players.id })
      .from(players)
      .where(
        and(
          eq(players.tournamentId, t.id),
          isNull(players.removedAt),
          sql`lower(trim(${players.name})) = lower(${input.name.trim()})`,
          sql`lower(trim(${players.riotTag})) = lower(${input.riotTag.trim()})`,
        ),
      )
      .limit(1);
    const queue = await queueOf(tx, t.id);
    const key = (e: { name: string; riotTag: string }) => playerLabel(e).toLowerCase();
    if (taken || queue.some((e) => isActive(e.status) && key(e) === key(input))) throw conflict("tag_taken", TAG_TAKEN);
    // No limit per address: a venue's Wi-Fi or a carrier's shared address is a room of real players (DECISIONS.md).
    // A stranger's flood is bounded by the seats and the waitlist's size, waits for the owner with approval on, and
    // the owner removes one address's sign-ups in one action (removeAddressSignups).
    const from = address ?? "";
    const placed = admission({
      seatsTaken: await seatsTaken(tx, t.id),
      maxPlayers: t.maxPlayers,
      waitlisted: queue.filter((e) => e.status === "waitlisted").length,
      waitlistCap: settings.waitlistCap,
      requireApproval: settings.requireApproval,
    });
    if (typeof placed !== "string") throw conflictOf(placed);
    let playerId: number | null = null;
    if (placed === "registered") {
      const [player] = await tx
        .insert(players)
        .values({ tournamentId: t.id, name: input.name, riotTag: input.riotTag, lp: 0 })
        .returning();
      playerId = player.id;
    }
    const { pass, hash } = newPass();
    const [registration] = await tx
      .insert(registrations)
      .values({
        tournamentId: t.id,
        playerId,
        name: input.name,
        riotTag: input.riotTag,
        status: placed,
        address: from,
        passHash: hash,
      })
      .returning();
    const position = placed === "waitlisted" ? waitlistPosition([...queue, registration], registration.id) : null;
    await recordPlayerAudit(
      tx,
      t,
      input,
      "registration.added",
      `${playerLabel(input)} signed up: ${statusLabel(placed, position, null).toLowerCase()}`,
    );
    return {
      result: { registration, pass, position },
      events: [event("tournament_updated", t.id, { name: t.name, signup: true })],
    };
  });
}

/** What the check-in window says now: its instants and state, or null without a start. */
export type WindowNow = (CheckinWindow & { state: "before" | "open" | "after" }) | null;

export function windowNow(settings: SignupSettings, options: { checkinsOver?: boolean; now?: Date } = {}): WindowNow {
  const window = checkinWindow(settings.startsAt, settings.checkinOpensBefore, settings.checkinClosesBefore);
  if (!window) return null;
  // Once the rounds begin check-in is over, whatever the clock says (the public pages then show no schedule line).
  return { ...window, state: options.checkinsOver ? "after" : windowState(options.now ?? new Date(), window) };
}

/** Whether play has begun (Round 1 drawn, or the tournament live or over): no more "starts in …" then. */
function playBegun(t: Pick<Tournament, "status">, lobbiesDrawn: boolean): boolean {
  return lobbiesDrawn || t.status === "active" || t.status === "completed";
}

/** Whether check-in is over for good: the tournament is locked, its lobbies drawn, or it is under way or over. */
function checkinsOver(t: Pick<Tournament, "status" | "isLocked">, lobbiesDrawn: boolean): boolean {
  return lobbiesDrawn || t.isLocked || t.status === "active" || t.status === "completed";
}

/**
 * Why a pass's player cannot check in (or out) now, or null when they can: the tournament must take check-ins (not
 * completed, not locked, no lobbies), the player must hold a seat, and either the schedule's window is open or the host
 * opened self check-in by hand. One rule for the server and the pass page.
 */
export function passCheckinRefusal(args: {
  tournament: Pick<Tournament, "status" | "isLocked">;
  lobbiesDrawn: boolean;
  selfCheckinOpen: boolean;
  window: WindowNow;
  entry: Pick<Registration, "status">;
  player: Pick<Player, "isEliminated" | "removedAt"> | null;
}): Refusal | null {
  const { tournament: t } = args;
  if (t.status === "completed") return { code: "tournament_completed", message: COMPLETED_MESSAGE };
  if (args.lobbiesDrawn) return { code: "checkin_locked", message: CHECKIN_LOCKED };
  if (args.entry.status !== "registered" || !args.player || args.player.removedAt)
    return { code: "not_active", message: NOT_A_PLAYER };
  if (args.player.isEliminated) return { code: "player_eliminated", message: ELIMINATED_CHECKIN };
  if (t.isLocked || t.status === "active") return { code: "checkin_closed", message: PASS_CHECKIN_CLOSED };
  if (args.selfCheckinOpen || args.window?.state === "open") return null;
  return { code: "checkin_closed", message: PASS_CHECKIN_CLOSED };
}

/** Self check-in as the host opened it, for any status the window allows (the table is read directly). */
async function hostOpened(tx: Executor, t: Tournament): Promise<boolean> {
  return (await activeSelfCheckin(tx, t)) !== null;
}

/**
 * The pass's player checks in or out: allowed while the window is open (or self check-in is open), refused with the
 * code of `passCheckinRefusal` otherwise; "Maximum n players can be checked in" at the cap. Already there: unchanged.
 * Event: tournament_updated; webhooks: checkin.changed.
 */
export async function passCheckin(
  db: AppDb,
  pass: string,
  address: string | null,
  tournamentId: number,
  action: "checkin" | "checkout",
): Promise<ActionResult<{ player: Player; unchanged: boolean }>> {
  return actWithPass(db, pass, address, tournamentId, async ({ tx, tournament: t, entry }) => {
    const [player] = entry.playerId ? await tx.select().from(players).where(eq(players.id, entry.playerId)) : [];
    const refusal = passCheckinRefusal({
      tournament: t,
      lobbiesDrawn: await hasLobbies(tx, t.id),
      selfCheckinOpen: await hostOpened(tx, t),
      window: windowNow(await signupSettingsOf(tx, t.id)),
      entry,
      player: player ?? null,
    });
    if (refusal) throw conflictOf(refusal);
    const checkingIn = action === "checkin";
    if (player.isCheckedIn === checkingIn) return { result: { player, unchanged: true }, events: [] };
    if (checkingIn && (await countActiveCheckedIn(tx, t.id)) >= t.maxPlayers)
      throw conflict("tournament_full", checkinMaxMessage(t.maxPlayers));
    const [updated] = await tx
      .update(players)
      .set({ isCheckedIn: checkingIn })
      .where(eq(players.id, player.id))
      .returning();
    const summary = `${playerLabel(player)} checked ${checkingIn ? "in" : "out"} (pass)`;
    // The entry's action sends checkin.changed to the webhooks, with what a self check-in's carries.
    await recordPlayerAudit(tx, t, player, checkingIn ? "player.checked_in" : "player.checked_out", summary, {
      checkedIn: checkingIn,
      pass: true,
      players: [checkinEntry(updated)],
    });
    return {
      result: { player: updated, unchanged: false },
      events: [event("tournament_updated", t.id, { name: t.name, playerId: player.id, checkedIn: checkingIn })],
    };
  });
}

/**
 * The pass's player withdraws: a waitlisted or pending sign-up leaves the queue; a registered one gives their seat
 * back (the player row goes) and the first waitlisted player is promoted. Refused once lobbies are drawn ("ask the
 * host to drop you") and for a sign-up that is no longer active. Event: tournament_updated.
 */
export async function passWithdraw(
  db: AppDb,
  pass: string,
  address: string | null,
  tournamentId: number,
): Promise<ActionResult<{ registration: Registration; promoted: Registration[] }>> {
  return actWithPass(db, pass, address, tournamentId, async ({ tx, tournament: t, entry }) => {
    if (!isActive(entry.status)) throw conflict("not_active", NOT_WITHDRAWABLE);
    if (t.status === "completed") throw completed();
    if (entry.status === "registered" && (await registrationEnded(tx, t)))
      throw conflict("withdraw_locked", WITHDRAW_LOCKED);
    if (entry.playerId) await tx.delete(players).where(eq(players.id, entry.playerId));
    const [registration] = await tx
      .update(registrations)
      .set({ status: "withdrawn", playerId: null, changedAt: new Date() })
      .where(eq(registrations.id, entry.id))
      .returning();
    await recordPlayerAudit(tx, t, entry, "registration.withdrawn", `${playerLabel(entry)} withdrew`);
    const promoted = entry.status === "registered" ? await fillFromWaitlist(tx, t) : [];
    return {
      result: { registration, promoted },
      events: [event("tournament_updated", t.id, { name: t.name, signup: true })],
    };
  });
}

/** A pass's page: its sign-up, the player, their lobby, the window and what they may do. */
export type PassView = {
  tournament: Pick<Tournament, "id" | "name" | "status" | "currentRound" | "maxPlayers">;
  entry: Pick<Registration, "id" | "name" | "riotTag" | "status" | "via" | "createdAt" | "changedAt">;
  label: string;
  position: number | null;
  player: Pick<Player, "id" | "isCheckedIn" | "isEliminated" | "droppedAt" | "totalPoints"> | null;
  lobby: {
    id: number;
    name: string;
    round: number;
    seat: number;
    players: { name: string; riotTag: string }[];
    /** Who makes the in-game lobby (the owner's rule), and its password: this lobby's players only. */
    host: { name: string; riotTag: string } | null;
    password: string | null;
  } | null;
  settings: Pick<SignupSettings, "startsAt" | "timeZone">;
  window: WindowNow;
  checkin: Refusal | null;
  canWithdraw: boolean;
  /** Play has begun: the schedule no longer counts down to the start. */
  begun: boolean;
};

/** The pass holder's view (401 for a pass that is not valid, 429 after too many wrong ones). */
export async function passView(
  db: AppDb,
  pass: string | null,
  address: string | null,
  tournamentId?: number,
): Promise<PassView> {
  const entry = await passHolder(db, pass, address, tournamentId);
  const t = await findTournamentOr404(db, entry.tournamentId);
  const [queue, settings, drawn, opened] = await Promise.all([
    queueOf(db, t.id),
    signupSettingsOf(db, t.id),
    hasLobbies(db, t.id),
    hostOpened(db, t),
  ]);
  const [player] = entry.playerId ? await db.select().from(players).where(eq(players.id, entry.playerId)) : [];
  let lobby: PassView["lobby"] = null;
  let scoredThisRound = false;
  if (player) {
    const [row] = await db
      .select()
      .from(lobbies)
      .where(
        and(
          eq(lobbies.tournamentId, t.id),
          eq(lobbies.roundNumber, t.currentRound),
          sql`${lobbies.playerIds} @> ${JSON.stringify([player.id])}::jsonb`,
        ),
      );
    if (row) {
      scoredThisRound = row.isComplete;
      const seated = row.playerIds.length
        ? await db.select().from(players).where(inArray(players.id, row.playerIds))
        : [];
      const byId = new Map(seated.map((p) => [p.id, p]));
      const [detail] = await detailsOf(db, settings.lobbyHostRule, [row]);
      lobby = {
        host: detail.host ? { name: detail.host.name, riotTag: detail.host.riotTag } : null,
        password: detail.password,
        id: row.id,
        name: row.name,
        round: row.roundNumber,
        seat: row.playerIds.indexOf(player.id) + 1,
        players: row.playerIds.flatMap((id) => {
          const p = byId.get(id);
          return p ? [{ name: p.name, riotTag: p.riotTag }] : [];
        }),
      };
    }
  }
  const window = windowNow(settings, { checkinsOver: checkinsOver(t, drawn) });
  const position = waitlistPosition(queue, entry.id);
  return {
    tournament: { id: t.id, name: t.name, status: t.status, currentRound: t.currentRound, maxPlayers: t.maxPlayers },
    entry,
    label: statusLabel(entry.status, position, player ?? null, {
      completed: t.status === "completed",
      scoredThisRound,
    }),
    position,
    player: player ?? null,
    lobby,
    settings: { startsAt: settings.startsAt, timeZone: settings.timeZone },
    window,
    checkin: passCheckinRefusal({
      tournament: t,
      lobbiesDrawn: drawn,
      selfCheckinOpen: opened,
      window,
      entry,
      player: player ?? null,
    }),
    canWithdraw: isActive(entry.status) && t.status !== "completed" && !(entry.status === "registered" && drawn),
    begun: playBegun(t, drawn),
  };
}

/** What the join page shows: whether it takes sign-ups and how full the tournament and its waitlist are. */
export async function joinInfo(db: Executor, t: Tournament) {
  const [settings, queue, taken, drawn] = await Promise.all([
    signupSettingsOf(db, t.id),
    queueOf(db, t.id),
    seatsTaken(db, t.id),
    hasLobbies(db, t.id),
  ]);
  const open = takesSignups(settings, t, drawn);
  return {
    open,
    requireApproval: settings.requireApproval,
    seatsTaken: taken,
    maxPlayers: t.maxPlayers,
    waitlisted: queue.filter((e) => e.status === "waitlisted").length,
    waitlistCap: settings.waitlistCap,
    startsAt: settings.startsAt,
    timeZone: settings.timeZone,
    window: windowNow(settings, { checkinsOver: checkinsOver(t, drawn) }),
    begun: playBegun(t, drawn),
  };
}

/** One entry as the owner's sign-up page and the API list it. */
export type EntryRow = Omit<Registration, "passHash"> & { position: number | null; hasPass: boolean };

/** Every sign-up of the tournament, queue order, with waitlist places and addresses (owner or master: 401, 403). */
export async function listEntries(db: Executor, user: PublicUser | null, tournamentId: number): Promise<EntryRow[]> {
  const t = await findTournamentOr404(db, tournamentId);
  assertCanManage(user, t);
  const queue = await queueOf(db, t.id);
  return queue.map(({ passHash: hash, ...e }) => ({
    ...e,
    position: waitlistPosition(queue, e.id),
    hasPass: hash !== null,
  }));
}

/**
 * The owner decides on one entry: approve (a pending sign-up takes a seat, or the waitlist when full), decline (a
 * pending one), or remove (a pending or waitlisted one leaves the queue; a registered one's player is deleted and the
 * first waitlisted player promoted, before lobbies are drawn). Event: tournament_updated.
 */
export async function decideEntry(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  entryId: number,
  decision: "approve" | "decline" | "remove",
): Promise<ActionResult<Registration>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const [entry] = await tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.id, entryId), eq(registrations.tournamentId, t.id)));
    if (!entry) throw notFound("player_not_found", SIGNUP_NOT_FOUND);
    let status: EntryStatus;
    let playerId = entry.playerId;
    if (decision === "remove") {
      if (!isActive(entry.status)) throw conflict("not_active", NOT_WITHDRAWABLE);
      if (entry.status === "registered" && (await registrationEnded(tx, t)))
        throw conflict("withdraw_locked", HOST_WITHDRAW_LOCKED);
      if (entry.playerId) await tx.delete(players).where(eq(players.id, entry.playerId));
      status = "removed";
      playerId = null;
    } else {
      if (entry.status !== "pending") throw conflict("not_pending", NOT_PENDING);
      status = decision === "decline" ? "declined" : approvedStatus(await seatsTaken(tx, t.id), t.maxPlayers);
      if (status === "registered") {
        const [player] = await tx
          .insert(players)
          .values({ tournamentId: t.id, name: entry.name, riotTag: entry.riotTag, lp: 0 })
          .returning();
        playerId = player.id;
      }
    }
    const [updated] = await tx
      .update(registrations)
      .set({ status, playerId, changedAt: new Date(), ...(decision === "approve" ? { via: "approved" as const } : {}) })
      .where(eq(registrations.id, entry.id))
      .returning();
    const action: BaseAuditAction =
      decision === "approve"
        ? "registration.approved"
        : decision === "decline"
          ? "registration.declined"
          : "registration.removed";
    await audit({
      action,
      summary: `${playerLabel(entry)}: ${statusLabel(status, waitlistPosition(await queueOf(tx, t.id), entry.id), null).toLowerCase()}`,
    });
    if (entry.status === "registered") await fillFromWaitlist(tx, t);
    emit(event("tournament_updated", t.id, { name: t.name, signup: true }));
    return updated;
  });
}

/**
 * Clears the waitlist in bulk: every waitlisted and pending entry, or only those signed up from `address` (the owner's
 * answer to one address filling it with fake entries). Answers how many were removed. Event: tournament_updated.
 */
export async function clearWaitlist(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  address?: string,
): Promise<ActionResult<{ cleared: number }>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const cleared = await tx
      .update(registrations)
      .set({ status: "removed", changedAt: new Date() })
      .where(
        and(
          eq(registrations.tournamentId, t.id),
          inArray(registrations.status, ["waitlisted", "pending"]),
          address ? eq(registrations.address, address) : undefined,
        ),
      )
      .returning({ id: registrations.id });
    // The address stays out of the trail: the History and its export never show a network address.
    if (cleared.length > 0)
      await audit({
        action: "registration.cleared",
        summary: `${cleared.length} waiting sign-up${cleared.length === 1 ? "" : "s"} cleared${address ? " (from one address)" : ""}`,
      });
    if (cleared.length) emit(event("tournament_updated", t.id, { name: t.name, signup: true }));
    return { cleared: cleared.length };
  });
}

export type AddressRemoval = {
  /** The sign-ups removed ("Removed by the host"): waiting ones, and seated ones before play begins. */
  removed: Registration[];
  /** Seated sign-ups kept because play has begun: players in play are dropped one by one, never in bulk. */
  kept: Registration[];
  /** Waitlisted players who took the seats freed. */
  promoted: Registration[];
};

/**
 * The owner removes one address's active sign-ups in one action (a flood of fake sign-ups from one network). Before
 * play begins (no lobbies drawn, not live) every one goes: waiting ones leave the queue, seated ones' players are
 * deleted, then the freed seats go to the waitlist, first in line first (the address's own waiting entries are
 * already gone). Once play has begun, the address's waiting sign-ups go and its seated players are kept and answered
 * as `kept`: a player in play leaves only by a drop, with its reason. Refused, changing nothing: not the owner or a
 * master (401, 403), a completed tournament (409), an address with no active sign-up here (404 `address_not_found`).
 * Event: tournament_updated.
 */
export async function removeAddressSignups(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  address: string,
): Promise<ActionResult<AddressRemoval>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const active = address ? (await queueOf(tx, t.id)).filter((e) => e.address === address && isActive(e.status)) : [];
    if (active.length === 0) throw notFound("address_not_found", ADDRESS_NOT_FOUND);
    const begun = await registrationEnded(tx, t);
    const [going, kept] = partition(active, (e) => !(begun && e.status === "registered"));
    const seated = going.flatMap((e) => (e.playerId === null ? [] : [e.playerId]));
    if (seated.length > 0) await tx.delete(players).where(inArray(players.id, seated));
    const removed =
      going.length === 0
        ? []
        : await tx
            .update(registrations)
            .set({ status: "removed", playerId: null, changedAt: new Date() })
            .where(
              inArray(
                registrations.id,
                going.map((e) => e.id),
              ),
            )
            .returning();
    if (removed.length > 0)
      await audit({
        action: "registration.address_removed",
        summary:
          `${removed.length} sign-up${removed.length === 1 ? "" : "s"} from one address removed` +
          (kept.length > 0 ? `; ${kept.length} player${kept.length === 1 ? "" : "s"} in play kept` : ""),
        before: Object.fromEntries(going.map((e) => [playerLabel(e), e.status])),
      });
    const promoted = seated.length > 0 ? await fillFromWaitlist(tx, t) : [];
    if (removed.length > 0) emit(event("tournament_updated", t.id, { name: t.name, signup: true }));
    return { removed, kept, promoted };
  });
}

function partition<T>(items: readonly T[], keep: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (keep(item) ? yes : no).push(item);
  return [yes, no];
}

/**
 * The host gives a player a (new) pass: for a player added by hand, a sign-up is made for them ("host"); for one who
 * already had a pass, it is replaced and the old link stops working at once (401). Only the hash is kept, so showing a
 * link again means issuing a new one. Answers the pass. Owner or master.
 */
export async function issuePass(
  db: AppDb,
  user: PublicUser | null,
  playerId: number,
): Promise<ActionResult<{ pass: string; registration: Registration; player: Player }>> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(players).where(eq(players.id, playerId));
    if (!found) throw notFound("player_not_found", PLAYER_NOT_FOUND);
    const t = await lockForMutation(tx, user, found.tournamentId);
    const [player] = await tx.select().from(players).where(eq(players.id, playerId));
    if (!player) throw notFound("player_not_found", PLAYER_NOT_FOUND);
    const { pass, hash } = newPass();
    const [existing] = await tx.select().from(registrations).where(eq(registrations.playerId, player.id));
    const [registration] = existing
      ? await tx
          .update(registrations)
          .set({ passHash: hash, changedAt: new Date() })
          .where(eq(registrations.id, existing.id))
          .returning()
      : await tx
          .insert(registrations)
          .values({
            tournamentId: t.id,
            playerId: player.id,
            name: player.name,
            riotTag: player.riotTag,
            status: "registered",
            via: "host",
            passHash: hash,
          })
          .returning();
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: "pass.issued",
      summary: existing?.passHash
        ? `New pass for ${playerLabel(player)}: the old link stops working`
        : `Pass issued for ${playerLabel(player)}`,
    });
    return { result: { pass, registration, player }, events: [] };
  });
}

/** The players of a tournament with whether each holds a pass (the owner's sign-up page). */
export async function playersWithPasses(db: Executor, tournamentId: number) {
  const rows = await db
    .select({ id: players.id, name: players.name, riotTag: players.riotTag, passHash: registrations.passHash })
    .from(players)
    .leftJoin(registrations, eq(registrations.playerId, players.id))
    .where(and(eq(players.tournamentId, tournamentId), isNull(players.removedAt)))
    .orderBy(asc(players.id));
  return rows.map((r) => ({ id: r.id, name: r.name, riotTag: r.riotTag, hasPass: r.passHash !== null }));
}
