// The round cycle on both databases: generation, score saves, finalize, cuts, advance, undo, leaderboard.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { lobbies, matches, players, tournaments } from "#db/schema";
import { COMPLETED_MESSAGE } from "~/models/messages";
import { listPlayers } from "~/models/roster/roster.server";
import { advanceRound, cutPreview } from "~/models/rounds/advance.server";
import { deleteLobby, generateLobbies, listAllLobbies, listLobbies, undoRound } from "~/models/rounds/lobbies.server";
import { finalizeRound, listMatches, saveScores } from "~/models/rounds/scores.server";
import { getLeaderboard } from "~/models/format/standings.server";
import { findTournamentOr404 } from "~/models/action.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

describeEachDriver("rounds", (getDb) => {
  test("a full cycle: 16 players, generate, save, finalize, cut 8, advance, and complete past the last round", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 2 });
    await addPlayers(db, owner, t.id, 16);

    const generated = await generateLobbies(db, owner, t.id, 1);
    expect(generated.events).toEqual([
      expect.objectContaining({ type: "lobbies_generated", data: expect.objectContaining({ roundNumber: 1 }) }),
    ]);
    if (generated.result.status !== "generated") throw new Error("expected lobbies");
    expect(generated.result.lobbies.map((l) => [l.name, l.playerIds.length])).toEqual([
      ["Lobby 1", 8],
      ["Lobby 2", 8],
    ]);
    const afterGenerate = await findTournamentOr404(db, t.id);
    expect(afterGenerate).toMatchObject({ status: "active", isLocked: true, currentRound: 1 });

    for (const lobby of generated.result.lobbies) {
      const saved = await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
      expect(saved.result.matches).toHaveLength(8);
      expect(saved.events[0]).toMatchObject({ type: "matches_saved", data: { lobbyId: lobby.id, roundNumber: 1 } });
    }
    const finalized = await finalizeRound(db, owner, t.id);
    expect(finalized.result.finalizedRound).toBe(1);
    await expectRefused(undoRound(db, owner, t.id, 1), 409, "Cannot undo after finalization");

    const preview = await cutPreview(db, t.id, 8);
    expect(preview).toMatchObject({ activeCount: 16, maxCut: 8, scoresSubmitted: 2, lobbyCount: 2, error: null });
    // Both lobbies placed the same way: the two 5th-8th places tie pairwise, nothing straddles the line.
    expect(preview.plan!.sure).toHaveLength(8);

    const advanced = await advanceRound(db, owner, t.id, { eliminationCount: 8 });
    expect(advanced.result).toMatchObject({ status: "active", currentRound: 2 });
    expect(advanced.result.eliminated).toHaveLength(8);
    expect(advanced.events).toEqual([
      expect.objectContaining({ type: "round_advanced", data: expect.objectContaining({ newRound: 2 }) }),
    ]);
    const eliminated = new Set(advanced.result.eliminated);
    const bottom = generated.result.lobbies.flatMap((l) => l.playerIds.slice(4));
    expect([...eliminated].sort()).toEqual([...bottom].sort());

    const round2 = await generateLobbies(db, owner, t.id);
    if (round2.result.status !== "generated") throw new Error("expected lobbies");
    expect(round2.result.lobbies).toHaveLength(1);
    expect(round2.result.lobbies[0].playerIds.every((id) => !eliminated.has(id))).toBe(true);
    await saveScores(db, owner, round2.result.lobbies[0].id, placements(round2.result.lobbies[0].playerIds));

    const last = await advanceRound(db, owner, t.id, {});
    expect(last.result).toMatchObject({ status: "completed", currentRound: 2, message: COMPLETED_MESSAGE });
    expect(last.events).toEqual([
      expect.objectContaining({ type: "tournament_completed", data: expect.objectContaining({ name: t.name }) }),
    ]);

    const board = await getLeaderboard(db, t.id);
    expect(board).toHaveLength(16);
    expect(board.slice(0, 8).every((r) => !r.isEliminated)).toBe(true);
    expect(board[0]).toMatchObject({ rank: 1, matchesPlayed: 2, bestFinish: 1, separatedBy: null });
    // The stored totals agree with the standings computed from the matches.
    const stored = await listPlayers(db, t.id);
    for (const row of board) {
      const p = stored.find((s) => s.id === row.id)!;
      expect([p.totalPoints, p.matchesPlayed, p.averagePlacement]).toEqual([
        row.totalPoints,
        row.matchesPlayed,
        row.averagePlacement,
      ]);
    }
    expect(await listAllLobbies(db, t.id)).toHaveLength(3);
    expect(await listMatches(db, t.id)).toHaveLength(24);
  });

  test("round 1 needs 16 checked-in players, assigns seeds by lp and soft-removes the unchecked; undo restores them", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 24 });
    await addPlayers(db, owner, t.id, 20, 15);
    await expectRefused(
      generateLobbies(db, owner, t.id),
      409,
      "At least 16 players must be checked in to generate lobbies",
    );

    await db.update(players).set({ isCheckedIn: true }).where(eq(players.name, "Player 16"));
    const generated = await generateLobbies(db, owner, t.id);
    expect(generated.result).toMatchObject({ status: "generated", removedPlayers: 4 });
    const inPlay = await listPlayers(db, t.id);
    expect(inPlay).toHaveLength(16);
    // lp falls with registration order, so seeds follow it.
    expect(inPlay.map((p) => p.seed)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    await expectRefused(generateLobbies(db, owner, t.id), 409, "Lobbies already exist for Round 1");

    const undone = await undoRound(db, owner, t.id, 1);
    expect(undone.result).toEqual({ roundNumber: 1, deletedLobbies: 2, resetToCheckIn: true, restoredPlayers: 4 });
    expect(await listPlayers(db, t.id)).toHaveLength(20);
    expect(await findTournamentOr404(db, t.id)).toMatchObject({ status: "checkin", isLocked: false });
    expect(await listLobbies(db, t.id, 1)).toHaveLength(0);
  });

  test("score saves are validated with the spec's messages and change nothing when refused", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 16);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    const lobby = result.lobbies[0];
    const ids = lobby.playerIds;

    await expectRefused(saveScores(db, owner, lobby.id, []), 400, "No scores entered");
    await expectRefused(
      saveScores(
        db,
        owner,
        lobby.id,
        ids.map((playerId) => ({ playerId, placement: 0 })),
      ),
      400,
      "No scores entered",
    );
    await expectRefused(saveScores(db, owner, lobby.id, placements(ids.slice(0, 7))), 400, "Incomplete scores");
    await expectRefused(
      saveScores(
        db,
        owner,
        lobby.id,
        ids.map((playerId) => ({ playerId, placement: 1 })),
      ),
      400,
      "Duplicate placements",
    );
    await expectRefused(
      saveScores(
        db,
        owner,
        lobby.id,
        ids.map((playerId, i) => ({ playerId, placement: i + 2 })),
      ),
      400,
      "Invalid placements",
    );
    await expectRefused(saveScores(db, owner, 999_999, placements(ids)), 404, "Lobby not found");
    expect(await db.select().from(matches).where(eq(matches.lobbyId, lobby.id))).toHaveLength(0);
    const [stored] = await db.select().from(lobbies).where(eq(lobbies.id, lobby.id));
    expect(stored.isComplete).toBe(false);
  });

  test("re-saving a lobby replaces its matches; the owner may edit until finalized, a master after", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 16);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    const [a, b] = result.lobbies;
    await saveScores(db, owner, a.id, placements(a.playerIds));
    await saveScores(db, owner, a.id, placements([...a.playerIds].reverse()));
    const saved = await db.select().from(matches).where(eq(matches.lobbyId, a.id));
    expect(saved).toHaveLength(8);
    const first = a.playerIds[0];
    const [p] = await db.select().from(players).where(eq(players.id, first));
    expect(p).toMatchObject({ totalPoints: 1, matchesPlayed: 1, averagePlacement: 8 });

    await expectRefused(
      finalizeRound(db, owner, t.id),
      409,
      "All lobby scores must be submitted first: 1/2 scores submitted",
    );
    await expectRefused(advanceRound(db, owner, t.id), 409, /1\/2 scores submitted/);
    await saveScores(db, owner, b.id, placements(b.playerIds));
    await finalizeRound(db, owner, t.id);
    await expectRefused(finalizeRound(db, owner, t.id), 409, "Round 1 has already been finalized");
    await expectRefused(saveScores(db, owner, a.id, placements(a.playerIds)), 409, /finalized/);
    await saveScores(db, master, a.id, placements(a.playerIds));
    const [again] = await db.select().from(players).where(eq(players.id, first));
    expect(again).toMatchObject({ totalPoints: 8, matchesPlayed: 1, averagePlacement: 1 });
  });

  test("a tie at the cut line needs exactly the missing number of tied players picked", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 24 });
    await addPlayers(db, owner, t.id, 24);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    expect(result.lobbies).toHaveLength(3);
    // Three identical lobbies: the three 6th places tie with each other, and a cut of 8 takes
    // the 8th and 7th places (6) plus 2 of the 3 tied 6th places.
    for (const lobby of result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    const sixth = result.lobbies.map((l) => l.playerIds[5]);

    const preview = await cutPreview(db, t.id, 8);
    expect(preview.plan).toMatchObject({ needed: 2 });
    expect([...preview.plan!.tied].sort()).toEqual([...sixth].sort());
    expect(preview.plan!.sure).toHaveLength(6);

    await expectRefused(
      advanceRound(db, owner, t.id, { eliminationCount: 8 }),
      409,
      /Tie-break needed.*exactly 2 of the 3 tied players/,
    );
    await expectRefused(
      advanceRound(db, owner, t.id, { eliminationCount: 8, tiebreakerPlayerIds: [sixth[0]] }),
      409,
      /Tie-break/,
    );
    await expectRefused(
      advanceRound(db, owner, t.id, { eliminationCount: 5 }),
      400,
      "Cut amount must be a multiple of 8",
    );
    await expectRefused(advanceRound(db, owner, t.id, { eliminationCount: 24 }), 400, "At least 8 players must remain");
    expect(await findTournamentOr404(db, t.id)).toMatchObject({ currentRound: 1, finalizedRound: 0 });

    const advanced = await advanceRound(db, owner, t.id, {
      eliminationCount: 8,
      tiebreakerPlayerIds: sixth.slice(0, 2),
    });
    expect(advanced.result.eliminated).toHaveLength(8);
    expect(advanced.result.eliminated).toEqual(expect.arrayContaining(sixth.slice(0, 2)));
    expect(advanced.result.eliminated).not.toContain(sixth[2]);
    expect(await findTournamentOr404(db, t.id)).toMatchObject({ currentRound: 2, finalizedRound: 1 });
  });

  test("an Elimination tournament completes by itself when fewer than 4 active players are left; Standard answers Not enough players", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    for (const format of ["elimination", "standard"] as const) {
      const t = await makeTournament(db, owner, { format, maxPlayers: 16, totalRounds: 3 });
      const list = await addPlayers(db, owner, t.id, 16);
      const { result } = await generateLobbies(db, owner, t.id);
      if (result.status !== "generated") throw new Error("expected lobbies");
      for (const lobby of result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
      await advanceRound(db, owner, t.id, { eliminationCount: 8 });
      // A master knocks out all but three of the survivors by hand.
      const alive = (await listPlayers(db, t.id)).filter((p) => !p.isEliminated).map((p) => p.id);
      for (const id of alive.slice(3)) await db.update(players).set({ isEliminated: true }).where(eq(players.id, id));
      expect(list).toHaveLength(16);
      if (format === "elimination") {
        const done = await generateLobbies(db, owner, t.id);
        expect(done.result).toMatchObject({ status: "completed", message: COMPLETED_MESSAGE });
        expect(done.events[0].type).toBe("tournament_completed");
        expect((await findTournamentOr404(db, t.id)).status).toBe("completed");
      } else {
        await expectRefused(generateLobbies(db, owner, t.id), 409, "Not enough players");
      }
    }
  });

  test("undo of a later round deletes its lobbies and matches and recomputes totals; only the current round", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 3 });
    await addPlayers(db, owner, t.id, 16);
    const r1 = await generateLobbies(db, owner, t.id);
    if (r1.result.status !== "generated") throw new Error("expected lobbies");
    for (const lobby of r1.result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    await advanceRound(db, owner, t.id);
    const r2 = await generateLobbies(db, owner, t.id);
    if (r2.result.status !== "generated") throw new Error("expected lobbies");
    const before = await listPlayers(db, t.id);
    await saveScores(db, owner, r2.result.lobbies[0].id, placements(r2.result.lobbies[0].playerIds));

    await expectRefused(undoRound(db, owner, t.id, 1), 409, "Only the current round (Round 2) can be undone");
    const undone = await undoRound(db, owner, t.id, 2);
    expect(undone.result).toEqual({ roundNumber: 2, deletedLobbies: 2, resetToCheckIn: false, restoredPlayers: 0 });
    const after = await listPlayers(db, t.id);
    expect(after.map((p) => [p.id, p.totalPoints, p.matchesPlayed])).toEqual(
      before.map((p) => [p.id, p.totalPoints, p.matchesPlayed]),
    );
    expect(await findTournamentOr404(db, t.id)).toMatchObject({ status: "active", currentRound: 2 });
    await expectRefused(undoRound(db, owner, t.id, 2), 409, "No lobbies to undo for Round 2");
  });

  test("deleting a lobby removes its matches and recomputes its players' totals", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 16);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    const lobby = result.lobbies[0];
    await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    const removed = await deleteLobby(db, owner, lobby.id);
    expect(removed.result).toEqual({ lobbyId: lobby.id, tournamentId: t.id, roundNumber: 1 });
    const [p] = await db.select().from(players).where(eq(players.id, lobby.playerIds[0]));
    expect(p).toMatchObject({ totalPoints: 0, matchesPlayed: 0, averagePlacement: 0 });
    expect(await listLobbies(db, t.id)).toHaveLength(1);
    await expectRefused(deleteLobby(db, owner, lobby.id), 404, "Lobby not found");
  });

  test("later rounds follow the lobby method: swiss stacks the standings", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { lobbyMethod: "swiss", maxPlayers: 16 });
    await addPlayers(db, owner, t.id, 16);
    const r1 = await generateLobbies(db, owner, t.id);
    if (r1.result.status !== "generated") throw new Error("expected lobbies");
    for (const lobby of r1.result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    await advanceRound(db, owner, t.id);
    const board = await getLeaderboard(db, t.id);
    const r2 = await generateLobbies(db, owner, t.id, 2);
    if (r2.result.status !== "generated") throw new Error("expected lobbies");
    expect(r2.result.lobbies[0].playerIds).toEqual(board.slice(0, 8).map((r) => r.id));
    await expectRefused(
      generateLobbies(db, owner, t.id, 3),
      409,
      "Lobbies can only be generated for the current round (Round 2)",
    );
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, t.id));
    expect(row.currentRound).toBe(2);
  });
});
