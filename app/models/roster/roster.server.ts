// The roster: registering players (one or in bulk), their edits and deletion, and the maximum (the lookups and lock the
// player modules share are in ./lookups.server).
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import { lobbies, matches, players, tournaments, type Player } from "#db/schema";
import { findTournamentOr404, type ActionResult, type MutationOptions } from "../action.server";
import { isMaster } from "../access/access.server";
import { auditAction, changedFields, playerLabel as label } from "../audit/audit";
import type { PublicUser } from "../access/auth.server";
import type { BulkPlayer } from "./bulk";
import { badRequest, conflict, forbidden, notFound } from "../errors";
import { event } from "../audit/events";
import { adjustmentsFor, computePlayerStats } from "../format/stats";
import { recomputeStats } from "../format/stats.server";
import { checkedInPlayers, countActiveCheckedIn, hasLobbies, lockPlayer, seatsTaken } from "./lookups.server";
import {
  belowCheckinsMessage,
  capacityLeftMessage,
  capacityMessage,
  checkinMaxMessage,
  LOCKED_ADD_MESSAGE,
  MASTER_FIELDS_MESSAGE,
  MAX_PLAYERS_AFTER_LOBBIES,
  MAX_PLAYERS_MAXIMUM,
  MAX_PLAYERS_MINIMUM,
  NO_VALID_PLAYERS,
  PLAYER_NOT_FOUND,
} from "../messages";
import { averageForGamesProblem, type PlayerCreateInput, type PlayerUpdateInput } from "./player-input";
import { atCapacity, dropFields, type DropFields } from "../access/policy";
import { fillFromWaitlist, seatFreed } from "./signup.server";
import { mutate, tournamentLock } from "../mutate.server";

/**
 * A player as the API answers it and the host's lists show it: docs/rules.md's fields, and whether (and why) they
 * dropped. The soft-removal mark and a master's stat adjustments are bookkeeping behind the totals, not data.
 */
export type PlayerSummary = DropFields &
  Pick<
    Player,
    | "id"
    | "tournamentId"
    | "name"
    | "riotTag"
    | "lp"
    | "totalPoints"
    | "matchesPlayed"
    | "averagePlacement"
    | "isEliminated"
    | "isCheckedIn"
    | "seed"
  >;

export function toPlayerSummary(p: Player): PlayerSummary {
  return {
    id: p.id,
    tournamentId: p.tournamentId,
    name: p.name,
    riotTag: p.riotTag,
    lp: p.lp,
    totalPoints: p.totalPoints,
    matchesPlayed: p.matchesPlayed,
    averagePlacement: p.averagePlacement,
    isEliminated: p.isEliminated,
    isCheckedIn: p.isCheckedIn,
    seed: p.seed,
    ...dropFields(p),
  };
}

/** The players of a tournament in registration order, without the soft-removed ones. 404 for an unknown tournament. */
export async function listPlayers(db: Executor, tournamentId: number): Promise<Player[]> {
  await findTournamentOr404(db, tournamentId);
  return db
    .select()
    .from(players)
    .where(and(eq(players.tournamentId, tournamentId), isNull(players.removedAt)))
    .orderBy(asc(players.id));
}

/** Checked-in players still in play (not eliminated, not soft-removed), registration order. */
export async function listCheckedIn(db: Executor, tournamentId: number): Promise<Player[]> {
  await findTournamentOr404(db, tournamentId);
  return db.select().from(players).where(checkedInPlayers(tournamentId)).orderBy(asc(players.id));
}

/** The tournament a player is registered in, or null for an unknown player. */
export async function playerTournamentId(db: Executor, playerId: number): Promise<number | null> {
  const [row] = await db.select({ tournamentId: players.tournamentId }).from(players).where(eq(players.id, playerId));
  return row?.tournamentId ?? null;
}

/** The player, or 404 "Player not found" (soft-removed players are found too). */
export async function getPlayer(db: Executor, playerId: number): Promise<Player> {
  const [row] = await db.select().from(players).where(eq(players.id, playerId));
  if (!row) throw notFound("player_not_found", PLAYER_NOT_FOUND);
  return row;
}

