// No-shows (DNP) and drops on both databases: stored results and totals through save, edit, rescoring and undo; refusals
// that change nothing; drops out of later draws and cuts, below the active players, undoable until the next draw.
import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { auditEntries, lobbies, matches, players, type Lobby } from "#db/schema";
import { advanceRound } from "~/models/rounds/advance.server";
import { staleTotals } from "~/models/format/stats.server";
import { dropPlayer, undoDrop } from "~/models/roster/drops.server";
import { generateLobbies, undoRound } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { exportTournament, importTournament } from "~/models/tournaments/spreadsheet.server";
import { getLeaderboard } from "~/models/format/standings.server";
import { updateTournament } from "~/models/tournaments/tournaments.server";
import { tournamentUpdateSchema } from "~/models/tournaments/tournament-input";
import { ALL_DNP, DNP_WITH_PLACEMENT, presentPlacementsMessage } from "~/models/messages";
import type { AppDb } from "#db/client.server";
import type { PublicUser } from "~/models/access/auth.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

/** A tournament of `count` checked-in players with Round 1 drawn. */
async function roundOne(db: AppDb, owner: PublicUser, count = 16, input: Record<string, unknown> = {}) {
  const t = await makeTournament(db, owner, { maxPlayers: Math.max(16, count), totalRounds: 4, ...input });
  await addPlayers(db, owner, t.id, count);
  const generated = await generateLobbies(db, owner, t.id, 1);
  if (generated.result.status !== "generated") throw new Error("expected lobbies");
  return { t, lobbies: generated.result.lobbies };
}

/** The lobby's first `absent` players DNP, the others placed 1..k in seat order. */
function withDnp(lobby: Lobby, absent: number) {
  return lobby.playerIds.map((playerId, i) =>
    i < absent ? { playerId, placement: 0, dnp: true } : { playerId, placement: i - absent + 1 },
  );
}

async function playerRow(db: AppDb, id: number) {
  const [row] = await db.select().from(players).where(eq(players.id, id));
  return row;
}

