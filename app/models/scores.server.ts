// Scores: saving or editing one lobby's placements, and finalizing the round that locks them.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import { lobbies, matches, players, tournaments, type Lobby, type Match, type Tournament } from "#db/schema";
import { lockForMutation, lockTournamentStatement, scorekeeperStatement, type ActionResult } from "./action.server";
import { assertCanMutate, canManage, isMaster, requireActor } from "./access.server";
import { lobbyResults, playerLabel } from "./audit";
import { changeTournament, playerLabels, recordAudit } from "./audit.server";
import type { PublicUser } from "./auth.server";
import { ActionError, badRequest, conflict } from "./errors";
import { event } from "./events";
import { assertRoundScored, lockLobby } from "./lobbies.server";
import { scoresLocked } from "./policy";
import { resultFor } from "./scoring";
import { recomputeStats, totalsDifferences, writeTotals } from "./stats.server";
import { findTournamentOr404 } from "./action.server";
import { validateLobbyScores, type ScoreEntry } from "./validation";

/** Placed results first, 1st to 8th, then the DNPs. */
export function byPlacement(a: Pick<Match, "placement">, b: Pick<Match, "placement">): number {
  return (a.placement ?? Infinity) - (b.placement ?? Infinity) || 0;
}

/** Every saved match, by round, lobby and placement (DNPs last in their lobby). */
export async function listMatches(db: Executor, tournamentId: number): Promise<Match[]> {
  await findTournamentOr404(db, tournamentId);
  return db
    .select()
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
    .orderBy(asc(matches.roundNumber), asc(matches.lobbyId), asc(matches.placement));
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
  /** The tournament the score screen's form was posted to: a lobby of another one is "Lobby not found". */
  within?: number,
): Promise<ActionResult<{ lobby: Lobby; matches: Match[] }>> {
  const actor = requireActor(user);
  let committing = false;
  try {
    return await db.transaction(async (tx) => {
      const saved = await saveInOnePipeline(tx, actor, lobbyId, scores, within);
      committing = true;
      return saved;
    });
  } catch (error) {
    // A refusal, a lobby or tournament changed since it was read, a constraint or a deadlock: nothing was kept (rolled
    // back), and the plain path below, which reads everything under the lock, gives the answer. A failed COMMIT and a
    // lost connection are not retried (the caller answers 503, as for any action while the database is away).
    if (committing || !changedMeanwhile(error)) throw error;
  }
  return saveScoresUnderLock(db, user, lobbyId, scores, within);
}

/** Thrown inside the pipelined save when what it read before the lock no longer holds: roll back, take the plain path. */
class ReadBeforeLockChanged extends Error {}

/** Whether the pipelined save failed because the data changed under it (the plain path then decides), not the database. */
function changedMeanwhile(error: unknown): boolean {
  if (error instanceof ReadBeforeLockChanged || error instanceof ActionError) return true;
  // drizzle keeps the driver's error as `cause`. SQLSTATE class 23: a constraint (a player or lobby gone meanwhile);
  // class 40: a deadlock or serialization failure.
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === "string" && /^(23|40)[0-9A-Z]{3}$/.test(code);
}

/** Sends a drizzle query now (they are lazy until `then`), so queries go to the connection in the order written. */
const send = <T>(query: PromiseLike<T>): Promise<T> => Promise.resolve(query.then((value) => value));

/**
 * A save with as few round trips under the tournament's row lock as the statements allow (docs/decisions/031): the
 * lobby and its tournament are read before the lock and checked as the plain path checks them; then the lock (the
 * version bump), the lobby read again, the delete, the insert, the lobby's completion and the reads for the totals go
 * in one pipeline, which PostgreSQL runs as soon as it grants the lock; the totals, the audit entry and the outbox rows
 * in a second; then the commit. Whatever was assumed before the lock is checked against the locked rows; if any of it
 * changed (or anything fails) the transaction rolls back and `saveScoresUnderLock` decides.
 */
