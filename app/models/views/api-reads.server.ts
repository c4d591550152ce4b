// The JSON API's public reads, built from one tournament snapshot: what the cached answers of app/lib/api-cache.server.ts
// hold. Each gives the same answer as the route's own database read (tests/api/api-cache.test.ts compares them).
import { toPlayerSummary } from "../roster/roster.server";
import { leaderboardAnswer, stageLeaderboardRows } from "../format/settled.server";
import { badRequest } from "../errors";
import { checkmateOutcome } from "../format/stage-standings";
import { readRuleset } from "../format/ruleset";
import { stageInfo, stagesOf } from "../format/stages";
import { toEnginePlayer } from "../format/stats.server";
import type { TournamentData } from "./tournament-data.server";
import { needsOf } from "./needs";

/** GET /api/tournaments/{id}: the tournament row as stored, with where it is among its stages. */
export const tournamentRead = (data: TournamentData) => withStage(data.tournament, data);

/**
 * The tournament with its stages read as a list (one stage when none is stored), the current stage and game within
 * it, and the checkmate winner (null while undecided or without a checkmate stage).
 */
export function withStage<T extends TournamentData["tournament"]>(
  t: T,
  data?: Pick<TournamentData, "players" | "matches">,
) {
  const info = stageInfo(t);
  const checkmate = data
    ? checkmateOutcome(
        data.players.map(toEnginePlayer),
        data.matches,
        stagesOf(t),
        readRuleset(t.ruleset).tiebreakers,
        t.currentRound,
      )
    : null;
  return {
    ...t,
    stages: stagesOf(t),
    currentStage: { ...info.currentStage, number: info.currentStage.index + 1 },
    gameInStage: info.gameInStage,
    checkmateWinnerId: checkmate?.winnerId ?? null,
  };
}

/** GET …/players: registration order, soft-removed players left out. */
export const playersRead = (data: TournamentData) =>
  data.players.filter((p) => p.removedAt === null).map(toPlayerSummary);

/** GET …/checked-in-players: checked in, still in play, registration order. */
export const checkedInRead = (data: TournamentData) =>
  data.players.filter((p) => p.removedAt === null && p.isCheckedIn && !p.isEliminated).map(toPlayerSummary);

/** GET …/lobbies[?round=n] and …/lobbies/round/{n}: one round's lobbies (default the current round), by name. */
export const lobbiesRead = (data: TournamentData, round: number | undefined) => {
  const wanted = round ?? data.tournament.currentRound;
  return data.lobbies.filter((l) => l.roundNumber === wanted);
};

/** GET …/lobbies/all: every round's lobbies, by round then name. */
export const allLobbiesRead = (data: TournamentData) => data.lobbies;

/** GET …/matches: by round, lobby and placement. */
export const matchesRead = (data: TournamentData) => data.matches;

/** GET …/leaderboard[?round=n]: the rows, an array as it always was (the version rides in the Tournament-Version header). */
export const leaderboardRead = (data: TournamentData, round: number | undefined, stage?: number) => {
  if (stage === undefined) return leaderboardAnswer(data, round ?? null, needsOf(data)).rows;
  if (round !== undefined) throw badRequest("invalid_input", "Ask for a round or a stage, not both");
  return stageLeaderboardRows(data, stage - 1);
};
