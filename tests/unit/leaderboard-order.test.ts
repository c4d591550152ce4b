// The leaderboard's rows in rank order, whatever the groups: a staged event where a player dropped in Day 1 (rank 17)
// ranks below the players cut during Day 2 (ranks 9 to 16), as docs/rules.md "Stages" orders them.
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import type { Lobby, Match, Tournament } from "#db/schema";
import { DEFAULT_SCORING, pointsFor } from "~/models/format/scoring";
import { STANDARD_TIEBREAKERS } from "~/models/format/ruleset";
import { overallStandings } from "~/models/format/stage-standings";
import { toLeaderboardRow } from "~/models/format/standings.server";
import { toEnginePlayer } from "~/models/format/stats.server";
import type { Stage } from "~/models/format/stages";
import type { TournamentData } from "~/models/views/tournament-data.server";
import { leaderboardView, standingsSections } from "~/models/views/public";
import Leaderboard from "~/routes/leaderboard";
import { playerRow } from "./fixtures";

const STAGES: Stage[] = [
  { name: "Day 1", games: 1, draw: "snake", points: "carry", end: { cutTo: 16 } },
  { name: "Day 2", games: 3, draw: "snake", points: "carry", end: null },
];

/**
 * 24 players. Round 1 (Day 1, its only game): lobbies by id, the lower id places better. Player 24 drops; Day 1's end
 * cuts to 16 (17 to 23 go). Round 2 (Day 2): players 1 to 16, lower id better; a cut of 8 between games (9 to 16 go).
 * Round 3 is current.
 */
export function stagedWorld(): TournamentData {
  const tournament: Tournament = {
    id: 1,
    name: "Circuit",
    format: "standard",
    lobbyMethod: "snake",
    maxPlayers: 24,
    totalRounds: 4,
    currentRound: 3,
    finalizedRound: 2,
    version: 3,
    status: "active",
    isLocked: true,
    isPublic: true,
    scoring: DEFAULT_SCORING,
    ruleset: { preset: "standard", tiebreakers: [...STANDARD_TIEBREAKERS] },
    stages: STAGES,
    ownerId: 1,
    createdAt: new Date(0),
  } as Tournament;
  const players = Array.from({ length: 24 }, (_, i) => playerRow(i + 1));
  const lobbies: Lobby[] = [];
  const matches: Match[] = [];
  const play = (round: number, ids: number[]) => {
    for (let i = 0; i < ids.length; i += 8) {
      const lobby: Lobby = {
        id: lobbies.length + 1,
        tournamentId: 1,
        roundNumber: round,
        name: `Lobby ${i / 8 + 1}`,
        playerIds: ids.slice(i, i + 8),
        isComplete: true,
      } as Lobby;
      lobbies.push(lobby);
      lobby.playerIds.forEach((playerId, seat) =>
        matches.push({
          id: matches.length + 1,
          tournamentId: 1,
          lobbyId: lobby.id,
          roundNumber: round,
          playerId,
          placement: seat + 1,
          points: pointsFor(DEFAULT_SCORING, seat + 1),
          dnp: false,
        } as Match),
      );
    }
  };
  // Each lobby of round 1 holds one of every three ids, so points alone do not sort the field by id.
  play(1, [1, 4, 7, 10, 13, 16, 19, 22, 2, 5, 8, 11, 14, 17, 20, 23, 3, 6, 9, 12, 15, 18, 21, 24]);
  players[23] = { ...players[23], droppedAt: new Date(0), dropReason: "Left", dropRound: 1 };
  for (let id = 17; id <= 23; id++) players[id - 1] = { ...players[id - 1], isEliminated: true };
  play(
    2,
    Array.from({ length: 16 }, (_, i) => i + 1),
  );
  for (let id = 9; id <= 16; id++) players[id - 1] = { ...players[id - 1], isEliminated: true };
  const byId = new Map(players.map((p) => [p.id, p]));
  const standings = overallStandings(players.map(toEnginePlayer), matches, tournament, STANDARD_TIEBREAKERS).map(
    (row) => toLeaderboardRow(byId.get(row.playerId)!, row),
  );
  return { tournament, players, lobbies, matches, standings, schedule: null } as TournamentData;
}

