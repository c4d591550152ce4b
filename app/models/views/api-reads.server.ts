// The JSON API's public reads, built from one tournament snapshot: what the cached answers of app/lib/api-cache.server.ts
// hold. Each gives the same answer as the route's own database read (tests/api/api-cache.test.ts compares them).
import { toPlayerSummary } from "../players.server";
import { leaderboardAnswer } from "../settled.server";
import type { TournamentData } from "./tournament-data.server";
import { needsOf } from "./needs";

/** GET /api/tournaments/{id}: the tournament row as stored. */
export const tournamentRead = (data: TournamentData) => data.tournament;

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
export const leaderboardRead = (data: TournamentData, round: number | undefined) =>
  leaderboardAnswer(data, round ?? null, needsOf(data)).rows;
