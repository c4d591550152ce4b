// The round cycle: lobby generation, score saves, finalize, cut and advance, undo; plus the leaderboard and cut preview.
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import { lobbies, matches, players, tournaments, type Lobby, type Match, type Player, type Tournament } from "#db/schema";
import {
  findTournamentOr404,
  lockForMutation,
  type LockNeeds,
  type ActionResult,
  type MutationOptions,
} from "./action.server";
import { isMaster, requireActor } from "./access.server";
import { auditAction, changedFields, lobbyResults, playerLabel, type AuditValues } from "./audit";
import { recordAudit } from "./audit.server";
import type { PublicUser } from "./auth.server";
import {
  defaultCut,
  maxCut,
  planCut,
  proposedEliminationCut,
  resolveCut,
  validateCutCount,
  type CutPlan,
} from "./cuts";
import { badRequest, COMPLETED_MESSAGE, conflict, notFound } from "./errors";
import { event, type DomainEvent } from "./events";
import { assignSeeds, eligibleForRound, planRoundLobbies } from "./lobbies";
import { pointsFor } from "./scoring";
import { stopSelfCheckin } from "./self-checkin-state.server";
import { computeStandings, type Criterion, type StandingRow } from "./standings";
import { recomputeStats, toEnginePlayer } from "./stats.server";
import { validateLobbyScores, type ScoreEntry } from "./validation";

export const LOBBY_NOT_FOUND = "Lobby not found";
export const ROUND_ONE_MINIMUM = 16;
export const ROUND_ONE_MESSAGE = "At least 16 players must be checked in to generate lobbies";
export const LATER_ROUND_MINIMUM = 4;
export const UNDO_FINALIZED_MESSAGE = "Cannot undo after finalization";

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

/** Every saved match, by round, lobby and placement. */
export async function listMatches(db: Executor, tournamentId: number): Promise<Match[]> {
  await findTournamentOr404(db, tournamentId);
  return db
    .select()
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
    .orderBy(asc(matches.roundNumber), asc(matches.lobbyId), asc(matches.placement));
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
 * event tournament_completed) and a Standard one answers 409 "Not enough players". More than
 * maxPlayers answers 409 "Too many players". Event: lobbies_generated {roundNumber}.
 */
