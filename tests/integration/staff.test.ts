// Staff on both databases: adding and removing scorekeepers, what a scorekeeper may and may not do, and concurrent saves.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { matches, players, tournamentStaff } from "#db/schema";
import {
  COMPLETED_MESSAGE,
  NOT_ALLOWED,
  alreadyStaffMessage,
  OWNER_AS_STAFF_MESSAGE,
  STAFF_NOT_FOUND,
  unknownUsernameMessage,
} from "~/models/messages";
import { addPlayer, deletePlayer, updatePlayer } from "~/models/roster/roster.server";
import { setCheckin, setCheckins } from "~/models/roster/checkin.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { deleteLobby, generateLobbies, undoRound } from "~/models/rounds/lobbies.server";
import { finalizeRound, saveScores } from "~/models/rounds/scores.server";
import { getLeaderboard } from "~/models/format/standings.server";
import { addScorekeeper, listStaff, removeScorekeeper, tournamentAccess } from "~/models/access/staff.server";
import {
  completeTournament,
  deleteTournament,
  listForUser,
  startCheckin,
  updateTournament,
} from "~/models/tournaments/tournaments.server";
import { playerCreateSchema, playerUpdateSchema } from "~/models/roster/player-input";
import { tournamentUpdateSchema } from "~/models/tournaments/tournament-input";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

