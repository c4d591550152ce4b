// Host-flow rules: which placements a score form locks (a saved lobby swaps in two changes), a round's next step, substitution, error screens and form summaries.
import { data } from "react-router";
import { describe, expect, test } from "vitest";
import { errorScreen, formFailureSummary, GENERIC_MESSAGE, GENERIC_TITLE } from "../../app/lib/error-screen";
import {
  duplicatePlacements,
  lockedPlacements,
  nextRoundStep,
  substitutionBlocked,
} from "../../app/models/access/policy";

describe("placement locks", () => {
  test("entering a lobby for the first time, a placement another player holds is locked, never the player's own", () => {
    const current = { 1: 1, 2: 3, 3: 0 };
    expect([...lockedPlacements(current, 3)].sort()).toEqual([1, 3]);
    expect([...lockedPlacements(current, 1)]).toEqual([3]);
  });

  test("editing a saved lobby, placements still held from the save are open, so a swap takes two changes", () => {
    const saved = { 1: 1, 2: 2, 3: 3 };
    // Nothing changed yet: no lock at all (the form without JavaScript).
    expect(lockedPlacements(saved, 1, saved).size).toBe(0);
    // First change: player 1 takes 2nd, which player 2 still holds from the save.
    const afterFirst = { 1: 2, 2: 2, 3: 3 };
    expect(lockedPlacements(afterFirst, 2, saved).has(1)).toBe(false);
    // Player 1's new pick is locked for everyone else (player 3 cannot pile onto 2nd).
    expect(lockedPlacements(afterFirst, 3, saved).has(2)).toBe(true);
    // Second change: player 2 takes the freed 1st; the swap is complete with no duplicate left.
    const afterSecond = { 1: 2, 2: 1, 3: 3 };
    expect(duplicatePlacements(afterSecond)).toEqual([]);
  });

  test("duplicatePlacements names each placement chosen more than once, ignoring unscored", () => {
    expect(duplicatePlacements({ 1: 2, 2: 2, 3: 0, 4: 0, 5: 5, 6: 5 })).toEqual([2, 5]);
    expect(duplicatePlacements({ 1: 1, 2: 2 })).toEqual([]);
  });
});

describe("the round's next step", () => {
  test("generate, then score while any lobby is pending, then advance (or complete on the last round)", () => {
    expect(nextRoundStep({ lobbyCount: 0, scored: 0, isLastRound: false })).toBe("generate");
    expect(nextRoundStep({ lobbyCount: 2, scored: 1, isLastRound: false })).toBe("score");
    expect(nextRoundStep({ lobbyCount: 2, scored: 1, isLastRound: true })).toBe("score");
    expect(nextRoundStep({ lobbyCount: 2, scored: 2, isLastRound: false })).toBe("advance");
    expect(nextRoundStep({ lobbyCount: 2, scored: 2, isLastRound: true })).toBe("complete");
  });
});

describe("substitution", () => {
  test("needs an eliminated player to bring in and an active one to replace", () => {
    expect(substitutionBlocked(5, 0)).toBe("No eliminated players are available to substitute in.");
    expect(substitutionBlocked(0, 3)).toBe("No active checked-in player can be replaced.");
    expect(substitutionBlocked(5, 3)).toBeNull();
  });
});

/** What a thrown `data(...)` becomes in an error boundary. */
function thrown(body: unknown, status: number, internal = false) {
  const response = data(body, { status });
  return { status, statusText: "Raw Status Text", data: response.data, internal };
}

describe("error screens", () => {
  test("our own 4xx message is the heading", () => {
    expect(errorScreen(thrown("Invalid tournament ID", 400))).toMatchObject({
      status: 400,
      title: "Invalid tournament ID",
    });
    expect(errorScreen(thrown({ message: "Tournament not found" }, 404)).title).toBe("Tournament not found");
  });

  test("framework answers and server errors read in plain words, never the framework's text", () => {
    const framework = thrown(
      new Error('You made a POST request to "/guide" but did not provide an `action`'),
      405,
      true,
    );
    const screen = errorScreen(framework);
    expect(screen.title).toBe(GENERIC_TITLE);
    expect(JSON.stringify(screen)).not.toMatch(/POST request|action|Raw Status Text/);
    expect(errorScreen(new Error("Unexpected Server Error"))).toEqual({
      status: 500,
      title: GENERIC_TITLE,
      message: GENERIC_MESSAGE,
    });
    expect(errorScreen(thrown(null, 503)).title).toBe(GENERIC_TITLE);
    expect(errorScreen(thrown(null, 404)).title).toBe("Page not found");
    // After hydration a framework Error arrives as a plain string and no longer says it is internal.
    const hydrated = thrown('Error: You made a POST request to "/guide" but did not provide an `action`', 405);
    expect(errorScreen(hydrated).title).toBe(GENERIC_TITLE);
    expect(errorScreen(thrown('Error: No route matches URL "/x"', 404)).title).toBe("Page not found");
  });
});

describe("a refused form's summary", () => {
  test("points to the fields instead of repeating their messages", () => {
    const summary = formFailureSummary(
      {
        title: "Tournament name required",
        error: "Tournament name required",
        fieldErrors: { name: "Tournament name required" },
      },
      "Failed",
    );
    expect(summary).toEqual({ title: "Tournament name required", message: "Check the highlighted field below." });
    expect(formFailureSummary({ error: "x", fieldErrors: { a: "x", b: "y" } }, "Failed").message).toBe(
      "Check the 2 highlighted fields below.",
    );
  });

  test("a refusal of no field is the summary's own message", () => {
    expect(formFailureSummary({ error: "Tournament full", fieldErrors: {} }, "Failed")).toEqual({
      title: "Failed",
      message: "Tournament full",
    });
  });
});
