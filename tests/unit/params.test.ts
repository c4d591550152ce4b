// Route id parsing: docs/rules.md's page messages and ids that fit a PostgreSQL integer.
import { expect, test } from "vitest";
import { parsePlayerParams, parsePositiveInt, parseTournamentParam } from "~/lib/params";
import { backTarget, initials } from "~/components/header";

test("positive integers only, within int4", () => {
  expect(parsePositiveInt("12")).toBe(12);
  for (const bad of ["0", "-1", "1.5", "abc", "", "2147483648", "99999999999", " 1"]) {
    expect(parsePositiveInt(bad)).toBeNull();
  }
});

test("tournament and player params answer docs/rules.md's messages", () => {
  expect(parseTournamentParam(undefined)).toEqual({ ok: false, message: "No tournament ID provided" });
  expect(parseTournamentParam("x")).toEqual({ ok: false, message: "Invalid tournament ID" });
  expect(parseTournamentParam("7")).toEqual({ ok: true, id: 7 });
  expect(parsePlayerParams("7", undefined)).toEqual({ ok: false, message: "Missing required parameters" });
  expect(parsePlayerParams("7", "-3")).toEqual({ ok: false, message: "Invalid player ID" });
  expect(parsePlayerParams("0", "3")).toEqual({ ok: false, message: "Invalid tournament ID" });
  expect(parsePlayerParams("7", "3")).toEqual({ ok: true, tournamentId: 7, playerId: 3 });
});

test("the back button goes to the dashboard from tournament pages, else home, and hides on / and /dashboard", () => {
  expect(backTarget("/")).toBeNull();
  expect(backTarget("/dashboard")).toBeNull();
  expect(backTarget("/tournaments/4/settings")).toBe("/dashboard");
  expect(backTarget("/scores/4")).toBe("/dashboard");
  expect(backTarget("/public/4")).toBe("/dashboard");
  expect(backTarget("/guide")).toBe("/");
  expect(backTarget("/login")).toBe("/");
  // A player on the public self check-in page goes back to the tournament's public view.
  expect(backTarget("/tournaments/4/check-in", false)).toBe("/tournaments/4/public");
  // A visitor is never sent to the dashboard's login wall: a malformed or unknown id's page goes home.
  for (const path of ["/public/abc", "/public", "/tournaments/abc/public", "/tournaments/0/leaderboard", "/guide"])
    expect(backTarget(path, false), path).toBe("/");
  // A malformed player id of a tournament: back to that tournament's public view.
  expect(backTarget("/tournaments/4/public/player/x", false)).toBe("/tournaments/4/public");
});

test("initials avatar has two letters", () => {
  expect(initials("alice")).toBe("AL");
  expect(initials("john_smith")).toBe("JS");
});
