// Self-reported results' pure rules (docs/decisions/036-player-reports.md) against a plain reference: a report's validity,
// and what a lobby's reports mean together (agreed, disputed, reported, none).
import fc from "fast-check";
import { expect, test } from "vitest";
import {
  agreedScores,
  INCOMPLETE_REPORT,
  NOT_IN_LOBBY,
  OUT_OF_PLAY_CLAIM,
  OUT_OF_PLAY_REPORTER,
  placementRangeMessage,
  readReports,
  repeatedPlacementMessage,
  reportLobby,
  reportRefusal,
  type PlayerReport,
} from "~/models/rounds/reports";
import { validateLobbyScores } from "~/models/rounds/round-input";
import { disputedFirst, lobbyState, LOBBY_STATE_LABELS } from "~/models/rounds/score-sheet";

const lobby = [11, 12, 13, 14];
const own = (reporterId: number, placement: number): PlayerReport => ({
  reporterId,
  kind: "own",
  placements: [{ playerId: reporterId, placement }],
});
const full = (reporterId: number, order: number[]): PlayerReport => ({
  reporterId,
  kind: "full",
  placements: order.map((playerId, i) => ({ playerId, placement: i + 1 })),
});

test("a report fits its lobby: the reporter sits in it; placements 1…k, each once, every player for a full one", () => {
  expect(reportRefusal(lobby, own(11, 2))).toBeNull();
  expect(reportRefusal(lobby, full(12, [14, 13, 12, 11]))).toBeNull();
  expect(reportRefusal(lobby, own(99, 1))).toEqual({ code: "not_in_lobby", message: NOT_IN_LOBBY });
  expect(reportRefusal(lobby, own(11, 5))?.message).toBe(placementRangeMessage(4));
  expect(reportRefusal(lobby, own(11, 0))?.code).toBe("invalid_report");
  expect(reportRefusal(lobby, own(11, 1.5))?.code).toBe("invalid_report");
  const repeated: PlayerReport = {
    reporterId: 11,
    kind: "full",
    placements: [
      { playerId: 11, placement: 1 },
      { playerId: 12, placement: 1 },
      { playerId: 13, placement: 3 },
      { playerId: 14, placement: 4 },
    ],
  };
  expect(reportRefusal(lobby, repeated)?.message).toBe(repeatedPlacementMessage(1));
  expect(reportRefusal(lobby, full(11, [11, 12, 13]))?.message).toBe(INCOMPLETE_REPORT);
  expect(reportRefusal(lobby, full(11, [11, 12, 13, 99]))?.message).toBe(INCOMPLETE_REPORT);
  // An own report names the reporter only.
  expect(
    reportRefusal(lobby, { reporterId: 11, kind: "own", placements: [{ playerId: 12, placement: 1 }] })?.code,
  ).toBe("invalid_report");
});

test("two matching full reports agree; every player's own placement agrees; a contradiction is a dispute", () => {
  expect(readReports(lobby, []).state).toBe("none");
  expect(readReports(lobby, [full(11, [11, 12, 13, 14])]).state).toBe("reported");
  const two = readReports(lobby, [full(11, [13, 11, 12, 14]), full(14, [13, 11, 12, 14])]);
  expect(two).toMatchObject({ state: "agreed", by: "two-full" });
  expect(two.state === "agreed" && two.result).toEqual([
    { playerId: 11, placement: 2 },
    { playerId: 12, placement: 3 },
    { playerId: 13, placement: 1 },
    { playerId: 14, placement: 4 },
  ]);
  expect(readReports(lobby, [own(11, 1), own(12, 2), own(13, 3)]).state).toBe("reported");
  expect(readReports(lobby, [own(11, 1), own(12, 2), own(13, 3), own(14, 4)])).toMatchObject({
    state: "agreed",
    by: "every-own",
  });
  // Own placements that clash, or a full report against an own one: disputed.
  expect(readReports(lobby, [own(11, 1), own(12, 1)])).toMatchObject({ state: "disputed", placements: [1] });
  expect(readReports(lobby, [full(11, [11, 12, 13, 14]), own(12, 3)])).toMatchObject({
    state: "disputed",
    players: [12],
  });
  // A corrected report replaces the earlier one: the dispute is gone.
  expect(readReports(lobby, [own(11, 1), own(12, 1), own(12, 2)]).state).toBe("reported");
  // A report that no longer fits (its reporter swapped out) does not count.
  expect(readReports([11, 12, 13, 15], [full(14, [11, 12, 13, 14])]).state).toBe("none");
});

