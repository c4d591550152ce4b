// The spectator read models (app/models/views/public.ts) and the live pages' re-fetch spread, on hand-made tournament data.
import { describe, expect, test } from "vitest";
import type { Lobby, Match, Player, Tournament } from "#db/schema";
import { refetchDelay } from "~/components/live";
import { DEFAULT_SCORING, pointsFor } from "~/models/format/scoring";
import { STANDARD_TIEBREAKERS } from "~/models/format/ruleset";
import { toLeaderboardRow } from "~/models/format/standings.server";
import { computeStandings } from "~/models/format/standings";
import { overallStandings } from "~/models/format/stage-standings";
import type { Stage } from "~/models/format/stages";
import { toEnginePlayer } from "~/models/format/stats.server";
import type { TournamentData } from "~/models/views/tournament-data.server";
import { GRID_PAGE_SIZE, leaderboardView, previousLobbiesView, publicView } from "~/models/views/public";
import { overlayView, parseOverlayQuery } from "~/models/views/overlay";
import { hostPlayerView, playerProfileView } from "~/models/views/player-profile";
import { playerRow as storedPlayer } from "./fixtures";

const player = (id: number, overrides: Partial<Player> = {}) => storedPlayer(id, { lp: 1000 - id, ...overrides });

/** A tournament of `count` players in round 1, lobbies of 8 drawn in id order, the first `scored` lobbies scored in seat order. */
function world(count: number, scored: number, overrides: Partial<Tournament> = {}): TournamentData {
  const tournament: Tournament = {
    id: 1,
    name: "Stream Cup",
    format: "standard",
    lobbyMethod: "snake",
    maxPlayers: 256,
    totalRounds: 3,
    currentRound: 1,
    finalizedRound: 0,
    version: 7,
    status: "active",
    isLocked: true,
    isPublic: true,
    scoring: DEFAULT_SCORING,
    ruleset: { preset: "standard", tiebreakers: [...STANDARD_TIEBREAKERS] },
    stages: null,
    ownerId: 1,
    createdAt: new Date(0),
    ...overrides,
  };
  const players = Array.from({ length: count }, (_, i) => player(i + 1));
  const lobbies: Lobby[] = [];
  for (let i = 0; i < count / 8; i++) {
    lobbies.push({
      id: 100 + i,
      tournamentId: 1,
      roundNumber: 1,
      name: `Lobby ${i + 1}`,
      playerIds: players.slice(i * 8, i * 8 + 8).map((p) => p.id),
      isComplete: i < scored,
    });
  }
  const matches: Match[] = lobbies.slice(0, scored).flatMap((l) =>
    l.playerIds.map((playerId, seat) => ({
      id: playerId,
      tournamentId: 1,
      lobbyId: l.id,
      roundNumber: 1,
      playerId,
      placement: seat + 1,
      points: pointsFor(DEFAULT_SCORING, seat + 1),
      dnp: false,
    })),
  );
  const byId = new Map(players.map((p) => [p.id, p]));
  const standings = computeStandings(players.map(toEnginePlayer), matches).map((row) =>
    toLeaderboardRow(byId.get(row.playerId)!, row),
  );
  return { tournament, players, lobbies, matches, standings };
}

describe("public view", () => {
  test("ships one page of the player grid, never the whole field", () => {
    const view = publicView(world(256, 31), { q: "", page: 1 });
    expect(view.grid).toMatchObject({ total: 256, page: 1, pageCount: Math.ceil(256 / GRID_PAGE_SIZE) });
    expect(view.grid.players).toHaveLength(GRID_PAGE_SIZE);
    const last = publicView(world(256, 31), { q: "", page: 999 });
    expect(last.grid.page).toBe(last.grid.pageCount);
    expect(last.grid.players).toHaveLength(256 - (last.grid.pageCount - 1) * GRID_PAGE_SIZE);
    expect(last.grid.players[0].lobbyName).toMatch(/^Lobby \d+$/);
  });

  test("the current round's lobbies with ranks, the top 8, at most 10 search results, and the counts", () => {
    const view = publicView(world(64, 3), { q: "player 1", page: 1 });
    expect(view.lobbies).toHaveLength(8);
    expect(view.lobbies[0].players).toHaveLength(8);
    expect(view.lobbies[0].players[0]).toEqual({
      id: 1,
      name: "Player 1",
      riotTag: "EUW1",
      rank: expect.any(Number),
    });
    // The checkmate mark is sent only for a player on it (none here).
    expect(view.lobbies.flatMap((l) => l.players).some((p) => "onCheckmate" in p)).toBe(false);
    expect(view.top).toHaveLength(8);
    expect(view.top[0].totalPoints).toBe(8);
    // "player 1" matches Player 1, 10–19 and 1x: the first 10 in standings order.
    expect(view.results).toHaveLength(10);
    expect(view.results.every((r) => r.name.toLowerCase().includes("player 1"))).toBe(true);
    expect(view.stats).toEqual({ gamesPlayed: 3, active: 64, eliminated: 0, dropped: 0 });
  });
});

