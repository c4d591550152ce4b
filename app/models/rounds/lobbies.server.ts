// Lobbies: the draw of a round, its reads, deleting one lobby and undoing a round's draw.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import { lobbies, matches, players, tournaments, type Lobby, type Tournament } from "#db/schema";
import {
  lockForMutation,
  type LockNeeds,
  type ActionResult,
  type MutationOptions,
  findTournamentOr404,
} from "../action.server";
import { requireActor } from "../access/access.server";
import { auditAction, changedFields, playerLabel, type AuditValues } from "../audit/audit";
import { lobbyResultsOf } from "../audit/audit.server";
import type { PublicUser } from "../access/auth.server";
import { badRequest, conflict, notFound } from "../errors";
import {
  COMPLETED_MESSAGE,
  ROUND_ONE_MESSAGE,
  lobbiesExistMessage,
  lobbiesFinalizedMessage,
  LOBBY_NOT_FOUND,
  noLobbiesMessage,
  noLobbiesToUndoMessage,
  NOT_ENOUGH_PLAYERS,
  roundNotScoredMessage,
  TOO_MANY_PLAYERS,
  UNDO_FINALIZED_MESSAGE,
  wrongRoundGenerateMessage,
  wrongRoundUndoMessage,
} from "../messages";
import { event } from "../audit/events";
import { assignSeeds, eligibleForRound, lobbyName, planRoundLobbies } from "./lobbies";
import { checkGivenDraw } from "./manual-draw";
import { readRuleset } from "../format/ruleset";
import { drawInputs } from "../format/stage-standings";
import { LATER_ROUND_MINIMUM, ROUND_ONE_MINIMUM } from "../access/policy";
import { stopSelfCheckin } from "../roster/self-checkin-state.server";
import { recomputeStats, toEnginePlayer } from "../format/stats.server";
import { mutate } from "../mutate.server";

/** Lobbies of one round (default: the tournament's current round), in name order. 404 for an unknown tournament. */
export async function listLobbies(db: Executor, tournamentId: number, roundNumber?: number): Promise<Lobby[]> {
  const t = await findTournamentOr404(db, tournamentId);
  return roundLobbies(db, t.id, roundNumber ?? t.currentRound);
}

/** Every lobby of every round, by round then name order. */
export async function listAllLobbies(db: Executor, tournamentId: number): Promise<Lobby[]> {
  await findTournamentOr404(db, tournamentId);
  return sortLobbies(await db.select().from(lobbies).where(eq(lobbies.tournamentId, tournamentId)));
}

export type GenerateResult =
  | { status: "generated"; roundNumber: number; lobbies: Lobby[]; removedPlayers: number }
  /** An Elimination tournament with fewer than 4 active players completes instead of drawing. */
  | { status: "completed"; roundNumber: number; lobbies: []; removedPlayers: 0; message: string };

/**
 * Draws the lobbies of the current round (`roundNumber`, when given, must be it: 409 otherwise)
 * with the tournament's lobby method, in standings order (seed order in round 1).
 * 409 when lobbies already exist for the round. Round 1 needs 16 checked-in players ("At least
 * 16 players must be checked in to generate lobbies"), assigns missing seeds, soft-removes the
 * players neither checked in nor eliminated, sets status active and locks. Later rounds need 4
 * active players: with fewer an Elimination tournament completes (answer status "completed",
 * event tournament_completed) and a Standard one answers 409 NOT_ENOUGH_PLAYERS. More than
 * maxPlayers answers 409 TOO_MANY_PLAYERS. Event: lobbies_generated {roundNumber}.
 */
