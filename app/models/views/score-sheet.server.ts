// The score screen's read model: one round's lobbies with their saved placements, the current round's progress, the player counts its actions name, and the cut dialog when asked.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { lobbies as lobbyTable, matches as matchTable, players as playerTable, type Tournament } from "#db/schema";
import { previewCut, type CutPreview } from "../format/cuts";
import { eligibleForRound } from "../rounds/lobbies";
import { sortLobbies } from "../rounds/lobbies.server";
import { canEditRound, playerCounts, type Abilities, type Role } from "../access/policy";
import { currentStageStandings, stageEndOfAdvance } from "../format/stage-standings";
import { stageRoundNote } from "../format/stages";
import { cutRuleOf, readRuleset } from "../format/ruleset";
import { lobbyState, type LobbyState } from "../rounds/score-sheet";
import { toEnginePlayer } from "../format/stats.server";
import { reportsOfLobbies } from "../rounds/reports.server";
import type { Claim, Reading } from "../rounds/reports";
import type { ScoreEntry } from "../rounds/round-input";

export type ScoreSheetQuery = {
  /** The asked round (`?round=`), shown when it is not past the current one; else the current round. */
  round: number | null;
  /** The cut dialog (`?cut=1`), with the asked count (default: the proposal); null when not asked. */
  cut: { count?: number } | null;
};

/** One lobby of the shown round, its players in seat order with their saved placement and points. */
export type ScoreSheetLobby = {
  id: number;
  name: string;
  roundNumber: number;
  isComplete: boolean;
  /** Saved; else agreed or disputed by its players' reports; else pending. */
  state: LobbyState;
  /** Its players' open reports (docs/decisions/036-player-reports.md): every version side by side, and the agreed result. */
  reports: {
    state: Reading["state"];
    /** The scores the agreed result saves, in seat order, a member out of play as DNP (staff confirm it in one tap). */
    result: ScoreEntry[] | null;
    versions: {
      reporter: { id: number; name: string; riotTag: string };
      kind: "full" | "own";
      placements: Claim[];
    }[];
  };
  players: {
    id: number;
    name: string;
    riotTag: string;
    /** The saved placement, or null before the lobby is scored (and for a DNP). */
    placement: number | null;
    /** Saved as "did not play". */
    dnp: boolean;
    /** Dropped out of the event: the host may save them as DNP. */
    dropped: boolean;
    points: number | null;
  }[];
};

/**
 * Reads the tournament's lobbies, matches and players once (the tournament row is the caller's)
 * and answers what the score screen renders for this viewer.
 */