/**
 * Registers a player. Refused at capacity (players not soft-removed ≥ maxPlayers) with 409
 * "Tournament is at maximum capacity ({max} players). Remove a player first." unless
 * `input.manualOverride`, which adds the player beyond the limit, not checked in. While the
 * tournament is locked only a master may add (409 otherwise). The master fields (seed,
 * isCheckedIn, isEliminated, totalPoints, matchesPlayed, averagePlacement) need a master (403);
 * stats become adjustments. Event: tournament_updated.
 */
export async function addPlayer(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  input: PlayerCreateInput,
  options: MutationOptions = {},
): Promise<ActionResult<Player>> {
  return mutate(db, user, tournamentLock(tournamentId, options), async ({ tx, tournament: t, audit, emit }) => {
    const master = isMaster(user);
    const masterFields =
      (input.seed !== undefined && input.seed !== null) ||
      input.isCheckedIn !== undefined ||
      input.isEliminated !== undefined ||
      input.totalPoints !== undefined ||
      input.matchesPlayed !== undefined ||
      input.averagePlacement !== undefined;
    if (masterFields && !master) throw forbidden("master_only", MASTER_FIELDS_MESSAGE);
    if (t.isLocked && !master) throw conflict("tournament_locked", LOCKED_ADD_MESSAGE);

    const registered = await seatsTaken(tx, t.id);
    const overCapacity = atCapacity(registered, t.maxPlayers);
    if (overCapacity && !input.manualOverride) throw conflict("tournament_at_capacity", capacityMessage(t.maxPlayers));

    // Beyond the limit a player is added inactive (docs/rules.md: manual override).
    const isCheckedIn = !overCapacity && (input.isCheckedIn ?? false);
    if (isCheckedIn && !input.isEliminated && (await countActiveCheckedIn(tx, t.id)) >= t.maxPlayers) {
      throw conflict("tournament_full", checkinMaxMessage(t.maxPlayers));
    }
    const averageProblem = averageForGamesProblem(input.averagePlacement, input.matchesPlayed ?? 0);
    if (averageProblem) throw badRequest("invalid_input", averageProblem, "averagePlacement");
    const adjustments = adjustmentsFor({ adjustPoints: 0, adjustMatches: 0, adjustAvg: null }, [], {
      totalPoints: input.totalPoints,
      matchesPlayed: input.matchesPlayed,
      averagePlacement: input.averagePlacement,
    });
    const stats = computePlayerStats(adjustments, []);
    const [created] = await tx
      .insert(players)
      .values({
        tournamentId: t.id,
        name: input.name,
        riotTag: input.riotTag,
        lp: input.lp,
        seed: input.seed ?? null,
        isCheckedIn,
        isEliminated: input.isEliminated ?? false,
        adjustPoints: adjustments.adjustPoints,
        adjustMatches: adjustments.adjustMatches,
        adjustAverage: adjustments.adjustAvg,
        totalPoints: stats.totalPoints,
        matchesPlayed: stats.matchesPlayed,
        averagePlacement: stats.averagePlacement,
      })
      .returning();
    await audit({
      action: auditAction("player.added", options.override),
      summary: `${label(created)} added`,
      after: changedFields({}, shownFields(created)).after,
      reason: options.reason,
    });
    emit(event("tournament_updated", t.id, { name: t.name, playerId: created.id }));
    return created;
  });
}

/**
 * Adds many players at once, all or nothing, same capacity and lock rules as `addPlayer`
 * (the whole list must fit unless `manualOverride`). Answers the created players. Event: tournament_updated.
 */
export async function bulkAddPlayers(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  list: readonly BulkPlayer[],
  manualOverride = false,
): Promise<ActionResult<Player[]>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    if (list.length === 0) throw badRequest("no_valid_players", NO_VALID_PLAYERS);
    if (t.isLocked && !isMaster(user)) throw conflict("tournament_locked", LOCKED_ADD_MESSAGE);
    const registered = await seatsTaken(tx, t.id);
    if (!manualOverride && registered + list.length > t.maxPlayers) {
      const free = Math.max(0, t.maxPlayers - registered);
      throw conflict(
        "tournament_at_capacity",
        free === 0 ? capacityMessage(t.maxPlayers) : capacityLeftMessage(free, t.maxPlayers),
      );
    }
    const created = await tx
      .insert(players)
      .values(list.map((p) => ({ tournamentId: t.id, name: p.name, riotTag: p.riotTag, lp: p.lp })))
      .returning();
    created.sort((a, b) => a.id - b.id);
    await audit({
      action: "players.added",
      summary: `${created.length} player${created.length === 1 ? "" : "s"} added`,
      after: Object.fromEntries(created.map((p) => [label(p), `LP ${p.lp}`])),
    });
    emit(event("tournament_updated", t.id, { name: t.name, addedPlayers: created.length }));
    return created;
  });
}

