// Tournament actions on both databases: lists, create, settings rules, scoring recompute, check-in start, lock, complete, delete, permissions.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { lobbies, matches, players, tournaments } from "#db/schema";
import { canManage } from "~/models/access/access.server";
import { listPlayers } from "~/models/roster/roster.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import {
  completeTournament,
  computeDashboardStats,
  createTournament,
  dashboardStats,
  deleteTournament,
  listForUser,
  listPublic,
  listPublicLive,
  setLocked,
  startCheckin,
  updateTournament,
} from "~/models/tournaments/tournaments.server";
import { findTournamentOr404 } from "~/models/action.server";
import { tournamentCreateSchema, tournamentUpdateSchema } from "~/models/tournaments/tournament-input";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

describeEachDriver("tournaments", (getDb) => {
  test("create answers the tournament with the default scoring and a tournament_created event", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const input = tournamentCreateSchema.parse({ name: "Spring Open", maxPlayers: 64, totalRounds: 5, isPublic: true });
    const { result, events } = await createTournament(db, owner, input);
    expect(result).toMatchObject({
      name: "Spring Open",
      format: "standard",
      lobbyMethod: "snake",
      status: "setup",
      currentRound: 1,
      isLocked: false,
      ownerId: owner.id,
      scoring: { first: 8, second: 7, eighth: 1 },
    });
    expect(events).toEqual([
      { type: "tournament_created", tournamentId: result.id, data: { tournamentId: result.id, name: "Spring Open" } },
    ]);
    await expectRefused(createTournament(db, null, input), 401, "Authentication required");
  });

  test("lists: own plus public of others, masters see all, the landing page only public live ones", async () => {
    const { db } = getDb();
    const alice = await makeUser(db);
    const bob = await makeUser(db);
    const master = await makeUser(db, "master");
    const alicePrivate = await makeTournament(db, alice, { name: "A private" });
    const bobPublic = await makeTournament(db, bob, { name: "B public", isPublic: true });
    const bobPrivate = await makeTournament(db, bob, { name: "B private" });
    await startCheckin(db, bob, bobPublic.id);

    const forAlice = (await listForUser(db, alice)).map((t) => t.id);
    expect(forAlice).toContain(alicePrivate.id);
    expect(forAlice).toContain(bobPublic.id);
    expect(forAlice).not.toContain(bobPrivate.id);
    // Newest first.
    expect(forAlice.indexOf(bobPublic.id)).toBeLessThan(forAlice.indexOf(alicePrivate.id));
    const row = (await listForUser(db, alice)).find((t) => t.id === bobPublic.id)!;
    expect(row).toMatchObject({ canManage: false, isOwner: false });

    const forMaster = (await listForUser(db, master)).map((t) => t.id);
    expect(forMaster).toEqual(expect.arrayContaining([alicePrivate.id, bobPublic.id, bobPrivate.id]));
    expect((await listForUser(db, master)).every((t) => t.canManage)).toBe(true);

    const live = (await listPublicLive(db)).map((t) => t.id);
    expect(live).toContain(bobPublic.id);
    expect(live).not.toContain(bobPrivate.id);
    const publicIds = (await listPublic(db)).map((t) => t.id);
    expect(publicIds).toContain(bobPublic.id);
    expect(publicIds).not.toContain(alicePrivate.id);

    expect(canManage(alice, alicePrivate)).toBe(true);
    expect(canManage(alice, bobPublic)).toBe(false);
    expect(canManage(null, bobPublic)).toBe(false);
    expect(canManage(master, bobPublic)).toBe(true);
  });

  test("dashboard stats count active, players (sum of max), completed rounds and total", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const stats = computeDashboardStats([
      { status: "active", maxPlayers: 16, totalRounds: 5, currentRound: 3 },
      { status: "completed", maxPlayers: 32, totalRounds: 4, currentRound: 4 },
      { status: "checkin", maxPlayers: 8, totalRounds: 2, currentRound: 1 },
      { status: "setup", maxPlayers: 8, totalRounds: 2, currentRound: 1 },
    ]);
    expect(stats).toEqual({ activeTournaments: 2, totalPlayers: 64, completedRounds: 6, totalTournaments: 4 });
    const before = await dashboardStats(db, owner);
    await makeTournament(db, owner, { maxPlayers: 24 });
    // Other suites' public tournaments count too, so compare with what the same user saw before.
    expect(await dashboardStats(db, owner)).toEqual({
      ...before,
      totalPlayers: before.totalPlayers + 24,
      totalTournaments: before.totalTournaments + 1,
    });
    expect(await dashboardStats(db, owner)).toEqual(computeDashboardStats(await listForUser(db, owner)));
  });

  test("getTournament answers 404 for an unknown id", async () => {
    const { db } = getDb();
    await expectRefused(findTournamentOr404(db, 987_654), 404, "Tournament not found");
  });

  test("settings: owner edits name and visibility; max players and rounds only in setup; status, round and lock only by a master", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner);
    const patch = (v: Record<string, unknown>) => tournamentUpdateSchema.parse(v);

    const renamed = await updateTournament(db, owner, t.id, patch({ name: "Renamed", isPublic: true, maxPlayers: 40 }));
    expect(renamed.result).toMatchObject({ name: "Renamed", isPublic: true, maxPlayers: 40 });
    expect(renamed.events[0]).toMatchObject({ type: "tournament_updated", data: { name: "Renamed" } });
    // Resending the stored values is not a change.
    expect((await updateTournament(db, owner, t.id, patch({ name: "Renamed", status: "setup" }))).events).toEqual([]);

    await expectRefused(
      updateTournament(db, other, t.id, patch({ name: "Mine" })),
      403,
      "You do not have permission to change this tournament",
    );
    await expectRefused(updateTournament(db, null, t.id, patch({ name: "Mine" })), 401, "Authentication required");
    await expectRefused(updateTournament(db, owner, t.id, patch({ status: "active" })), 403);
    await expectRefused(updateTournament(db, owner, t.id, patch({ currentRound: 2 })), 403);
    await expectRefused(updateTournament(db, owner, t.id, patch({ isLocked: true })), 403);

    await startCheckin(db, owner, t.id);
    await expectRefused(
      updateTournament(db, owner, t.id, patch({ maxPlayers: 48 })),
      409,
      /only be changed while the tournament is in setup/,
    );
    await expectRefused(
      updateTournament(db, owner, t.id, patch({ totalRounds: 5 })),
      409,
      /only be changed while the tournament is in setup/,
    );

    const byMaster = await updateTournament(
      db,
      master,
      t.id,
      patch({ maxPlayers: 48, totalRounds: 4, currentRound: 3, isLocked: true }),
    );
    expect(byMaster.result).toMatchObject({ maxPlayers: 48, totalRounds: 4, currentRound: 3, isLocked: true });
    await expectRefused(
      updateTournament(db, master, t.id, patch({ currentRound: 5 })),
      400,
      "Current round must be between 1 and 4",
    );
    await expectRefused(
      updateTournament(db, master, t.id, patch({ totalRounds: 2 })),
      400,
      /Total rounds cannot be below the current round/,
    );
    const done = await updateTournament(db, master, t.id, patch({ status: "completed" }));
    expect(done.events.map((e) => e.type)).toEqual(["tournament_updated", "tournament_completed"]);
  });

  test("changing the scoring table recomputes every match's points and every player's totals", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 16);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    const lobby = result.lobbies[0];
    await saveScores(db, owner, lobby.id, placements(lobby.playerIds));

    const scoring = { first: 10, second: 8, third: 6, fourth: 4, fifth: 2, sixth: 1, seventh: 0, eighth: 0 };
    await updateTournament(db, owner, t.id, tournamentUpdateSchema.parse({ scoring }));
    const saved = await db.select().from(matches).where(eq(matches.lobbyId, lobby.id));
    expect(saved.map((m) => [m.placement ?? 0, m.points]).sort((a, b) => a[0] - b[0])).toEqual([
      [1, 10],
      [2, 8],
      [3, 6],
      [4, 4],
      [5, 2],
      [6, 1],
      [7, 0],
      [8, 0],
    ]);
    const [winner] = await db.select().from(players).where(eq(players.id, lobby.playerIds[0]));
    expect(winner.totalPoints).toBe(10);
  });

  test("start check-in only from setup or registration", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    const { result, events } = await startCheckin(db, owner, t.id);
    expect(result.status).toBe("checkin");
    expect(events[0].type).toBe("tournament_updated");
    await expectRefused(startCheckin(db, owner, t.id), 409, /Check-in can only be started from Setup or Registration/);
  });

  test("locking needs 8 checked-in players; unlocking is always allowed", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 10, 7);
    await expectRefused(setLocked(db, owner, t.id, true), 409, "Need at least 8 checked-in players to lock tournament");
    await db.update(players).set({ isCheckedIn: true }).where(eq(players.tournamentId, t.id));
    expect((await setLocked(db, owner, t.id, true)).result.isLocked).toBe(true);
    expect((await setLocked(db, owner, t.id, false)).result.isLocked).toBe(false);
  });

  test("complete makes the tournament read-only; a second complete answers 409", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    const { result, events } = await completeTournament(db, owner, t.id);
    expect(result.status).toBe("completed");
    expect(events).toEqual([
      expect.objectContaining({ type: "tournament_completed", data: expect.objectContaining({ name: t.name }) }),
    ]);
    await expectRefused(completeTournament(db, owner, t.id), 409, "Tournament has been completed");
  });

  test("delete removes the tournament with its players, lobbies and matches; only owner or master", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 16);
    await generateLobbies(db, owner, t.id);
    await expectRefused(deleteTournament(db, other, t.id), 403);
    const { result } = await deleteTournament(db, owner, t.id);
    expect(result).toEqual({ id: t.id, name: t.name });
    expect(await db.select().from(tournaments).where(eq(tournaments.id, t.id))).toHaveLength(0);
    expect(await db.select().from(players).where(eq(players.tournamentId, t.id))).toHaveLength(0);
    expect(await db.select().from(lobbies).where(eq(lobbies.tournamentId, t.id))).toHaveLength(0);
    await expectRefused(deleteTournament(db, owner, t.id), 404);
    await expectRefused(listPlayers(db, t.id), 404);
  });

  test("the owner may delete a completed tournament (docs/rules.md); others still may not", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const t = await makeTournament(db, owner);
    await completeTournament(db, owner, t.id);
    await expectRefused(deleteTournament(db, other, t.id), 403);
    await expectRefused(deleteTournament(db, owner, t.id, { override: true }), 403);
    const { result } = await deleteTournament(db, owner, t.id);
    expect(result).toEqual({ id: t.id, name: t.name });
    expect(await db.select().from(tournaments).where(eq(tournaments.id, t.id))).toHaveLength(0);
  });
});