describeEachDriver("DNP and drops", (getDb) => {
  test("a DNP is stored without placement and 0 points; totals stay right through save, edit, rescoring and undo", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const { t, lobbies: drawn } = await roundOne(db, owner);
    const lobby = drawn[0];
    const [absent1, absent2, winner] = lobby.playerIds;

    const saved = await saveScores(db, owner, lobby.id, withDnp(lobby, 2));
    expect(saved.result.matches.map((m) => [m.placement, m.points, m.dnp])).toEqual([
      [1, 8, false],
      [2, 7, false],
      [3, 6, false],
      [4, 5, false],
      [5, 4, false],
      [6, 3, false],
      [null, 0, true],
      [null, 0, true],
    ]);
    expect(await playerRow(db, absent1)).toMatchObject({ totalPoints: 0, matchesPlayed: 1, averagePlacement: 0 });
    expect(await playerRow(db, winner)).toMatchObject({ totalPoints: 8, matchesPlayed: 1, averagePlacement: 1 });
    expect(await staleTotals(db, t.id)).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tournamentId, t.id), eq(auditEntries.action, "scores.saved")));
    expect(Object.values(entry.after ?? {})).toContain("DNP (0 pts)");

    // The leaderboard: a DNP is a game played with no average; the absent players stand below every present one.
    const board = await getLeaderboard(db, t.id);
    const absentRow = board.find((r) => r.id === absent2)!;
    expect(absentRow).toMatchObject({ matchesPlayed: 1, totalPoints: 0, bestFinish: null, wins: 0, top4: 0 });

    // Edit: everyone played after all.
    await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    expect(await playerRow(db, absent1)).toMatchObject({ totalPoints: 8, matchesPlayed: 1, averagePlacement: 1 });
    expect(await db.select().from(matches).where(eq(matches.lobbyId, lobby.id))).toHaveLength(8);
    // And back to two DNPs, then a new scoring table: a DNP stays at 0.
    await saveScores(db, owner, lobby.id, withDnp(lobby, 2));
    const scoring = { first: 10, second: 8, third: 6, fourth: 4, fifth: 2, sixth: 1, seventh: 1, eighth: 1 };
    await updateTournament(db, owner, t.id, tournamentUpdateSchema.parse({ scoring }));
    const rescored = await db.select().from(matches).where(eq(matches.lobbyId, lobby.id));
    expect(rescored.filter((m) => m.dnp).map((m) => m.points)).toEqual([0, 0]);
    expect(await playerRow(db, winner)).toMatchObject({ totalPoints: 10 });
    expect(await staleTotals(db, t.id)).toEqual([]);

    // Undoing the round takes the DNPs with it.
    await undoRound(db, owner, t.id, 1);
    expect(await playerRow(db, absent1)).toMatchObject({ totalPoints: 0, matchesPlayed: 0, averagePlacement: 0 });
    expect(await staleTotals(db, t.id)).toEqual([]);
  });

  test("every player DNP, a DNP with a placement, present players not 1..k: 400 and nothing changed", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const { lobbies: drawn } = await roundOne(db, owner);
    const lobby = drawn[0];
    const allDnp = lobby.playerIds.map((playerId) => ({ playerId, placement: 0, dnp: true }));
    await expectRefused(saveScores(db, owner, lobby.id, allDnp), 400, ALL_DNP);
    const placedDnp = withDnp(lobby, 1).map((s, i) => (i === 0 ? { ...s, placement: 8 } : s));
    await expectRefused(saveScores(db, owner, lobby.id, placedDnp), 400, DNP_WITH_PLACEMENT);
    const gap = withDnp(lobby, 1).map((s, i) => (i === 1 ? { ...s, placement: 8 } : s));
    await expectRefused(saveScores(db, owner, lobby.id, gap), 400, presentPlacementsMessage(7));
    expect(await db.select().from(matches).where(eq(matches.lobbyId, lobby.id))).toHaveLength(0);
    const [stored] = await db.select().from(lobbies).where(eq(lobbies.id, lobby.id));
    expect(stored.isComplete).toBe(false);
    expect((await playerRow(db, lobby.playerIds[1])).matchesPlayed).toBe(0);
  });

  test("the database itself refuses a DNP with a placement or points", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const { t, lobbies: drawn } = await roundOne(db, owner);
    const base = { tournamentId: t.id, lobbyId: drawn[0].id, roundNumber: 1, playerId: drawn[0].playerIds[0] };
    await expect(db.insert(matches).values({ ...base, placement: 3, points: 0, dnp: true })).rejects.toThrow();
    await expect(db.insert(matches).values({ ...base, placement: null, points: 5, dnp: true })).rejects.toThrow();
    await expect(db.insert(matches).values({ ...base, placement: null, points: 0, dnp: false })).rejects.toThrow();
  });

  test("a drop: out of later draws, below the active players with its points, recorded, undoable until the next draw", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const { t, lobbies: drawn } = await roundOne(db, owner, 24);
    for (const lobby of drawn) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    const leaver = drawn[0].playerIds[0]; // 1st in Lobby 1: the most points
    await expectRefused(dropPlayer(db, owner, leaver, "Family emergency", t.id + 1), 404, "Player not found");

    const dropped = await dropPlayer(db, owner, leaver, "Family emergency");
    expect(dropped.result).toMatchObject({ dropReason: "Family emergency", dropRound: 1 });
    expect(dropped.events[0]).toMatchObject({ type: "tournament_updated", data: { playerId: leaver, dropped: true } });
    await expectRefused(dropPlayer(db, owner, leaver, "again"), 409, /has already dropped/);
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tournamentId, t.id), eq(auditEntries.action, "player.dropped")));
    expect(entry).toMatchObject({ reason: "Family emergency", roundNumber: 1, after: { status: "dropped" } });

    // Undo and drop again while no new lobby exists.
    await undoDrop(db, owner, leaver);
    expect(await playerRow(db, leaver)).toMatchObject({ droppedAt: null, dropReason: null });
    await expectRefused(undoDrop(db, owner, leaver), 409, /has not dropped/);
    await dropPlayer(db, owner, leaver, "Left the venue");

    const board = await getLeaderboard(db, t.id);
    const leaverRow = board.find((r) => r.id === leaver)!;
    expect(leaverRow).toMatchObject({ isDropped: true, dropReason: "Left the venue", totalPoints: 8 });
    expect(board.filter((r) => !r.isDropped).every((r) => r.rank < leaverRow.rank)).toBe(true);

    // The cut counts the 23 players still playing: 16 may go at most (leaving 7) is refused, 8 is fine; the leaver is never cut.
    await expectRefused(advanceRound(db, owner, t.id, { eliminationCount: 16 }), 400, "At least 8 players must remain");
    // Three lobbies placed alike: the three 8ths and 7ths go, two of the three 6ths are the host's pick.
    const picks = [drawn[0].playerIds[5], drawn[1].playerIds[5]];
    const advanced = await advanceRound(db, owner, t.id, { eliminationCount: 8, tiebreakerPlayerIds: picks });
    expect(advanced.result.eliminated).toHaveLength(8);
    expect(advanced.result.eliminated).not.toContain(leaver);
    const eliminatedRows = (await getLeaderboard(db, t.id)).filter((r) => r.isEliminated);
    const after = await getLeaderboard(db, t.id);
    const leaverAfter = after.find((r) => r.id === leaver)!;
    expect(eliminatedRows.every((r) => r.rank > leaverAfter.rank)).toBe(true);

    const round2 = await generateLobbies(db, owner, t.id);
    if (round2.result.status !== "generated") throw new Error("expected lobbies");
    expect(round2.result.lobbies.flatMap((l) => l.playerIds)).not.toContain(leaver);
    await expectRefused(undoDrop(db, owner, leaver), 409, /can no longer be undone/);
    expect((await playerRow(db, leaver)).droppedAt).not.toBeNull();
  });

  test("drop refusals: before Round 1, an eliminated player, a reason too long for the column, not the owner", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const early = await makeTournament(db, owner);
    const [first] = await addPlayers(db, owner, early.id, 4);
    await expectRefused(dropPlayer(db, owner, first.id, "ill"), 409, /only be dropped while rounds are played/);

    const { lobbies: drawn } = await roundOne(db, owner);
    const target = drawn[0].playerIds[0];
    await db.update(players).set({ isEliminated: true }).where(eq(players.id, drawn[0].playerIds[1]));
    await expectRefused(dropPlayer(db, owner, drawn[0].playerIds[1], "ill"), 409, /is eliminated/);
    await expectRefused(dropPlayer(db, other, target, "ill"), 403);
    await expectRefused(undoDrop(db, other, target), 403);
    // The schema refuses a long reason first (400); the column refuses it too.
    await expect(dropPlayer(db, owner, target, "x".repeat(501))).rejects.toThrow();
    expect((await playerRow(db, target)).droppedAt).toBeNull();
  });

  test("a drop mid-round: the player keeps their seat and is saved as DNP; the export reads DNP and Dropped, and imports back", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const { t, lobbies: drawn } = await roundOne(db, owner);
    const lobby = drawn[0];
    await dropPlayer(db, owner, lobby.playerIds[0], "No show");
    await saveScores(db, owner, lobby.id, withDnp(lobby, 1));
    expect(await playerRow(db, lobby.playerIds[0])).toMatchObject({ matchesPlayed: 1, totalPoints: 0 });

    const { data } = await exportTournament(db, t.id, owner);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ExcelJS.Buffer);
    const rows = (name: string) => {
      const out: unknown[][] = [];
      book.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const matchRows = rows("Matches");
    expect(matchRows[0]).toEqual(["Round", "Lobby", "Player", "Riot Tag", "Placement", "Points"]);
    expect(matchRows.filter((r) => r[4] === "DNP")).toHaveLength(1);
    const playerRows = rows("Players");
    expect(playerRows[0].slice(-2)).toEqual(["Dropped", "Drop Reason"]);
    expect(playerRows.filter((r) => r.at(-2) === true && r.at(-1) === "No show")).toHaveLength(1);

    const imported = await importTournament(db, owner, data.toString("base64"));
    expect(imported.result.importedPlayers).toBe(16);
  });
});
