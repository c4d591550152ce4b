// "What do I need" on the spectator read models and the API leaderboard rows: a tournament carrying `stages` (read by
// stagesOf) shows each player's need before the last game ahead of a line and before checkmate games, and nothing else.
import { describe, expect, test } from "vitest";
import type { Lobby, Match, Tournament } from "#db/schema";
import { DEFAULT_SCORING, pointsFor } from "~/models/format/scoring";
import { STANDARD_TIEBREAKERS } from "~/models/format/ruleset";
import type { Stage } from "~/models/format/stages";
import { toLeaderboardRow } from "~/models/format/standings.server";
import { computeStandings } from "~/models/format/standings";
import { planStageEnd } from "~/models/format/stage-standings";
import { proposedEliminationCut } from "~/models/format/cuts";
import { toEnginePlayer } from "~/models/format/stats.server";
import type { TournamentData } from "~/models/views/tournament-data.server";
import { leaderboardView, publicView } from "~/models/views/public";
import { overlayView } from "~/models/views/overlay";
import { playerProfileView } from "~/models/views/player-profile";
import { leaderboardRead } from "~/models/views/api-reads.server";
import { tournamentNeeds } from "~/models/views/needs";
import { needAnswer } from "~/lib/api-schemas.server";
import { playerRow as storedPlayer } from "./fixtures";

const player = (id: number) => storedPlayer(id, { seed: null });

/**
 * 16 players (or `count`, a multiple of 8), lobbies of 8; rounds before `currentRound` scored in seat order (lobby 1:
 * players 1-8), the current round drawn across them (lobby l: every L-th player from l + 1) and unscored.
 */
function world(
  currentRound: number,
  stages: Stage[] | undefined,
  scoredNow = 0,
  {
    count = 16,
    format = "standard",
    totalRounds = 4,
  }: Partial<Pick<Tournament, "format" | "totalRounds">> & {
    count?: number;
  } = {},
): TournamentData {
  const base: Tournament = {
    id: 1,
    name: "Circuit Cup",
    format,
    lobbyMethod: "snake",
    maxPlayers: 64,
    totalRounds,
    currentRound,
    finalizedRound: currentRound - 1,
    version: 3,
    status: "active",
    isLocked: true,
    isPublic: true,
    scoring: DEFAULT_SCORING,
    ruleset: { preset: "standard", tiebreakers: [...STANDARD_TIEBREAKERS] },
    ownerId: 1,
    createdAt: new Date(0),
    stages: null,
  };
  const tournament = Object.assign(base, stages ? { stages } : {});
  const players = Array.from({ length: count }, (_, i) => player(i + 1));
  const lobbyCount = count / 8;
  const lobbies: Lobby[] = [];
  const matches: Match[] = [];
  for (let round = 1; round <= currentRound; round++) {
    for (let l = 0; l < lobbyCount; l++) {
      const ids =
        round < currentRound
          ? players.slice(l * 8, l * 8 + 8).map((p) => p.id)
          : Array.from({ length: 8 }, (_, i) => l + 1 + i * lobbyCount);
      const lobby: Lobby = {
        id: round * 10 + l,
        tournamentId: 1,
        roundNumber: round,
        name: `Lobby ${l + 1}`,
        playerIds: ids,
        isComplete: round < currentRound || l < scoredNow,
      };
      lobbies.push(lobby);
      if (!lobby.isComplete) continue;
      ids.forEach((playerId, seat) =>
        matches.push({
          id: matches.length + 1,
          tournamentId: 1,
          lobbyId: lobby.id,
          roundNumber: round,
          playerId,
          placement: seat + 1,
          points: pointsFor(DEFAULT_SCORING, seat + 1),
          dnp: false,
        }),
      );
    }
  }
  const byId = new Map(players.map((p) => [p.id, p]));
  const standings = computeStandings(players.map(toEnginePlayer), matches).map((row) =>
    toLeaderboardRow(byId.get(row.playerId)!, row),
  );
  return { tournament, players, lobbies, matches, standings };
}

const day1 = (games: number, end: Stage["end"]): Stage => ({
  name: "Day 1",
  games,
  draw: "snake",
  points: "carry",
  end,
});
const final: Stage = { name: "Final", games: 2, draw: "snake", points: "reset", end: null };

