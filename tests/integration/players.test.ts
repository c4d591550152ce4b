// Player actions on both databases: add and capacity, bulk, edits and adjustments, check-in, max players, delete, substitution.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { lobbies, players, tournaments } from "#db/schema";
import {
  addPlayer,
  bulkAddPlayers,
  deletePlayer,
  getPlayer,
  listCheckedIn,
  listPlayers,
  setMaxPlayers,
  updatePlayer,
} from "~/models/roster/roster.server";
import { setCheckin, setCheckins } from "~/models/roster/checkin.server";
import { substitute } from "~/models/roster/substitution.server";
import { generateLobbies, listLobbies } from "~/models/rounds/lobbies.server";
import { getLeaderboard } from "~/models/format/standings.server";
import { saveScores } from "~/models/rounds/scores.server";
import { setLocked } from "~/models/tournaments/tournaments.server";
import { findTournamentOr404 } from "~/models/action.server";
import { playerCreateSchema, playerUpdateSchema } from "~/models/roster/player-input";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

const create = (v: Record<string, unknown>) => playerCreateSchema.parse(v);
const update = (v: Record<string, unknown>) => playerUpdateSchema.parse(v);

describeEachDriver("players", (getDb) => {
  test("add, get and list; capacity refuses with the spec's message unless manual override, which adds unchecked", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    const { result, events } = await addPlayer(db, owner, t.id, create({ name: " Ann ", riotTag: "EUW", lp: 1200 }));
    expect(result).toMatchObject({ name: "Ann", riotTag: "EUW", lp: 1200, isCheckedIn: false, totalPoints: 0 });
    expect(events[0]).toMatchObject({ type: "tournament_updated", tournamentId: t.id });
    expect(await getPlayer(db, result.id)).toMatchObject({ id: result.id });
    await expectRefused(getPlayer(db, 999_999), 404, "Player not found");

    await addPlayers(db, owner, t.id, 15);
    await expectRefused(
      addPlayer(db, owner, t.id, create({ name: "Late", riotTag: "NA" })),
      409,
      "Tournament is at maximum capacity (16 players). Remove a player first.",
    );
    const extra = await addPlayer(db, owner, t.id, create({ name: "Late", riotTag: "NA", manualOverride: true }));
    expect(extra.result.isCheckedIn).toBe(false);
    expect(await listPlayers(db, t.id)).toHaveLength(17);
  });

  test("master fields need a master; a master's stats become adjustments that survive later saves", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner);
    await expectRefused(addPlayer(db, owner, t.id, create({ name: "X", riotTag: "NA", seed: 3 })), 403);

    const added = await addPlayer(
      db,
      master,
      t.id,
      create({ name: "Seeded", riotTag: "NA", seed: 1, totalPoints: 5, isCheckedIn: true }),
    );
    expect(added.result).toMatchObject({ seed: 1, totalPoints: 5, adjustPoints: 5, isCheckedIn: true });

    await addPlayers(db, owner, t.id, 15);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    const lobby = result.lobbies.find((l) => l.playerIds.includes(added.result.id))!;
    const order = [added.result.id, ...lobby.playerIds.filter((id) => id !== added.result.id)];
    await saveScores(db, owner, lobby.id, placements(order));
    expect(await getPlayer(db, added.result.id)).toMatchObject({
      totalPoints: 13,
      matchesPlayed: 1,
      averagePlacement: 1,
    });

    await expectRefused(updatePlayer(db, owner, added.result.id, update({ totalPoints: 100 })), 403);
    // 0 is the average before any game only: a player with a game is refused it (SPEC: 1 to 8).
    await expectRefused(
      updatePlayer(db, master, added.result.id, update({ averagePlacement: 0 })),
      400,
      "Average placement must be between 1 and 8 in steps of 0.1",
    );
    const edited = await updatePlayer(db, master, added.result.id, update({ totalPoints: 20, averagePlacement: 2.5 }));
    expect(edited.result).toMatchObject({
      totalPoints: 20,
      averagePlacement: 2.5,
      adjustPoints: 12,
      adjustAverage: 2.5,
    });
    // A re-save recomputes from the matches and keeps the master's adjustments.
    await saveScores(db, owner, lobby.id, placements(order));
    expect(await getPlayer(db, added.result.id)).toMatchObject({ totalPoints: 20, averagePlacement: 2.5 });
    // Resending the shown (rounded) average is not a change.
    expect(
      (await updatePlayer(db, owner, added.result.id, update({ averagePlacement: 2.5, name: "Renamed" }))).result.name,
    ).toBe("Renamed");
    const board = await getLeaderboard(db, t.id);
    expect(board.find((r) => r.id === added.result.id)).toMatchObject({ totalPoints: 20 });
  });

  test("owner edits name, tag, lp and may eliminate; only a master un-eliminates", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner);
    const [p] = await addPlayers(db, owner, t.id, 1);
    const edited = await updatePlayer(
      db,
      owner,
      p.id,
      update({ name: "New", riotTag: "KR1", lp: 5, isEliminated: true }),
    );
    expect(edited.result).toMatchObject({ name: "New", riotTag: "KR1", lp: 5, isEliminated: true });
    await expectRefused(updatePlayer(db, owner, p.id, update({ isEliminated: false })), 403);
    expect((await updatePlayer(db, master, p.id, update({ isEliminated: false }))).result.isEliminated).toBe(false);
    await expectRefused(updatePlayer(db, owner, 999_999, update({ name: "Y" })), 404);
  });

  test("bulk add is all or nothing and respects capacity unless overridden", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    await addPlayers(db, owner, t.id, 14);
    const three = [1, 2, 3].map((i) => ({ name: `B${i}`, riotTag: "NA", lp: 0 }));
    await expectRefused(bulkAddPlayers(db, owner, t.id, three), 409, /Only 2 more players can be added/);
    expect(await listPlayers(db, t.id)).toHaveLength(14);
    // One bad row (the database refuses a 60-character name) and none are added.
    await expect(
      bulkAddPlayers(db, owner, t.id, [
        { name: "ok", riotTag: "NA", lp: 0 },
        { name: "x".repeat(60), riotTag: "NA", lp: 0 },
      ]),
    ).rejects.toThrow();
    expect(await listPlayers(db, t.id)).toHaveLength(14);
    const created = await bulkAddPlayers(db, owner, t.id, three, true);
    expect(created.result.map((p) => p.name)).toEqual(["B1", "B2", "B3"]);
    await expectRefused(bulkAddPlayers(db, owner, t.id, []), 400, "No Valid Players");
  });

  test("check-in: toggles until lobbies exist, not above max, never for eliminated players", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    const list = await addPlayers(db, owner, t.id, 16, 0);
    list.push(
      (await addPlayer(db, owner, t.id, create({ name: "Extra", riotTag: "NA", manualOverride: true }))).result,
    );
    await db.update(players).set({ isEliminated: true }).where(eq(players.id, list[16].id));
    await expectRefused(setCheckin(db, owner, list[16].id, true), 409, "Eliminated players cannot be checked in");
    await db.update(players).set({ isEliminated: false }).where(eq(players.id, list[16].id));

    const first = await setCheckin(db, owner, list[0].id, true);
    expect(first.result.isCheckedIn).toBe(true);
    expect((await setCheckin(db, owner, list[0].id, false)).result.isCheckedIn).toBe(false);
    for (const p of list.slice(0, 16)) await setCheckin(db, owner, p.id, true);
    await expectRefused(setCheckin(db, owner, list[16].id, true), 409, "Maximum 16 players can be checked in");
    expect(await listCheckedIn(db, t.id)).toHaveLength(16);

    await generateLobbies(db, owner, t.id);
    await expectRefused(
      setCheckin(db, owner, list[0].id, false),
      409,
      "Check-ins cannot be modified after lobby generation has started",
    );
  });

  test("adding while locked is refused unless master", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 8);
    await setLocked(db, owner, t.id, true);
    await expectRefused(addPlayer(db, owner, t.id, create({ name: "Z", riotTag: "NA" })), 409, /locked/);
    await expectRefused(bulkAddPlayers(db, owner, t.id, [{ name: "Z", riotTag: "NA", lp: 0 }]), 409, /locked/);
    expect((await addPlayer(db, master, t.id, create({ name: "Z", riotTag: "NA" }))).result.name).toBe("Z");
  });

  test("max players edit: at least 4, not below check-ins, only before lobbies", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 32 });
    await addPlayers(db, owner, t.id, 18, 17);
    await expectRefused(setMaxPlayers(db, owner, t.id, 3), 400, "Max players must be at least 4");
    await expectRefused(
      setMaxPlayers(db, owner, t.id, 16),
      400,
      "Max players cannot be below the current check-ins (17)",
    );
    expect((await setMaxPlayers(db, owner, t.id, 17)).result.maxPlayers).toBe(17);
    expect((await findTournamentOr404(db, t.id)).maxPlayers).toBe(17);
    await generateLobbies(db, owner, t.id);
    await expectRefused(setMaxPlayers(db, owner, t.id, 24), 409, /after lobby generation/);
  });

  test("delete takes the player out of their lobby and their matches with them", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 16);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    const victim = result.lobbies[0].playerIds[0];
    const removed = await deletePlayer(db, owner, victim);
    expect(removed.result).toEqual({ id: victim, tournamentId: t.id });
    const [lobby] = await db.select().from(lobbies).where(eq(lobbies.id, result.lobbies[0].id));
    expect(lobby.playerIds).toHaveLength(7);
    expect(lobby.playerIds).not.toContain(victim);
    await expectRefused(getPlayer(db, victim), 404);
  });

  test("substitution: the active player goes out, the eliminated one comes in and takes the unscored lobby slot", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    const list = await addPlayers(db, owner, t.id, 17);
    const bench = list[16];
    await db.update(players).set({ isEliminated: true }).where(eq(players.id, bench.id));
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    const outgoing = result.lobbies[1].playerIds[3];

    await expectRefused(substitute(db, owner, t.id, bench.id, outgoing), 409, /is not an active checked-in player/);
    await expectRefused(substitute(db, owner, t.id, outgoing, list[0].id), 409, /is not an eliminated player/);
    await expectRefused(substitute(db, owner, t.id, outgoing, 999_999), 404, "Player not found");

    const swapped = await substitute(db, owner, t.id, outgoing, bench.id);
    expect(swapped.result.lobbyId).toBe(result.lobbies[1].id);
    expect(swapped.result.oldPlayer.isEliminated).toBe(true);
    expect(swapped.result.newPlayer).toMatchObject({ isEliminated: false, isCheckedIn: true });
    const [lobby] = (await listLobbies(db, t.id)).filter((l) => l.id === result.lobbies[1].id);
    expect(lobby.playerIds[3]).toBe(bench.id);
    expect(lobby.playerIds).not.toContain(outgoing);
  });

  test("check in selected: one transaction under the tap's rules; a refusal changes nothing", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 24 });
    const list = await addPlayers(db, owner, t.id, 20, 10);
    await db.update(tournaments).set({ maxPlayers: 16 }).where(eq(tournaments.id, t.id));
    const fresh = list.slice(10).map((p) => p.id);
    await expectRefused(setCheckins(db, other, t.id, fresh.slice(0, 2)), 403);
    // 10 + 7 > 16: refused, and none of the 7 is checked in.
    await expectRefused(setCheckins(db, owner, t.id, fresh.slice(0, 7)), 409, "Maximum 16 players can be checked in");
    expect(await listCheckedIn(db, t.id)).toHaveLength(10);
    const { result, events } = await setCheckins(db, owner, t.id, [...fresh.slice(0, 6), list[0].id]);
    expect(result.checkedIn.map((p) => p.id).sort()).toEqual(fresh.slice(0, 6).sort());
    expect(events).toHaveLength(1);
    expect(await listCheckedIn(db, t.id)).toHaveLength(16);
    await expectRefused(setCheckins(db, owner, t.id, [999_999]), 404);
  });
});
