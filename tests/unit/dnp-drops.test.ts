// No-shows (DNP) and drops as pure rules: lobby validation against a plain reference, a DNP's points and stats,
// where dropped players stand, who is drawn and counted for a cut, and when a drop may be made or undone.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { previewCut } from "../../app/models/format/cuts";
import { eligibleForRound } from "../../app/models/rounds/lobbies";
import { dropRefusal, outLabel, playerCounts, playerStatus, undoDropRefusal } from "../../app/models/access/policy";
import {
  DEFAULT_SCORING,
  SCORING_KEYS,
  placementText,
  pointsFor,
  resultFor,
  type Scoring,
} from "../../app/models/format/scoring";
import { computeStandings, statusRank } from "../../app/models/format/standings";
import { computePlayerStats, formatAverage } from "../../app/models/format/stats";
import { averageRankKey } from "../../app/models/format/ruleset";
import type { EngineMatch } from "../../app/models/format/types";
import { scoresSchema, validateLobbyScores, type ScoreEntry } from "../../app/models/rounds/round-input";
import { ALL_DNP, DNP_WITH_PLACEMENT, presentPlacementsMessage } from "../../app/models/messages";
import { player } from "./fixtures";

const scoringArb: fc.Arbitrary<Scoring> = fc
  .array(fc.integer({ min: 0, max: 1000 }), { minLength: 8, maxLength: 8 })
  .map((values) => Object.fromEntries(SCORING_KEYS.map((k, i) => [k, values[i]])) as Scoring);

/**
 * A lobby of 1..8 players (ids 1..n) and a save for it in which each player is either placed or a DNP: the present
 * players take a shuffle of 1..k, so the save is valid whenever someone is present.
 */
const validSave = fc
  .integer({ min: 1, max: 8 })
  .chain((n) =>
    fc.tuple(
      fc.constant(Array.from({ length: n }, (_, i) => i + 1)),
      fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i + 1),
        { minLength: n, maxLength: n },
      ),
    ),
  )
  .map(([lobby, absent, order]) => {
    const present = lobby.filter((_, i) => !absent[i]);
    const places = order.filter((p) => p <= present.length);
    const entries: ScoreEntry[] = lobby.map((playerId, i) =>
      absent[i] ? { playerId, placement: 0, dnp: true } : { playerId, placement: places[present.indexOf(playerId)] },
    );
    return { lobby, entries, present: present.length };
  });

/** The rule written plainly: every lobby player once; a DNP has no placement; with a DNP the present take exactly 1..k. */
function referenceValid(lobby: readonly number[], entries: readonly ScoreEntry[]): boolean {
  if (entries.length !== lobby.length) return false;
  const ids = entries.map((e) => e.playerId).sort((a, b) => a - b);
  if (ids.join() !== [...lobby].sort((a, b) => a - b).join()) return false;
  if (entries.some((e) => e.dnp && e.placement !== 0)) return false;
  const placed = entries
    .filter((e) => !e.dnp)
    .map((e) => e.placement)
    .sort((a, b) => a - b);
  if (placed.length === 0) return false;
  if (placed.some((p) => !Number.isInteger(p) || p < 1 || p > 8)) return false;
  if (new Set(placed).size !== placed.length) return false;
  const withDnp = placed.length < entries.length;
  return !withDnp || placed.every((p, i) => p === i + 1);
}