describe("what do I need on the spectator screens", () => {
  test("without stages (one stage, no end) nothing shows anywhere", () => {
    const d = world(2, undefined);
    expect(tournamentNeeds(d)).toBeNull();
    expect(publicView(d, { q: "", page: 1 }).lobbies[0].players[0]).not.toHaveProperty("need");
    expect(leaderboardView(d).needsHeading).toBeNull();
    expect(playerProfileView(d, 1)!.need).toBeNull();
    expect(leaderboardRead(d, undefined).every((r) => r.need === null)).toBe(true);
  });

  test("a stage that is not at its last game shows nothing yet", () => {
    expect(tournamentNeeds(world(2, [day1(3, { cutTo: 8 })]))).toBeNull();
  });

  test("the last stage's cut or best K is never applied (advancing completes the tournament): nothing shows", () => {
    // As advanceRound and the score screen read it: a stage's end applies only when another stage follows.
    expect(tournamentNeeds(world(2, [day1(2, { cutTo: 8 })], 0, { totalRounds: 2 }))).toBeNull();
    expect(tournamentNeeds(world(2, [day1(2, { topPerLobby: 4 })], 0, { totalRounds: 2 }))).toBeNull();
    expect(tournamentNeeds(world(4, [day1(2, null), { ...final, end: { cutTo: 8 } }]))).toBeNull();
  });

  test("the last game before a cut to 8: every player's safe and alive placements, on every screen", () => {
    const d = world(2, [day1(2, { cutTo: 8 }), { name: "Final", games: 2, draw: "snake", points: "reset", end: null }]);
    const needs = tournamentNeeds(d)!;
    expect(needs.heading).toBe("Day 1: last game before the cut to the best 8");
    expect(needs.byPlayer.size).toBe(16);
    // Player 1 won round 1 (8 points): 4th or better keeps them in the best 8 whatever the others do; any place keeps a
    // chance (the counting is checked against a brute force in tests/unit/needs.test.ts).
    expect(needs.byPlayer.get(1)).toMatchObject({
      kind: "cut",
      line: "overall",
      keep: 8,
      playing: true,
      safe: 4,
      alive: 8,
    });
    expect(needs.byPlayer.get(1)!.text).toBe("Top 4 keeps you safe; any placement keeps you alive");
    const eighth = needs.byPlayer.get(8)!;
    expect(eighth).toMatchObject({ kind: "cut" });
    if (eighth.kind === "cut") expect(eighth.safe).toBeLessThan(eighth.alive);

    const pub = publicView(d, { q: "", page: 1 });
    expect(pub.needsHeading).toBe(needs.heading);
    expect(pub.lobbies[0].players.find((p) => p.id === 1)!.need).toEqual(needs.byPlayer.get(1));
    expect(pub.top[0].need).toEqual(needs.byPlayer.get(pub.top[0].id));
    const board = leaderboardView(d);
    expect(board.rows.every((r) => r.need?.kind === "cut")).toBe(true);
    expect(playerProfileView(d, 8)!.need).toEqual(eighth);
    const overlay = overlayView(d, { view: "standings", top: 8 });
    expect(overlay.rows[0].note).toBe(needs.byPlayer.get(overlay.rows[0].key)!.text);
    expect(overlay.message).toBe(needs.heading);
    const lobby = overlayView(d, { view: "lobby", lobby: "Lobby 1" });
    expect(lobby.rows.every((r) => typeof r.note === "string")).toBe(true);

    const rows = leaderboardRead(d, undefined);
    for (const row of rows) {
      expect(row.need).toEqual(needs.byPlayer.get(row.id));
      expect(() => needAnswer.parse(row.need)).not.toThrow();
    }
    // Standings after a past round carry no need.
    expect(leaderboardRead(d, 1).every((r) => r.need === null)).toBe(true);
  });

  test("once a lobby is scored its players read through, waiting or out", () => {
    const d = world(2, [day1(2, { cutTo: 8 }), final], 1);
    const needs = tournamentNeeds(d)!;
    for (const id of [1, 3, 5, 7, 9, 11, 13, 15]) expect(needs.byPlayer.get(id)).toMatchObject({ playing: false });
    expect(needs.byPlayer.get(1)!.text).toBe("Safe whatever the other results");
  });

  test("the best K of each lobby: this game's top K of every lobby go through, whatever the standings", () => {
    const d = world(2, [day1(2, { topPerLobby: 4 }), final]);
    const needs = tournamentNeeds(d)!;
    expect(needs.heading).toBe("Day 1: last game; the best 4 of each lobby go through");
    // Player 1 leads the stage (8 points from round 1) and player 15 is last (1 point): each needs a top 4 all the same.
    for (let id = 1; id <= 16; id++)
      expect(needs.byPlayer.get(id), `player ${id}`).toEqual({
        kind: "cut",
        line: "lobby",
        keep: 4,
        playing: true,
        places: 8,
        safe: 4,
        alive: 4,
        text: "Top 4 keeps you safe; anything worse is out",
      });
    // As advancing applies the stage's end: the leader placing 5th goes, the last placing 4th stays.
    const lobby1 = [3, 5, 7, 15, 1, 9, 11, 13];
    const lastGame = lobby1.map((playerId, i) => ({ playerId, placement: i + 1, dnp: false }));
    const active = computeStandings(d.players.map(toEnginePlayer), d.matches);
    const end = planStageEnd({ topPerLobby: 4 }, active, lastGame, "pointsAndAverage");
    expect(end.kind === "topPerLobby" && end.eliminate).toEqual(expect.arrayContaining([1]));
    expect(end.kind === "topPerLobby" && end.eliminate).not.toContain(15);
  });

  test("the best K of each lobby once scored: through by this game's placement; a DNP or an unseated player is out", () => {
    // Lobby 1 of round 2 (players 1, 3, 5, …, 15) is scored in seat order; player 5 is saved as DNP instead of 3rd.
    const d = world(2, [day1(2, { topPerLobby: 4 }), final], 1);
    const dnp = d.matches.find((m) => m.roundNumber === 2 && m.playerId === 5)!;
    Object.assign(dnp, { placement: null, points: 0, dnp: true });
    // Player 16 is in play but seated in no lobby of the game.
    const lobby2 = d.lobbies.find((l) => l.roundNumber === 2 && !l.isComplete)!;
    lobby2.playerIds = lobby2.playerIds.filter((id) => id !== 16);
    const needs = tournamentNeeds(d)!;
    const text = (id: number) => needs.byPlayer.get(id)!.text;
    for (const id of [1, 3, 7]) expect(text(id), `player ${id}`).toBe("Safe whatever the other results");
    for (const id of [5, 9, 11, 13, 15, 16]) expect(text(id), `player ${id}`).toBe("Out whatever the other results");
    expect(text(2)).toBe("Top 4 keeps you safe; anything worse is out");
  });

  test("checkmate: points count from the stage's start; on it, a win now wins", () => {
    // Round 1 is Day 1; the final (points reset) started in round 2, won by players 1 and 9 (8 points each).
    const d = world(3, [
      day1(1, null),
      { name: "Final", games: 3, draw: "snake", points: "reset", end: { checkmate: { threshold: 8, maxGames: null } } },
    ]);
    const needs = tournamentNeeds(d)!;
    expect(needs.heading).toBe("Final: checkmate at 8 points. A player on it who wins a game wins the tournament");
    expect(needs.byPlayer.get(1)).toMatchObject({ kind: "checkmate", winsNow: true, points: 8 });
    expect(needs.byPlayer.get(1)!.text).toBe("A win now wins the tournament");
    // Player 4 placed 4th in the final's first game: 5 points, 3 to go.
    expect(needs.byPlayer.get(4)).toMatchObject({ kind: "checkmate", winsNow: false, needed: 3, reach: 6 });
    expect(needs.byPlayer.get(4)!.text).toBe("Needs 3 more points to reach checkmate; 6th or better gets there");
    expect(leaderboardRead(d, undefined).find((r) => r.id === 1)!.need).toMatchObject({ winsNow: true });
  });
});

