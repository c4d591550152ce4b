// Tournaments: the lists, creating, settings, check-in start, lock, completion and deletion, one transaction per action.
import { and, desc, eq, inArray, max, or, sql } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import { lobbies, matches, players, tournamentStaff, tournaments, type Tournament } from "#db/schema";
import {
  enteringAfter,
  plannedRounds,
  sameStages,
  stageAt,
  stageEditProblem,
  stageStarted,
  stagesOf,
  stagesProblem,
  type Stage,
} from "../format/stages";
import { lockTournament, type ActionResult, type MutationOptions } from "../action.server";
import { assertCanManage, canManage, isMaster, requireActor } from "../access/access.server";
import {
  MASTER_ONLY,
  belowCheckinsMessage,
  checkinNotStartableMessage,
  currentRoundRangeMessage,
  LOCK_MESSAGE,
  MASTER_SETTINGS_MESSAGE,
  MAX_PLAYERS_SETUP_ONLY,
  STAGE_MESSAGES,
  TOTAL_ROUNDS_SETUP_ONLY,
  totalRoundsBelowCurrentMessage,
} from "../messages";
import { auditAction, changedFields } from "../audit/audit";
import { changeTournament, recordAudit } from "../audit/audit.server";
import type { PublicUser } from "../access/auth.server";
import { canLock, checkinStartable, roleFor, sizeEditable, type Role } from "../access/policy";
import { badRequest, conflict, forbidden } from "../errors";
import { event } from "../audit/events";
import { SCORING_KEYS, pointsFor, type Scoring } from "../format/scoring";
import { readRuleset, rulesetChangeProblem, rulesetFromInput, sameRuleset } from "../format/ruleset";
import { stopSelfCheckin } from "../roster/self-checkin-state.server";
import { recomputeStats, toEnginePlayer } from "../format/stats.server";
import { eligibleForRound } from "../rounds/lobbies";
import { statusLabel } from "../format/types";
import type { TournamentCreateInput, TournamentUpdateInput } from "./tournament-input";
import { mutate, tournamentLock } from "../mutate.server";
import { fillFromWaitlist } from "../roster/signup.server";
import { countActiveCheckedIn } from "../roster/lookups.server";

/**
 * A dashboard row: the tournament plus whether the viewer may manage it (false shows "View Only",
 * or "Scorekeeper" for its staff) and the viewer's role (app/models/access/policy.ts).
 */
export type TournamentListItem = Tournament & { canManage: boolean; isOwner: boolean; role: Role };

export type DashboardStats = {
  /** Status active, checkin or registration. */
  activeTournaments: number;
  /** The sum of maxPlayers. */
  totalPlayers: number;
  /** totalRounds of completed tournaments plus max(0, currentRound - 1) of active ones. */
  completedRounds: number;
  totalTournaments: number;
};

/** Statuses the landing page lists as live. */
export const LIVE_STATUSES = ["active", "registration", "checkin"] as const;

const newestFirst = [desc(tournaments.createdAt), desc(tournaments.id)];

/**
 * The dashboard list: a master sees every tournament; others their own, those they keep score for
 * and the public ones of others. Newest first.
 */
export async function listForUser(db: Executor, user: PublicUser): Promise<TournamentListItem[]> {
  const staffOf = await db
    .select({ id: tournamentStaff.tournamentId })
    .from(tournamentStaff)
    .where(eq(tournamentStaff.userId, user.id));
  const scorekeeping = new Set(staffOf.map((r) => r.id));
  const rows = isMaster(user)
    ? await db
        .select()
        .from(tournaments)
        .orderBy(...newestFirst)
    : await db
        .select()
        .from(tournaments)
        .where(
          or(
            eq(tournaments.ownerId, user.id),
            eq(tournaments.isPublic, true),
            scorekeeping.size > 0 ? inArray(tournaments.id, [...scorekeeping]) : undefined,
          ),
        )
        .orderBy(...newestFirst);
  return rows.map((t) => ({
    ...t,
    canManage: canManage(user, t),
    isOwner: t.ownerId === user.id,
    role: roleFor(user, t, scorekeeping.has(t.id)),
  }));
}

/** Public tournaments whose status is active, registration or checkin, newest first (landing page). */
export async function listPublicLive(db: Executor): Promise<Tournament[]> {
  return db
    .select()
    .from(tournaments)
    .where(and(eq(tournaments.isPublic, true), inArray(tournaments.status, [...LIVE_STATUSES])))
    .orderBy(...newestFirst);
}