describe("validateLobbyScores with DNPs", () => {
  test("the present players placed 1..k, the others DNP: accepted (property)", () => {
    fc.assert(
      fc.property(validSave, ({ lobby, entries, present }) => {
        fc.pre(present > 0);
        expect(validateLobbyScores(lobby, entries)).toBeNull();
      }),
    );
  });

  test("agrees with the plain reference on random saves (property)", () => {
    const entry = fc.record({
      playerId: fc.integer({ min: 1, max: 9 }),
      placement: fc.integer({ min: 0, max: 9 }),
      dnp: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.oneof(
          fc.array(entry, { maxLength: 9 }),
          validSave.map((s) => s.entries),
          // A valid save with one value changed.
          fc.tuple(validSave, entry, fc.nat()).map(([s, e, i]) => {
            const copy = [...s.entries];
            copy[i % copy.length] = { ...copy[i % copy.length], ...e, playerId: copy[i % copy.length].playerId };
            return copy;
          }),
        ),
        (n, entries) => {
          const lobby = Array.from({ length: n }, (_, i) => i + 1);
          const entered = entries.filter((e) => e.placement !== 0 || e.dnp);
          expect(validateLobbyScores(lobby, entered) === null).toBe(referenceValid(lobby, entered));
        },
      ),
      { numRuns: 2000 },
    );
  });

  test("every player DNP, a DNP with a placement, the present players not 1..k: each refused with its message", () => {
    const lobby = [1, 2, 3, 4];
    const dnp = (playerId: number): ScoreEntry => ({ playerId, placement: 0, dnp: true });
    expect(validateLobbyScores(lobby, lobby.map(dnp))).toBe(ALL_DNP);
    expect(
      validateLobbyScores(lobby, [
        { playerId: 1, placement: 2, dnp: true },
        ...[2, 3, 4].map((id, i) => ({ playerId: id, placement: i + 1 })),
      ]),
    ).toBe(DNP_WITH_PLACEMENT);
    // Three present must take 1st, 2nd and 3rd: a 4th is refused, a gap too.
    expect(
      validateLobbyScores(lobby, [
        dnp(1),
        { playerId: 2, placement: 1 },
        { playerId: 3, placement: 2 },
        { playerId: 4, placement: 4 },
      ]),
    ).toBe(presentPlacementsMessage(3));
    expect(presentPlacementsMessage(3)).toBe("With a DNP, the 3 players present take placements 1st to 3rd, each once");
    // Without a DNP the spec's rule stands: a short lobby may leave places out.
    expect(
      validateLobbyScores(
        lobby,
        lobby.map((playerId, i) => ({ playerId, placement: 5 + i })),
      ),
    ).toBeNull();
  });

  test("the form's and the API's spelling of a DNP parse the same", () => {
    const api = scoresSchema.parse({
      scores: [
        { playerId: 7, dnp: true },
        { playerId: 8, placement: 1 },
      ],
    });
    const form = scoresSchema.parse({
      scores: [
        { playerId: "7", placement: "dnp" },
        { playerId: "8", placement: "1" },
      ],
    });
    expect(api).toEqual(form);
    expect(api.scores).toEqual([
      { playerId: 7, placement: 0, dnp: true },
      { playerId: 8, placement: 1 },
    ]);
    // A DNP with a placement passes the shape and is refused by the lobby rule, with its own message.
    expect(scoresSchema.parse({ scores: [{ playerId: 7, dnp: true, placement: 3 }] }).scores[0]).toEqual({
      playerId: 7,
      placement: 3,
      dnp: true,
    });
    expect(scoresSchema.safeParse({ scores: [{ playerId: 7 }] }).success).toBe(false);
    // JSON's null is no placement: a no-show with it, refused without.
    expect(scoresSchema.parse({ scores: [{ playerId: 7, dnp: true, placement: null }] }).scores[0]).toEqual({
      playerId: 7,
      placement: 0,
      dnp: true,
    });
    expect(scoresSchema.safeParse({ scores: [{ playerId: 7, placement: null }] }).success).toBe(false);
    expect(scoresSchema.safeParse({ scores: [{ playerId: 7, placement: "dnp", dnp: false }] }).success).toBe(false);
  });
});

describe("a DNP's result and stats", () => {
  test("a DNP never earns points; the present players score by the table (property)", () => {
    fc.assert(
      fc.property(scoringArb, validSave, (scoring, { entries }) => {
        for (const entry of entries) {
          const result = resultFor(scoring, entry);
          if (entry.dnp) expect(result).toEqual({ placement: null, points: 0, dnp: true });
          else
            expect(result).toEqual({
              placement: entry.placement,
              points: pointsFor(scoring, entry.placement),
              dnp: false,
            });
        }
      }),
    );
  });

  test("a DNP counts as a game played, not in average, best finish, wins or top 4 (property, against a reference)", () => {
    const result = fc.oneof(
      fc.integer({ min: 1, max: 8 }).map((placement) => ({ placement, points: pointsFor(DEFAULT_SCORING, placement) })),
      fc.constant({ placement: null, points: 0 }),
    );
    fc.assert(
      fc.property(fc.array(result, { maxLength: 12 }), (results) => {
        const stats = computePlayerStats(player(1), results);
        const placed = results.flatMap((r) => (r.placement === null ? [] : [r.placement]));
        expect(stats.matchesPlayed).toBe(results.length);
        expect(stats.totalPoints).toBe(placed.reduce((s, p) => s + pointsFor(DEFAULT_SCORING, p), 0));
        expect(stats.wins).toBe(placed.filter((p) => p === 1).length);
        expect(stats.top4).toBe(placed.filter((p) => p <= 4).length);
        expect(stats.bestFinish).toBe(placed.length > 0 ? Math.min(...placed) : null);
        if (placed.length > 0) {
          expect(stats.averagePlacement).toBeCloseTo(placed.reduce((s, p) => s + p, 0) / placed.length, 9);
        } else {
          expect(stats.averagePlacement).toBe(0);
          expect(averageRankKey(stats)).toBe(Infinity);
        }
      }),
    );
  });

  test("only DNPs: a game played, no average shown, ranked as the worst average", () => {
    const dnp: EngineMatch = { playerId: 1, lobbyId: 1, roundNumber: 1, placement: null, points: 0 };
    const eighth: EngineMatch = { playerId: 2, lobbyId: 1, roundNumber: 1, placement: 8, points: 0 };
    const scoring = { ...DEFAULT_SCORING, eighth: 0 };
    expect(pointsFor(scoring, 8)).toBe(0);
    const rows = computeStandings([player(1), player(2)], [dnp, eighth]);
    expect(rows.map((r) => r.playerId)).toEqual([2, 1]);
    expect(rows[1]).toMatchObject({
      matchesPlayed: 1,
      averagePlacement: 0,
      bestFinish: null,
      separatedBy: "averagePlacement",
    });
    expect(formatAverage(rows[1].averagePlacement, rows[1].matchesPlayed)).toBe("-");
    expect(placementText(null)).toBe("DNP");
    expect(placementText(3)).toBe("3rd");
  });
});

