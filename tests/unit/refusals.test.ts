// Refusal codes: every code has docs/rules.md's title or an explicit "none", docs/rules.md lists each one, and the pure rules answer codes.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { ActionError, badRequest, conflict, REFUSAL_TITLES, refusalTitle, type RefusalCode } from "~/models/errors";
import { closedRefusal, openRefusal } from "~/models/roster/self-checkin.server";

const codes = Object.keys(REFUSAL_TITLES) as RefusalCode[];

/** The "Error codes" table of docs/rules.md: code → its Title cell. */
function documentedTitles(): Map<string, string> {
  const rules = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8");
  const section = rules.split("## Error codes")[1]?.split("\n## ")[0] ?? "";
  const rows = new Map<string, string>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const code = /^`([a-z_]+)`$/.exec(cells[1] ?? "")?.[1];
    if (code) rows.set(code, cells[4]);
  }
  return rows;
}

test("every code has a title or an explicit null, never an empty one", () => {
  expect(codes.length).toBeGreaterThan(0);
  for (const code of codes) {
    const title = REFUSAL_TITLES[code];
    expect(title === null || (typeof title === "string" && title.trim() !== ""), `${code}: ${String(title)}`).toBe(
      true,
    );
  }
});

test("docs/rules.md's refusal titles belong to their codes", () => {
  expect(REFUSAL_TITLES).toMatchObject({
    checkin_locked: "Check-ins locked",
    tournament_full: "Tournament full",
    round_one_minimum: "Insufficient Players",
    not_enough_players: "Not enough players",
    undo_finalized: "Cannot undo after finalization",
    no_valid_players: "No Valid Players",
    import_failed: "Import Failed",
  });
});

test("docs/rules.md lists every code once, with its title", () => {
  const documented = documentedTitles();
  expect([...documented.keys()].sort(), "the codes of docs/rules.md's table").toEqual([...codes].sort());
  for (const code of codes) {
    const title = REFUSAL_TITLES[code];
    const cell = documented.get(code)!;
    if (title === null) expect(cell, `${code} has no title of its own`).toMatch(/^(the form's|none)/);
    else expect(cell.startsWith(title), `${code}'s title in docs/rules.md: ${cell}`).toBe(true);
  }
});

test("a form's title: the code's own, else the form's", () => {
  expect(refusalTitle("checkin_locked", "Failed to update check-in status")).toBe("Check-ins locked");
  expect(refusalTitle("player_eliminated", "Failed to update check-in status")).toBe(
    "Failed to update check-in status",
  );
  expect(refusalTitle("player_eliminated")).toBeUndefined();
});

test("a refusal keeps its status, code, message and field", () => {
  const error = badRequest("invalid_scores", "Duplicate placements", "scores");
  expect(error).toBeInstanceOf(ActionError);
  expect({ ...error, message: error.message }).toMatchObject({
    status: 400,
    code: "invalid_scores",
    message: "Duplicate placements",
    field: "scores",
  });
  expect(conflict("tournament_full", "Maximum 16 players can be checked in").status).toBe(409);
});

test("self check-in's closed and open rules answer a code with their message", () => {
  expect(closedRefusal({ status: "completed" }, false, false)?.code).toBe("tournament_completed");
  expect(closedRefusal({ status: "checkin" }, true, true)?.code).toBe("checkin_locked");
  expect(closedRefusal({ status: "setup" }, false, false)).toMatchObject({
    code: "checkin_closed",
    message: "Check-in is closed",
  });
  expect(closedRefusal({ status: "checkin" }, false, false)).toMatchObject({
    code: "checkin_closed",
    message: "Self check-in is not open",
  });
  expect(closedRefusal({ status: "checkin" }, false, true)).toBeNull();
  expect(openRefusal({ status: "checkin", isLocked: true }, false)?.code).toBe("tournament_locked");
  expect(openRefusal({ status: "active", isLocked: false }, false)?.code).toBe("wrong_status");
  expect(openRefusal({ status: "checkin", isLocked: false }, false)).toBeNull();
});