/** Every public tournament, newest first (GET /api/tournaments/public). */
export async function listPublic(db: Executor): Promise<Tournament[]> {
  return db
    .select()
    .from(tournaments)
    .where(eq(tournaments.isPublic, true))
    .orderBy(...newestFirst);
}

/** The dashboard's four stat cards, over what `listForUser` shows this user. */
export async function dashboardStats(db: Executor, user: PublicUser): Promise<DashboardStats> {
  return computeDashboardStats(await listForUser(db, user));
}

/** The stat cards for an already loaded list, so a dashboard loader reads the list once. */
export function computeDashboardStats(
  list: readonly Pick<Tournament, "status" | "maxPlayers" | "totalRounds" | "currentRound">[],
): DashboardStats {
  let activeTournaments = 0;
  let totalPlayers = 0;
  let completedRounds = 0;
  for (const t of list) {
    if ((LIVE_STATUSES as readonly string[]).includes(t.status)) activeTournaments++;
    totalPlayers += t.maxPlayers;
    if (t.status === "completed") completedRounds += t.totalRounds;
    else if (t.status === "active") completedRounds += Math.max(0, t.currentRound - 1);
  }
  return { activeTournaments, totalPlayers, completedRounds, totalTournaments: list.length };
}

/** Creates a tournament owned by `user` (401 when signed out). Event: tournament_created {name}. */
export async function createTournament(
  db: AppDb,
  user: PublicUser | null,
  input: TournamentCreateInput,
): Promise<ActionResult<Tournament>> {
  const actor = requireActor(user);
  // Stages (docs/rules.md "Stages"): totalRounds is the sum of their games; without them one stage of totalRounds.
  const stages = input.stages ?? null;
  if (stages) {
    const problem = stagesProblem(stages, input.maxPlayers);
    if (problem) throw badRequest("invalid_stages", problem.message, problem.field);
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tournaments)
      .values({
        name: input.name,
        format: input.format,
        lobbyMethod: stages ? stages[0].draw : input.lobbyMethod,
        maxPlayers: input.maxPlayers,
        totalRounds: stages ? plannedRounds(stages) : input.totalRounds!,
        stages,
        isPublic: input.isPublic,
        scoring: pickScoring(input.scoring),
        ruleset: input.ruleset ? rulesetFromInput(input.ruleset) : undefined,
        ownerId: actor.id,
      })
      .returning();
    await recordAudit(tx, {
      tournament: created,
      actor,
      action: "tournament.created",
      summary: `Tournament "${created.name}" created`,
      after: changedFields({}, settingsOf(created)).after,
    });
    return { result: created, events: [event("tournament_created", created.id, { name: created.name })] };
  });
}

/**
 * Settings form and PATCH. Owner: name, isPublic, format, lobbyMethod, scoring, the ruleset (until a round is
 * finalized: 409 after, unless it is the stored one), and maxPlayers /
 * totalRounds while the status is setup (409 otherwise). A master may change everything at any
 * time, including status, currentRound (1..totalRounds) and isLocked; a non-master changing those
 * gets 403. Fields equal to the stored value are ignored, so a form may resend everything.
 * A scoring change recomputes every saved match's points and every player's totals in the same
 * transaction. Event: tournament_updated {name} (tournament_completed when a master sets completed).
 */
