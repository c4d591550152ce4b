// Everything the spectator screens show of one tournament, read in one go: the unit the public snapshot caches per version.
import { asc, eq } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import {
  lobbies,
  matches,
  players,
  signupSettings,
  tournaments,
  type Lobby,
  type Match,
  type Player,
  type Tournament,
} from "#db/schema";
import { sortLobbies } from "../rounds/lobbies.server";
import { toLeaderboardRow, type LeaderboardRow } from "../format/standings.server";
import { overallStandings } from "../format/stage-standings";
import { readRuleset } from "../format/ruleset";
import { toEnginePlayer } from "../format/stats.server";
import { takesSignups, type Schedule } from "../roster/signup";

export type TournamentData = {
  tournament: Tournament;
  /** Every player row, soft-removed ones included (a profile link to them still resolves). */
  players: Player[];
  /** Every lobby of every round, by round then name order. */
  lobbies: Lobby[];
  /** Every saved match, by round, lobby and placement. */
  matches: Match[];
  /** The standings (soft-removed players excluded), active first, in the tournament's tiebreak order. */
  standings: LeaderboardRow[];
  /** The start and check-in window (the sign-up settings), when a start is set: the public pages show it. */
  schedule?: Schedule | null;
  /** The sign-up page takes sign-ups (the host opened it; not locked, drawn, live or over): the public view links it. */
  signupOpen?: boolean;
};

/** The tournament's current version, or null when it does not exist: the cheap freshness check. */
export async function readTournamentVersion(db: Executor, tournamentId: number): Promise<number | null> {
  const [row] = await db
    .select({ version: tournaments.version })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  return row?.version ?? null;
}

/**
 * Reads the tournament and everything under it. The tournament row (and so its version) is read
 * first: the rest is at least as new as that version, so a snapshot is never older than its tag.
 */
export async function readTournamentData(db: Executor, tournamentId: number): Promise<TournamentData | null> {
  const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!tournament) return null;
  const [playerRows, lobbyRows, matchRows, settingRows] = await Promise.all([
    db.select().from(players).where(eq(players.tournamentId, tournamentId)).orderBy(asc(players.id)),
    db.select().from(lobbies).where(eq(lobbies.tournamentId, tournamentId)),
    db
      .select()
      .from(matches)
      .where(eq(matches.tournamentId, tournamentId))
      .orderBy(asc(matches.roundNumber), asc(matches.lobbyId), asc(matches.placement)),
    db
      .select({
        startsAt: signupSettings.startsAt,
        timeZone: signupSettings.timeZone,
        checkinOpensBefore: signupSettings.checkinOpensBefore,
        checkinClosesBefore: signupSettings.checkinClosesBefore,
        isOpen: signupSettings.isOpen,
      })
      .from(signupSettings)
      .where(eq(signupSettings.tournamentId, tournamentId)),
  ]);
  const byId = new Map(playerRows.map((p) => [p.id, p]));
  const chain = readRuleset(tournament.ruleset).tiebreakers;
  const standings = overallStandings(playerRows.map(toEnginePlayer), matchRows, tournament, chain).map((row) =>
    toLeaderboardRow(byId.get(row.playerId)!, row),
  );
  const [settings] = settingRows;
  const schedule = settings?.startsAt
    ? {
        startsAt: settings.startsAt,
        timeZone: settings.timeZone,
        checkinOpensBefore: settings.checkinOpensBefore,
        checkinClosesBefore: settings.checkinClosesBefore,
      }
    : null;
  // The join page's own rule, from what the snapshot holds.
  const signupOpen = takesSignups({ isOpen: settings?.isOpen ?? false }, tournament, lobbyRows.length > 0);
  return {
    tournament,
    players: playerRows,
    lobbies: sortLobbies(lobbyRows),
    matches: matchRows,
    standings,
    schedule,
    signupOpen,
  };
}
