// Manual draw rules (docs/decisions/027-manual-draw-and-score-sheet.md): a given draw checked whole, the typed draw
// read by name, tag or id, and a swap between unscored lobbies; each against a plain reference.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { checkGivenDraw, isRefusal, parseDrawText, planSwap, type SwapLobby } from "~/models/rounds/manual-draw";

/** The reference: valid iff every lobby has 2..8 players and the multiset of ids is exactly the eligible set. */
function referenceValid(given: number[][], eligible: number[]): boolean {
  if (given.length === 0) return false;
  if (given.some((l) => l.length < 2 || l.length > 8)) return false;
  const flat = given.flat().sort((a, b) => a - b);
  const want = [...eligible].sort((a, b) => a - b);
  return flat.length === want.length && flat.every((id, i) => id === want[i]);
}

/** Cuts `ids` into lobbies at the given sizes (the rest in the last one). */
function cut(ids: number[], sizes: number[]): number[][] {
  const out: number[][] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= ids.length) break;
    out.push(ids.slice(at, at + size));
    at += size;
  }
  if (at < ids.length) out.push(ids.slice(at));
  return out;
}

describe("checkGivenDraw", () => {
  const eligible = Array.from({ length: 16 }, (_, i) => i + 1);

  test("a whole draw of lobbies of 2 to 8 is accepted", () => {
    expect(checkGivenDraw(cut(eligible, [8, 8]), eligible)).toBeNull();
    expect(checkGivenDraw(cut(eligible, [2, 7, 7]), eligible)).toBeNull();
  });

  test("each way of being wrong has its coded message", () => {
    const label = (id: number) => `P${id}`;
    expect(checkGivenDraw([], eligible)).toEqual({ code: "invalid_draw", message: "Enter at least one lobby" });
    expect(checkGivenDraw([[...eligible.slice(0, 8)], [...eligible.slice(8), 99]], eligible, label)?.message).toBe(
      "P99 is not an active player of this tournament",
    );
    expect(checkGivenDraw([eligible.slice(0, 8), [...eligible.slice(8), 1]], eligible, label)?.message).toBe(
      "P1 is in the draw more than once",
    );
    expect(checkGivenDraw([eligible.slice(0, 9), eligible.slice(9)], eligible)?.message).toBe(
      "Lobbies must have 2 to 8 players: Lobby 1 has 9",
    );
    expect(checkGivenDraw([eligible.slice(0, 15), eligible.slice(15)], eligible)?.message).toBe(
      "Lobbies must have 2 to 8 players: Lobby 1 has 15",
    );
    expect(checkGivenDraw([eligible.slice(0, 8), eligible.slice(8, 14)], eligible, label)?.message).toBe(
      "Every active player must be in exactly one lobby: 2 missing (P15, P16)",
    );
  });

  test("property: it accepts exactly the draws the reference accepts", () => {
    const draw = fc.record({
      eligible: fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 2, maxLength: 40 }),
      extra: fc.array(fc.integer({ min: 1, max: 70 }), { maxLength: 3 }),
      dropped: fc.nat({ max: 3 }),
      sizes: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 12 }),
      shuffle: fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
    });
    fc.assert(
      fc.property(draw, ({ eligible: ids, extra, dropped, sizes, shuffle }) => {
        const pool = [...ids.slice(dropped), ...extra].map((id, i) => ({ id, k: shuffle[i % shuffle.length] }));
        const order = pool.sort((a, b) => a.k - b.k).map((p) => p.id);
        const given = cut(order, sizes);
        const refusal = checkGivenDraw(given, ids);
        expect(refusal === null).toBe(referenceValid(given, ids));
        if (refusal) expect(refusal.code).toBe("invalid_draw");
      }),
    );
  });

  test("property: any valid partition of the eligible players into lobbies of 2 to 8 is accepted", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 256 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.array(fc.integer({ min: 2, max: 8 }), { minLength: 1, maxLength: 128 })),
          ),
        ([n, sizes]) => {
          const ids = Array.from({ length: n }, (_, i) => 1000 + i);
          const given = cut(ids, sizes);
          expect(checkGivenDraw(given, ids) === null).toBe(referenceValid(given, ids));
        },
      ),
    );
  });
});

