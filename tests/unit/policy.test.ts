// The permission policy (app/models/access/policy.ts): every role against every capability, and how a role is found.
import { describe, expect, test } from "vitest";
import { abilities, can, CAPABILITIES, roleFor, ROLES, type Capability, type Role } from "~/models/access/policy";

const EXPECTED: Record<Role, Capability[]> = {
  visitor: [],
  organizer: [],
  scorekeeper: ["checkIn", "saveScores"],
  owner: ["checkIn", "saveScores", "manage", "manageStaff"],
  master: ["checkIn", "saveScores", "manage", "manageStaff", "override"],
};

describe("can(role, capability)", () => {
  for (const role of ROLES) {
    for (const capability of CAPABILITIES) {
      const allowed = EXPECTED[role].includes(capability);
      test(`${role} ${allowed ? "may" : "may not"} ${capability}`, () => {
        expect(can(role, capability)).toBe(allowed);
      });
    }
  }

  test("abilities lists one flag per capability", () => {
    expect(abilities("scorekeeper")).toEqual({
      checkIn: true,
      saveScores: true,
      manage: false,
      manageStaff: false,
      override: false,
    });
  });
});

describe("roleFor", () => {
  const tournament = { ownerId: 7 };
  test("nobody signed in is a visitor, even if flagged as staff", () => {
    expect(roleFor(null, tournament, true)).toBe("visitor");
  });
  test("a master is a master, on the staff or owning it or not", () => {
    expect(roleFor({ id: 7, role: "master" }, tournament, true)).toBe("master");
    expect(roleFor({ id: 9, role: "master" }, tournament, false)).toBe("master");
  });
  test("the owner is the owner even if also listed as staff", () => {
    expect(roleFor({ id: 7, role: "user" }, tournament, true)).toBe("owner");
  });
  test("another account is a scorekeeper only when on the staff", () => {
    expect(roleFor({ id: 8, role: "user" }, tournament, true)).toBe("scorekeeper");
    expect(roleFor({ id: 8, role: "user" }, tournament, false)).toBe("organizer");
    expect(roleFor({ id: 8, role: "admin" }, tournament, false)).toBe("organizer");
  });
});