describe("leaderboard and previous lobbies", () => {
  test("the leaderboard lists every ranked player in order", () => {
    const view = leaderboardView(world(16, 2));
    expect(view.rows.map((r) => r.rank)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(view.rows[0]).toMatchObject({ totalPoints: 8, matchesPlayed: 1, bestFinish: 1 });
  });

  test("previous lobbies default to the latest round and sort scored players by placement", () => {
    const view = previousLobbiesView(world(16, 1), null);
    expect(view.rounds).toEqual([1]);
    expect(view.round).toBe(1);
    expect(view.lobbies[0].players.map((p) => p.placement)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(view.lobbies[1].players.every((p) => p.placement === null)).toBe(true);
  });
});

describe("a player's profile, public and host (wording: tests/unit/policy-rules.test.ts)", () => {
  test("a scored player waits for the next round; one without games is unranked; an unknown id is null", () => {
    const data = world(16, 1);
    const scored = playerProfileView(data, 1)!;
    expect(scored.status).toBe("Game finished - waiting for the next round");
    expect(scored.rank).toBe(1);
    expect(scored.history).toEqual([expect.objectContaining({ lobbyName: "Lobby 1", placement: 1, points: 8 })]);
    const waiting = playerProfileView(data, 9)!;
    expect(waiting.status).toBe("Active - Lobby 2");
    expect(waiting.rank).toBeNull();
    expect(waiting.pointsBehind).toBeNull();
    expect(playerProfileView(data, 999)).toBeNull();
  });

  test("points behind first count within the leader's stage: a player cut in Day 1 is not compared with a reset final", () => {
    // 16 players; Day 1 (round 1, two lobbies in id order), the best 8 go on to a final that starts again from 0.
    const stages: Stage[] = [
      { name: "Day 1", games: 1, draw: "snake", points: "carry", end: { cutTo: 8 } },
      { name: "Final", games: 2, draw: "snake", points: "reset", end: null },
    ];
    const base = world(16, 2, { totalRounds: 3, currentRound: 2, finalizedRound: 1 });
    const tournament = Object.assign(base.tournament, { stages });
    // Day 1 placed each lobby in id order; its top 4 went through, the rest were cut.
    const through = new Set([1, 2, 3, 4, 9, 10, 11, 12]);
    const players = base.players.map((p) => (through.has(p.id) ? p : { ...p, isEliminated: true }));
    const final: Lobby = {
      id: 200,
      tournamentId: 1,
      roundNumber: 2,
      name: "Lobby 1",
      playerIds: [...through],
      isComplete: true,
    };
    const finalGames: Match[] = final.playerIds.map((playerId, seat) => ({
      id: 1000 + playerId,
      tournamentId: 1,
      lobbyId: final.id,
      roundNumber: 2,
      playerId,
      placement: seat + 1,
      points: pointsFor(DEFAULT_SCORING, seat + 1),
      dnp: false,
    }));
    const matches = [...base.matches, ...finalGames];
    const byId = new Map(players.map((p) => [p.id, p]));
    const standings = overallStandings(players.map(toEnginePlayer), matches, tournament, [...STANDARD_TIEBREAKERS]).map(
      (row) => toLeaderboardRow(byId.get(row.playerId)!, row),
    );
    const d: TournamentData = { tournament, players, lobbies: [...base.lobbies, final], matches, standings };

    const leader = playerProfileView(d, 1)!;
    expect(leader).toMatchObject({ rank: 1, pointsBehind: null, player: { totalPoints: 8 } });
    // In the final: 2nd of its game, 1 point behind the leader's 8.
    expect(playerProfileView(d, 2)).toMatchObject({ rank: 2, pointsBehind: 1 });
    // Cut in Day 1 with 4 points (5th of lobby 1): ranked below the final's players, never "0 behind" the final's leader.
    const cut = playerProfileView(d, 5)!;
    expect(cut.rank).toBeGreaterThan(8);
    expect(cut.player.totalPoints).toBe(4);
    expect(cut.pointsBehind).toBeNull();
  });

  test("in a completed tournament every ranked player shows their final rank", () => {
    const done = playerProfileView(world(16, 2, { status: "completed" }), 9)!;
    expect(done.status).toBe("Tournament completed");
    expect(done.rank).toBeGreaterThan(0);
  });

  test("the host's page reads the same status, with seed, wins and top 4, and its rank from the first game on", () => {
    const data = world(16, 1);
    const scored = hostPlayerView(data, 1)!;
    expect(scored.status).toBe(playerProfileView(data, 1)!.status);
    expect(scored.statusTone).toBe("warning");
    expect(scored.player.seed).toBe(1);
    expect(scored.standing).toEqual(expect.objectContaining({ rank: 1, wins: 1, top4: 1 }));
    expect(scored.history).toEqual([expect.objectContaining({ roundNumber: 1, lobbyName: "Lobby 1", placement: 1 })]);
    const playing = hostPlayerView(data, 9)!;
    expect([playing.status, playing.statusTone]).toEqual(["Active - Lobby 2", "success"]);
    // No game yet: "Unranked" on the host's page as on the public profile.
    expect(playing.standing?.rank).toBeNull();
    const removed = world(16, 0);
    removed.players[15] = { ...removed.players[15], removedAt: new Date(0), isCheckedIn: false };
    removed.lobbies[1].playerIds = removed.lobbies[1].playerIds.slice(0, 7);
    expect(hostPlayerView(removed, 16)!.status).toBe("Removed (not checked in for Round 1)");
    expect(hostPlayerView(data, 999)).toBeNull();
  });
});

describe("the re-fetch spread after an event", () => {
  test("waits at least 150 ms, over a window that grows with the audience, capped at 15 s", () => {
    expect(refetchDelay(1, 0)).toBe(150);
    expect(refetchDelay(1, 1)).toBe(1_000);
    expect(refetchDelay(5_000, 1)).toBe(2_000);
    expect(refetchDelay(10_000, 1)).toBe(4_000);
    expect(refetchDelay(1_000_000, 1)).toBe(15_000);
    expect(refetchDelay(undefined, 1)).toBe(1_000);
    expect(refetchDelay("lots", 1)).toBe(1_000);
  });
});

describe("stream overlay", () => {
  const query = (search: string) => parseOverlayQuery(new URLSearchParams(search));

  test("its query: standings by default with top 8, top 1 to 32, a lobby by name, round; anything else is a message for a 400", () => {
    expect(query("")).toEqual({ ok: true, query: { view: "standings", top: 8 } });
    expect(query("view=standings&top=3")).toEqual({ ok: true, query: { view: "standings", top: 3 } });
    expect(query("view=lobby&lobby=%20Lobby%20%203%20")).toEqual({
      ok: true,
      query: { view: "lobby", lobby: "Lobby 3" },
    });
    expect(query("view=round")).toEqual({ ok: true, query: { view: "round" } });
    for (const bad of [
      "view=x",
      "top=0",
      "top=33",
      "top=2.5",
      "top=-1",
      "top=1e1",
      "view=lobby",
      "view=lobby&lobby=%20",
      `view=lobby&lobby=${"x".repeat(41)}`,
    ]) {
      expect(query(bad).ok, bad).toBe(false);
    }
  });

  test("standings: the asked top of players with games; before the first game a message instead of a made-up order", () => {
    const view = overlayView(world(32, 2), { view: "standings", top: 5 });
    expect(view.heading).toBe("Top 5");
    expect(view.rows).toHaveLength(5);
    expect(view.rows[0]).toMatchObject({ rank: "#1", detail: "8 pts" });
    const before = overlayView(world(32, 0), { view: "standings", top: 8 });
    expect(before).toMatchObject({ heading: "Top 8", rows: [], message: "No games played yet" });
  });

  test("a lobby by name in any case: placements and points once scored, ranks before; an unknown lobby is missing", () => {
    const scored = overlayView(world(24, 1), { view: "lobby", lobby: "lobby 1" });
    expect(scored.heading).toBe("Lobby 1");
    expect(scored.subheading).toContain("Complete");
    expect(scored.rows.map((r) => r.rank)).toEqual(["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"]);
    expect(scored.rows[0].detail).toBe("+8 pts");
    const pending = overlayView(world(24, 1), { view: "lobby", lobby: "Lobby 2" });
    expect(pending.subheading).toContain("Pending");
    expect(pending.rows[0].rank).toMatch(/^#\d+$/);
    expect(overlayView(world(24, 1), { view: "lobby", lobby: "Lobby 9" })).toMatchObject({
      missing: true,
      message: 'No lobby named "Lobby 9" in round 1',
    });
  });

  test("round: round x of y and lobbies complete m/n; before lobbies, the status", () => {
    expect(overlayView(world(32, 3), { view: "round" })).toMatchObject({
      heading: "Round 1 of 3",
      message: "Lobbies complete: 3/4",
    });
    const checkin = world(0, 0, { status: "checkin" });
    expect(overlayView(checkin, { view: "round" }).message).toBe("Check-in: lobbies not drawn yet");
  });
});
