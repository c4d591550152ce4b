// Self-reported results (docs/decisions/036-player-reports.md): a player reports their lobby's placements (or their own)
// with their pass; agreed reports wait for the staff's one-tap confirm or, with the owner's "save agreed reports", are
// saved at once; conflicting ones are a dispute the staff settle by saving. Every report is in the history.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AppDb, AppTx, Executor } from "#db/client.server";
import { lobbies, playerReports, players, type Lobby, type PlayerReportRow, type Tournament } from "#db/schema";
import { findTournamentOr404, isScorekeeper, type ActionResult } from "../action.server";
import { canManage, requireActor } from "../access/access.server";
import { playerLabel } from "../audit/audit";
import { playerLabels, recordAudit, type AuditActor, type AuditInput } from "../audit/audit.server";
import type { PublicUser } from "../access/auth.server";
import { ActionError, badRequest, completed, conflict, forbidden, notFound, type Refusal } from "../errors";
import { event, type DomainEvent } from "../audit/events";
import { LOBBY_NOT_FOUND } from "../messages";
import {
  agreedScores,
  lobbySavedMessage,
  NOT_A_REPORTER,
  NOT_IN_LOBBY,
  OUT_OF_PLAY_REPORTER,
  readReports,
  reportLobby,
  reportRefusal,
  reportsClosedMessage,
  reportText,
  type PlayerReport,
  type Reading,
  type ReportLobby,
} from "./reports";
import type { ScoreEntry } from "./round-input";
import type { ReportInput } from "./reports-input";
import { storeLobbyScores } from "./scores.server";
import { signupSettingsOf } from "../roster/signup-settings.server";
import { actWithPass } from "../access/pass.server";

const asReport = (row: Pick<PlayerReportRow, "reporterId" | "kind" | "placements">): PlayerReport => ({
  reporterId: row.reporterId,
  kind: row.kind,
  placements: row.placements,
});

/** The given lobbies' members split by whether they are still in play (one read), by lobby id. */
async function lobbiesInPlay(
  db: Executor,
  rows: readonly Pick<Lobby, "id" | "playerIds">[],
): Promise<Map<number, ReportLobby>> {
  const ids = [...new Set(rows.flatMap((l) => l.playerIds))];
  const members = ids.length
    ? await db
        .select({
          id: players.id,
          droppedAt: players.droppedAt,
          removedAt: players.removedAt,
          isEliminated: players.isEliminated,
        })
        .from(players)
        .where(inArray(players.id, ids))
    : [];
  return new Map(rows.map((l) => [l.id, reportLobby(l.playerIds, members)]));
}

/** The lobby's reports that a save has not settled yet, oldest first. */
async function openReports(db: Executor, lobbyIds: readonly number[]): Promise<PlayerReportRow[]> {
  if (lobbyIds.length === 0) return [];
  const rows = await db
    .select()
    .from(playerReports)
    .where(inArray(playerReports.lobbyId, [...lobbyIds]))
    .orderBy(asc(playerReports.createdAt), asc(playerReports.id));
  return rows.filter((r) => r.settledAt === null);
}

/**
 * One entry of the history in the action's transaction, for what no account did: a player's report (their pass), or
 * what the reports caused (the system). Saves carry their webhook (scores.saved).
 */
async function recordUnsigned(
  tx: AppTx,
  t: Tournament,
  who: AuditActor,
  entry: Omit<AuditInput, "tournament" | "actor">,
) {
  await recordAudit(tx, { tournament: t, actor: who, ...entry });
}

/** Who saves with "save agreed reports": the history names the rule, not a person. */
const AGREED_REPORTS: AuditActor = { kind: "system", name: "Agreed reports" };
/** Who says a lobby's reports agree or disagree: the reports themselves. */
const PLAYER_REPORTS: AuditActor = { kind: "system", name: "Player reports" };

export type ReportOutcome = {
  lobby: Pick<Lobby, "id" | "name" | "roundNumber">;
  reading: Reading;
  /** Nothing changed: the same report as the reporter's last one. */
  unchanged: boolean;
  /** The agreed result was saved as the lobby's scores (the owner's "save agreed reports"). */
  saved: boolean;
};