export async function generateLobbies(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  roundNumber?: number,
): Promise<ActionResult<GenerateResult>> {
  return db.transaction(async (tx) => {
    const t = await lockForMutation(tx, user, tournamentId);
    const round = t.currentRound;
    if (roundNumber !== undefined && roundNumber !== round) {
      throw conflict("wrong_round", `Lobbies can only be generated for the current round (Round ${round})`);
    }
    if ((await roundLobbies(tx, t.id, round)).length > 0) throw conflict("lobbies_exist", `Lobbies already exist for Round ${round}`);

    const rows = await tx.select().from(players).where(eq(players.tournamentId, t.id));
    let engine = rows.map(toEnginePlayer);
    const eligible = eligibleForRound(engine);
    const events: DomainEvent[] = [];
    let removedPlayers = 0;

    if (round === 1) {
      if (eligible.length < ROUND_ONE_MINIMUM) throw conflict("round_one_minimum", ROUND_ONE_MESSAGE);
      if (eligible.length > t.maxPlayers) throw conflict("too_many_players", "Too many players");
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
          await recordAudit(tx, {
            tournament: t,
            actor: user,
            action: "tournament.completed",
            summary: `Tournament completed: fewer than ${LATER_ROUND_MINIMUM} active players left for Round ${round}`,
            ...changedFields(t, { status: "completed" }),
          });
          return {
            result: { status: "completed", roundNumber: round, lobbies: [], removedPlayers: 0, message: COMPLETED_MESSAGE },
            events: [event("tournament_completed", t.id, { name: t.name })],
          };
        }
        throw conflict("not_enough_players", "Not enough players");
      }
      if (eligible.length > t.maxPlayers) throw conflict("too_many_players", "Too many players");
    }

    const previous = await tx
      .select({ roundNumber: lobbies.roundNumber, playerIds: lobbies.playerIds })
      .from(lobbies)
      .where(eq(lobbies.tournamentId, t.id));
    const played = await tx
      .select({ playerId: matches.playerId, placement: matches.placement, points: matches.points, roundNumber: matches.roundNumber })
      .from(matches)
      .where(eq(matches.tournamentId, t.id));
    const plan = planRoundLobbies(t.lobbyMethod, engine, played, previous, round);
    const created = await tx
      .insert(lobbies)
      .values(plan.map((l) => ({ tournamentId: t.id, roundNumber: round, name: l.name, playerIds: l.playerIds })))
      .returning();
    if (round === 1) await stopSelfCheckin(tx, t.id);
    await tx
      .update(tournaments)
      .set(round === 1 ? { status: "active", isLocked: true } : { status: "active" })
      .where(eq(tournaments.id, t.id));
    const names = new Map(rows.map((p) => [p.id, playerLabel(p)]));
    const drawnLobbies: AuditValues = Object.fromEntries(
      plan.map((l) => [l.name, l.playerIds.map((id) => names.get(id) ?? `#${id}`).join(", ")]),
    );
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: "lobbies.generated",
      summary: `Round ${round} lobbies generated (${plan.length} lobbies${removedPlayers > 0 ? `, ${removedPlayers} players not checked in set aside` : ""})`,
      after: drawnLobbies,
    });
    events.push(event("lobbies_generated", t.id, { name: t.name, roundNumber: round }));
    return {
      result: { status: "generated", roundNumber: round, lobbies: sortLobbies(created), removedPlayers },
      events,
    };
  });
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
  return db.transaction(async (tx) => {
    const { tournament: t, lobby } = await lockLobby(tx, user, lobbyId, options);
    if (t.finalizedRound >= lobby.roundNumber && !options.override) {
      throw conflict("round_finalized", `Round ${lobby.roundNumber} has been finalized: its lobbies can no longer be deleted`);
    }
    const before = await lobbyResultsOf(tx, lobby);
    await tx.delete(lobbies).where(eq(lobbies.id, lobby.id));
    await recomputeStats(tx, t.id, lobby.playerIds);
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: auditAction("lobby.deleted", options.override),
      summary: `Round ${lobby.roundNumber} ${lobby.name} deleted`,
      roundNumber: lobby.roundNumber,
      before,
      reason: options.reason,
    });
    return {
      result: { lobbyId: lobby.id, tournamentId: t.id, roundNumber: lobby.roundNumber },
      events: [event("tournament_updated", t.id, { name: t.name, roundNumber: lobby.roundNumber, lobbyId: lobby.id })],
    };
  });
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
  return db.transaction(async (tx) => {
    const t = await lockForMutation(tx, user, tournamentId);
    if (roundNumber !== t.currentRound) {
      throw conflict("wrong_round", `Only the current round (Round ${t.currentRound}) can be undone`);
    }
    if (t.finalizedRound >= roundNumber) throw conflict("undo_finalized", UNDO_FINALIZED_MESSAGE);
    const drawn = await roundLobbies(tx, t.id, roundNumber);
    if (drawn.length === 0) throw conflict("no_lobbies", `No lobbies to undo for Round ${roundNumber}`);

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
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: "round.undone",
      summary: `Round ${roundNumber} lobbies undone (${drawn.length} lobbies deleted${resetToCheckIn ? `, back to check-in, ${restoredPlayers} players restored` : ""})`,
      roundNumber,
      before: Object.fromEntries(drawn.map((l) => [l.name, l.isComplete ? "scored" : "not scored"])),
      after: resetToCheckIn ? { status: "checkin", restoredPlayers } : null,
    });
    return {
      result: { roundNumber, deletedLobbies: drawn.length, resetToCheckIn, restoredPlayers },
      events: [event("tournament_updated", t.id, { name: t.name, roundNumber, undone: true })],
    };
  });
}