/** The leaderboard page's HTML for `data`, as its loader answers it. */
function renderLeaderboard(data: TournamentData): string {
  const view = leaderboardView(data);
  const loaderData = {
    ...view,
    shownStage: null,
    schedule: null,
    here: "/tournaments/1/leaderboard",
    backTo: "/tournaments/1/public",
    playerBase: "/tournaments/1/public/player",
  };
  const Stub = createRoutesStub([
    {
      path: "/tournaments/:tournamentId/leaderboard",
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the route's generated props, given by hand
      Component: () => createElement(Leaderboard as any, { loaderData, params: { tournamentId: "1" }, matches: [] }),
    },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/tournaments/1/leaderboard"] }));
}

describe("the leaderboard page lists its rows in rank order", () => {
  test("a player dropped in Day 1 (rank 17) comes after the players cut during Day 2 (ranks 9 to 16)", () => {
    const data = stagedWorld();
    const rank = new Map(data.standings.map((r) => [r.id, r.rank]));
    expect(rank.get(24)).toBe(17);
    expect(data.standings.filter((r) => r.rank >= 9 && r.rank <= 16).every((r) => r.isEliminated)).toBe(true);
    const html = renderLeaderboard(data);
    const shown = [...html.matchAll(/data-player-id="(\d+)"/g)].map((m) => rank.get(Number(m[1])));
    expect(shown).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    // Each run under its separator, in rank order: the cut during Day 2, then Day 1's drop, then Day 1's cut.
    const separators = [...html.matchAll(/<tr class="separator"><td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(separators).toEqual(["Eliminated in Day 2", "Dropped in Day 1", "Eliminated in Day 1"]);
  });

  test("sections never reorder: their rows in sequence are the rows given, each run one group", () => {
    const rowArb = fc.record({ stage: fc.integer({ min: 1, max: 3 }), status: fc.integer({ min: 0, max: 2 }) });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (shape) => {
        const rows = shape.map((r, i) => ({
          id: i,
          stage: r.stage,
          isDropped: r.status === 1,
          isEliminated: r.status === 2,
        }));
        const sections = standingsSections(rows, ["A", "B", "C"]);
        expect(sections.flatMap((s) => s.rows)).toEqual(rows);
        const key = (r: (typeof rows)[number]) => `${r.stage}|${r.isEliminated}|${r.isDropped}`;
        for (const [i, section] of sections.entries()) {
          expect(section.rows.length).toBeGreaterThan(0);
          expect(new Set(section.rows.map(key)).size).toBe(1);
          if (i > 0) expect(key(section.rows[0])).not.toBe(key(sections[i - 1].rows.at(-1)!));
          // Only a first run of players still in play goes without a separator.
          const first = section.rows[0];
          expect(section.label === null).toBe(i === 0 && !first.isEliminated && !first.isDropped);
        }
      }),
      { numRuns: 300 },
    );
  });

  test("one stage keeps the plain separators: Dropped, then Eliminated", () => {
    const rows = [
      { isEliminated: false, isDropped: false },
      { isEliminated: false, isDropped: true },
      { isEliminated: true, isDropped: false },
    ];
    expect(standingsSections(rows).map((s) => s.label)).toEqual([null, "Dropped", "Eliminated"]);
  });
});

describe("the Rules section says the configured cuts", () => {
  test("a stage's cut to 15 is not called a multiple of 8; the order by stage reached is said", () => {
    const data = stagedWorld();
    data.tournament = { ...data.tournament, stages: [{ ...STAGES[0], end: { cutTo: 15 } }, STAGES[1]] };
    const rules = leaderboardView(data).rules;
    expect(rules.cutRule).toContain("Day 1 ends with a cut to the best 15 by its standings");
    expect(rules.cutRule).not.toMatch(/^A cut removes a multiple of 8/);
    expect(rules.cutRule).toContain("Between games, a cut removes a multiple of 8 players and keeps at least 8");
    expect(rules.standingsRule).toMatch(/^Players rank by how far they got/);
  });
});
