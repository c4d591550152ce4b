// Scores: saving or editing one lobby's placements, and finalizing the round that locks them.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import { lobbies, matches, players, tournaments, type Lobby, type Match, type Tournament } from "#db/schema";
import { isScorekeeper, lockForMutation, TOURNAMENT_LOCK, type ActionResult } from "./action.server";
import { assertCanMutate, canManage, isMaster, requireActor } from "./access.server";
import { lobbyResults, playerLabel } from "./audit";
import { changeTournament, playerLabels, recordAudit } from "./audit.server";
import type { PublicUser } from "./auth.server";
import { badRequest, conflict, notFound } from "./errors";
import { event } from "./events";
import { assertRoundScored, LOBBY_NOT_FOUND } from "./lobbies.server";
import { scoresLocked, STAFF_CAPABILITIES } from "./policy";
import { resultFor } from "./scoring";
import { staleTotals, writeTotals } from "./stats.server";
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
 * The start of a score save: 401 signed out, 404 for an unknown lobby or one outside `within`, then the
 * tournament's lock **shared** (docs/decisions/040-parallel-saves.md): saves of other lobbies of the round go
 * on beside this one, while any other action of the tournament (finalize, advance, undo, check-in, …) takes it
 * exclusive and runs alone. The tournament is read once the lock is held (nothing but another save's version
 * bump can change it meanwhile), the lobby row is locked (two saves of one lobby run one after the other), and
 * 403 / 409 as `assertCanMutate` says for `saveScores`, in the order `lockLobby` gives them for other actions.
 */
async function lockLobbyForSave(tx: AppTx, user: PublicUser | null, lobbyId: number, within: number | undefined) {
  const actor = requireActor(user);
  const [ref] = await tx
    .select({
      tournamentId: lobbies.tournamentId,
      locked: sql<boolean>`(select true from (select pg_advisory_xact_lock_shared(${TOURNAMENT_LOCK}, ${lobbies.tournamentId})) as held)`,
    })
    .from(lobbies)
    .where(eq(lobbies.id, lobbyId));
  if (!ref || (within !== undefined && ref.tournamentId !== within)) throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
  // One round trip: the tournament, whether the caller is its scorekeeper (asked of everyone but a master: the
  // owner is only known once the row is read) and the lobby, locked.
  const [[tournament], scorekeeper, [lobby]] = await Promise.all([
    tx.select().from(tournaments).where(eq(tournaments.id, ref.tournamentId)),
    isMaster(actor) ? Promise.resolve(false) : isScorekeeper(tx, ref.tournamentId, actor.id),
    tx.select().from(lobbies).where(eq(lobbies.id, lobbyId)).for("no key update"),
  ]);
  if (!tournament) throw notFound();
  const staff = STAFF_CAPABILITIES.includes("saveScores") && !canManage(actor, tournament) ? scorekeeper : false;
  assertCanMutate(actor, tournament, {}, "saveScores", staff);
  if (!lobby) throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
  return { tournament, lobby };
}

/** "Name#Tag" of the given players, read with their rows locked in id order (the save rewrites their totals). */
async function lockedPlayerLabels(tx: AppTx, playerIds: readonly number[]): Promise<(id: number) => string> {
  const rows =
    playerIds.length === 0
      ? []
      : await tx
          .select({ id: players.id, name: players.name, riotTag: players.riotTag })
          .from(players)
          .where(inArray(players.id, [...playerIds]))
          .orderBy(asc(players.id))
          .for("no key update");
  const byId = new Map(rows.map((p) => [p.id, playerLabel(p)]));
  return (id) => byId.get(id) ?? `#${id}`;
}

/**
 * Saves (or replaces) one lobby's placements: checked with `validateLobbyScores` (400 with its
 * message), points from the scoring table, lobby marked complete, its players' totals recomputed.
 * Earlier matches of the lobby are replaced, never added to. The owner and the tournament's
 * scorekeepers may edit until the round is finalized (409 after), a master at any time. Event: matches_saved {lobbyId, roundNumber}.
 *
 * Saves of different lobbies of one tournament run side by side (docs/decisions/040-parallel-saves.md): each
 * holds the tournament's lock shared, its lobby's row and its players' rows, and bumps the tournament's
 * `version` in its last statements, so they queue on one another only from that bump to their commit.
 */
export async function saveScores(
  db: AppDb,
  user: PublicUser | null,
  lobbyId: number,
  scores: readonly ScoreEntry[],
  /** The tournament the score screen's form was posted to: a lobby of another one is "Lobby not found". */
  within?: number,
): Promise<ActionResult<{ lobby: Lobby; matches: Match[] }>> {
  return db.transaction(async (tx) => {
    const { tournament: t, lobby } = await lockLobbyForSave(tx, user, lobbyId, within);
    if (scoresLocked(t, lobby.roundNumber, isMaster(user))) {
      throw conflict(
        "round_finalized",
        `Round ${lobby.roundNumber} has been finalized: its scores can no longer be edited`,
      );
    }
    const error = validateLobbyScores(lobby.playerIds, scores);
    if (error) throw badRequest("invalid_scores", error, "scores");

    // Statements that do not depend on each other go together (postgres.js pipelines them on the
    // transaction's connection); docs/BENCHMARKS.md, "Saves answered on time".
    // Replace, never add: the delete answers the earlier results (for the audit trail) as it removes them,
    // so a second save of the same lobby leaves exactly one set of matches. The players' rows are locked
    // here (in id order), before their matches are read for the totals: a save of another lobby they played
    // in (a master's edit of an earlier round) waits, and its totals then count this one.
    const [previous, labelOf] = await Promise.all([
      tx
        .delete(matches)
        .where(eq(matches.lobbyId, lobby.id))
        .returning({ playerId: matches.playerId, placement: matches.placement, points: matches.points }),
      lockedPlayerLabels(tx, lobby.playerIds),
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
    // The totals are read after the insert above has answered.
    const changed = await staleTotals(tx, t.id, lobby.playerIds);
    // The last statements, sent together: the totals, the version bump (from here to the commit the next save
    // of the tournament waits), then the audit entry and the outbox rows, whose payload reads the bumped
    // version. Each is started here, in this order, and postgres.js sends them first in, first out (the bump is
    // started by `execute()` itself, before recordAudit starts its statements).
    const totalsWritten = writeTotals(tx, changed);
    const bumped = tx
      .update(tournaments)
      .set({ version: sql`${tournaments.version} + 1` })
      .where(eq(tournaments.id, t.id))
      .execute();
    await Promise.all([
      totalsWritten,
      bumped,
      recordAudit(tx, {
        tournament: t,
        actor: user,
        action: "scores.saved",
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
      }),
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