async function saveInOnePipeline(
  tx: AppTx,
  actor: PublicUser,
  lobbyId: number,
  scores: readonly ScoreEntry[],
  within: number | undefined,
): Promise<ActionResult<{ lobby: Lobby; matches: Match[] }>> {
  const [seen] = await tx
    .select({ lobby: lobbies, tournament: tournaments })
    .from(lobbies)
    .innerJoin(tournaments, eq(tournaments.id, lobbies.tournamentId))
    .where(eq(lobbies.id, lobbyId));
  if (!seen || (within !== undefined && seen.lobby.tournamentId !== within)) throw new ReadBeforeLockChanged();
  const { lobby, tournament: before } = seen;
  const master = isMaster(actor);
  if (scoresLocked(before, lobby.roundNumber, master) || validateLobbyScores(lobby.playerIds, scores))
    throw new ReadBeforeLockChanged();
  const ids = lobby.playerIds;
  const rows = scores
    .filter((s) => s.placement !== 0 || s.dnp)
    .map((s) => ({
      tournamentId: before.id,
      lobbyId: lobby.id,
      roundNumber: lobby.roundNumber,
      playerId: s.playerId,
      ...resultFor(before.scoring, s),
    }));

  // The first pipeline, in this order on the transaction's connection: each statement is sent the same way (`send`),
  // so they reach the connection in the order written and PostgreSQL runs them one after another.
  const locking = send(lockTournamentStatement(tx, before.id));
  const staffing = canManage(actor, before) ? Promise.resolve([]) : send(scorekeeperStatement(tx, before.id, actor.id));
  const lobbyNow = send(tx.select().from(lobbies).where(eq(lobbies.id, lobby.id)));
  const deleting = send(
    tx
      .delete(matches)
      .where(eq(matches.lobbyId, lobby.id))
      .returning({ playerId: matches.playerId, placement: matches.placement, points: matches.points }),
  );
  const labelling = send(
    tx
      .select({ id: players.id, name: players.name, riotTag: players.riotTag })
      .from(players)
      .where(inArray(players.id, [...ids])),
  );
  const inserting = send(tx.insert(matches).values(rows).returning());
  const completing = lobby.isComplete
    ? Promise.resolve([lobby])
    : send(tx.update(lobbies).set({ isComplete: true }).where(eq(lobbies.id, lobby.id)).returning());
  const playerRows = send(
    tx
      .select()
      .from(players)
      .where(and(eq(players.tournamentId, before.id), inArray(players.id, [...ids])))
      .orderBy(asc(players.id)),
  );
  const playerMatches = send(
    tx
      .select({ playerId: matches.playerId, placement: matches.placement, points: matches.points })
      .from(matches)
      .where(and(eq(matches.tournamentId, before.id), inArray(matches.playerId, [...ids]))),
  );
  const [[t], staffRows, [now], previous, labelRows, saved, [updated], totalsRows, totalsMatches] = await Promise.all([
    locking,
    staffing,
    lobbyNow,
    deleting,
    labelling,
    inserting,
    completing,
    playerRows,
    playerMatches,
  ]);

  // What the pipeline assumed must hold under the lock: the same lobby, the same scoring, scores still open, allowed.
  if (!t) throw new ReadBeforeLockChanged();
  assertCanMutate(actor, t, {}, "saveScores", staffRows.length > 0);
  if (
    !now ||
    now.roundNumber !== lobby.roundNumber ||
    now.tournamentId !== lobby.tournamentId ||
    now.playerIds.join() !== ids.join() ||
    scoresLocked(t, lobby.roundNumber, master) ||
    JSON.stringify(t.scoring) !== JSON.stringify(before.scoring)
  )
    throw new ReadBeforeLockChanged();

  const labels = new Map(labelRows.map((p) => [p.id, playerLabel(p)]));
  const labelOf = (id: number) => labels.get(id) ?? `#${id}`;
  const missing = previous.map((m) => m.playerId).filter((id) => !ids.includes(id));
  const label = missing.length === 0 ? labelOf : await playerLabels(tx, ids.concat(missing));
  const earlier = previous.length === 0 ? null : lobbyResults(previous, label);
  saved.sort(byPlacement);
  const changed = totalsDifferences(totalsRows, totalsMatches);
  // The second pipeline: the totals, the audit entry and the outbox rows.
  await Promise.all([
    changed.length > 0 ? send(writeTotals(tx, changed)) : undefined,
    recordAudit(tx, auditOfSave(t, actor, lobby, earlier, saved, label)),
  ]);
  return {
    result: { lobby: updated, matches: saved },
    events: [
      event("matches_saved", t.id, {
        name: t.name,
        lobbyId: lobby.id,
        lobbyName: lobby.name,
        roundNumber: lobby.roundNumber,
      }),
    ],
  };
}