describe("parseDrawText", () => {
  const players = [
    { id: 11, name: "Alice", riotTag: "EUW" },
    { id: 12, name: "Bob", riotTag: "NA1" },
    { id: 13, name: "Sam", riotTag: "AAA" },
    { id: 14, name: "Sam", riotTag: "BBB" },
  ];

  test("one lobby per line; a player by name, name#tag or id; blank lines skipped", () => {
    expect(parseDrawText("alice, Bob\n\n  Sam#AAA , 14 \n", players)).toEqual([
      [11, 12],
      [13, 14],
    ]);
  });

  test("an unknown or ambiguous name is refused with its line", () => {
    expect(parseDrawText("Alice, Carol", players)).toEqual({
      code: "invalid_draw",
      message: 'Line 1: no player is named "Carol"',
    });
    expect(parseDrawText("Alice\nSam", players)).toEqual({
      code: "invalid_draw",
      message: 'More than one player is named "Sam": write it as name#tag',
    });
  });

  test("property: names written back are read as the same ids", () => {
    const unique = Array.from({ length: 24 }, (_, i) => ({ id: i + 1, name: `Player ${i + 1}`, riotTag: `T${i}` }));
    fc.assert(
      fc.property(fc.shuffledSubarray(unique, { minLength: 1 }), fc.integer({ min: 1, max: 8 }), (picked, size) => {
        const lobbies = cut(
          picked.map((p) => p.id),
          Array(24).fill(size),
        );
        const text = lobbies.map((l) => l.map((id) => unique[id - 1].name).join(", ")).join("\n");
        expect(parseDrawText(text, unique)).toEqual(lobbies);
      }),
    );
  });
});

describe("planSwap", () => {
  const lobbies: SwapLobby[] = [
    { id: 1, name: "Lobby 1", playerIds: [1, 2, 3, 4], isComplete: false },
    { id: 2, name: "Lobby 2", playerIds: [5, 6, 7, 8], isComplete: false },
    { id: 3, name: "Lobby 3", playerIds: [9, 10, 11, 12], isComplete: true },
  ];
  const active = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

  test("each player takes the other's seat", () => {
    expect(planSwap(lobbies, 2, 7, active)).toMatchObject({
      first: { lobby: { id: 1 }, playerIds: [1, 7, 3, 4] },
      second: { lobby: { id: 2 }, playerIds: [5, 6, 2, 8] },
    });
  });

  test("refusals: same player, inactive, not drawn, same lobby, a scored lobby", () => {
    const code = (a: number, b: number, act = active) => {
      const plan = planSwap(lobbies, a, b, act);
      return isRefusal(plan) ? plan.code : "ok";
    };
    expect(code(1, 1)).toBe("same_player");
    expect(code(1, 5, new Set([5]))).toBe("invalid_swap");
    expect(code(1, 99, new Set([...active, 99]))).toBe("invalid_swap");
    expect(code(1, 2)).toBe("invalid_swap");
    expect(code(1, 9)).toBe("lobby_scored");
    expect(code(9, 1)).toBe("lobby_scored");
  });

  test("property: a swap keeps every lobby's size and the set of drawn players, and moves only the two", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), (a, b) => {
        const plan = planSwap(lobbies, a, b, active);
        const lobbyOf = (id: number) => lobbies.find((l) => l.playerIds.includes(id))!;
        const expectOk = a !== b && lobbyOf(a) !== lobbyOf(b) && !lobbyOf(a).isComplete && !lobbyOf(b).isComplete;
        expect(!isRefusal(plan)).toBe(expectOk);
        if (isRefusal(plan)) return;
        const after = lobbies.map((l) =>
          l.id === plan.first.lobby.id
            ? plan.first.playerIds
            : l.id === plan.second.lobby.id
              ? plan.second.playerIds
              : [...l.playerIds],
        );
        expect(after.map((l) => l.length)).toEqual(lobbies.map((l) => l.playerIds.length));
        expect(after.flat().sort((x, y) => x - y)).toEqual([...active].sort((x, y) => x - y));
        expect(after[lobbies.indexOf(lobbyOf(a))]).toContain(b);
        expect(after[lobbies.indexOf(lobbyOf(b))]).toContain(a);
      }),
    );
  });
});