export async function updateTournament(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  patch: TournamentUpdateInput,
  options: MutationOptions = {},
): Promise<ActionResult<Tournament>> {
  return mutate(db, user, tournamentLock(tournamentId, options), async ({ tx, tournament: t, audit, emit }) => {
    const master = isMaster(user);
    const changes: Partial<typeof tournaments.$inferInsert> = {};
    const differs = <K extends keyof TournamentUpdateInput & keyof Tournament>(key: K) =>
      patch[key] !== undefined && patch[key] !== t[key];

    for (const key of ["status", "currentRound", "isLocked"] as const) {
      if (differs(key) && !master) {
        throw forbidden("master_only", MASTER_SETTINGS_MESSAGE);
      }
    }
    for (const key of ["maxPlayers", "totalRounds"] as const) {
      if (differs(key) && !sizeEditable(t) && !master) {
        throw conflict("settings_locked", key === "maxPlayers" ? MAX_PLAYERS_SETUP_ONLY : TOTAL_ROUNDS_SETUP_ONLY);
      }
    }

    if (differs("name")) changes.name = patch.name;
    if (differs("isPublic")) changes.isPublic = patch.isPublic;
    if (differs("format")) changes.format = patch.format;
    if (differs("lobbyMethod")) changes.lobbyMethod = patch.lobbyMethod;
    if (differs("status")) changes.status = patch.status;
    if (differs("isLocked")) changes.isLocked = patch.isLocked;

    if (differs("maxPlayers")) {
      const checkedIn = await countActiveCheckedIn(tx, t.id);
      if (patch.maxPlayers! < checkedIn) {
        throw badRequest("max_players_below_checkins", belowCheckinsMessage(checkedIn), "maxPlayers");
      }
      changes.maxPlayers = patch.maxPlayers;
    }
    const totalRounds = patch.totalRounds ?? t.totalRounds;
    const currentRound = patch.currentRound ?? t.currentRound;
    if (differs("totalRounds") || differs("currentRound")) {
      if (currentRound > totalRounds) {
        throw badRequest(
          "rounds_out_of_range",
          differs("currentRound")
            ? currentRoundRangeMessage(totalRounds)
            : totalRoundsBelowCurrentMessage(currentRound),
          differs("currentRound") ? "currentRound" : "totalRounds",
        );
      }
      if (differs("totalRounds")) changes.totalRounds = totalRounds;
      if (differs("currentRound")) changes.currentRound = currentRound;
    }

    const scoring = patch.scoring ? pickScoring(patch.scoring) : undefined;
    const scoringChanged = scoring !== undefined && SCORING_KEYS.some((k) => scoring[k] !== t.scoring[k]);
    if (scoringChanged) changes.scoring = scoring;

    // The tiebreak order is fixed once a round is finalized: its standings and cuts were decided by it.
    const ruleset = patch.ruleset ? rulesetFromInput(patch.ruleset) : undefined;
    if (ruleset && !sameRuleset(ruleset, readRuleset(t.ruleset))) {
      const problem = rulesetChangeProblem(t);
      if (problem) throw conflict("ruleset_locked", problem);
      changes.ruleset = ruleset;
    }

    if (patch.stages) {
      const next = patch.stages;
      const current = stagesOf(t);
      if (!sameStages(next, current)) {
        const [drawn] = await tx
          .select({ round: max(lobbies.roundNumber) })
          .from(lobbies)
          .where(eq(lobbies.tournamentId, t.id));
        const drawnRound = drawn?.round ?? 0;
        const started = stageEditProblem(current, next, { currentRound: t.currentRound, drawnRound });
        if (started) throw conflict("stage_started", started.message);
        // Before round 1 is drawn the field is at most maxPlayers; once under way it is the players in play: the
        // stages not yet started are checked against what reaches them from now on (a started stage's end is
        // whatever it is: its cut keeps at most its N of them).
        const problem =
          drawnRound === 0
            ? stagesProblem(next, changes.maxPlayers ?? t.maxPlayers)
            : await stagesProblemUnderWay(tx, t, next, current, drawnRound);
        if (problem) throw badRequest("invalid_stages", problem.message, problem.field);
        const totalRounds = plannedRounds(next);
        if (totalRounds < t.currentRound)
          throw badRequest("invalid_stages", STAGE_MESSAGES.belowCurrentRound(t.currentRound), "stages");
        changes.stages = next;
        changes.totalRounds = totalRounds;
        if (drawnRound === 0) changes.lobbyMethod = next[0].draw;
      }
    }

    if (Object.keys(changes).length === 0) return t;

    const [updated] = await tx.update(tournaments).set(changes).where(eq(tournaments.id, t.id)).returning();
    if (updated.status !== "checkin" || updated.isLocked) await stopSelfCheckin(tx, t.id);
    // New seats go to the waitlist first in line, as a freed seat does (docs/decisions/029).
    if (updated.maxPlayers > t.maxPlayers) await fillFromWaitlist(tx, updated);
    if (scoringChanged) await rescoreMatches(tx, t.id, scoring!);
    await audit({
      action: auditAction("settings.updated", options.override),
      summary: scoringChanged ? "Settings updated (scores recomputed with the new scoring table)" : "Settings updated",
      ...changedFields(t, changes),
      reason: options.reason,
    });

    // Made private: streams opened while it was public are closed, and reconnect only for its readers.
    const accessChanged = changes.isPublic === false ? { accessChanged: true } : {};
    emit(event("tournament_updated", t.id, { name: updated.name, ...accessChanged }));
    if (changes.status === "completed") emit(event("tournament_completed", t.id, { name: updated.name }));
    return updated;
  });
}

/**
 * Deletes the tournament with its players, lobbies and matches. Its owner or a master may always
 * delete it, completed or not (docs/decisions/005-completed-is-read-only.md).
 * Event: tournament_updated {name, deleted: true}.
 */
