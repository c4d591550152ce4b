// The spectator screens' read models: pure functions from one tournament's data to exactly what each screen renders.
// Kept small on purpose: their answers are the pages' hydration data, downloaded by every spectator.
import type { Lobby, Tournament } from "#db/schema";
import type { LeaderboardRow } from "../format/standings.server";
import { searchPlayers } from "../roster/search";
import { cutRuleOf, PRESET_WORDS, readRuleset, TIEBREAKER_WORDS } from "../format/ruleset";
import { ordinal, scoringToArray, settingsScoring } from "../format/scoring";
import type { TournamentData } from "./tournament-data.server";
import type { Need } from "../format/needs";
import { needOf, needsOf } from "./needs";
import { cutRulesText, endText, isCheckmateEnd, stageAt, stagesOf, standingsOrderText } from "../format/stages";
import { outLabel } from "../access/policy";

/** Players per page of the public view's "Search Players" grid (docs/rules.md, "Spectator pages"). */
export const GRID_PAGE_SIZE = 24;
export const TOP_COUNT = 8;

export type TournamentSummary = Pick<
  Tournament,
  "id" | "name" | "format" | "status" | "currentRound" | "totalRounds"
> & {
  /** Where the event is among its stages; null for one stage without a checkmate (as before stages existed). */
  stage: StageSummary | null;
};

/** The current stage's name, its game and games, and every stage's name (the leaderboard's selector). */
export type StageSummary = {
  name: string;
  number: number;
  game: number;
  games: number;
  names: string[];
  checkmate: string | null;
};

export function stageSummary(t: TournamentData["tournament"]): StageSummary | null {
  const stages = stagesOf(t);
  const at = stageAt(stages, t.currentRound);
  const end = stages[stages.length - 1].end;
  if (stages.length === 1 && !isCheckmateEnd(end)) return null;
  return {
    name: at.stage.name,
    number: at.index + 1,
    game: Math.min(t.currentRound, at.lastRound) - at.firstRound + 1,
    games: at.stage.games,
    names: stages.map((s) => s.name),
    checkmate: isCheckmateEnd(end) ? endText(end) : null,
  };
}

/** "Day 2 · Game 3 of 5": the stage line the spectator pages show beside the round. */
export function stageLine(stage: StageSummary | null): string | null {
  return stage ? `${stage.name} · Game ${stage.game} of ${stage.games}` : null;
}

export function summary({ tournament: t }: TournamentData): TournamentSummary {
  return {
    id: t.id,
    name: t.name,
    format: t.format,
    status: t.status,
    currentRound: t.currentRound,
    totalRounds: t.totalRounds,
    stage: stageSummary(t),
  };
}

/**
 * The tournament's rules in plain words (the public view's and leaderboard's "Rules" section): the points
 * per placement, the standings order, the tiebreak order with each criterion's sentence, and the cuts as configured.
 */
export function rulesView({ tournament: t }: TournamentData) {
  const ruleset = readRuleset(t.ruleset);
  return {
    preset: ruleset.preset,
    presetLabel: PRESET_WORDS[ruleset.preset].label,
    points: scoringToArray(settingsScoring(t.scoring)).map((points, i) => ({ place: ordinal(i + 1), points })),
    /** How rows are ordered before the tiebreak chain: the stage reached, then active, dropped, eliminated. */
    standingsRule: standingsOrderText(t),
    tiebreakers: ruleset.tiebreakers.map((c) => ({ key: c, ...TIEBREAKER_WORDS[c] })),
    /** The cuts as configured: each stage's end (a cut to N is any number), the cut between games, ties at a line. */
    cutRule: cutRulesText(t, cutRuleOf(ruleset)),
  };
}
export type RulesView = ReturnType<typeof rulesView>;

/** The line ahead in words ("What do I need", docs/rules.md), or null when the game under way is before none. */
export function needsHeading(d: TournamentData): string | null {
  return needsOf(d)?.heading ?? null;
}

/** A row with the player's need when there is one (rows stay as small as before when no line is ahead). */
function withNeed<T extends object>(d: TournamentData, playerId: number, row: T): T & { need?: Need } {
  const need = needOf(d, playerId);
  return need ? { ...row, need } : row;
}

/** A standings row as a spectator table shows it. */
function standingRow(r: LeaderboardRow) {
  return {
    id: r.id,
    name: r.name,
    riotTag: r.riotTag,
    rank: r.rank,
    totalPoints: r.totalPoints,
    matchesPlayed: r.matchesPlayed,
    isEliminated: r.isEliminated,
    isDropped: r.isDropped,
    onCheckmate: r.onCheckmate,
  };
}

/** A run of standings rows, in rank order, under one separator (null: the first run, of players still in it). */
export type StandingsSection<R> = { label: string | null; rows: R[] };

/**
 * The leaderboard's rows cut into runs at each change of group (the stage a player reached, then active, dropped or
 * eliminated), never reordered: the rows stay in rank order (docs/rules.md "Stages": final standings), each run under
 * a separator naming it ("Dropped", "Eliminated"; "Eliminated in Day 1" when the rows span several stages).
 */
export function standingsSections<R extends { isEliminated: boolean; isDropped: boolean; stage?: number }>(
  rows: readonly R[],
  stageNames: readonly string[] = [],
): StandingsSection<R>[] {
  const spansStages = new Set(rows.map((r) => r.stage ?? 1)).size > 1;
  const sections: StandingsSection<R>[] = [];
  let key: string | null = null;
  for (const row of rows) {
    const out = outLabel(row);
    const rowKey = `${row.stage ?? 1}|${out ?? ""}`;
    if (rowKey !== key) {
      const stageName = stageNames[(row.stage ?? 1) - 1] ?? `Stage ${row.stage ?? 1}`;
      const label = out === null && sections.length === 0 ? null : (out ?? "Active");
      sections.push({ label: label !== null && spansStages ? `${label} in ${stageName}` : label, rows: [] });
      key = rowKey;
    }
    sections[sections.length - 1].rows.push(row);
  }
  return sections;
}

