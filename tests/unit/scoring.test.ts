// The scoring table: points per placement, defaults and ordinals.
import { describe, expect, test } from "vitest";
import {
  DEFAULT_SCORING,
  SCORING_KEYS,
  SETTINGS_FALLBACK_SCORING,
  ordinal,
  pointsFor,
  scoringFromArray,
  scoringToArray,
} from "../../app/models/format/scoring";
import { STATUS_LABELS, statusLabel } from "../../app/models/format/types";

describe("scoring table", () => {
  test("the default table gives 8 points for 1st down to 1 for 8th", () => {
    expect(scoringToArray(DEFAULT_SCORING)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  test("the settings fallback is 10, 8, 6, 4, 2, 1, 0, 0", () => {
    expect(scoringToArray(SETTINGS_FALLBACK_SCORING)).toEqual([10, 8, 6, 4, 2, 1, 0, 0]);
  });

  test("keys run from first to eighth", () => {
    expect(SCORING_KEYS).toEqual(["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]);
  });

  test("pointsFor reads the placement's entry", () => {
    const custom = scoringFromArray([20, 15, 11, 8, 6, 4, 2, 1]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((p) => pointsFor(custom, p))).toEqual([20, 15, 11, 8, 6, 4, 2, 1]);
  });

  test("an unscored or impossible placement is worth nothing", () => {
    for (const p of [0, 9, -1, 1.5, Number.NaN]) expect(pointsFor(DEFAULT_SCORING, p)).toBe(0);
  });

  test("array conversion round-trips and pads missing places with 0", () => {
    expect(scoringFromArray(scoringToArray(SETTINGS_FALLBACK_SCORING))).toEqual(SETTINGS_FALLBACK_SCORING);
    expect(scoringToArray(scoringFromArray([5, 4]))).toEqual([5, 4, 0, 0, 0, 0, 0, 0]);
  });
});

describe("ordinal", () => {
  test.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [8, "8th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
  ])("%i → %s", (n, text) => {
    expect(ordinal(n)).toBe(text);
  });
});

describe("status labels", () => {
  test("every status has docs/rules.md's label", () => {
    expect(STATUS_LABELS).toEqual({
      setup: "Setup",
      registration: "Registration",
      checkin: "Check-in",
      in_progress: "In Progress",
      active: "Active",
      completed: "Completed",
    });
    expect(statusLabel("checkin")).toBe("Check-in");
  });

  test("an unknown status shows as-is and an empty one as Unknown", () => {
    expect(statusLabel("paused")).toBe("paused");
    expect(statusLabel("")).toBe("Unknown");
    expect(statusLabel(null)).toBe("Unknown");
    expect(statusLabel("toString")).toBe("toString");
  });
});