describeEachDriver("staff", (getDb) => {
  async function setup() {
    const { db } = getDb();
    const owner = await makeUser(db);
    const keeper = await makeUser(db);
    const other = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner, { maxPlayers: 32 });
    await addScorekeeper(db, owner, t.id, keeper.username);
    return { db, owner, keeper, other, master, t };
  }

  async function withRound(playerCount = 16) {
    const s = await setup();
    await addPlayers(s.db, s.owner, s.t.id, playerCount);
    const { result } = await generateLobbies(s.db, s.owner, s.t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    return { ...s, lobbies: result.lobbies };
  }

  test("the owner adds an account by username in any case, lists and removes it", async () => {
    const { db, owner, keeper, t } = await setup();
    const second = await makeUser(db);
    const { result } = await addScorekeeper(db, owner, t.id, second.username.toUpperCase());
    expect(result).toMatchObject({ userId: second.id, username: second.username, role: "scorekeeper" });
    expect((await listStaff(db, owner, t.id)).map((m) => m.username)).toEqual([keeper.username, second.username]);

    await removeScorekeeper(db, owner, t.id, second.id);
    expect((await listStaff(db, owner, t.id)).map((m) => m.userId)).toEqual([keeper.id]);
  });

  test("unknown usernames, the owner and duplicates are refused and change nothing", async () => {
    const { db, owner, keeper, t } = await setup();
    await expectRefused(addScorekeeper(db, owner, t.id, "nobody_here"), 400, unknownUsernameMessage("nobody_here"));
    await expectRefused(addScorekeeper(db, owner, t.id, owner.username), 400, OWNER_AS_STAFF_MESSAGE);
    await expectRefused(
      addScorekeeper(db, owner, t.id, keeper.username.toUpperCase()),
      409,
      alreadyStaffMessage(keeper.username),
    );
    await expectRefused(removeScorekeeper(db, owner, t.id, owner.id), 404, STAFF_NOT_FOUND);
    const rows = await db.select().from(tournamentStaff).where(eq(tournamentStaff.tournamentId, t.id));
    expect(rows.map((r) => r.userId)).toEqual([keeper.id]);
  });

  test("only the owner and masters manage staff", async () => {
    const { db, keeper, other, master, t } = await setup();
    const third = await makeUser(db);
    await expectRefused(addScorekeeper(db, null, t.id, third.username), 401);
    await expectRefused(addScorekeeper(db, other, t.id, third.username), 403, NOT_ALLOWED);
    await expectRefused(addScorekeeper(db, keeper, t.id, third.username), 403, NOT_ALLOWED);
    await expectRefused(removeScorekeeper(db, keeper, t.id, keeper.id), 403, NOT_ALLOWED);
    await expectRefused(listStaff(db, keeper, t.id), 403, NOT_ALLOWED);
    await expectRefused(listStaff(db, other, t.id), 403, NOT_ALLOWED);
    await addScorekeeper(db, master, t.id, third.username);
    await removeScorekeeper(db, master, t.id, third.id);
    await expectRefused(listStaff(db, master, 2147483647), 404);
  });

  test("a scorekeeper checks players in and out, one by one and selected", async () => {
    const { db, owner, keeper, other, t } = await setup();
    const list = await addPlayers(db, owner, t.id, 4, 0);
    await startCheckin(db, owner, t.id);
    expect((await setCheckin(db, keeper, list[0].id, true)).result.isCheckedIn).toBe(true);
    expect((await setCheckin(db, keeper, list[0].id, false)).result.isCheckedIn).toBe(false);
    expect((await setCheckins(db, keeper, t.id, [list[1].id, list[2].id])).result.checkedIn).toHaveLength(2);
    await expectRefused(setCheckin(db, other, list[3].id, true), 403, NOT_ALLOWED);
    await expectRefused(setCheckins(db, other, t.id, [list[3].id]), 403, NOT_ALLOWED);
  });

  test("a scorekeeper may do nothing else", async () => {
    const { db, keeper, t, lobbies } = await withRound();
    const [p] = await db.select().from(players).where(eq(players.tournamentId, t.id)).limit(1);
    const refusals = [
      () => updateTournament(db, keeper, t.id, tournamentUpdateSchema.parse({ name: "Mine now" })),
      () => addPlayer(db, keeper, t.id, playerCreateSchema.parse({ name: "Extra", riotTag: "EU1" })),
      () => updatePlayer(db, keeper, p.id, playerUpdateSchema.parse({ name: "Renamed" })),
      () => deletePlayer(db, keeper, p.id),
      () => finalizeRound(db, keeper, t.id),
      () => advanceRound(db, keeper, t.id, {}),
      () => undoRound(db, keeper, t.id, 1),
      () => deleteLobby(db, keeper, lobbies[0].id),
      () => generateLobbies(db, keeper, t.id),
      () => completeTournament(db, keeper, t.id),
      () => deleteTournament(db, keeper, t.id),
    ];
    // One at a time: each is refused before it changes anything.
    for (const action of refusals) await expectRefused(action(), 403, NOT_ALLOWED);
  });

  test("a scorekeeper saves and edits scores until the round is finalized; a master still may", async () => {
    const { db, owner, keeper, master, t, lobbies } = await withRound();
    const [a, b] = lobbies;
    await saveScores(db, keeper, a.id, placements(a.playerIds));
    await saveScores(db, keeper, a.id, placements([...a.playerIds].reverse()));
    await saveScores(db, keeper, b.id, placements(b.playerIds));
    await finalizeRound(db, owner, t.id);
    await expectRefused(saveScores(db, keeper, a.id, placements(a.playerIds)), 409, /Round 1 has been finalized/);
    await saveScores(db, master, a.id, placements(a.playerIds));
  });

  test("a removed scorekeeper, and a completed tournament, are refused", async () => {
    const { db, owner, keeper, t, lobbies } = await withRound();
    await removeScorekeeper(db, owner, t.id, keeper.id);
    await expectRefused(saveScores(db, keeper, lobbies[0].id, placements(lobbies[0].playerIds)), 403, NOT_ALLOWED);
    await addScorekeeper(db, owner, t.id, keeper.username);
    await completeTournament(db, owner, t.id);
    await expectRefused(
      saveScores(db, keeper, lobbies[0].id, placements(lobbies[0].playerIds)),
      409,
      COMPLETED_MESSAGE,
    );
    await expectRefused(addScorekeeper(db, owner, t.id, keeper.username), 409, COMPLETED_MESSAGE);
  });

  test("the dashboard lists a private tournament to its scorekeeper with the role; access says what screens may show", async () => {
    const { db, keeper, other, t } = await setup();
    const mine = (await listForUser(db, keeper)).find((row) => row.id === t.id);
    expect(mine).toMatchObject({ role: "scorekeeper", canManage: false, isOwner: false });
    expect((await listForUser(db, other)).some((row) => row.id === t.id)).toBe(false);
    expect(await tournamentAccess(db, keeper, t)).toMatchObject({
      role: "scorekeeper",
      can: { checkIn: true, saveScores: true, manage: false, manageStaff: false, override: false },
    });
    expect((await tournamentAccess(db, other, t)).role).toBe("organizer");
    expect((await tournamentAccess(db, null, t)).role).toBe("visitor");
  });

  test("two scorekeepers saving different lobbies at once both succeed", async () => {
    const { db, owner, keeper, t, lobbies } = await withRound();
    const second = await makeUser(db);
    await addScorekeeper(db, owner, t.id, second.username);
    const [a, b] = lobbies;
    const outcomes = await Promise.allSettled([
      saveScores(db, keeper, a.id, placements(a.playerIds)),
      saveScores(db, second, b.id, placements(b.playerIds)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    const saved = await db.select().from(matches).where(eq(matches.tournamentId, t.id));
    expect(saved).toHaveLength(a.playerIds.length + b.playerIds.length);
    const board = await getLeaderboard(db, t.id);
    expect(board.filter((r) => r.matchesPlayed === 1)).toHaveLength(16);
  });

  test("two scorekeepers saving the same lobby at once leave one consistent result", async () => {
    const { db, owner, keeper, t, lobbies } = await withRound();
    const second = await makeUser(db);
    await addScorekeeper(db, owner, t.id, second.username);
    const [a] = lobbies;
    const forward = placements(a.playerIds);
    const backward = placements([...a.playerIds].reverse());
    const outcomes = await Promise.allSettled([
      saveScores(db, keeper, a.id, forward),
      saveScores(db, second, a.id, backward),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    const saved = await db.select().from(matches).where(eq(matches.lobbyId, a.id));
    expect(saved).toHaveLength(a.playerIds.length);
    const got = saved
      .map((m) => ({ playerId: m.playerId, placement: m.placement }))
      .sort((x, y) => x.playerId - y.playerId);
    const sortById = (list: { playerId: number; placement: number }[]) =>
      [...list].sort((x, y) => x.playerId - y.playerId);
    // Exactly one of the two saves, whole: never a mix of both.
    expect([sortById(forward), sortById(backward)]).toContainEqual(got);
    // Totals agree with the saved matches.
    const rows = await db.select().from(players).where(eq(players.tournamentId, t.id));
    for (const m of saved) {
      const p = rows.find((r) => r.id === m.playerId)!;
      expect(p.totalPoints).toBe(m.points);
      expect(p.matchesPlayed).toBe(1);
    }
  });
});