export async function generateLobbies(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  roundNumber?: number,
  /** A draw made elsewhere (docs/decisions/027-manual-draw-and-score-sheet.md): player ids per lobby, used as given. */
  given?: readonly (readonly number[])[],
): Promise<ActionResult<GenerateResult>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const round = t.currentRound;
    if (roundNumber !== undefined && roundNumber !== round) {
      throw conflict("wrong_round", wrongRoundGenerateMessage(round));
    }
    if ((await roundLobbies(tx, t.id, round)).length > 0) throw conflict("lobbies_exist", lobbiesExistMessage(round));

    const rows = await tx.select().from(players).where(eq(players.tournamentId, t.id));
    let engine = rows.map(toEnginePlayer);
    const eligible = eligibleForRound(engine);
    let removedPlayers = 0;

    if (round === 1) {
      if (eligible.length < ROUND_ONE_MINIMUM) throw conflict("round_one_minimum", ROUND_ONE_MESSAGE);
      if (eligible.length > t.maxPlayers) throw conflict("too_many_players", TOO_MANY_PLAYERS);
      const seeds = assignSeeds(eligible);
      const seedChanges = eligible.filter((p) => seeds.get(p.id) !== p.seed);
      if (seedChanges.length > 0) {
        const values = sql.join(
          seedChanges.map((p) => sql`(${p.id}::int, ${seeds.get(p.id)!}::int)`),
          sql`, `,
        );
        await tx.execute(
          sql`update ${players} set seed = v.seed from (values ${values}) as v(id, seed) where ${players.id} = v.id`,
        );
      }
      // Players neither checked in nor eliminated leave play, kept so an undo of round 1 can restore them.
      const leaving = engine.filter((p) => !p.isCheckedIn && !p.isEliminated && !p.isRemoved).map((p) => p.id);
      if (leaving.length > 0) {
        await tx.update(players).set({ removedAt: new Date() }).where(inArray(players.id, leaving));
      }
      removedPlayers = leaving.length;
      const gone = new Set(leaving);
      engine = engine.map((p) => ({
        ...p,
        seed: seeds.get(p.id) ?? p.seed,
        isRemoved: p.isRemoved || gone.has(p.id),
      }));
    } else {
      if (eligible.length < LATER_ROUND_MINIMUM) {
        if (t.format === "elimination") {
          await tx.update(tournaments).set({ status: "completed" }).where(eq(tournaments.id, t.id));
          await audit({
            action: "tournament.completed",
            summary: `Tournament completed: fewer than ${LATER_ROUND_MINIMUM} active players left for Round ${round}`,
            ...changedFields(t, { status: "completed" }),
          });
          emit(event("tournament_completed", t.id, { name: t.name }));
          return {
            status: "completed",
            roundNumber: round,
            lobbies: [],
            removedPlayers: 0,
            message: COMPLETED_MESSAGE,
          };
        }
        throw conflict("not_enough_players", NOT_ENOUGH_PLAYERS);
      }
      if (eligible.length > t.maxPlayers) throw conflict("too_many_players", TOO_MANY_PLAYERS);
    }

    const previous = await tx
      .select({ roundNumber: lobbies.roundNumber, playerIds: lobbies.playerIds })
      .from(lobbies)
      .where(eq(lobbies.tournamentId, t.id));
    const played = await tx
      .select({
        playerId: matches.playerId,
        placement: matches.placement,
        points: matches.points,
        roundNumber: matches.roundNumber,
      })
      .from(matches)
      .where(eq(matches.tournamentId, t.id));
    const names = new Map(rows.map((p) => [p.id, playerLabel(p)]));
    // The stage's draw method, seeded from the standings its points rule reads (app/models/format/stage-standings.ts).
    const draw = drawInputs(t, engine, played, round);
    // A refused given draw throws here, and the transaction takes back the seeds and removals above.
    const plan = given
      ? givenPlan(given, eligibleForRound(engine), (id) => names.get(id) ?? `#${id}`)
      : planRoundLobbies(
          draw.method,
          draw.players,
          draw.matches,
          previous,
          round,
          readRuleset(t.ruleset).tiebreakers,
          draw.eventPoints,
        );
    const created = await tx
      .insert(lobbies)
      .values(plan.map((l) => ({ tournamentId: t.id, roundNumber: round, name: l.name, playerIds: l.playerIds })))
      .returning();
    if (round === 1) await stopSelfCheckin(tx, t.id);
    await tx
      .update(tournaments)
      .set(round === 1 ? { status: "active", isLocked: true } : { status: "active" })
      .where(eq(tournaments.id, t.id));
    const drawnLobbies: AuditValues = Object.fromEntries(
      plan.map((l) => [l.name, l.playerIds.map((id) => names.get(id) ?? `#${id}`).join(", ")]),
    );
    await audit({
      action: "lobbies.generated",
      summary: `Round ${round} lobbies ${given ? "entered by hand" : "generated"} (${plan.length} lobbies${removedPlayers > 0 ? `, ${removedPlayers} players not checked in set aside` : ""})`,
      after: drawnLobbies,
    });
    emit(event("lobbies_generated", t.id, { name: t.name, roundNumber: round }));
    return { status: "generated", roundNumber: round, lobbies: sortLobbies(created), removedPlayers };
  });
}