export async function scoreSheetView(
  db: Executor,
  tournament: Tournament,
  access: { role: Role; can: Abilities },
  query: ScoreSheetQuery,
) {
  const t = tournament;
  const [lobbyRows, matchRows, playerRows] = await Promise.all([
    db.select().from(lobbyTable).where(eq(lobbyTable.tournamentId, t.id)),
    db.select().from(matchTable).where(eq(matchTable.tournamentId, t.id)),
    db.select().from(playerTable).where(eq(playerTable.tournamentId, t.id)).orderBy(asc(playerTable.id)),
  ]);
  const allLobbies = sortLobbies(lobbyRows);
  const current = t.currentRound;
  const viewRound = query.round !== null && query.round <= current ? query.round : current;
  // Player reports matter to lobbies still waiting for their scores.
  const reports = await reportsOfLobbies(
    db,
    allLobbies.filter((l) => l.roundNumber === viewRound && !l.isComplete),
  );

  const byId = new Map(playerRows.map((p) => [p.id, p]));
  const matchOf = new Map(matchRows.map((m) => [`${m.lobbyId}:${m.playerId}`, m]));
  const lobbies: ScoreSheetLobby[] = allLobbies
    .filter((l) => l.roundNumber === viewRound)
    .map((l) => {
      const found = reports.get(l.id);
      const reading = found?.reading ?? { state: "none" as const, reporters: [] };
      return {
        id: l.id,
        name: l.name,
        roundNumber: l.roundNumber,
        isComplete: l.isComplete,
        state: lobbyState(l, reading.state),
        reports: {
          state: reading.state,
          result: found?.scores ?? null,
          versions: (found?.versions ?? []).map((v) => ({
            reporter: v.reporter,
            kind: v.kind,
            placements: v.placements,
          })),
        },
        players: l.playerIds.map((id) => {
          const p = byId.get(id);
          const m = matchOf.get(`${l.id}:${id}`);
          return {
            id,
            name: p?.name ?? `Player #${id}`,
            riotTag: p?.riotTag ?? "",
            placement: m?.placement ?? null,
            dnp: m?.dnp ?? false,
            dropped: p ? p.droppedAt !== null : false,
            points: m?.points ?? null,
          };
        }),
      };
    });
  const currentLobbies = allLobbies.filter((l) => l.roundNumber === current);
  const completed = t.status === "completed";

  // The current round's stage, and what its end does (docs/rules.md "Stages"); a stage end's cut replaces the dialog.
  const chain = readRuleset(t.ruleset).tiebreakers;
  const inPlay = eligibleForRound(playerRows.map(toEnginePlayer));
  // The stage's standings of the players in play, read only when a cut or a stage end is shown.
  const active = () => currentStageStandings(inPlay, matchRows, t, chain);
  const stage = stageRoundNote(t, current, inPlay.length);
  let cut: CutPreview | null = null;
  if (query.cut && access.can.manage && !completed && currentLobbies.length > 0 && !stage?.endsWithCut) {
    cut = previewCut(t, active(), playerRows, currentLobbies, query.cut.count);
  }

  // A stage that ends in a cut has no cut dialog: the Advance form names who its end cuts, and a tie at its line is
  // picked inside it (the plan advanceRound settles, so the picks it asks for are the ones these checkboxes offer).
  let stageEnd: StageEndView | null = null;
  let stageTie: StageTie | null = null;
  if (access.can.manage && !completed && currentLobbies.length > 0 && currentLobbies.every((l) => l.isComplete)) {
    const end = stage?.endsWithCut
      ? stageEndOfAdvance(t, current, active(), matchRows, cutRuleOf(readRuleset(t.ruleset)))
      : null;
    if (end) {
      const named = (id: number) => ({
        id,
        name: byId.get(id)?.name ?? `Player #${id}`,
        riotTag: byId.get(id)?.riotTag ?? "",
      });
      stageEnd = { words: end.summary.words, cut: end.plan.sure.map(named) };
      if (end.plan.needed > 0) stageTie = { needed: end.plan.needed, players: end.plan.tied.map(named) };
    }
  }

  return {
    tournament: {
      id: t.id,
      name: t.name,
      status: t.status,
      format: t.format,
      currentRound: current,
      totalRounds: t.totalRounds,
      finalizedRound: t.finalizedRound,
      scoring: t.scoring,
    },
    viewRound,
    roundsWithLobbies: [...new Set(allLobbies.map((l) => l.roundNumber))].sort((a, b) => a - b),
    lobbies,
    editable: lobbies.map((l) => canEditRound(access.role, t, l.roundNumber)),
    manage: access.can.manage,
    scorekeeper: access.role === "scorekeeper",
    current: {
      lobbyCount: currentLobbies.length,
      scored: currentLobbies.filter((l) => l.isComplete).length,
      finalized: t.finalizedRound >= current,
    },
    // Soft-removed players are out of every count.
    counts: playerCounts(playerRows.filter((p) => p.removedAt === null)),
    cut,
    stage,
    stageEnd,
    stageTie,
    // The "Enter lobbies by hand" form, before the current round is drawn: who must be in the draw.
    drawPlayers:
      access.can.manage && !completed && currentLobbies.length === 0
        ? eligibleForRound(playerRows.map(toEnginePlayer)).map((p) => {
            const row = byId.get(p.id);
            return { id: p.id, name: row?.name ?? `Player #${p.id}`, riotTag: row?.riotTag ?? "" };
          })
        : [],
  };
}

/** Every player of the tournament still in it (not soft-removed), for reading a typed draw by name, tag or id. */
export async function tournamentPlayers(db: Executor, tournamentId: number) {
  return db
    .select({ id: playerTable.id, name: playerTable.name, riotTag: playerTable.riotTag })
    .from(playerTable)
    .where(and(eq(playerTable.tournamentId, tournamentId), isNull(playerTable.removedAt)))
    .orderBy(asc(playerTable.id));
}

/** What advancing after a stage's last game does: its words, and the players its end cuts for sure. */
export type StageEndView = { words: string; cut: { id: number; name: string; riotTag: string }[] };

/** Players tied at a stage end's cut line, of whom the host picks `needed` to eliminate. */
export type StageTie = { needed: number; players: { id: number; name: string; riotTag: string }[] };