/**
 * Saves (or replaces) one lobby's placements: checked with `validateLobbyScores` (400 with its
 * message), points from the scoring table, lobby marked complete, its players' totals recomputed.
 * Earlier matches of the lobby are replaced, never added to. The owner and the tournament's
 * scorekeepers may edit until the round is finalized (409 after), a master at any time. Event: matches_saved {lobbyId, roundNumber}.
 */
export async function saveScores(
  db: AppDb,
  user: PublicUser | null,
  lobbyId: number,
  scores: readonly ScoreEntry[],
): Promise<ActionResult<{ lobby: Lobby; matches: Match[] }>> {
  return db.transaction(async (tx) => {
    const { tournament: t, lobby } = await lockLobby(tx, user, lobbyId, {}, "saveScores");
    if (t.finalizedRound >= lobby.roundNumber && !isMaster(user)) {
      throw conflict("round_finalized", `Round ${lobby.roundNumber} has been finalized: its scores can no longer be edited`);
    }
    const error = validateLobbyScores(lobby.playerIds, scores);
    if (error) throw badRequest("invalid_scores", error, "scores");

    const before = await lobbyResultsOf(tx, lobby);
    // Replace, never add: a second save of the same lobby leaves exactly one set of matches.
    await tx.delete(matches).where(eq(matches.lobbyId, lobby.id));
    const saved = await tx
      .insert(matches)
      .values(
        scores
          .filter((s) => s.placement !== 0)
          .map((s) => ({
            tournamentId: t.id,
            lobbyId: lobby.id,
            roundNumber: lobby.roundNumber,
            playerId: s.playerId,
            placement: s.placement,
            points: pointsFor(t.scoring, s.placement),
          })),
      )
      .returning();
    const [updated] = lobby.isComplete
      ? [lobby]
      : await tx.update(lobbies).set({ isComplete: true }).where(eq(lobbies.id, lobby.id)).returning();
    await recomputeStats(tx, t.id, lobby.playerIds);
    saved.sort((a, b) => a.placement - b.placement);
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: "scores.saved",
      summary: `${lobby.name} scores ${before ? "edited" : "saved"}`,
      roundNumber: lobby.roundNumber,
      before,
      after: lobbyResults(saved, await playerLabels(tx, lobby.playerIds)),
    });
    return {
      result: { lobby: updated, matches: saved },
      events: [
        event("matches_saved", t.id, { name: t.name, lobbyId: lobby.id, lobbyName: lobby.name, roundNumber: lobby.roundNumber }),
      ],
    };
  });
}

/**
 * Finalizes the current round: every lobby must be complete (409 "All lobby scores must be
 * submitted first: x/y scores submitted"). Locks its scores and blocks undo. Event: tournament_updated {roundNumber}.
 */
export async function finalizeRound(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
): Promise<ActionResult<Tournament>> {
  return db.transaction(async (tx) => {
    const t = await lockForMutation(tx, user, tournamentId);
    const round = t.currentRound;
    if (t.finalizedRound >= round) throw conflict("round_finalized", `Round ${round} has already been finalized`);
    await assertRoundScored(tx, t);
    const [updated] = await tx
      .update(tournaments)
      .set({ finalizedRound: round })
      .where(eq(tournaments.id, t.id))
      .returning();
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: "round.finalized",
      summary: `Round ${round} finalized`,
      ...changedFields(t, { finalizedRound: round }),
    });
    return { result: updated, events: [event("tournament_updated", t.id, { name: t.name, roundNumber: round, finalized: true })] };
  });
}

export type AdvanceInput = { eliminationCount?: number; tiebreakerPlayerIds?: number[] };