/** Why the pass's player cannot report for this lobby now, or null (the order the refusals are checked in). */
export function reportingRefusal(
  t: Pick<Tournament, "status" | "currentRound" | "finalizedRound">,
  lobby: Pick<Lobby, "name" | "roundNumber" | "isComplete" | "playerIds">,
  playerId: number | null,
  members: ReportLobby,
): Refusal | null {
  if (t.status === "completed") return { code: "tournament_completed", message: "Tournament has been completed" };
  if (playerId === null || !lobby.playerIds.includes(playerId)) return { code: "not_in_lobby", message: NOT_IN_LOBBY };
  if (members.out.includes(playerId)) return { code: "player_dropped", message: OUT_OF_PLAY_REPORTER };
  if (lobby.roundNumber !== t.currentRound || t.finalizedRound >= lobby.roundNumber)
    return { code: "round_finalized", message: reportsClosedMessage(lobby.roundNumber) };
  if (lobby.isComplete) return { code: "lobby_saved", message: lobbySavedMessage(lobby.name) };
  return null;
}

function throwRefusal(refusal: Refusal): never {
  if (refusal.code === "not_in_lobby") throw new ActionError(403, refusal.code, refusal.message);
  if (refusal.code === "invalid_report") throw badRequest(refusal.code, refusal.message, "placements");
  throw conflict(refusal.code, refusal.message);
}

/**
 * A pass holder reports their lobby's result: `placement` (their own) or `placements` (the whole lobby's players still
 * in play). Refused, changing nothing: a pass that is not valid (401), a lobby the pass is not in (403 `not_in_lobby`),
 * a reporter out of play (409 `player_dropped`), a round finalized or not current (409 `round_finalized`), a lobby
 * already saved (409 `lobby_saved`), placements outside 1…k (k the players in play), repeated, not covering the players
 * in play or placing a member out of play (400 `invalid_report`). The reporter's new report replaces their earlier one.
 * When the reports then agree and the owner turned on "save agreed reports", the agreed result is saved as the lobby's
 * scores in the same transaction, every member out of play as DNP. Events: tournament_updated {lobbyId, reports};
 * matches_saved when saved.
 */