/**
 * Edits a player. Owner: name, riotTag, lp, and isEliminated true. A master also: seed,
 * isCheckedIn, isEliminated false, totalPoints / matchesPlayed / averagePlacement (kept as
 * adjustments to the computed totals, so later score saves still count). Master fields from a
 * non-master answer 403; a field equal to the stored value counts as unchanged (an average
 * within 0.05, as a form shows it with one decimal). Event: tournament_updated.
 */
export async function updatePlayer(
  db: AppDb,
  user: PublicUser | null,
  playerId: number,
  patch: PlayerUpdateInput,
  options: MutationOptions = {},
): Promise<ActionResult<Player>> {
  return mutate(
    db,
    user,
    (tx) => lockPlayer(tx, user, playerId, options),
    async ({ tx, tournament: t, player, audit, emit }) => {
      const master = isMaster(user);

      const seedChanged = patch.seed !== undefined && patch.seed !== player.seed;
      const checkinChanged = patch.isCheckedIn !== undefined && patch.isCheckedIn !== player.isCheckedIn;
      const uneliminate = patch.isEliminated === false && player.isEliminated;
      const pointsChanged = patch.totalPoints !== undefined && patch.totalPoints !== player.totalPoints;
      const matchesChanged = patch.matchesPlayed !== undefined && patch.matchesPlayed !== player.matchesPlayed;
      const averageChanged =
        patch.averagePlacement !== undefined && Math.abs(patch.averagePlacement - player.averagePlacement) >= 0.05;
      if (
        (seedChanged || checkinChanged || uneliminate || pointsChanged || matchesChanged || averageChanged) &&
        !master
      ) {
        throw forbidden("master_only", MASTER_FIELDS_MESSAGE);
      }

      if (averageChanged) {
        const games = matchesChanged ? patch.matchesPlayed! : player.matchesPlayed;
        const averageProblem = averageForGamesProblem(patch.averagePlacement, games);
        if (averageProblem) throw badRequest("invalid_input", averageProblem, "averagePlacement");
      }

      // Only what differs: a form sent again unchanged changes nothing and records nothing (docs/rules.md "Audit trail").
      const changes: Partial<typeof players.$inferInsert> = {};
      if (patch.name !== undefined && patch.name !== player.name) changes.name = patch.name;
      if (patch.riotTag !== undefined && patch.riotTag !== player.riotTag) changes.riotTag = patch.riotTag;
      if (patch.lp !== undefined && patch.lp !== player.lp) changes.lp = patch.lp;
      if (patch.isEliminated !== undefined && patch.isEliminated !== player.isEliminated)
        changes.isEliminated = patch.isEliminated;
      if (seedChanged) changes.seed = patch.seed ?? null;
      if (checkinChanged) changes.isCheckedIn = patch.isCheckedIn;

      const statsChanged = pointsChanged || matchesChanged || averageChanged;
      if (statsChanged) {
        const own = await tx
          .select({ placement: matches.placement, points: matches.points })
          .from(matches)
          .where(eq(matches.playerId, player.id));
        const adjustments = adjustmentsFor(
          { adjustPoints: player.adjustPoints, adjustMatches: player.adjustMatches, adjustAvg: player.adjustAverage },
          own,
          {
            totalPoints: pointsChanged ? patch.totalPoints : undefined,
            matchesPlayed: matchesChanged ? patch.matchesPlayed : undefined,
            averagePlacement: averageChanged ? patch.averagePlacement : undefined,
          },
        );
        changes.adjustPoints = adjustments.adjustPoints;
        changes.adjustMatches = adjustments.adjustMatches;
        changes.adjustAverage = adjustments.adjustAvg;
      }

      if (Object.keys(changes).length === 0) return player;
      let [updated] = await tx.update(players).set(changes).where(eq(players.id, player.id)).returning();
      if (statsChanged) {
        await recomputeStats(tx, t.id, [player.id]);
        [updated] = await tx.select().from(players).where(eq(players.id, player.id));
      }
      await audit({
        action: auditAction("player.updated", options.override),
        summary: `${label(player)} updated`,
        ...changedFields(shownFields(player), shownFields(updated)),
        reason: options.reason,
      });
      emit(event("tournament_updated", t.id, { name: t.name, playerId: player.id }));
      return updated;
    },
  );
}