export type AdvanceResult = {
  status: Tournament["status"];
  currentRound: number;
  /** Players the cut eliminated. */
  eliminated: number[];
  /** "Tournament has been completed" when advancing completed it. */
  message?: string;
};

/**
 * Ends the current round: every lobby must be complete (409 with "x/y scores submitted"), it is
 * finalized if it was not yet, the cut is applied (`eliminationCount`, validated by the cuts
 * module: 400), and currentRound goes up. A tie at the cut line answers 409 naming the tied
 * players and how many to pick, unless `tiebreakerPlayerIds` picks exactly that many of them.
 * Completes the tournament past totalRounds, or in Elimination with fewer than 4 active players
 * left (answer message "Tournament has been completed"). Event: round_advanced {newRound} or
 * tournament_completed {name}.
 */
export async function advanceRound(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  input: AdvanceInput = {},
): Promise<ActionResult<AdvanceResult>> {
  return db.transaction(async (tx) => {
    const t = await lockForMutation(tx, user, tournamentId);
    const round = t.currentRound;
    await assertRoundScored(tx, t);

    const count = input.eliminationCount ?? 0;
    let eliminated: number[] = [];
    const { active, rows } = await activeStandings(tx, t.id);
    if (count > 0) {
      const invalid = validateCutCount(count, active.length);
      if (invalid) throw badRequest("invalid_cut", invalid, "eliminationCount");
      const plan = planCut(active, count);
      if (plan.needed > 0) {
        const resolution = resolveCut(plan, input.tiebreakerPlayerIds ?? []);
        if (!resolution.ok) {
          const byId = new Map(rows.map((p) => [p.id, p]));
          const names = plan.tied.map((id) => byId.get(id)?.name ?? `#${id}`).join(", ");
          throw conflict(
            "tie_at_cut",
            `Tie-break needed at the cut line: select exactly ${plan.needed} of the ${plan.tied.length} tied players to eliminate (${names})`,
          );
        }
        eliminated = resolution.eliminate;
      } else {
        eliminated = plan.sure;
      }
      await tx.update(players).set({ isEliminated: true }).where(inArray(players.id, eliminated));
    } else if (count < 0 || !Number.isInteger(count)) {
      throw badRequest("invalid_cut", "Cut amount must be a whole number of at least 0", "eliminationCount");
    }

    const remaining = active.length - eliminated.length;
    const completes = round >= t.totalRounds || (t.format === "elimination" && remaining < LATER_ROUND_MINIMUM);
    const [updated] = await tx
      .update(tournaments)
      .set(
        completes
          ? { status: "completed", finalizedRound: Math.max(t.finalizedRound, round) }
          : { currentRound: round + 1, finalizedRound: Math.max(t.finalizedRound, round) },
      )
      .where(eq(tournaments.id, t.id))
      .returning();
    const byId = new Map(rows.map((p) => [p.id, playerLabel(p)]));
    const cut: AuditValues = eliminated.length > 0 ? { eliminated: eliminated.map((id) => byId.get(id) ?? `#${id}`).join(", ") } : {};
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: completes ? "tournament.completed" : "round.advanced",
      summary: completes
        ? `Round ${round} ended and the tournament completed${eliminated.length > 0 ? ` (${eliminated.length} players cut)` : ""}`
        : `Advanced to Round ${round + 1}${eliminated.length > 0 ? ` (${eliminated.length} players cut)` : ""}`,
      roundNumber: round,
      before: { status: t.status, currentRound: t.currentRound },
      after: { status: updated.status, currentRound: updated.currentRound, ...cut },
    });
    if (completes) {
      return {
        result: { status: updated.status, currentRound: updated.currentRound, eliminated, message: COMPLETED_MESSAGE },
        events: [event("tournament_completed", t.id, { name: t.name })],
      };
    }
    return {
      result: { status: updated.status, currentRound: updated.currentRound, eliminated },
      events: [event("round_advanced", t.id, { name: t.name, newRound: updated.currentRound })],
    };
  });
}