export async function submitReport(
  db: AppDb,
  pass: string,
  address: string | null,
  tournamentId: number | undefined,
  input: ReportInput,
): Promise<ActionResult<ReportOutcome>> {
  return actWithPass(db, pass, address, tournamentId, async ({ tx, tournament: t, entry }) => {
    if (t.status === "completed") throw completed();
    if (entry.status !== "registered" || entry.playerId === null) throw conflict("not_active", NOT_A_REPORTER);
    const [lobby] = await tx
      .select()
      .from(lobbies)
      .where(and(eq(lobbies.id, input.lobbyId), eq(lobbies.tournamentId, t.id)));
    if (!lobby) throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
    // Under the tournament's lock: no drop can land between this read and the save below.
    const members = (await lobbiesInPlay(tx, [lobby])).get(lobby.id)!;
    const refusal = reportingRefusal(t, lobby, entry.playerId, members);
    if (refusal) throwRefusal(refusal);
    const report: PlayerReport =
      input.placements !== undefined
        ? { reporterId: entry.playerId, kind: "full", placements: input.placements }
        : {
            reporterId: entry.playerId,
            kind: "own",
            placements: [{ playerId: entry.playerId, placement: input.placement! }],
          };
    const invalid = reportRefusal(members.inPlay, report, members.out);
    if (invalid) throwRefusal(invalid);

    const [earlier, labelOf] = await Promise.all([openReports(tx, [lobby.id]), playerLabels(tx, lobby.playerIds)]);
    const before = readReports(members.inPlay, earlier.map(asReport));
    const mine = earlier.find((r) => r.reporterId === report.reporterId);
    const same =
      mine !== undefined &&
      mine.kind === report.kind &&
      JSON.stringify([...mine.placements].sort((a, b) => a.playerId - b.playerId)) ===
        JSON.stringify([...report.placements].sort((a, b) => a.playerId - b.playerId));
    const outcome = { id: lobby.id, name: lobby.name, roundNumber: lobby.roundNumber };
    if (same) return { result: { lobby: outcome, reading: before, unchanged: true, saved: false }, events: [] };

    const values = { kind: report.kind, placements: [...report.placements], createdAt: new Date(), settledAt: null };
    await tx
      .insert(playerReports)
      .values({
        tournamentId: t.id,
        lobbyId: lobby.id,
        roundNumber: lobby.roundNumber,
        reporterId: report.reporterId,
        ...values,
      })
      .onConflictDoUpdate({ target: [playerReports.lobbyId, playerReports.reporterId], set: values });
    const reports = [...earlier.filter((r) => r.reporterId !== report.reporterId).map(asReport), report];
    const reading = readReports(members.inPlay, reports);
    const me: AuditActor = { kind: "pass", player: entry };
    const text = reportText(report, labelOf);
    await recordUnsigned(tx, t, me, {
      action: "report.submitted",
      summary: `${playerLabel(entry)} reported ${lobby.name}: ${text}${mine ? " (replacing their earlier report)" : ""}`,
      roundNumber: lobby.roundNumber,
      before: mine ? { report: reportText(asReport(mine), labelOf) } : null,
      after: { report: text },
    });
    if (reading.state !== before.state && (reading.state === "agreed" || reading.state === "disputed"))
      await recordUnsigned(tx, t, PLAYER_REPORTS, {
        action: reading.state === "agreed" ? "report.agreed" : "report.disputed",
        summary:
          reading.state === "agreed"
            ? `${lobby.name} reported, agreed: ${reportText({ kind: "full", placements: reading.result }, labelOf)}`
            : `${lobby.name} disputed: the players' reports disagree`,
        roundNumber: lobby.roundNumber,
      });

    const events: DomainEvent[] = [
      event("tournament_updated", t.id, { name: t.name, lobbyId: lobby.id, reports: reading.state }),
    ];
    let saved = false;
    if (reading.state === "agreed" && (await signupSettingsOf(tx, t.id)).saveAgreedReports) {
      const stored = await storeLobbyScores(tx, t, lobby, agreedScores(lobby.playerIds, reading.result), {
        lock: "exclusive",
        record: (e) => recordUnsigned(tx, t, AGREED_REPORTS, e),
        note: " from the players' agreed reports",
      });
      events.push(...stored.events);
      saved = true;
    }
    return { result: { lobby: outcome, reading, unchanged: false, saved }, events };
  });
}

/** One report as staff and the reporter see it: who, what kind, the placements, when. */
export type ReportVersion = {
  reporter: { id: number; name: string; riotTag: string };
  kind: "full" | "own";
  placements: { playerId: number; placement: number }[];
  createdAt: Date;
};

/**
 * A lobby's open reports read together: its state, the agreed result if any (the players in play), the scores that
 * result saves (seat order, a member out of play as DNP: what staff confirm), and every version side by side.
 */
export type LobbyReports = {
  lobbyId: number;
  reading: Reading;
  scores: ScoreEntry[] | null;
  versions: ReportVersion[];
};

/**
 * The open reports of the given lobbies, read together (one query for the reports, and, when there are some, one for
 * their reporters and one for whether the lobbies' members are still in play).
 */