/** The given draw as the round's plan (`Lobby 1`, `Lobby 2`, … in the given order), or its refusal (400 invalid_draw). */
function givenPlan(
  given: readonly (readonly number[])[],
  eligible: readonly { id: number }[],
  label: (id: number) => string,
): { name: string; playerIds: number[] }[] {
  const refusal = checkGivenDraw(
    given,
    eligible.map((p) => p.id),
    label,
  );
  if (refusal) throw badRequest(refusal.code, refusal.message, "lobbies");
  return given.map((playerIds, i) => ({ name: lobbyName(i), playerIds: [...playerIds] }));
}

/**
 * Deletes one lobby and its matches and recomputes its players' totals. Refused once its round
 * is finalized (409), unless a master overrides. Event: tournament_updated {roundNumber}.
 */
export async function deleteLobby(
  db: AppDb,
  user: PublicUser | null,
  lobbyId: number,
  options: MutationOptions = {},
): Promise<ActionResult<{ lobbyId: number; tournamentId: number; roundNumber: number }>> {
  return mutate(
    db,
    user,
    (tx) => lockLobby(tx, user, lobbyId, undefined, options),
    async ({ tx, tournament: t, lobby, audit, emit }) => {
      if (t.finalizedRound >= lobby.roundNumber && !options.override) {
        throw conflict("round_finalized", lobbiesFinalizedMessage(lobby.roundNumber));
      }
      const before = await lobbyResultsOf(tx, lobby);
      await tx.delete(lobbies).where(eq(lobbies.id, lobby.id));
      await recomputeStats(tx, t.id, lobby.playerIds);
      await audit({
        action: auditAction("lobby.deleted", options.override),
        summary: `Round ${lobby.roundNumber} ${lobby.name} deleted`,
        roundNumber: lobby.roundNumber,
        before,
        reason: options.reason,
      });
      emit(event("tournament_updated", t.id, { name: t.name, roundNumber: lobby.roundNumber, lobbyId: lobby.id }));
      return { lobbyId: lobby.id, tournamentId: t.id, roundNumber: lobby.roundNumber };
    },
  );
}

export type UndoResult = {
  roundNumber: number;
  deletedLobbies: number;
  /** Round 1 only: the tournament went back to check-in, unlocked. */
  resetToCheckIn: boolean;
  /** Round 1 only: soft-removed players put back. */
  restoredPlayers: number;
};

/**
 * Undoes the current round's lobby generation: deletes its lobbies and matches and recomputes
 * totals. 409 "Cannot undo after finalization" once the round is finalized; 409 when `roundNumber`
 * is not the current round or has no lobbies. Undoing round 1 restores the soft-removed players,
 * sets status checkin and unlocks. Event: tournament_updated {roundNumber}.
 */
