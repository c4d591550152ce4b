// Who may do what to one tournament, written once (docs/rules.md, "Staff"): the model guards ask it
// before every mutation and the screens ask it which controls to show. Also the host-flow rules a
// screen needs and the server agrees with: which placements a score form locks, a round's next step,
// when substitution is possible (docs/rules.md, "Host flows"). Pure: no database.
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

/**
 * Placements a player's select locks ("- Taken"), given what every player of the lobby holds now
 * (`current`, 0 = unscored) and, when a saved lobby is being edited, its saved placements.
 *
 * Entering a lobby for the first time, a placement another player holds is locked. Editing a saved
 * lobby, a placement another player still holds from the save is open, so two players swap in two
 * changes (docs/rules.md "Editing saved scores"); only a placement someone picked anew in this edit
 * is locked. Duplicates left on save are refused by the server ("Duplicate placements").
 */
export function lockedPlacements(
  current: Record<number, number>,
  playerId: number,
  saved: Record<number, number> | null = null,
): Set<number> {
  const locked = new Set<number>();
  for (const [id, placement] of Object.entries(current)) {
    const other = Number(id);
    if (other === playerId || !(placement > 0)) continue;
    if (saved && saved[other] === placement) continue;
    locked.add(placement);
  }
  return locked;
}

/** Placements chosen by more than one player, in place order: what a save would refuse as "Duplicate placements". */
export function duplicatePlacements(current: Record<number, number>): number[] {
  const seen = new Map<number, number>();
  for (const placement of Object.values(current)) {
    if (placement > 0) seen.set(placement, (seen.get(placement) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([p]) => p).sort((a, b) => a - b);
}

/** What the host must do next in the current round; the score screen makes that its one primary (filled) button. */
export type RoundStep = "generate" | "score" | "advance" | "complete";

export function nextRoundStep(round: { lobbyCount: number; scored: number; isLastRound: boolean }): RoundStep {
  if (round.lobbyCount === 0) return "generate";
  if (round.scored < round.lobbyCount) return "score";
  return round.isLastRound ? "complete" : "advance";
}

/**
 * Why a substitution cannot start, or null when it can: it needs an active checked-in player to
 * replace and an eliminated player to bring in.
 */
export function substitutionBlocked(activeCount: number, eliminatedCount: number): string | null {
  if (eliminatedCount === 0) return "No eliminated players are available to substitute in.";
  if (activeCount === 0) return "No active checked-in player can be replaced.";
  return null;
}
