// Scores: saving or editing one lobby's placements, and finalizing the round that locks them.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import { preparedStatements } from "#db/prepared.server";
import {
  lobbies,
  matches,
  playerReports,
  tournamentStaff,
  tournaments,
  type Lobby,
  type Match,
  type Tournament,
} from "#db/schema";
import { findTournamentOr404, TOURNAMENT_LOCK, type ActionResult } from "../action.server";
import { assertCanMutate, canManage, isMaster, requireActor } from "../access/access.server";
import { lobbyResults, playerLabel } from "../audit/audit";
import { changeTournament, playerLabels, recordAudit, type AuditInput } from "../audit/audit.server";
import type { PublicUser } from "../access/auth.server";
import { badRequest, conflict, notFound } from "../errors";
import { event } from "../audit/events";
import { assertRoundScored } from "./lobbies.server";
import { scoresLocked, STAFF_CAPABILITIES } from "../access/policy";
import { resultFor } from "../format/scoring";
import { totalsDifferences, totalsReads, totalsUpdate } from "../format/stats.server";
import { validateLobbyScores, type ScoreEntry } from "./round-input";
import { LOBBY_NOT_FOUND, roundFinalizedMessage, scoresFinalizedMessage } from "../messages";
import { mutate } from "../mutate.server";

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
 *
 * Saves of different lobbies of one tournament run side by side (docs/decisions/040-parallel-saves.md): each
 * holds the tournament's lock **shared** (any other action of the tournament takes it exclusive and runs
 * alone), its lobby's row and its players' rows, and bumps the tournament's `version` among its last
 * statements, so saves queue on one another only from that bump to their commit. The refusals are the ones
 * `lockLobby` gives other actions, in the same order: 401, 404 for an unknown lobby or one outside `within`,
 * 403 / 409 as `assertCanMutate` says for `saveScores`; then 409 for a finalized round and 400 for bad scores.
 *
 * Three round trips and the commit on PostgreSQL: one read (`saveReads`, the lock and the lobby pipelined: the reads
 * start after the lock), then the two pipelines of `storeLobbyScores`, the writer the "save agreed reports" path uses
 * too. All are prepared statements built once (docs/decisions/042).
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
  return db.transaction(async (tx) => {
    // 1. The tournament's lock, shared (taken in the statement that finds the lobby's tournament), then, in one read
    // after it: the lobby, its row locked (two saves of one lobby: one after the other), its tournament, whether the
    // caller is its scorekeeper (the owner is only known from the row) and whether the lobby has open player reports to
    // settle (none can be added meanwhile: a report takes the lock exclusively).
    const reads = saveReads(tx, 0);
    const [[ref], [found]] = await Promise.all([
      reads.locked.execute({ lobbyId }),
      reads.lobby.execute({ lobbyId, userId: actor.id }),
    ]);
    if (!ref || !found || (within !== undefined && ref.tournamentId !== within))
      throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
    const { lobby, tournament: t } = found;
    const staff = STAFF_CAPABILITIES.includes("saveScores") && !canManage(actor, t) ? found.staff : false;
    assertCanMutate(actor, t, {}, "saveScores", staff);
    if (scoresLocked(t, lobby.roundNumber, isMaster(user))) {
      throw conflict("round_finalized", scoresFinalizedMessage(lobby.roundNumber));
    }
    return storeLobbyScores(tx, t, lobby, scores, {
      lock: "shared",
      record: (entry) => recordAudit(tx, { tournament: t, actor: user, ...entry }),
      openReports: found.openReports,
    });
  });
}

/** How a caller of `storeLobbyScores` holds the tournament and records the save. */
export type LobbySave = {
  /**
   * The tournament's lock as the caller holds it: "shared" (the staff's save, which bumps the tournament's version among
   * its last statements) or "exclusive" (`lockTournament`, which bumped it already: the "save agreed reports" path).
   */
  lock: "shared" | "exclusive";
  /** Writes one history entry (and its webhook) in the transaction: the staff member's, or "Agreed reports". */
  record: (entry: Omit<AuditInput, "tournament" | "actor">) => Promise<void>;
  /** Said after "Lobby n scores saved" in the history (" from the players' agreed reports"). */
  note?: string;
  /** Whether the lobby has open player reports to settle, when the caller knows (false: no statement for them). */
  openReports?: boolean;
};