export async function undoRound(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  roundNumber: number,
): Promise<ActionResult<UndoResult>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    if (roundNumber !== t.currentRound) {
      throw conflict("wrong_round", wrongRoundUndoMessage(t.currentRound));
    }
    if (t.finalizedRound >= roundNumber) throw conflict("undo_finalized", UNDO_FINALIZED_MESSAGE);
    const drawn = await roundLobbies(tx, t.id, roundNumber);
    if (drawn.length === 0) throw conflict("no_lobbies", noLobbiesToUndoMessage(roundNumber));

    await tx.delete(lobbies).where(and(eq(lobbies.tournamentId, t.id), eq(lobbies.roundNumber, roundNumber)));
    await recomputeStats(tx, t.id, [...new Set(drawn.flatMap((l) => l.playerIds))]);

    let restoredPlayers = 0;
    const resetToCheckIn = roundNumber === 1;
    if (resetToCheckIn) {
      const restored = await tx
        .update(players)
        .set({ removedAt: null })
        .where(and(eq(players.tournamentId, t.id), isNotNull(players.removedAt)))
        .returning({ id: players.id });
      restoredPlayers = restored.length;
      await tx.update(tournaments).set({ status: "checkin", isLocked: false }).where(eq(tournaments.id, t.id));
    }
    await audit({
      action: "round.undone",
      summary: `Round ${roundNumber} lobbies undone (${drawn.length} lobbies deleted${resetToCheckIn ? `, back to check-in, ${restoredPlayers} players restored` : ""})`,
      roundNumber,
      before: Object.fromEntries(drawn.map((l) => [l.name, l.isComplete ? "scored" : "not scored"])),
      after: resetToCheckIn ? { status: "checkin", restoredPlayers } : null,
    });
    emit(event("tournament_updated", t.id, { name: t.name, roundNumber, undone: true }));
    return { roundNumber, deletedLobbies: drawn.length, resetToCheckIn, restoredPlayers };
  });
}

// "Lobby 10" after "Lobby 9": by round, then the number in the name, then id.
export function sortLobbies(list: Lobby[]): Lobby[] {
  const number = (name: string) => Number(/\d+$/.exec(name)?.[0] ?? Number.MAX_SAFE_INTEGER);
  return list.sort((a, b) => a.roundNumber - b.roundNumber || number(a.name) - number(b.name) || a.id - b.id);
}

/** The lobbies of one round, in name order. */
export async function roundLobbies(db: Executor, tournamentId: number, roundNumber: number): Promise<Lobby[]> {
  return sortLobbies(
    await db
      .select()
      .from(lobbies)
      .where(and(eq(lobbies.tournamentId, tournamentId), eq(lobbies.roundNumber, roundNumber))),
  );
}

/** 409 unless the current round has lobbies and every one is scored ("x/y scores submitted"). */
export async function assertRoundScored(tx: Executor, t: Tournament) {
  const drawn = await roundLobbies(tx, t.id, t.currentRound);
  if (drawn.length === 0) throw conflict("no_lobbies", noLobbiesMessage(t.currentRound));
  const done = drawn.filter((l) => l.isComplete).length;
  if (done < drawn.length) {
    throw conflict("round_not_scored", roundNotScoredMessage(done, drawn.length));
  }
}

/**
 * Finds the lobby's tournament, locks it for a mutation, then reads the lobby under that lock; 404
 * for either, and for a lobby outside `within` (the tournament a screen's form was posted to).
 */
export async function lockLobby(
  tx: AppTx,
  user: PublicUser | null,
  lobbyId: number,
  within: number | undefined,
  ...needs: LockNeeds
) {
  requireActor(user);
  const [ref] = await tx.select({ tournamentId: lobbies.tournamentId }).from(lobbies).where(eq(lobbies.id, lobbyId));
  if (!ref || (within !== undefined && ref.tournamentId !== within)) throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
  const tournament = await lockForMutation(tx, user, ref.tournamentId, ...needs);
  const [lobby] = await tx.select().from(lobbies).where(eq(lobbies.id, lobbyId));
  if (!lobby) throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
  return { tournament, lobby };
}