describe("drops", () => {
  const flags = fc.record({
    isEliminated: fc.boolean(),
    isDropped: fc.boolean(),
    points: fc.integer({ min: 0, max: 50 }),
  });

  test("standings: active players, then dropped, then eliminated, whatever the points (property)", () => {
    fc.assert(
      fc.property(fc.array(flags, { minLength: 1, maxLength: 30 }), (list) => {
        const roster = list.map((f, i) =>
          player(i + 1, { isEliminated: f.isEliminated, isDropped: f.isDropped, adjustPoints: f.points }),
        );
        const rows = computeStandings(roster, []);
        const ranks = rows.map((r) => statusRank(r));
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        for (const r of rows) {
          const p = roster[r.playerId - 1];
          expect(r.isDropped).toBe(p.isDropped);
          // A dropped player keeps their points.
          expect(r.totalPoints).toBe(p.adjustPoints);
        }
      }),
    );
  });

  test("a dropped player is in no later draw and not counted for a cut", () => {
    const roster = Array.from({ length: 24 }, (_, i) => player(i + 1, { isDropped: i < 3 }));
    const eligible = eligibleForRound(roster);
    expect(eligible.map((p) => p.id)).toEqual(roster.slice(3).map((p) => p.id));
    // 21 players still playing: at most 8 may be cut (13 remain), not 16 as 24 would allow.
    const cut = previewCut({ format: "standard", currentRound: 2 }, computeStandings(eligible, []), roster, [], 8);
    expect(cut).toMatchObject({ activeCount: 21, maxCut: 8, error: null });
    expect(cut.plan!.sure.some((id) => id <= 3)).toBe(false);
    expect(
      previewCut({ format: "standard", currentRound: 2 }, computeStandings(eligible, []), roster, [], 16).error,
    ).toBe("At least 8 players must remain");
  });

  test("counts, status and badge say Dropped, distinct from Eliminated", () => {
    const dropped = new Date();
    expect(
      playerCounts([
        { isCheckedIn: true, isEliminated: false, droppedAt: dropped },
        { isCheckedIn: true, isEliminated: true, droppedAt: null },
        { isCheckedIn: true, isEliminated: false },
      ]),
    ).toEqual({ total: 3, active: 1, checkedIn: 1, notCheckedIn: 0, eliminated: 1, dropped: 1 });
    const status = (over: Partial<Parameters<typeof playerStatus>[0]>) =>
      playerStatus({
        isCheckedIn: true,
        isEliminated: false,
        dropped: false,
        removed: false,
        tournamentCompleted: false,
        lobbyName: "Lobby 1",
        scoredThisRound: false,
        ...over,
      });
    expect(status({ dropped: true })).toEqual({ kind: "dropped", label: "Dropped" });
    expect(status({ dropped: true, isEliminated: true }).label).toBe("Eliminated");
    expect(status({ dropped: true, tournamentCompleted: true }).label).toBe("Dropped");
    expect(outLabel({ isEliminated: false, isDropped: true })).toBe("Dropped");
    expect(outLabel({ isEliminated: true, isDropped: false })).toBe("Eliminated");
    expect(outLabel({ isEliminated: false, isDropped: false })).toBeNull();
  });

  test("who may be dropped, and until when a drop may be undone", () => {
    const active = { status: "active" as const };
    const p = { name: "Ann", isEliminated: false, droppedAt: null, removedAt: null };
    expect(dropRefusal(active, p)).toBeNull();
    expect(dropRefusal({ status: "checkin" }, p)?.code).toBe("wrong_status");
    expect(dropRefusal(active, { ...p, isEliminated: true })?.code).toBe("player_eliminated");
    expect(dropRefusal(active, { ...p, removedAt: new Date() })?.code).toBe("player_removed");
    expect(dropRefusal(active, { ...p, droppedAt: new Date() })).toEqual({
      code: "player_dropped",
      message: "Ann has already dropped",
    });

    const dropped = { ...p, droppedAt: new Date(), dropLobbyMark: 12 };
    expect(undoDropRefusal(p, 12)?.code).toBe("not_dropped");
    expect(undoDropRefusal(dropped, 12)).toBeNull();
    // A lobby undone since the drop (a lower highest id) still allows it; a new draw does not.
    expect(undoDropRefusal(dropped, 8)).toBeNull();
    expect(undoDropRefusal(dropped, 13)?.code).toBe("drop_final");
  });
});
