// Shared set-up for the model integration tests: users, tournaments and players made through the real model functions.
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { AppDb } from "#db/client.server";
import { players, users, type Player } from "#db/schema";
import { toPublicUser, type PublicUser } from "~/models/access/auth.server";
import { ActionError } from "~/models/errors";
import { bulkAddPlayers } from "~/models/roster/roster.server";
import { createTournament } from "~/models/tournaments/tournaments.server";
import { tournamentCreateSchema, type TournamentCreateInput } from "~/models/tournaments/tournament-input";

export async function makeUser(db: AppDb, role: PublicUser["role"] = "user"): Promise<PublicUser> {
  const username = `${role}_${randomBytes(5).toString("hex")}`;
  // The models never read the password; a placeholder hash keeps the fixture fast.
  const [row] = await db.insert(users).values({ username, password: "scrypt$fixture", role }).returning();
  return toPublicUser(row);
}

export async function makeTournament(
  db: AppDb,
  owner: PublicUser,
  input: Partial<Record<keyof TournamentCreateInput, unknown>> = {},
) {
  const parsed = tournamentCreateSchema.parse({ name: "Test Cup", maxPlayers: 32, totalRounds: 3, ...input });
  return (await createTournament(db, owner, parsed)).result;
}

/** Adds `count` players through bulkAddPlayers (lp descending with the id) and checks the first `checkedIn` in directly. */
export async function addPlayers(
  db: AppDb,
  owner: PublicUser,
  tournamentId: number,
  count: number,
  checkedIn = count,
): Promise<Player[]> {
  const list = Array.from({ length: count }, (_, i) => ({
    name: `Player ${i + 1}`,
    riotTag: `NA${i + 1}`,
    lp: 1000 - i,
  }));
  const { result } = await bulkAddPlayers(db, owner, tournamentId, list);
  const ids = result.slice(0, checkedIn).map((p) => p.id);
  if (ids.length > 0) {
    await db
      .update(players)
      .set({ isCheckedIn: true })
      .where(and(eq(players.tournamentId, tournamentId), inArray(players.id, ids)));
  }
  return db.select().from(players).where(eq(players.tournamentId, tournamentId)).orderBy(players.id);
}

/** Placements 1..n in the lobby's listed order (or a given order). */
export function placements(playerIds: readonly number[]) {
  return playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
}

/** Runs `action` and checks it was refused with this status and message. */
export async function expectRefused(action: Promise<unknown>, status: number, message?: string | RegExp) {
  let caught: unknown;
  try {
    await action;
  } catch (error) {
    caught = error;
  }
  expect(caught, "the action should have been refused").toBeInstanceOf(ActionError);
  const error = caught as ActionError;
  expect({ status: error.status, message: error.message }).toMatchObject({ status });
  if (typeof message === "string") expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
}
