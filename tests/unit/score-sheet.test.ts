// The score screen's lobby states and "next unscored lobby" (issue 22), against a plain reference.
import { expect, test } from "vitest";
import fc from "fast-check";
import {
  LOBBY_STATE_LABELS,
  lobbyState,
  needsScores,
  nextUnscored,
  type LobbyState,
} from "~/models/rounds/score-sheet";

test("a lobby is saved once its scores are, else pending; every state has a label", () => {
  expect(lobbyState({ isComplete: true })).toBe("saved");
  expect(lobbyState({ isComplete: false })).toBe("pending");
  expect(LOBBY_STATE_LABELS).toEqual({
    pending: "Pending",
    agreed: "Reported, agreed",
    saved: "Saved",
    disputed: "Disputed",
  });
  expect(needsScores("agreed")).toBe(true);
  expect(needsScores("pending")).toBe(true);
  expect(needsScores("disputed")).toBe(true);
  expect(needsScores("saved")).toBe(false);
});

test("after a save: the next lobby that needs scores, wrapping to the top; null when all are saved", () => {
  const lobbies = (states: LobbyState[]) => states.map((state, i) => ({ id: i + 1, state }));
  expect(nextUnscored(lobbies(["saved", "pending", "pending"]), 1)?.id).toBe(2);
  expect(nextUnscored(lobbies(["pending", "saved", "saved"]), 3)?.id).toBe(1);
  expect(nextUnscored(lobbies(["pending", "saved", "disputed"]), 1)?.id).toBe(3);
  expect(nextUnscored(lobbies(["saved", "saved"]), 2)).toBeNull();
  expect(nextUnscored(lobbies(["saved", "pending"]))?.id).toBe(2);
  // The saved lobby itself is never "next", even if a re-read still shows it pending.
  expect(nextUnscored(lobbies(["pending"]), 1)).toBeNull();
});

test("property: nextUnscored is the first lobby after the saved one, in circular order, that needs scores", () => {
  const states = fc.array(fc.constantFrom<LobbyState>("pending", "agreed", "saved", "disputed"), {
    minLength: 1,
    maxLength: 40,
  });
  fc.assert(
    fc.property(states, fc.nat(), (list, pick) => {
      const lobbies = list.map((state, i) => ({ id: 100 + i, state }));
      const saved = lobbies[pick % lobbies.length].id;
      // Reference: rotate the list to start after the saved lobby, drop it, take the first that is not saved.
      const at = lobbies.findIndex((l) => l.id === saved);
      const rotated = [...lobbies.slice(at + 1), ...lobbies.slice(0, at)];
      const expected = rotated.find((l) => l.state !== "saved") ?? null;
      expect(nextUnscored(lobbies, saved)).toBe(expected);
    }),
  );
});
