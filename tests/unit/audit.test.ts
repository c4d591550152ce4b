// The audit trail's pure parts: action codes and labels, which fields changed, and how a before → after pair reads.
import { describe, expect, test } from "vitest";
import {
  auditAction,
  auditActionLabel,
  auditValue,
  changedFields,
  changeLines,
  isAuditAction,
  lobbyResults,
  totalsText,
} from "~/models/audit/audit";
import { DEFAULT_SCORING } from "~/models/format/scoring";

describe("action codes", () => {
  test("an override carries the prefix; only known codes are accepted", () => {
    expect(auditAction("player.updated")).toBe("player.updated");
    expect(auditAction("player.updated", true)).toBe("override.player.updated");
    expect(isAuditAction("override.player.updated")).toBe(true);
    expect(isAuditAction("scores.saved")).toBe(true);
    expect(isAuditAction("override.nothing")).toBe(false);
    expect(isAuditAction("constructor")).toBe(false);
  });

  test("labels read as words, overrides say so, unknown codes show as they are", () => {
    expect(auditActionLabel("scores.saved")).toBe("Scores saved");
    expect(auditActionLabel("override.settings.updated")).toBe("Override: Settings updated");
    expect(auditActionLabel("something.else")).toBe("something.else");
  });
});

describe("before → after", () => {
  test("changedFields keeps only what differs and ignores fields left out", () => {
    expect(changedFields({ name: "A", lp: 1, isPublic: false }, { name: "B", lp: 1, isPublic: undefined })).toEqual({
      before: { name: "A" },
      after: { name: "B" },
    });
    expect(changedFields({}, { seed: null, lp: 0 })).toEqual({ before: { lp: null }, after: { lp: 0 } });
  });

  test("a scoring table is kept as its eight values; dates as ISO text; other objects as JSON", () => {
    expect(auditValue({ ...DEFAULT_SCORING })).toBe("8, 7, 6, 5, 4, 3, 2, 1");
    expect(auditValue(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(auditValue([1, 2])).toBe("[1,2]");
  });

  test("changeLines lists each field once, with a side that lacks it as null", () => {
    expect(changeLines({ name: "A", isPublic: false }, { name: "B", seed: 3 })).toEqual([
      { field: "name", before: "A", after: "B" },
      { field: "isPublic", before: "no", after: null },
      { field: "seed", before: null, after: "3" },
    ]);
    expect(changeLines(null, null)).toEqual([]);
  });

  test("a lobby's results read by placement; totals in one line", () => {
    const results = lobbyResults(
      [
        { playerId: 2, placement: 2, points: 7 },
        { playerId: 1, placement: 1, points: 8 },
      ],
      (id) => `P${id}#T`,
    );
    expect(Object.entries(results)).toEqual([
      ["P1#T", "1st (8 pts)"],
      ["P2#T", "2nd (7 pts)"],
    ]);
    expect(totalsText({ totalPoints: 15, matchesPlayed: 2, averagePlacement: 1.5 })).toBe("15 pts, 2 games, avg 1.5");
  });
});
