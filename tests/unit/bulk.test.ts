// Bulk player import: the "Name#Tag [LP]" lines and docs/rules.md's per-line errors.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { parseBulkPlayers } from "../../app/models/roster/bulk";

describe("parseBulkPlayers", () => {
  test("Name#Tag with an optional LP, trimmed, blank lines skipped", () => {
    const text = "Alice#NA1 1200\n\n  Bob Smith # EUW  \r\nCarol#KR1\t300\n";
    expect(parseBulkPlayers(text)).toEqual({
      players: [
        { name: "Alice", riotTag: "NA1", lp: 1200 },
        { name: "Bob Smith", riotTag: "EUW", lp: 0 },
        { name: "Carol", riotTag: "KR1", lp: 300 },
      ],
      errors: [],
    });
  });

  test("splits at the first #", () => {
    expect(parseBulkPlayers("A#B#C 5").players).toEqual([{ name: "A", riotTag: "B#C", lp: 5 }]);
  });

  test("each error names its 1-based line, counting blank lines", () => {
    const text = [
      "NoSeparator",
      "",
      "#NA1",
      "Alice#",
      `${"n".repeat(51)}#NA1`,
      `Bob#${"t".repeat(21)}`,
      "Carl#NA1 -5",
      "Dana#NA1 12.5",
      "Eve#NA1 abc",
      "Finn#NA1 99999999999",
      `${"n".repeat(50)}#${"t".repeat(20)} 0`,
    ].join("\n");
    const result = parseBulkPlayers(text);
    expect(result.errors).toEqual([
      "Line 1: Missing # separator",
      "Line 3: Missing name or tag",
      "Line 4: Missing name or tag",
      "Line 5: Name too long (max 50 characters)",
      "Line 6: Tag too long (max 20 characters)",
      "Line 7: Invalid LP/Elo value",
      "Line 8: Invalid LP/Elo value",
      "Line 9: Invalid LP/Elo value",
      "Line 10: Invalid LP/Elo value",
    ]);
    expect(result.players).toEqual([{ name: "n".repeat(50), riotTag: "t".repeat(20), lp: 0 }]);
  });

  test("empty text gives nothing", () => {
    expect(parseBulkPlayers("  \n\n")).toEqual({ players: [], errors: [] });
  });

  test("every non-blank line yields exactly one player or one error", () => {
    const line = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc
        .tuple(fc.string({ maxLength: 55 }), fc.string({ maxLength: 25 }), fc.nat())
        .map(([n, t, lp]) => `${n}#${t} ${lp}`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const clean = lines.map((l) => l.replace(/[\r\n\u2028\u2029\u0085]/g, " "));
        const result = parseBulkPlayers(clean.join("\n"));
        const nonBlank = clean.filter((l) => l.trim() !== "").length;
        expect(result.players.length + result.errors.length).toBe(nonBlank);
        for (const p of result.players) {
          expect(p.name.length).toBeGreaterThan(0);
          expect(p.name.length).toBeLessThanOrEqual(50);
          expect(p.riotTag.length).toBeGreaterThan(0);
          expect(p.riotTag.length).toBeLessThanOrEqual(20);
          expect(Number.isInteger(p.lp) && p.lp >= 0).toBe(true);
        }
      }),
    );
  });
});