/** The audit entry (and webhook fields) of a save. */
function auditOfSave(
  t: Tournament,
  actor: PublicUser | null,
  lobby: Lobby,
  before: ReturnType<typeof lobbyResults> | null,
  saved: Match[],
  label: (id: number) => string,
) {
  return {
    tournament: t,
    actor,
    action: "scores.saved" as const,
    summary: `${lobby.name} scores ${before ? "edited" : "saved"}`,
    roundNumber: lobby.roundNumber,
    before,
    after: lobbyResults(saved, label),
    webhook: {
      lobbyId: lobby.id,
      lobbyName: lobby.name,
      edited: before !== null,
      results: saved.map((m) => ({
        playerId: m.playerId,
        player: label(m.playerId),
        placement: m.placement,
        dnp: m.dnp,
        points: m.points,
      })),
    },
  };
}

/** The plain save: everything read under the tournament's lock, one step after another; it gives every refusal. */
async function saveScoresUnderLock(
  db: AppDb,
  user: PublicUser | null,
  lobbyId: number,
  scores: readonly ScoreEntry[],
  within?: number,
): Promise<ActionResult<{ lobby: Lobby; matches: Match[] }>> {
  return db.transaction(async (tx) => {
    const { tournament: t, lobby } = await lockLobby(tx, user, lobbyId, within, {}, "saveScores");
    if (scoresLocked(t, lobby.roundNumber, isMaster(user))) {
      throw conflict(
        "round_finalized",
        `Round ${lobby.roundNumber} has been finalized: its scores can no longer be edited`,
      );
    }
    const error = validateLobbyScores(lobby.playerIds, scores);
    if (error) throw badRequest("invalid_scores", error, "scores");

    // Every statement below runs under the tournament's row lock, and each round trip to the database
    // lengthens the wait of the saves queued behind this one (a round's 32 lobbies saved at once), so
    // statements that do not depend on each other go together (postgres.js pipelines them on the
    // transaction's connection); docs/BENCHMARKS.md, "Saves answered on time".
    // Replace, never add: the delete answers the earlier results (for the audit trail) as it removes them,
    // so a second save of the same lobby leaves exactly one set of matches.
    const [previous, labelOf] = await Promise.all([
      tx
        .delete(matches)
        .where(eq(matches.lobbyId, lobby.id))
        .returning({ playerId: matches.playerId, placement: matches.placement, points: matches.points }),
      playerLabels(tx, lobby.playerIds),
    ]);
    // A player substituted out since the earlier save is named too (rare: one more read).
    const missing = previous.map((m) => m.playerId).filter((id) => !lobby.playerIds.includes(id));
    const label = missing.length === 0 ? labelOf : await playerLabels(tx, lobby.playerIds.concat(missing));
    const before = previous.length === 0 ? null : lobbyResults(previous, label);
    const [saved, [updated]] = await Promise.all([
      tx
        .insert(matches)
        .values(
          scores
            .filter((s) => s.placement !== 0 || s.dnp)
            .map((s) => ({
              tournamentId: t.id,
              lobbyId: lobby.id,
              roundNumber: lobby.roundNumber,
              playerId: s.playerId,
              // A DNP has no placement and earns nothing (docs/decisions/019-dnp-and-drops.md).
              ...resultFor(t.scoring, s),
            })),
        )
        .returning(),
      lobby.isComplete
        ? Promise.resolve([lobby])
        : tx.update(lobbies).set({ isComplete: true }).where(eq(lobbies.id, lobby.id)).returning(),
    ]);
    saved.sort(byPlacement);
    // The totals (read after the insert above has answered) and the audit row do not depend on each other.
    await Promise.all([
      recomputeStats(tx, t.id, lobby.playerIds),
      recordAudit(tx, auditOfSave(t, user, lobby, before, saved, label)),
    ]);
    return {
      result: { lobby: updated, matches: saved },
      events: [
        event("matches_saved", t.id, {
          name: t.name,
          lobbyId: lobby.id,
          lobbyName: lobby.name,
          roundNumber: lobby.roundNumber,
        }),
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
    const updated = await changeTournament(
      tx,
      t,
      user,
      { finalizedRound: round },
      { action: "round.finalized", summary: `Round ${round} finalized` },
    );
    return {
      result: updated,
      events: [event("tournament_updated", t.id, { name: t.name, roundNumber: round, finalized: true })],
    };
  });
}