/**
 * Deletes a player with their matches and takes them out of every lobby's player list.
 * Event: tournament_updated.
 */
export async function deletePlayer(
  db: AppDb,
  user: PublicUser | null,
  playerId: number,
  options: MutationOptions = {},
): Promise<ActionResult<{ id: number; tournamentId: number }>> {
  return mutate(
    db,
    user,
    (tx) => lockPlayer(tx, user, playerId, options),
    async ({ tx, tournament: t, player, audit, emit }) => {
      const containing = await tx
        .select({ id: lobbies.id, playerIds: lobbies.playerIds })
        .from(lobbies)
        .where(and(eq(lobbies.tournamentId, t.id), sql`${lobbies.playerIds} @> ${JSON.stringify([player.id])}::jsonb`));
      for (const lobby of containing) {
        await tx
          .update(lobbies)
          .set({ playerIds: lobby.playerIds.filter((id) => id !== player.id) })
          .where(eq(lobbies.id, lobby.id));
      }
      await tx.delete(players).where(eq(players.id, player.id));
      // A signed-up player's seat goes to the first waitlisted one (docs/decisions/029-sign-up-and-passes.md).
      await seatFreed(tx, t, player.id);
      await audit({
        action: auditAction("player.deleted", options.override),
        summary: `${label(player)} deleted`,
        before: changedFields({}, shownFields(player)).after,
        reason: options.reason,
      });
      emit(event("tournament_updated", t.id, { name: t.name, playerId: player.id, deleted: true }));
      return { id: player.id, tournamentId: t.id };
    },
  );
}

/**
 * The manage-players max-players edit: at least 4 (400 MAX_PLAYERS_MINIMUM), at
 * most 256, not below the current check-ins (400), only before lobbies exist (409).
 * Event: tournament_updated.
 */
export async function setMaxPlayers(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  maxPlayers: number,
): Promise<ActionResult<{ maxPlayers: number }>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    if (!Number.isInteger(maxPlayers) || maxPlayers < 4)
      throw badRequest("max_players_out_of_range", MAX_PLAYERS_MINIMUM, "maxPlayers");
    if (maxPlayers > 256) throw badRequest("max_players_out_of_range", MAX_PLAYERS_MAXIMUM, "maxPlayers");
    if (await hasLobbies(tx, t.id)) throw conflict("settings_locked", MAX_PLAYERS_AFTER_LOBBIES);
    const checkedIn = await countActiveCheckedIn(tx, t.id);
    if (maxPlayers < checkedIn) {
      throw badRequest("max_players_below_checkins", belowCheckinsMessage(checkedIn), "maxPlayers");
    }
    if (maxPlayers === t.maxPlayers) return { maxPlayers };
    await tx.update(tournaments).set({ maxPlayers }).where(eq(tournaments.id, t.id));
    // New seats go to the waitlist first in line, as a freed seat does (docs/decisions/029).
    if (maxPlayers > t.maxPlayers) await fillFromWaitlist(tx, { ...t, maxPlayers });
    await audit({
      action: "settings.updated",
      summary: "Max players changed",
      ...changedFields(t, { maxPlayers }),
    });
    emit(event("tournament_updated", t.id, { name: t.name, maxPlayers }));
    return { maxPlayers };
  });
}

/** The fields of a player a screen shows, which the audit trail compares before → after. */
function shownFields(p: Player) {
  const { name, riotTag, lp, seed, isCheckedIn, isEliminated, totalPoints, matchesPlayed, averagePlacement } = p;
  return { name, riotTag, lp, seed, isCheckedIn, isEliminated, totalPoints, matchesPlayed, averagePlacement };
}
