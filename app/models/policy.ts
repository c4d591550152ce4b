// Who may do what to one tournament, written once (docs/rules.md, "Staff"): the model guards ask it
// before every mutation and the screens ask it which controls to show. Pure: no database.
import type { Tournament } from "#db/schema";

/** A signed-in user's relation to one tournament; "visitor" is nobody signed in. */
export type Role = "visitor" | "organizer" | "scorekeeper" | "owner" | "master";

/**
 * `checkIn`: check players in and out. `saveScores`: save or edit a lobby's scores (until the round
 * is finalized, except for a master). `manage`: every other change (settings, players, lobbies,
 * cuts, advance, undo, complete, delete, export). `manageStaff`: add and remove scorekeepers.
 * `override`: the master override panel.
 */
export type Capability = "checkIn" | "saveScores" | "manage" | "manageStaff" | "override";

export const ROLES: readonly Role[] = ["visitor", "organizer", "scorekeeper", "owner", "master"];
export const CAPABILITIES: readonly Capability[] = ["checkIn", "saveScores", "manage", "manageStaff", "override"];

const GRANTS: Record<Role, readonly Capability[]> = {
  visitor: [],
  organizer: [],
  scorekeeper: ["checkIn", "saveScores"],
  owner: ["checkIn", "saveScores", "manage", "manageStaff"],
  master: CAPABILITIES,
};

/** The capabilities a scorekeeper has: the only ones worth a staff look-up for a non-owner. */
export const STAFF_CAPABILITIES: readonly Capability[] = GRANTS.scorekeeper;

/**
 * The user's role for the tournament: master before owner before scorekeeper, so a non-owner
 * non-master who passes a guard is a scorekeeper.
 */
export function roleFor(
  user: { id: number; role: string } | null | undefined,
  tournament: Pick<Tournament, "ownerId">,
  isScorekeeper: boolean,
): Role {
  if (!user) return "visitor";
  if (user.role === "master") return "master";
  if (user.id === tournament.ownerId) return "owner";
  return isScorekeeper ? "scorekeeper" : "organizer";
}

export function can(role: Role, capability: Capability): boolean {
  return GRANTS[role].includes(capability);
}

/** What a screen may show, one flag per capability. */
export type Abilities = Record<Capability, boolean>;

export function abilities(role: Role): Abilities {
  return Object.fromEntries(CAPABILITIES.map((c) => [c, can(role, c)])) as Abilities;
}