test("the score screen's state: saved, else agreed or disputed by the reports, else pending; disputed lobbies first", () => {
  expect(lobbyState({ isComplete: true }, "disputed")).toBe("saved");
  expect(lobbyState({ isComplete: false }, "agreed")).toBe("agreed");
  expect(lobbyState({ isComplete: false }, "disputed")).toBe("disputed");
  expect(lobbyState({ isComplete: false }, "reported")).toBe("pending");
  expect(LOBBY_STATE_LABELS.agreed).toBe("Reported, agreed");
  const list = [
    { id: 1, state: "pending" as const },
    { id: 2, state: "disputed" as const },
    { id: 3, state: "agreed" as const },
    { id: 4, state: "disputed" as const },
  ];
  expect(disputedFirst(list).map((l) => l.id)).toEqual([2, 4, 1, 3]);
});

// ---------- the reference: every permutation of the lobby, and which ones the reports allow ----------

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1))
    for (let at = 0; at <= rest.length; at++) out.push([...rest.slice(0, at), n, ...rest.slice(at)]);
  return out;
}

/**
 * The plain reading: keep each reporter's latest report; the results the reports allow are the permutations (player i
 * placed perm[i]) that match every claim. None allowed: disputed. Agreed when one result is allowed and either two
 * players reported the whole lobby or every player reported (their own placement, at least).
 */
function referenceReading(players: number[], reports: PlayerReport[]) {
  const latest = new Map<number, PlayerReport>();
  for (const r of reports) latest.set(r.reporterId, r);
  const counted = [...latest.values()];
  if (counted.length === 0) return { state: "none" as const };
  const allowed = permutations(players.length).filter((perm) =>
    counted.every((r) => r.placements.every((c) => perm[players.indexOf(c.playerId)] === c.placement)),
  );
  if (allowed.length === 0) return { state: "disputed" as const };
  const fullReporters = counted.filter((r) => r.kind === "full").length;
  const everyone = players.every((p) => latest.has(p));
  if (fullReporters >= 2 || everyone) {
    expect(allowed).toHaveLength(1);
    return { state: "agreed" as const, result: players.map((playerId, i) => ({ playerId, placement: allowed[0][i] })) };
  }
  return { state: "reported" as const };
}

/** Valid reports of a lobby of `size` players (ids 1…size): own or full, any claims within 1…k. */
const lobbyWithReports = fc.integer({ min: 1, max: 5 }).chain((size) => {
  const players = Array.from({ length: size }, (_, i) => i + 1);
  const report: fc.Arbitrary<PlayerReport> = fc.oneof(
    fc
      .record({ reporterId: fc.constantFrom(...players), placement: fc.integer({ min: 1, max: size }) })
      .map(({ reporterId, placement }) => own(reporterId, placement)),
    fc
      .record({
        reporterId: fc.constantFrom(...players),
        order: fc.shuffledSubarray(players, { minLength: size, maxLength: size }),
      })
      .map(({ reporterId, order }) => full(reporterId, order)),
    // A "close" full report: the seat order with one swap (so reports often agree or nearly do).
    fc
      .record({
        reporterId: fc.constantFrom(...players),
        a: fc.constantFrom(...players),
        b: fc.constantFrom(...players),
      })
      .map(({ reporterId, a, b }) => {
        const order = [...players];
        [order[a - 1], order[b - 1]] = [order[b - 1], order[a - 1]];
        return full(reporterId, order);
      }),
  );
  return fc.tuple(fc.constant(players), fc.array(report, { maxLength: 8 }));
});

test("property: readReports says what the reference says (state, and the agreed result)", () => {
  fc.assert(
    fc.property(lobbyWithReports, ([players, reports]) => {
      for (const r of reports) expect(reportRefusal(players, r)).toBeNull();
      const expected = referenceReading(players, reports);
      const actual = readReports(players, reports);
      expect(actual.state).toBe(expected.state);
      if (expected.state === "agreed" && actual.state === "agreed") expect(actual.result).toEqual(expected.result);
    }),
    { numRuns: 1000 },
  );
  // Up to 120 permutations per run: more than the default 5 s on a loaded machine.
}, 60_000);

test("property: an agreed result is a valid lobby result (placements 1…k, each once) every report supports", () => {
  fc.assert(
    fc.property(lobbyWithReports, ([players, reports]) => {
      const reading = readReports(players, reports);
      if (reading.state !== "agreed") return;
      expect(reading.result.map((c) => c.placement).sort()).toEqual(players.map((_, i) => i + 1));
      const placeOf = new Map(reading.result.map((c) => [c.playerId, c.placement]));
      for (const r of reports.filter((r, i) => reports.findLastIndex((q) => q.reporterId === r.reporterId) === i))
        for (const c of r.placements) expect(placeOf.get(c.playerId)).toBe(c.placement);
    }),
  );
});

