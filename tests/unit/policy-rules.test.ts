// The screen rules of app/models/access/policy.ts: who may edit a round, player counts and status wording, and the actions a status offers.
import { describe, expect, test } from "vitest";
import {
  actionsFor,
  canLock,
  atCapacity,
  laterRoundTooFew,
  roundOneTooFew,
  LOCK_MINIMUM,
  canEditRound,
  isCompleted,
  isLive,
  LATER_ROUND_MINIMUM,
  LOBBY_SIZE,
  playerCounts,
  playerStatus,
  playerStatusNote,
  playerStatusTone,
  ROUND_ONE_BUTTON_FROM,
  ROUND_ONE_MINIMUM,
  roundCircles,
  roundLabel,
  roundProgress,
  scoresLocked,
  tournamentHome,
  type PlayerStatusInput,
  type TournamentActions,
} from "~/models/access/policy";

test("the thresholds are docs/rules.md's numbers", () => {
  expect([ROUND_ONE_MINIMUM, ROUND_ONE_BUTTON_FROM, LATER_ROUND_MINIMUM, LOBBY_SIZE]).toEqual([16, 4, 4, 8]);
});

describe("canEditRound", () => {
  const live = { status: "active" as const, currentRound: 2, finalizedRound: 1 };

  test("the owner and scorekeepers edit the current round until it is finalized", () => {
    for (const role of ["owner", "scorekeeper"] as const) {
      expect(canEditRound(role, live, 2)).toBe(true);
      expect(canEditRound(role, live, 1)).toBe(false);
      expect(canEditRound(role, { ...live, finalizedRound: 2 }, 2)).toBe(false);
    }
  });

  test("a master edits any round, finalized or not", () => {
    expect(canEditRound("master", live, 1)).toBe(true);
    expect(canEditRound("master", { ...live, finalizedRound: 2 }, 2)).toBe(true);
  });

  test("nobody edits a completed tournament, and visitors and organizers never", () => {
    for (const role of ["owner", "scorekeeper", "master"] as const) {
      expect(canEditRound(role, { ...live, status: "completed" }, 2)).toBe(false);
    }
    expect(canEditRound("visitor", live, 2)).toBe(false);
    expect(canEditRound("organizer", live, 2)).toBe(false);
  });

  test("scoresLocked is the model's refusal: finalized rounds, except for a master", () => {
    expect(scoresLocked({ finalizedRound: 1 }, 1, false)).toBe(true);
    expect(scoresLocked({ finalizedRound: 1 }, 1, true)).toBe(false);
    expect(scoresLocked({ finalizedRound: 1 }, 2, false)).toBe(false);
  });
});

test("playerCounts: checked in and not checked in count only players still in play", () => {
  const list = [
    { isCheckedIn: true, isEliminated: false },
    { isCheckedIn: true, isEliminated: false },
    { isCheckedIn: false, isEliminated: false },
    { isCheckedIn: true, isEliminated: true },
    { isCheckedIn: false, isEliminated: true },
  ];
  expect(playerCounts(list)).toEqual({
    total: 5,
    active: 3,
    checkedIn: 2,
    notCheckedIn: 1,
    eliminated: 2,
    dropped: 0,
  });
  expect(playerCounts([])).toEqual({ total: 0, active: 0, checkedIn: 0, notCheckedIn: 0, eliminated: 0, dropped: 0 });
});

describe("playerStatus: one wording for the host's player page and the public profile", () => {
  const base: PlayerStatusInput = {
    isCheckedIn: true,
    isEliminated: false,
    dropped: false,
    removed: false,
    tournamentCompleted: false,
    lobbyName: null,
    scoredThisRound: false,
  };
  const label = (p: Partial<PlayerStatusInput>) => playerStatus({ ...base, ...p }).label;

  test("in docs/rules.md's order", () => {
    expect(label({ isEliminated: true, tournamentCompleted: true, lobbyName: "Lobby 1" })).toBe("Eliminated");
    expect(label({ removed: true, isCheckedIn: false })).toBe("Removed (not checked in for Round 1)");
    expect(label({ tournamentCompleted: true, lobbyName: "Lobby 1" })).toBe("Tournament completed");
    expect(label({ lobbyName: "Lobby 3", scoredThisRound: true })).toBe("Game finished - waiting for the next round");
    expect(label({ lobbyName: "Lobby 3" })).toBe("Active - Lobby 3");
    expect(label({})).toBe("Waiting for Assignment");
    expect(label({ isCheckedIn: false })).toBe("Not Checked In");
  });

  test("the badge tone: out is red, playing is green, the rest amber", () => {
    expect(playerStatusTone(playerStatus({ ...base, isEliminated: true }).kind)).toBe("danger");
    expect(playerStatusTone(playerStatus({ ...base, removed: true }).kind)).toBe("danger");
    expect(playerStatusTone(playerStatus({ ...base, lobbyName: "Lobby 1" }).kind)).toBe("success");
    expect(playerStatusTone(playerStatus(base).kind)).toBe("warning");
  });

  test("the profile's Current Status line: a player set aside at Round 1 is out, not waiting for a lobby", () => {
    const note = (p: Partial<PlayerStatusInput>) => playerStatusNote(playerStatus({ ...base, ...p }).kind);
    expect(note({ removed: true, isCheckedIn: false })).toEqual({ label: "Removed from tournament", tone: "danger" });
    expect(note({ removed: true, tournamentCompleted: true }).label).toBe("Removed from tournament");
    expect(note({}).label).toBe("Waiting for lobby assignment");
    expect(note({ lobbyName: "Lobby 2" }).label).toBe("Ready to Play");
  });
});