/**
 * The one writer of a lobby's scores, for the staff's save and the "save agreed reports" one alike, in the caller's
 * transaction under the tournament's lock: the scores checked with `validateLobbyScores` (400 `invalid_scores`), the
 * lobby's earlier matches replaced, the lobby complete, its players' totals recomputed, its open player reports settled,
 * and the save recorded through `save.record`. One path, so a new match column or a new step cannot be left out of one
 * of them.
 *
 * Every statement here runs under the tournament's lock, and each round trip lengthens the wait of the saves queued
 * behind this one (a round's 32 lobbies saved at once), so it is two pipelines of prepared statements and the commit on
 * PostgreSQL: each pipeline's statements are started in the order written (`execute()` hands each to postgres.js at
 * once, and it sends them first in, first out on the transaction's connection, where PostgreSQL runs them one after
 * another), so a later statement sees what an earlier one did or locked: the insert after the delete, the totals'
 * reads after the insert (docs/decisions/031, 042; docs/BENCHMARKS.md, "Saves answered on time").
 */
export async function storeLobbyScores(
  tx: AppTx,
  t: Tournament,
  lobby: Lobby,
  scores: readonly ScoreEntry[],
  save: LobbySave,
): Promise<ActionResult<{ lobby: Lobby; matches: Match[] }>> {
  const error = validateLobbyScores(lobby.playerIds, scores);
  if (error) throw badRequest("invalid_scores", error, "scores");

  // 1. The players' rows locked in id order (read for the audit trail's labels and the totals): a save of another
  // lobby they played in (a master's edit of an earlier round) waits, and its totals then count this one. Replace,
  // never add: the delete answers the earlier results (for the audit trail) as it removes them, then the insert,
  // the lobby's completion and the matches the totals are computed from (they see the insert).
  const rowsToSave = matchRows(t, lobby, scores);
  const writes = saveWrites(tx, `${lobby.playerIds.length}/${rowsToSave.length}`);
  const values = writeValues(t, lobby, rowsToSave);
  const [rows, previous, saved, [updated], played] = await Promise.all([
    writes.players.execute(values),
    writes.previous.execute(values),
    writes.saved.execute(values),
    lobby.isComplete ? Promise.resolve([lobby]) : writes.complete.execute(values),
    writes.played.execute(values),
  ]);
  saved.sort(byPlacement);
  const labelOf = labelsOf(rows);
  // A player substituted out since the earlier save is named too (rare: one more read).
  const missing = previous.map((m) => m.playerId).filter((id) => !lobby.playerIds.includes(id));
  const label = missing.length === 0 ? labelOf : await playerLabels(tx, lobby.playerIds.concat(missing));
  const before = previous.length === 0 ? null : lobbyResults(previous, label);

  // 2. The last statements, together: the totals, the version bump under the shared lock (from here to the commit the
  // next save of the tournament waits), then the audit entry and the outbox rows, whose payload reads the bumped
  // version (`record` starts its statements after the bump has been started), and the reports this save settles.
  const update = totalsUpdate(totalsDifferences(rows, played));
  const [, , , settled] = await Promise.all([
    update ? tx.execute(update).execute() : Promise.resolve(),
    save.lock === "shared" ? writes.bump.execute(values) : Promise.resolve(),
    save.record(savedEntry(lobby, saved, before, label, save.note)),
    save.openReports === false ? 0 : settleReports(tx, lobby.id),
  ]);
  if (settled > 0) await save.record(settledEntry(lobby, settled));
  return savedOutcome(t, lobby, updated, saved);
}

/** The match rows a lobby's checked placements make: points from the tournament's scoring table. */
function matchRows(t: Tournament, lobby: Lobby, scores: readonly ScoreEntry[]) {
  return scores
    .filter((s) => s.placement !== 0 || s.dnp)
    .map((s) => ({
      tournamentId: t.id,
      lobbyId: lobby.id,
      roundNumber: lobby.roundNumber,
      playerId: s.playerId,
      // A DNP has no placement and earns nothing (docs/decisions/019-dnp-and-drops.md).
      ...resultFor(t.scoring, s),
    }));
}

const placeholder = sql.placeholder;

/**
 * The save's first reads, built once (docs/decisions/042): the tournament's lock, shared, in the statement that finds
 * the lobby's tournament; then the lobby, its row locked, with its tournament, whether the caller is one of its
 * scorekeepers and whether the lobby has open player reports.
 */
const saveReads = preparedStatements((db) => ({
  locked: db
    .select({
      tournamentId: lobbies.tournamentId,
      locked: sql<boolean>`(select true from (select pg_advisory_xact_lock_shared(${TOURNAMENT_LOCK}, ${lobbies.tournamentId})) as held)`,
    })
    .from(lobbies)
    .where(eq(lobbies.id, placeholder("lobbyId")))
    .prepare("save_lock"),
  lobby: db
    .select({
      lobby: lobbies,
      tournament: tournaments,
      staff: sql<boolean>`exists (select 1 from ${tournamentStaff} where ${tournamentStaff.tournamentId} = ${lobbies.tournamentId} and ${tournamentStaff.userId} = ${placeholder("userId")})`,
      openReports: sql<boolean>`exists (select 1 from ${playerReports} where ${playerReports.lobbyId} = ${lobbies.id} and ${playerReports.settledAt} is null)`,
    })
    .from(lobbies)
    .innerJoin(tournaments, eq(tournaments.id, lobbies.tournamentId))
    .where(eq(lobbies.id, placeholder("lobbyId")))
    .for("no key update", { of: lobbies })
    .prepare("save_lobby"),
}));