export async function reportsOfLobbies(
  db: Executor,
  rows: readonly Pick<Lobby, "id" | "playerIds">[],
): Promise<Map<number, LobbyReports>> {
  const reports = await openReports(
    db,
    rows.map((l) => l.id),
  );
  const ids = [...new Set(reports.map((r) => r.reporterId))];
  const reported = rows.filter((l) => reports.some((r) => r.lobbyId === l.id));
  const [people, inPlay] = await Promise.all([
    ids.length
      ? db
          .select({ id: players.id, name: players.name, riotTag: players.riotTag })
          .from(players)
          .where(inArray(players.id, ids))
      : Promise.resolve([]),
    lobbiesInPlay(db, reported),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const out = new Map<number, LobbyReports>();
  for (const lobby of rows) {
    const own = reports.filter((r) => r.lobbyId === lobby.id);
    const members = inPlay.get(lobby.id) ?? { inPlay: [...lobby.playerIds], out: [] };
    const reading = readReports(members.inPlay, own.map(asReport));
    const counted = new Set(reading.reporters);
    out.set(lobby.id, {
      lobbyId: lobby.id,
      reading,
      scores: reading.state === "agreed" ? agreedScores(lobby.playerIds, reading.result) : null,
      versions: own
        .filter((r) => counted.has(r.reporterId))
        .map((r) => ({
          reporter: byId.get(r.reporterId) ?? { id: r.reporterId, name: `Player #${r.reporterId}`, riotTag: "" },
          kind: r.kind,
          placements: r.placements,
          createdAt: r.createdAt,
        })),
    });
  }
  return out;
}

/** A lobby's reports for its staff (the owner, masters, its scorekeepers): 401 signed out, 403 anyone else. */
export async function staffLobbyReports(db: Executor, user: PublicUser | null, lobbyId: number) {
  const actor = requireActor(user);
  const [lobby] = await db.select().from(lobbies).where(eq(lobbies.id, lobbyId));
  if (!lobby) throw notFound("lobby_not_found", LOBBY_NOT_FOUND);
  const t = await findTournamentOr404(db, lobby.tournamentId);
  if (!canManage(actor, t) && !(await isScorekeeper(db, t.id, actor.id)))
    throw t.isPublic ? forbidden() : notFound("lobby_not_found", LOBBY_NOT_FOUND);
  const found = (await reportsOfLobbies(db, [lobby])).get(lobby.id)!;
  return { lobby, reports: found };
}

/** What the pass page shows for reporting: whether the player may report now (else why not), and their report. */
export type ReportPanel = {
  lobbyId: number;
  /** The lobby's players still in play, in seat order, with the ids a full report names them by. */
  players: { id: number; name: string; riotTag: string }[];
  /** The lobby's members out of play (dropped since the draw): no report places them; the save records them as DNP. */
  outOfPlay: { id: number; name: string; riotTag: string }[];
  refusal: Refusal | null;
  reading: Reading;
  mine: ReportVersion | null;
  reported: number;
};

export async function reportPanel(
  db: Executor,
  tournamentId: number,
  lobbyId: number,
  playerId: number,
): Promise<ReportPanel | null> {
  const t = await findTournamentOr404(db, tournamentId);
  const [lobby] = await db
    .select()
    .from(lobbies)
    .where(and(eq(lobbies.id, lobbyId), eq(lobbies.tournamentId, t.id)));
  if (!lobby) return null;
  const [found, seated] = await Promise.all([
    reportsOfLobbies(db, [lobby]).then((m) => m.get(lobby.id)!),
    lobby.playerIds.length
      ? db
          .select({
            id: players.id,
            name: players.name,
            riotTag: players.riotTag,
            droppedAt: players.droppedAt,
            removedAt: players.removedAt,
            isEliminated: players.isEliminated,
          })
          .from(players)
          .where(inArray(players.id, lobby.playerIds))
      : Promise.resolve([]),
  ]);
  const members = reportLobby(lobby.playerIds, seated);
  const byId = new Map(seated.map((p) => [p.id, { id: p.id, name: p.name, riotTag: p.riotTag }]));
  const person = (id: number) => byId.get(id) ?? { id, name: `Player #${id}`, riotTag: "" };
  return {
    lobbyId: lobby.id,
    players: members.inPlay.map(person),
    outOfPlay: members.out.map(person),
    refusal: reportingRefusal(t, lobby, playerId, members),
    reading: lobby.isComplete ? { state: "none", reporters: [] } : found.reading,
    mine: found.versions.find((v) => v.reporter.id === playerId) ?? null,
    reported: found.reading.reporters.length,
  };
}