describe("actionsFor: a dashboard row's actions by status and viewer", () => {
  const shown = (a: TournamentActions) =>
    Object.entries(a)
      .filter(([, on]) => on)
      .map(([name]) => name)
      .sort();

  test("the owner: players and check-in before play, scores while active, results after", () => {
    const owner = { role: "owner" as const, isOwner: true };
    expect(shown(actionsFor({ status: "setup" }, owner))).toEqual(
      ["addPlayers", "complete", "delete", "export", "history", "settings", "startCheckin"].sort(),
    );
    expect(shown(actionsFor({ status: "checkin" }, owner))).toEqual(
      ["complete", "delete", "export", "history", "manageCheckins", "settings"].sort(),
    );
    expect(shown(actionsFor({ status: "active" }, owner))).toEqual(
      ["complete", "delete", "enterScores", "export", "history", "settings"].sort(),
    );
    expect(shown(actionsFor({ status: "completed" }, owner))).toEqual(
      ["delete", "export", "history", "settings", "viewResults"].sort(),
    );
  });

  test("a scorekeeper gets only check-in during check-in and scores while active", () => {
    const keeper = { role: "scorekeeper" as const, isOwner: false };
    expect(shown(actionsFor({ status: "checkin" }, keeper))).toEqual(["staffCheckIn"]);
    expect(shown(actionsFor({ status: "active" }, keeper))).toEqual(["staffScores"]);
    expect(shown(actionsFor({ status: "setup" }, keeper))).toEqual([]);
  });

  test("a master who does not own the row gets the override panel and history; an organizer nothing", () => {
    expect(shown(actionsFor({ status: "active" }, { role: "master", isOwner: false }))).toEqual([
      "history",
      "overridePanel",
    ]);
    expect(shown(actionsFor({ status: "active" }, { role: "organizer", isOwner: false }))).toEqual([]);
  });
});

describe("tournament states on the shared pages", () => {
  const at = (status: string, currentRound = 2, totalRounds = 4) => ({ id: 7, status, currentRound, totalRounds });

  test("live means rounds are being played; completed is final", () => {
    expect(
      ["setup", "registration", "checkin", "active", "in_progress", "completed"].map((s) => isLive(at(s))),
    ).toEqual([false, false, false, true, true, false]);
    expect(isCompleted(at("completed"))).toBe(true);
    expect(isCompleted(at("active"))).toBe(false);
  });

  test("Back to Tournament: the host's screen for the state, the public view for everyone else", () => {
    expect(tournamentHome(at("active"), true)).toBe("/tournaments/7/scores");
    expect(tournamentHome(at("checkin"), true)).toBe("/tournaments/7/checkin");
    expect(tournamentHome(at("completed"), true)).toBe("/tournaments/7/settings");
    expect(tournamentHome(at("setup"), true)).toBe("/tournaments/7/manage-players");
    expect(tournamentHome(at("active"), false)).toBe("/tournaments/7/public");
  });

  test("round label, progress and circles: a completed tournament has every round done", () => {
    expect(roundLabel(at("active"))).toBe("Round 2 of 4");
    expect(roundLabel(at("completed"))).toBe("Completed");
    expect(roundProgress(at("active"))).toEqual({ value: 2, max: 4, percent: 50 });
    expect(roundProgress(at("completed", 3))).toEqual({ value: 4, max: 4, percent: 100 });
    expect(roundCircles(at("active")).map((c) => c.state)).toEqual(["done", "current", "upcoming", "upcoming"]);
    expect(roundCircles(at("completed", 3)).map((c) => c.state)).toEqual(["done", "done", "done", "done"]);
  });
});

describe("what the check-in and score screens offer (the server refuses the same)", () => {
  test("Lock is offered from 8 checked in", () => {
    expect(LOCK_MINIMUM).toBe(8);
    expect([0, 7, 8, 9].map(canLock)).toEqual([false, false, true, true]);
  });

  test("a later Standard round is not drawn for fewer than 4 in play; Round 1 and Elimination have their own rules", () => {
    expect(laterRoundTooFew("standard", 2, LATER_ROUND_MINIMUM - 1)).toBe(true);
    expect(laterRoundTooFew("standard", 2, LATER_ROUND_MINIMUM)).toBe(false);
    expect(laterRoundTooFew("standard", 1, 0)).toBe(false);
    expect(laterRoundTooFew("elimination", 3, 2)).toBe(false);
  });

  test("at capacity from as many registered players as the maximum: adding is refused (the screens close the form)", () => {
    expect([15, 16, 17].map((registered) => atCapacity(registered, 16))).toEqual([false, true, true]);
  });

  test("Round 1 is not drawn for fewer than 16 checked in; later rounds have their own rule", () => {
    expect(roundOneTooFew(1, ROUND_ONE_MINIMUM - 1)).toBe(true);
    expect(roundOneTooFew(1, ROUND_ONE_MINIMUM)).toBe(false);
    expect(roundOneTooFew(2, 0)).toBe(false);
  });
});