describe("what do I need before a cut between games (the cut the advance screen proposes)", () => {
  const elimination = (count: number, totalRounds = 5) => ({ count, format: "elimination" as const, totalRounds });

  test("Elimination from round 3: the last game before the proposed cut, on every screen and in the API rows", () => {
    const d = world(3, undefined, 0, elimination(32));
    // 32 in play: the cut dialog proposes the bottom quarter (8), so the best 24 go through.
    expect(proposedEliminationCut(32, 3)).toBe(8);
    const needs = tournamentNeeds(d)!;
    expect(needs.heading).toBe("Round 3: last game before the cut to the best 24");
    expect(needs.byPlayer.size).toBe(32);
    for (const need of needs.byPlayer.values()) expect(need).toMatchObject({ kind: "cut", line: "overall", keep: 24 });
    // The same computation as a stage's cut to 24 at the same game.
    const asStageEnd = tournamentNeeds(world(3, [day1(3, { cutTo: 24 }), final], 0, elimination(32)))!;
    expect(asStageEnd.byPlayer).toEqual(needs.byPlayer);
    const leader = needs.byPlayer.get(1)!;
    expect(leader.kind === "cut" && leader.safe).toBeGreaterThan(0);

    const pub = publicView(d, { q: "", page: 1 });
    expect(pub.needsHeading).toBe(needs.heading);
    for (const p of pub.lobbies[0].players) expect(p.need).toEqual(needs.byPlayer.get(p.id));
    for (const r of leaderboardView(d).rows) expect(r.need).toEqual(needs.byPlayer.get(r.id));
    expect(playerProfileView(d, 1)!.need).toEqual(leader);
    expect(overlayView(d, { view: "standings", top: 8 }).message).toBe(needs.heading);
    for (const row of leaderboardRead(d, undefined)) {
      expect(row.need).toEqual(needs.byPlayer.get(row.id));
      expect(() => needAnswer.parse(row.need)).not.toThrow();
    }
  });

  test("no cut ahead: before round 3, at the tournament's last game, below 32 in play, in Standard", () => {
    expect(tournamentNeeds(world(2, undefined, 0, elimination(32)))).toBeNull();
    // Advancing after the last game completes the tournament: no cut is ahead of it.
    expect(tournamentNeeds(world(5, undefined, 0, elimination(32)))).toBeNull();
    // 24 in play: a quarter is 6, under one step of 8, so nothing is proposed.
    expect(proposedEliminationCut(24, 3)).toBe(0);
    expect(tournamentNeeds(world(3, undefined, 0, elimination(24)))).toBeNull();
    // Standard: cuts are optional and nothing is proposed ahead of time.
    expect(tournamentNeeds(world(3, undefined, 0, { count: 32, totalRounds: 5 }))).toBeNull();
  });

  test("the count is of the players the cut counts: a dropped or unchecked player is neither counted nor given a need", () => {
    const d = world(3, undefined, 0, elimination(40));
    expect(tournamentNeeds(d)!.heading).toBe("Round 3: last game before the cut to the best 32");
    // 38 counted: the quarter (9) rounds down to 8, so 30 go through.
    Object.assign(d.players[38], { droppedAt: new Date(0), dropRound: 3 });
    Object.assign(d.players[39], { isCheckedIn: false });
    const needs = tournamentNeeds(d)!;
    expect(needs.heading).toBe("Round 3: last game before the cut to the best 30");
    expect(needs.byPlayer.has(39)).toBe(false);
    expect(needs.byPlayer.has(40)).toBe(false);
    expect(needs.byPlayer.size).toBe(38);
  });

  test("with stages: a stage without an end is followed by the proposed cut; a stage's own cut or checkmate comes first", () => {
    const open = tournamentNeeds(world(3, [day1(3, null), final], 0, elimination(32)))!;
    expect(open.heading).toBe("Day 1: last game before the cut to the best 24");
    const ownCut = tournamentNeeds(world(3, [day1(3, { cutTo: 16 }), final], 0, elimination(32)))!;
    expect(ownCut.heading).toBe("Day 1: last game before the cut to the best 16");
    const checkmate = tournamentNeeds(
      world(3, [day1(2, null), { ...final, games: 3, end: { checkmate: { threshold: 30, maxGames: null } } }], 0, {
        ...elimination(32),
      }),
    )!;
    expect(checkmate.heading).toBe("Final: checkmate at 30 points. A player on it who wins a game wins the tournament");
  });
});
