// Lobby details' pure rules against a plain reference: the lobby host by the owner's rule, and generated passwords.
import fc from "fast-check";
import { expect, test } from "vitest";
import { lobbyHost } from "~/models/rounds/lobby-details";
import { generatePassword } from "~/models/rounds/lobby-details.server";

test("the lobby host is the best seed (or the last), unseeded players after the seeded by registration order", () => {
  const lobby = fc.uniqueArray(
    fc.record({ id: fc.integer({ min: 1, max: 10_000 }), seed: fc.option(fc.integer({ min: 1, max: 300 })) }),
    { minLength: 1, maxLength: 8, selector: (p) => p.id },
  );
  fc.assert(
    fc.property(lobby, (players) => {
      const seeded = players.filter((p) => p.seed !== null);
      const rank = (p: { id: number; seed: number | null }) => [p.seed ?? Number.MAX_SAFE_INTEGER, p.id];
      const better = (a: (typeof players)[number], b: (typeof players)[number]) => {
        const [x, y] = [rank(a), rank(b)];
        return x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);
      };
      const best = players.reduce((a, b) => (better(b, a) ? b : a));
      const worst = players.reduce((a, b) => (better(a, b) ? b : a));
      expect(lobbyHost(players, "top-seed")).toBe(best);
      expect(lobbyHost(players, "bottom-seed")).toBe(worst);
      if (seeded.length > 0) expect(lobbyHost(players, "top-seed")!.seed).toBe(Math.min(...seeded.map((p) => p.seed!)));
    }),
  );
  expect(lobbyHost([], "top-seed")).toBeNull();
});

test("generated passwords: 8 characters without look-alikes, and they vary", () => {
  const all = Array.from({ length: 200 }, generatePassword);
  for (const p of all) expect(p).toMatch(/^[a-hjkmnp-z2-9]{8}$/);
  expect(new Set(all).size).toBe(200);
});