/**
 * The first `count` standings rows of players who have played (or been given points): before a player's first game
 * their place would be a made-up order (docs/rules.md "Spectator pages"). A game of any stage counts, so a stage that
 * resets points opens with its players (0 points each), not with the cut ones who still have some.
 */
export function topStandings(d: TournamentData, count: number) {
  const played = new Set(d.matches.map((m) => m.playerId));
  return d.standings
    .filter((r) => played.has(r.id) || r.matchesPlayed > 0 || r.totalPoints > 0)
    .slice(0, count)
    .map((r) => withNeed(d, r.id, standingRow(r)));
}

export function currentLobbies(d: TournamentData): Lobby[] {
  return d.lobbies.filter((l) => l.roundNumber === d.tournament.currentRound);
}

/** The public view: banner facts, the asked search, current lobbies, top 8, one page of the player grid. */
export function publicView(d: TournamentData, options: { q: string; page: number }) {
  const rows = d.standings;
  const rankOf = new Map(rows.map((r) => [r.id, r]));
  const lobbies = currentLobbies(d);
  const lobbyOf = new Map<number, string>();
  for (const lobby of lobbies) for (const id of lobby.playerIds) lobbyOf.set(id, lobby.name);
  const names = new Map(d.players.map((p) => [p.id, p]));

  const activeCount = rows.filter((r) => !r.isEliminated && !r.isDropped).length;
  const droppedCount = rows.filter((r) => !r.isEliminated && r.isDropped).length;
  const pageCount = Math.max(1, Math.ceil(rows.length / GRID_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pageCount);

  return {
    tournament: summary(d),
    q: options.q,
    results: options.q
      ? searchPlayers(rows, options.q).map((r) => ({
          id: r.id,
          name: r.name,
          riotTag: r.riotTag,
          rank: r.rank,
          totalPoints: r.totalPoints,
          isEliminated: r.isEliminated,
          isDropped: r.isDropped,
        }))
      : [],
    lobbies: lobbies.map((l) => ({
      id: l.id,
      name: l.name,
      isComplete: l.isComplete,
      players: l.playerIds.map((id) => {
        const p = names.get(id);
        return withNeed(d, id, {
          id,
          name: p?.name ?? "Unknown player",
          riotTag: p?.riotTag ?? "",
          rank: rankOf.get(id)?.rank ?? null,
          // Only when true: said of every one of 256 players it was 2.7 KB more of every page's data for a rare mark.
          ...(rankOf.get(id)?.onCheckmate ? { onCheckmate: true as const } : {}),
        });
      }),
    })),
    top: topStandings(d, TOP_COUNT).map((r) => ({ ...r, separatedBy: rankOf.get(r.id)?.separatedBy ?? null })),
    needsHeading: needsHeading(d),
    grid: {
      total: rows.length,
      page,
      pageCount,
      players: rows.slice((page - 1) * GRID_PAGE_SIZE, page * GRID_PAGE_SIZE).map((r) => ({
        id: r.id,
        name: r.name,
        riotTag: r.riotTag,
        isEliminated: r.isEliminated,
        isDropped: r.isDropped,
        lobbyName: lobbyOf.get(r.id) ?? null,
      })),
    },
    stats: {
      gamesPlayed: d.lobbies.filter((l) => l.isComplete).length,
      active: activeCount,
      eliminated: rows.length - activeCount - droppedCount,
      dropped: droppedCount,
    },
    rules: rulesView(d),
  };
}

/** The leaderboard: every ranked player with the criterion that separated them from the row above. */
export function leaderboardView(d: TournamentData) {
  return {
    tournament: summary(d),
    rows: d.standings.map((r) =>
      withNeed(d, r.id, {
        ...standingRow(r),
        stage: r.stage,
        averagePlacement: r.averagePlacement,
        bestFinish: r.bestFinish,
        separatedBy: r.separatedBy,
      }),
    ),
    needsHeading: needsHeading(d),
    rules: rulesView(d),
  };
}

/** Previous lobbies: the rounds that have lobbies, and the asked round's (default: the latest) with placements and points. */
export function previousLobbiesView(d: TournamentData, askedRound: number | null) {
  const rounds = [...new Set(d.lobbies.map((l) => l.roundNumber))].sort((a, b) => a - b);
  const round = askedRound ?? rounds.at(-1) ?? null;
  const names = new Map(d.players.map((p) => [p.id, p]));
  const resultOf = new Map(d.matches.map((m) => [`${m.lobbyId}:${m.playerId}`, m]));
  const lobbies = d.lobbies
    .filter((l) => l.roundNumber === round)
    .map((l) => ({
      id: l.id,
      name: l.name,
      isComplete: l.isComplete,
      players: l.playerIds
        .map((playerId, order) => {
          const match = resultOf.get(`${l.id}:${playerId}`);
          return {
            id: playerId,
            order,
            name: names.get(playerId)?.name ?? "Unknown player",
            riotTag: names.get(playerId)?.riotTag ?? "",
            placement: match?.placement ?? null,
            /** Saved as "did not play": no placement, 0 points. */
            dnp: match?.dnp ?? false,
            points: match?.points ?? null,
          };
        })
        // Scored players in finishing order, then the DNPs; unscored ones keep their seat order after them.
        .sort((a, b) => (a.placement ?? (a.dnp ? 9 : 99)) - (b.placement ?? (b.dnp ? 9 : 99)) || a.order - b.order),
    }));
  return { tournament: summary(d), rounds, round, lobbies };
}
