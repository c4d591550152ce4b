// Who may change a tournament: its owner or a master, its scorekeepers for check-in and scores (app/models/access/policy.ts);
// completed tournaments only through the master override.
import type { Tournament } from "#db/schema";
import type { PublicUser } from "./auth.server";
import { completed, forbidden, unauthorized } from "../errors";
import { MASTER_ONLY, NOT_ALLOWED } from "../messages";
import type { MutationOptions } from "../action.server";
import { can, isReadOnly, roleFor, type Capability } from "./policy";

export function isMaster(user: PublicUser | null | undefined): boolean {
  return user?.role === "master";
}

/** True for the owner and for masters; false shows the "View Only" badge. */
export function canManage(user: PublicUser | null | undefined, tournament: Pick<Tournament, "ownerId">): boolean {
  if (!user) return false;
  return isMaster(user) || user.id === tournament.ownerId;
}

/** The signed-in user, or 401 "Authentication required". */
export function requireActor(user: PublicUser | null | undefined): PublicUser {
  if (!user) throw unauthorized();
  return user;
}

/** 401 when signed out, 403 unless owner or master. */
export function assertCanManage(
  user: PublicUser | null | undefined,
  tournament: Pick<Tournament, "ownerId">,
): asserts user is PublicUser {
  requireActor(user);
  if (!canManage(user, tournament)) throw forbidden("forbidden", NOT_ALLOWED);
}

/** Who an audit entry says acted: a master, else the owner, else staff let through by the guard. */
export type ActorRole = "owner" | "master" | "scorekeeper";

/** The one place an actor's role is decided: master ? "master" : owner ? "owner" : "scorekeeper". */
export function actorRole(user: PublicUser, tournament: Pick<Tournament, "ownerId">): ActorRole {
  // policy.ts's order (master, owner, scorekeeper): anyone else past a mutation's guard is staff.
  return roleFor(user, tournament, true) as ActorRole;
}

/** The tournament's history (audit trail) is for its owner and masters only, not for other staff. */
export function canSeeHistory(user: PublicUser | null | undefined, tournament: Pick<Tournament, "ownerId">): boolean {
  return !!user && (isMaster(user) || user.id === tournament.ownerId);
}

/** 401 when signed out, 403 unless a master. */
export function assertMaster(user: PublicUser | null | undefined, message = MASTER_ONLY): asserts user is PublicUser {
  requireActor(user);
  if (!isMaster(user)) throw forbidden("master_only", message);
}

/** 401 when signed out, 403 unless the user's role for the tournament has the capability (app/models/access/policy.ts). */
export function assertCan(
  user: PublicUser | null | undefined,
  tournament: Pick<Tournament, "ownerId">,
  capability: Capability,
  isScorekeeper = false,
): asserts user is PublicUser {
  requireActor(user);
  if (!can(roleFor(user, tournament, isScorekeeper), capability)) throw forbidden("forbidden", NOT_ALLOWED);
}

/**
 * The check every mutation makes after locking the tournament: 401 when signed out, 403 unless the
 * user's role has the `capability` (app/models/access/policy.ts; by default `manage`: owner or master),
 * 403 for an override by a non-master, then 409 "Tournament has been completed" on a completed
 * tournament unless a master overrides. `isScorekeeper` says whether the user is on its staff.
 */
export function assertCanMutate(
  user: PublicUser | null | undefined,
  tournament: Pick<Tournament, "ownerId" | "status">,
  options: MutationOptions = {},
  capability: Capability = "manage",
  isScorekeeper = false,
): asserts user is PublicUser {
  assertCan(user, tournament, capability, isScorekeeper);
  if (options.override && !isMaster(user)) throw forbidden("master_only", MASTER_ONLY);
  if (isReadOnly(tournament) && !options.override) throw completed();
}