test("property: the reference's validity — a report is refused exactly when it is not a valid report of the lobby", () => {
  const lobbyIds = [1, 2, 3, 4, 5];
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 6 }),
      fc.boolean(),
      fc.array(fc.record({ playerId: fc.integer({ min: 0, max: 6 }), placement: fc.integer({ min: -1, max: 7 }) }), {
        maxLength: 6,
      }),
      (reporterId, isFull, claims) => {
        const report: PlayerReport = { reporterId, kind: isFull ? "full" : "own", placements: claims };
        const inRange = (p: number) => p >= 1 && p <= lobbyIds.length;
        const valid =
          lobbyIds.includes(reporterId) &&
          (isFull
            ? claims.length === lobbyIds.length &&
              lobbyIds.every((id) => claims.filter((c) => c.playerId === id).length === 1) &&
              lobbyIds.every((_, i) => claims.filter((c) => c.placement === i + 1).length === 1)
            : claims.length === 1 && claims[0].playerId === reporterId && inRange(claims[0].placement));
        expect(reportRefusal(lobbyIds, report) === null).toBe(valid);
      },
    ),
    { numRuns: 2000 },
  );
});

// Issue 37, defect 1: a member out of play (dropped since the draw) is placed by no report and saved as DNP.
test("a lobby's members split by play: dropped, cut or set aside members are out, a member without a row too", () => {
  const at = new Date();
  const member = (id: number, out: Partial<{ droppedAt: Date; removedAt: Date; isEliminated: boolean }> = {}) => ({
    id,
    droppedAt: null,
    removedAt: null,
    isEliminated: false,
    ...out,
  });
  const members = [
    member(11),
    member(12, { droppedAt: at }),
    member(13, { isEliminated: true }),
    member(14, { removedAt: at }),
    member(15),
  ];
  expect(reportLobby([15, 14, 13, 12, 11, 16], members)).toEqual({ inPlay: [15, 11], out: [14, 13, 12, 16] });
});

test("with a member out of play, reports place the players in play 1…k; placing the dropped one, or reporting as them, is refused", () => {
  const inPlay = [11, 12, 13];
  const out = [14];
  expect(reportRefusal(inPlay, full(12, [13, 11, 12]), out)).toBeNull();
  expect(reportRefusal(inPlay, own(11, 3), out)).toBeNull();
  expect(reportRefusal(inPlay, own(11, 4), out)).toEqual({
    code: "invalid_report",
    message: placementRangeMessage(3, true),
  });
  expect(reportRefusal(inPlay, full(12, [13, 11, 12, 14]), out)).toEqual({
    code: "invalid_report",
    message: OUT_OF_PLAY_CLAIM,
  });
  expect(reportRefusal(inPlay, full(12, [13, 14, 12]), out)?.message).toBe(OUT_OF_PLAY_CLAIM);
  expect(reportRefusal(inPlay, own(14, 1), out)).toEqual({ code: "player_dropped", message: OUT_OF_PLAY_REPORTER });
  // Two matching reports of the players in play agree on a result without the dropped member.
  expect(readReports(inPlay, [full(11, [12, 13, 11]), full(13, [12, 13, 11])])).toMatchObject({
    state: "agreed",
    result: [
      { playerId: 11, placement: 3 },
      { playerId: 12, placement: 1 },
      { playerId: 13, placement: 2 },
    ],
  });
});

test("property: an agreed result saves the players in play as agreed and every member out of play as DNP, a valid save", () => {
  const lobbyAndResult = fc
    .integer({ min: 2, max: 8 })
    .chain((n) =>
      fc.tuple(
        fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => 100 + i),
          { minLength: n, maxLength: n },
        ),
        fc.subarray(
          Array.from({ length: n }, (_, i) => i),
          { minLength: 1, maxLength: n - 1 },
        ),
        fc.infiniteStream(fc.nat()),
      ),
    )
    .map(([seats, outIndexes, stream]) => {
      const out = seats.filter((_, i) => outIndexes.includes(i));
      const inPlay = seats.filter((id) => !out.includes(id));
      // A random order of the players in play: its position is the agreed placement.
      const order = [...inPlay];
      for (let i = order.length - 1; i > 0; i--) {
        const j = stream.next().value % (i + 1);
        [order[i], order[j]] = [order[j], order[i]];
      }
      return { seats, out, inPlay, order };
    });
  fc.assert(
    fc.property(lobbyAndResult, ({ seats, out, inPlay, order }) => {
      const reading = readReports(inPlay, [full(order[0], order), full(order[order.length - 1], order)]);
      expect(reading.state).toBe("agreed");
      if (reading.state !== "agreed") return;
      const scores = agreedScores(seats, reading.result);
      // The plain reference: seat by seat, out of play → DNP with no placement, in play → 1 + its index in the order.
      expect(scores).toEqual(
        seats.map((playerId) =>
          out.includes(playerId)
            ? { playerId, placement: 0, dnp: true }
            : { playerId, placement: order.indexOf(playerId) + 1 },
        ),
      );
      expect(validateLobbyScores(seats, scores)).toBeNull();
    }),
  );
});