/**
 * The save's writes and the reads between them, built once per shape: "<players in the lobby>/<matches saved>". The
 * values come from `writeValues`.
 */
const saveWrites = preparedStatements((db, shape: string) => {
  const [size, count] = shape.split("/").map(Number);
  const lobbyId = placeholder("lobbyId");
  const totals = totalsReads(
    db,
    placeholder("tournamentId"),
    Array.from({ length: size }, (_, i) => placeholder(`player${i}`)),
  );
  const rows = Array.from({ length: count }, (_, i) => ({
    tournamentId: placeholder("tournamentId"),
    lobbyId,
    roundNumber: placeholder("roundNumber"),
    playerId: placeholder(`row${i}.playerId`),
    placement: placeholder(`row${i}.placement`),
    points: placeholder(`row${i}.points`),
    dnp: placeholder(`row${i}.dnp`),
  }));
  return {
    players: totals.players.for("no key update").prepare("save_players"),
    previous: db
      .delete(matches)
      .where(eq(matches.lobbyId, lobbyId))
      .returning({ playerId: matches.playerId, placement: matches.placement, points: matches.points })
      .prepare("save_previous"),
    saved: db.insert(matches).values(rows).returning().prepare("save_matches"),
    complete: db
      .update(lobbies)
      .set({ isComplete: true })
      .where(eq(lobbies.id, lobbyId))
      .returning()
      .prepare("save_complete"),
    played: totals.matches.prepare("save_played"),
    bump: db
      .update(tournaments)
      .set({ version: sql`${tournaments.version} + 1` })
      .where(eq(tournaments.id, placeholder("tournamentId")))
      .prepare("save_bump"),
  };
});

/** The values of `saveWrites`' placeholders. */
function writeValues(t: Tournament, lobby: Lobby, rows: ReturnType<typeof matchRows>) {
  const values: Record<string, unknown> = { lobbyId: lobby.id, tournamentId: t.id, roundNumber: lobby.roundNumber };
  lobby.playerIds.forEach((id, i) => (values[`player${i}`] = id));
  rows.forEach((row, i) => {
    values[`row${i}.playerId`] = row.playerId;
    values[`row${i}.placement`] = row.placement;
    values[`row${i}.points`] = row.points;
    values[`row${i}.dnp`] = row.dnp;
  });
  return values;
}

/** The history entry (and webhook payload) of a lobby's save; `note` follows the summary. */
function savedEntry(
  lobby: Lobby,
  saved: readonly Match[],
  before: ReturnType<typeof lobbyResults> | null,
  label: (id: number) => string,
  note = "",
): Omit<AuditInput, "tournament" | "actor"> {
  return {
    action: "scores.saved",
    summary: `${lobby.name} scores ${before ? "edited" : "saved"}${note}`,
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

/** The history entry of the player reports a save settled. */
function settledEntry(lobby: Lobby, settled: number): Omit<AuditInput, "tournament" | "actor"> {
  return {
    action: "reports.settled",
    summary: `${lobby.name}: ${settled} player report${settled === 1 ? "" : "s"} settled by the save`,
    roundNumber: lobby.roundNumber,
  };
}

/** What a save answers: the lobby and its matches, and the event the live pages follow. */
function savedOutcome(t: Tournament, lobby: Lobby, updated: Lobby, saved: Match[]) {
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

/** Marks the lobby's open player reports settled (a save decides the lobby); answers how many were. */
async function settleReports(tx: AppTx, lobbyId: number): Promise<number> {
  const rows = await tx
    .update(playerReports)
    .set({ settledAt: new Date() })
    .where(and(eq(playerReports.lobbyId, lobbyId), isNull(playerReports.settledAt)))
    .returning({ id: playerReports.id });
  return rows.length;
}

/** "Name#Tag" by player id, from the rows read (an unknown id: "#id"). */
function labelsOf(rows: readonly { id: number; name: string; riotTag: string }[]): (id: number) => string {
  const byId = new Map(rows.map((p) => [p.id, playerLabel(p)]));
  return (id) => byId.get(id) ?? `#${id}`;
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
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, emit }) => {
    const round = t.currentRound;
    if (t.finalizedRound >= round) throw conflict("round_finalized", roundFinalizedMessage(round));
    await assertRoundScored(tx, t);
    const updated = await changeTournament(
      tx,
      t,
      user,
      { finalizedRound: round },
      { action: "round.finalized", summary: `Round ${round} finalized` },
    );
    emit(event("tournament_updated", t.id, { name: t.name, roundNumber: round, finalized: true }));
    return updated;
  });
}
