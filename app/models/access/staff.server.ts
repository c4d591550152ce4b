// A tournament's staff: the owner (or a master) adds existing accounts by username as scorekeepers
// and removes them (docs/rules.md, "Staff"); what a scorekeeper may do is app/models/access/policy.ts.
import { and, asc, eq } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import { tournamentStaff, users, type TournamentStaff } from "#db/schema";
import { findTournamentOr404, isScorekeeper, type ActionResult } from "../action.server";
import { assertCan, canManage, requireActor } from "./access.server";
import { findUser, type PublicUser } from "./auth.server";
import { badRequest, conflict, notFound } from "../errors";
import { abilities, roleFor, type Abilities, type Role } from "./policy";
import { alreadyStaffMessage, OWNER_AS_STAFF_MESSAGE, STAFF_NOT_FOUND, unknownUsernameMessage } from "../messages";
import { mutate, tournamentLock } from "../mutate.server";

/** The user's role for the tournament and what it lets them do: what a screen asks before showing a control. */
export async function tournamentAccess(
  db: Executor,
  user: PublicUser | null,
  tournament: { id: number; ownerId: number },
): Promise<{ role: Role; can: Abilities }> {
  const staff = user !== null && !canManage(user, tournament) && (await isScorekeeper(db, tournament.id, user.id));
  const role = roleFor(user, tournament, staff);
  return { role, can: abilities(role) };
}

/** One row of the staff list. */
export type StaffMember = { userId: number; username: string; role: TournamentStaff["role"]; addedAt: Date };

const staffColumns = {
  userId: tournamentStaff.userId,
  username: users.username,
  role: tournamentStaff.role,
  addedAt: tournamentStaff.addedAt,
};

async function staffRows(db: Executor, tournamentId: number): Promise<StaffMember[]> {
  return db
    .select(staffColumns)
    .from(tournamentStaff)
    .innerJoin(users, eq(users.id, tournamentStaff.userId))
    .where(eq(tournamentStaff.tournamentId, tournamentId))
    .orderBy(asc(tournamentStaff.addedAt), asc(tournamentStaff.id));
}

/**
 * The tournament's scorekeepers, oldest first. Only those who manage staff (owner, master) may read
 * it: 401 signed out, 403 otherwise, 404 for an unknown tournament.
 */
export async function listStaff(db: Executor, user: PublicUser | null, tournamentId: number): Promise<StaffMember[]> {
  requireActor(user);
  const t = await findTournamentOr404(db, tournamentId);
  assertCan(user, t, "manageStaff");
  return staffRows(db, t.id);
}

/**
 * Adds an existing account, found by username case-insensitively, as a scorekeeper. 400 for an
 * unknown username or the owner, 409 when already on the staff (and on a completed tournament).
 * No event: spectators see nothing of the staff.
 */
export async function addScorekeeper(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  username: string,
): Promise<ActionResult<StaffMember>> {
  return mutate(db, user, tournamentLock(tournamentId, {}, "manageStaff"), async ({ tx, tournament: t, audit }) => {
    const account = await findUser(tx, username);
    if (!account) throw badRequest("unknown_username", unknownUsernameMessage(username), "username");
    if (account.id === t.ownerId) throw badRequest("owner_as_staff", OWNER_AS_STAFF_MESSAGE, "username");
    const [row] = await tx
      .insert(tournamentStaff)
      .values({ tournamentId: t.id, userId: account.id, role: "scorekeeper" })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("already_staff", alreadyStaffMessage(account.username));
    await audit({
      action: "staff.added",
      summary: `${account.username} added as scorekeeper`,
      after: { scorekeeper: account.username },
    });
    return { userId: account.id, username: account.username, role: row.role, addedAt: row.addedAt };
  });
}

/** Removes a scorekeeper (404 "Staff member not found" when the account is not on the staff). No event. */
export async function removeScorekeeper(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  userId: number,
): Promise<ActionResult<StaffMember>> {
  return mutate(db, user, tournamentLock(tournamentId, {}, "manageStaff"), async ({ tx, tournament: t, audit }) => {
    const [member] = (await staffRows(tx, t.id)).filter((m) => m.userId === userId);
    if (!member) throw notFound("staff_not_found", STAFF_NOT_FOUND);
    await tx
      .delete(tournamentStaff)
      .where(and(eq(tournamentStaff.tournamentId, t.id), eq(tournamentStaff.userId, userId)));
    await audit({
      action: "staff.removed",
      summary: `${member.username} removed as scorekeeper`,
      before: { scorekeeper: member.username },
    });
    return member;
  });
}