export type LeaderboardRow = Pick<
  Player,
  "id" | "tournamentId" | "name" | "riotTag" | "lp" | "seed" | "isEliminated" | "isCheckedIn"
> & {
  rank: number;
  totalPoints: number;
  matchesPlayed: number;
  averagePlacement: number;
  bestFinish: number | null;
  wins: number;
  top4: number;
  /** The criterion that separated this row from the one above; null for the first. */
  separatedBy: Criterion | null;
};

/** Standings of every player in play (soft-removed excluded), active first, in tiebreak order. */
export async function getLeaderboard(db: Executor, tournamentId: number): Promise<LeaderboardRow[]> {
  await findTournamentOr404(db, tournamentId);
  const [rows, played] = await loadPlayersAndMatches(db, tournamentId);
  const byId = new Map(rows.map((p) => [p.id, p]));
  return computeStandings(rows.map(toEnginePlayer), played).map((row) => toLeaderboardRow(byId.get(row.playerId)!, row));
}

export type CutPreview = {
  roundNumber: number;
  activeCount: number;
  /** Lobbies of the current round with scores / all lobbies of the current round. */
  scoresSubmitted: number;
  lobbyCount: number;
  /** Largest valid cut (keeps at least 8). */
  maxCut: number;
  /** What the dialog proposes: Elimination's bottom 25% from round 3, else the default of 8 (when valid). */
  proposedCount: number;
  /** The count the plan is for (the asked count, or the proposal). */
  count: number;
  /** Why `count` cannot be applied, or null. */
  error: string | null;
  /** Players sure to go, tied at the line, and how many of the tied to pick; null when `error`. */
  plan: CutPlan | null;
  /** Name and tag of the players in the plan, for the dialogs. */
  players: Record<number, { name: string; riotTag: string; totalPoints: number; averagePlacement: number }>;
};

/** The cut dialog's data for `count` players (default: the proposal). Reads only. */
export async function cutPreview(db: Executor, tournamentId: number, count?: number): Promise<CutPreview> {
  const t = await findTournamentOr404(db, tournamentId);
  const { active, rows } = await activeStandings(db, t.id);
  const drawn = await roundLobbies(db, t.id, t.currentRound);
  const activeCount = active.length;
  const proposedCount =
    t.format === "elimination" ? proposedEliminationCut(activeCount, t.currentRound) : defaultCut(activeCount);
  const chosen = count ?? proposedCount;
  const error = validateCutCount(chosen, activeCount);
  const plan = error ? null : planCut(active, chosen);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const standingById = new Map(active.map((r) => [r.playerId, r]));
  const shown: CutPreview["players"] = {};
  for (const id of plan ? [...plan.sure, ...plan.tied] : []) {
    const p = byId.get(id);
    const r = standingById.get(id);
    if (p && r) shown[id] = { name: p.name, riotTag: p.riotTag, totalPoints: r.totalPoints, averagePlacement: r.averagePlacement };
  }
  return {
    roundNumber: t.currentRound,
    activeCount,
    scoresSubmitted: drawn.filter((l) => l.isComplete).length,
    lobbyCount: drawn.length,
    maxCut: maxCut(activeCount),
    proposedCount,
    count: chosen,
    error,
    plan,
    players: shown,
  };
}

// ---------- helpers ----------

// "Lobby 10" after "Lobby 9": by round, then the number in the name, then id.
export function sortLobbies(list: Lobby[]): Lobby[] {
  const number = (name: string) => Number(/\d+$/.exec(name)?.[0] ?? Number.MAX_SAFE_INTEGER);
  return list.sort((a, b) => a.roundNumber - b.roundNumber || number(a.name) - number(b.name) || a.id - b.id);
}

