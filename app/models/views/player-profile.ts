// A player's profile, one read model for the host's player page and the public profile: status, rank, totals and match history from the tournament's data.
import {
  dropFields,
  dropRefusal,
  undoDropRefusal,
  playerStatus,
  playerStatusNote,
  playerStatusTone,
} from "../access/policy";
import { needOf } from "./needs";
import { currentLobbies, needsHeading, summary } from "./public";
import type { TournamentData } from "./tournament-data.server";

/**
 * What both profile pages know of one player of this tournament, or null when the id is not one of
 * its players (soft-removed players are found). The status wording is policy.ts `playerStatus`.
 */
function playerProfile(d: TournamentData, playerId: number) {
  const t = d.tournament;
  const player = d.players.find((p) => p.id === playerId);
  if (!player) return null;
  const row = d.standings.find((r) => r.id === player.id) ?? null;
  const lobbyById = new Map(d.lobbies.map((l) => [l.id, l]));
  const currentLobby = currentLobbies(d).find((l) => l.playerIds.includes(player.id)) ?? null;
  const mine = d.matches.filter((m) => m.playerId === player.id);
  const completed = t.status === "completed";
  const matchesPlayed = row?.matchesPlayed ?? player.matchesPlayed;
  const scoredThisRound = currentLobby !== null && mine.some((m) => m.lobbyId === currentLobby.id);
  const status = playerStatus({
    isCheckedIn: player.isCheckedIn,
    isEliminated: player.isEliminated,
    dropped: player.droppedAt !== null,
    removed: player.removedAt !== null,
    tournamentCompleted: completed,
    lobbyName: currentLobby?.name ?? null,
    scoredThisRound,
  });
  return {
    player,
    row,
    completed,
    matchesPlayed,
    currentLobby,
    scoredThisRound,
    status: { label: status.label, tone: playerStatusTone(status.kind), note: playerStatusNote(status.kind) },
    history: mine.map((m) => ({
      id: m.id,
      roundNumber: m.roundNumber,
      lobbyName: lobbyById.get(m.lobbyId)?.name ?? `Lobby #${m.lobbyId}`,
      placement: m.placement,
      dnp: m.dnp,
      points: m.points,
    })),
  };
}

/**
 * The rank a player's page shows, or null for "Unranked" (DECISIONS: "A player with no games is 'Unranked'"): unranked
 * until the player's first game (of any stage: a stage that resets points keeps its players ranked), except in the
 * final standings of a completed tournament. One rule for the public profile and the host's player detail.
 */
function shownRank({ row, completed, matchesPlayed, history }: NonNullable<ReturnType<typeof playerProfile>>) {
  return row && (matchesPlayed > 0 || history.length > 0 || completed) ? row.rank : null;
}

/** The public profile (spectators; cached per version by the snapshot). */
export function playerProfileView(d: TournamentData, playerId: number) {
  const profile = playerProfile(d, playerId);
  if (!profile) return null;
  const { player, row, matchesPlayed, currentLobby } = profile;
  const leader = d.standings[0] ?? null;
  const rank = shownRank(profile);
  return {
    tournament: summary(d),
    player: {
      id: player.id,
      name: player.name,
      riotTag: player.riotTag,
      lp: player.lp,
      isEliminated: player.isEliminated,
      isDropped: player.droppedAt !== null,
      dropRound: player.dropRound,
      totalPoints: row?.totalPoints ?? player.totalPoints,
      matchesPlayed,
      averagePlacement: row?.averagePlacement ?? player.averagePlacement,
      bestFinish: row?.bestFinish ?? null,
      onCheckmate: row?.onCheckmate ?? false,
    },
    status: profile.status.label,
    statusTone: profile.status.tone,
    statusNote: profile.status.note,
    rank,
    // Within the leader's stage only: a player cut in an earlier stage is ranked on that stage's points, which a later
    // stage's do not continue (a reset final starts from 0). Null for the leader and for them.
    pointsBehind:
      rank && leader && row && row.id !== leader.id && row.stage === leader.stage
        ? Math.max(0, leader.totalPoints - row.totalPoints)
        : null,
    currentLobby: currentLobby ? { name: currentLobby.name, isComplete: currentLobby.isComplete } : null,
    /** "What do I need" before the last game ahead of a line (docs/rules.md), with the line in words. */
    need: needOf(d, player.id),
    needsHeading: needsHeading(d),
    // Latest round first: on a phone the newest result is what people open the page for.
    history: profile.history.sort((a, b) => b.roundNumber - a.roundNumber),
  };
}

/** The host's player page: the same status, plus seed, check-in, wins and top 4; history in round order. */
export function hostPlayerView(d: TournamentData, playerId: number) {
  const profile = playerProfile(d, playerId);
  if (!profile) return null;
  const { player, row } = profile;
  const t = d.tournament;
  return {
    tournament: {
      id: t.id,
      name: t.name,
      status: t.status,
      currentRound: t.currentRound,
      totalRounds: t.totalRounds,
    },
    player: {
      id: player.id,
      name: player.name,
      riotTag: player.riotTag,
      lp: player.lp,
      seed: player.seed,
      isEliminated: player.isEliminated,
      ...dropFields(player),
      totalPoints: player.totalPoints,
      matchesPlayed: player.matchesPlayed,
      averagePlacement: player.averagePlacement,
    },
    status: profile.status.label,
    statusTone: profile.status.tone,
    // rank null: "Unranked", as the public profile reads.
    standing: row ? { rank: shownRank(profile), bestFinish: row.bestFinish, wins: row.wins, top4: row.top4 } : null,
    // What the drop form may offer (the model asks the same rules under its lock).
    drop: {
      allowed: dropRefusal(t, player) === null,
      undoRefusal: player.droppedAt ? undoDropRefusal(player, Math.max(0, ...d.lobbies.map((l) => l.id))) : null,
    },
    history: profile.history.sort((a, b) => a.roundNumber - b.roundNumber),
  };
}