export async function deleteTournament(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  options: MutationOptions = {},
): Promise<ActionResult<{ id: number; name: string }>> {
  requireActor(user);
  if (options.override && !isMaster(user)) throw forbidden("master_only", MASTER_ONLY);
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    assertCanManage(user, t);
    await tx.delete(tournaments).where(eq(tournaments.id, t.id));
    return {
      result: { id: t.id, name: t.name },
      events: [event("tournament_updated", t.id, { name: t.name, deleted: true })],
    };
  });
}

/** Any status except completed → completed (409 "Tournament has been completed" if it already is). Event: tournament_completed {name}. */
export async function completeTournament(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<Tournament>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, emit }) => {
    await stopSelfCheckin(tx, t.id);
    const updated = await changeTournament(
      tx,
      t,
      user,
      { status: "completed" },
      { action: "tournament.completed", summary: "Tournament completed" },
    );
    emit(event("tournament_completed", t.id, { name: t.name }));
    return updated;
  });
}

/** setup or registration → checkin; any other status answers 409. Event: tournament_updated. */
export async function startCheckin(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<Tournament>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, emit }) => {
    if (!checkinStartable(t)) {
      throw conflict("wrong_status", checkinNotStartableMessage(statusLabel(t.status)));
    }
    const updated = await changeTournament(
      tx,
      t,
      user,
      { status: "checkin" },
      { action: "checkin.started", summary: "Check-in started" },
    );
    emit(event("tournament_updated", t.id, { name: t.name, status: "checkin" }));
    return updated;
  });
}

/**
 * Locks or unlocks. Locking needs at least 8 checked-in players (409 "Need at least 8
 * checked-in players to lock tournament"); unlocking is always allowed. Event: tournament_updated.
 */
export async function setLocked(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  locked: boolean,
): Promise<ActionResult<Tournament>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, emit }) => {
    if (locked && !t.isLocked && !canLock(await countActiveCheckedIn(tx, t.id))) {
      throw conflict("lock_minimum", LOCK_MESSAGE);
    }
    if (t.isLocked === locked) return t;
    // Locking stops self check-in for good: unlocking later does not reopen it.
    if (locked) await stopSelfCheckin(tx, t.id);
    const updated = await changeTournament(
      tx,
      t,
      user,
      { isLocked: locked },
      {
        action: locked ? "tournament.locked" : "tournament.unlocked",
        summary: locked ? "Tournament locked" : "Tournament unlocked",
      },
    );
    emit(event("tournament_updated", t.id, { name: t.name, isLocked: locked }));
    return updated;
  });
}

/** The settings a new tournament's audit entry lists. */
function settingsOf(t: Tournament) {
  const { name, format, lobbyMethod, maxPlayers, totalRounds, isPublic, scoring, ruleset, stages } = t;
  return {
    name,
    format,
    lobbyMethod,
    maxPlayers,
    totalRounds,
    isPublic,
    scoring,
    ruleset,
    ...(stages ? { stages } : {}),
  };
}

// Only the eight known keys are stored, whatever else a client sent.
function pickScoring(scoring: Scoring): Scoring {
  return Object.fromEntries(SCORING_KEYS.map((k) => [k, scoring[k]])) as Scoring;
}

/** New points for every saved match of the tournament, then every player's totals. */
async function rescoreMatches(tx: Executor, tournamentId: number, scoring: Scoring) {
  const cases = sql.join(
    SCORING_KEYS.map((_, i) => sql`when ${i + 1} then ${pointsFor(scoring, i + 1)}::float8`),
    sql` `,
  );
  await tx
    .update(matches)
    .set({ points: sql`case ${matches.placement} ${cases} else 0 end` })
    .where(eq(matches.tournamentId, tournamentId));
  await recomputeStats(tx, tournamentId);
}

/**
 * Why a running tournament's new stage list is refused, or null: the cuts of the stages not yet started are bound by
 * the players in play now (not cut, removed or dropped), not by maxPlayers. When the current stage has started, its
 * end (as it stands) comes first: what it keeps enters the next stage.
 */
async function stagesProblemUnderWay(
  tx: Executor,
  t: Tournament,
  next: readonly Stage[],
  current: readonly Stage[],
  drawnRound: number,
) {
  const rows = await tx.select().from(players).where(eq(players.tournamentId, t.id));
  const inPlay = eligibleForRound(rows.map(toEnginePlayer)).length;
  const at = stageAt(current, t.currentRound);
  if (!stageStarted(at, { currentRound: t.currentRound, drawnRound })) return stagesProblem(next, inPlay, at.index);
  return stagesProblem(next, enteringAfter(next[at.index]?.end ?? null, inPlay), at.index + 1);
}