async function roundLobbies(db: Executor, tournamentId: number, roundNumber: number): Promise<Lobby[]> {
  return sortLobbies(
    await db
      .select()
      .from(lobbies)
      .where(and(eq(lobbies.tournamentId, tournamentId), eq(lobbies.roundNumber, roundNumber))),
  );
}

/** 409 unless the current round has lobbies and every one is scored ("x/y scores submitted"). */
async function assertRoundScored(tx: Executor, t: Tournament) {
  const drawn = await roundLobbies(tx, t.id, t.currentRound);
  if (drawn.length === 0) throw conflict("no_lobbies", `No lobbies have been generated for Round ${t.currentRound}`);
  const done = drawn.filter((l) => l.isComplete).length;
  if (done < drawn.length) {
    throw conflict("round_not_scored", `All lobby scores must be submitted first: ${done}/${drawn.length} scores submitted`);
  }
}

async function loadPlayersAndMatches(db: Executor, tournamentId: number) {
  const rows = await db.select().from(players).where(eq(players.tournamentId, tournamentId));
  const played = await db
    .select({ playerId: matches.playerId, placement: matches.placement, points: matches.points })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId));
  return [rows, played] as const;
}

/** The standings of the players who would play the next round (checked in, not eliminated, not removed). */
async function activeStandings(db: Executor, tournamentId: number): Promise<{ active: StandingRow[]; rows: Player[] }> {
  const [rows, played] = await loadPlayersAndMatches(db, tournamentId);
  return { active: computeStandings(eligibleForRound(rows.map(toEnginePlayer)), played), rows };
}

export function toLeaderboardRow(p: Player, row: StandingRow): LeaderboardRow {
  return {
    id: p.id,
    tournamentId: p.tournamentId,
    name: p.name,
    riotTag: p.riotTag,
    lp: p.lp,
    seed: p.seed,
    isEliminated: p.isEliminated,
    isCheckedIn: p.isCheckedIn,
    rank: row.rank,
    totalPoints: row.totalPoints,
    matchesPlayed: row.matchesPlayed,
    averagePlacement: row.averagePlacement,
    bestFinish: row.bestFinish,
    wins: row.wins,
    top4: row.top4,
    separatedBy: row.separatedBy,
  };
}

/** "Name#Tag" of the given players, for the audit trail. */
async function playerLabels(db: Executor, playerIds: readonly number[]): Promise<(id: number) => string> {
  const rows =
    playerIds.length === 0
      ? []
      : await db.select({ id: players.id, name: players.name, riotTag: players.riotTag }).from(players).where(inArray(players.id, [...playerIds]));
  const byId = new Map(rows.map((p) => [p.id, playerLabel(p)]));
  return (id) => byId.get(id) ?? `#${id}`;
}

/** A lobby's saved results as the audit trail shows them, or null before any save. */
async function lobbyResultsOf(db: Executor, lobby: Lobby): Promise<AuditValues | null> {
  const saved = await db
    .select({ playerId: matches.playerId, placement: matches.placement, points: matches.points })
    .from(matches)
    .where(eq(matches.lobbyId, lobby.id));
  if (saved.length === 0) return null;
  return lobbyResults(saved, await playerLabels(db, lobby.playerIds.concat(saved.map((m) => m.playerId))));
}

/** Finds the lobby's tournament, locks it for a mutation, then reads the lobby under that lock; 404 for either. */
async function lockLobby(tx: AppTx, user: PublicUser | null, lobbyId: number, ...needs: LockNeeds) {
  requireActor(user);
  const [ref] = await tx.select({ tournamentId: lobbies.tournamentId }).from(lobbies).where(eq(lobbies.id, lobbyId));
  if (!ref) throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
  const tournament = await lockForMutation(tx, user, ref.tournamentId, ...needs);
  const [lobby] = await tx.select().from(lobbies).where(eq(lobbies.id, lobbyId));
  if (!lobby) throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
  return { tournament, lobby };
}
