// The host screens' read models on both databases: each answers what its screen renders from one read of the tournament's rows.
import { expect, test } from "vitest";
import { findTournamentOr404 } from "~/models/action.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { abilities } from "~/models/access/policy";
import { finalizeRound, saveScores } from "~/models/rounds/scores.server";
import { dashboardView } from "~/models/views/dashboard.server";
import { playerListView } from "~/models/views/player-list.server";
import { scoreSheetView } from "~/models/views/score-sheet.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

const ownerAccess = { role: "owner" as const, can: abilities("owner") };
const keeperAccess = { role: "scorekeeper" as const, can: abilities("scorekeeper") };

describeEachDriver("host read models", (getDb) => {
  test("the score sheet: the asked round's lobbies with saved placements, progress, counts, editability and the cut", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 32, totalRounds: 3 });
    await addPlayers(db, owner, t.id, 17, 16);
    const generated = await generateLobbies(db, owner, t.id, 1);
    if (generated.result.status !== "generated") throw new Error("expected lobbies");
    const [first, second] = generated.result.lobbies;
    await saveScores(db, owner, first.id, placements(first.playerIds));

    const row = await findTournamentOr404(db, t.id);
    const sheet = await scoreSheetView(db, row, ownerAccess, { round: null, cut: null });
    expect(sheet.viewRound).toBe(1);
    expect(sheet.lobbies.map((l) => l.name)).toEqual(["Lobby 1", "Lobby 2"]);
    expect(sheet.lobbies.map((l) => l.state)).toEqual(["saved", "pending"]);
    expect(sheet.drawPlayers, "the draw form is for a round not drawn yet").toEqual([]);
    expect(sheet.lobbies[0].players.map((p) => p.placement)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sheet.lobbies[1].players.every((p) => p.placement === null && p.name.startsWith("Player "))).toBe(true);
    expect(sheet.current).toEqual({ lobbyCount: 2, scored: 1, finalized: false });
    expect(sheet.editable).toEqual([true, true]);
    // The 17th player was not checked in: set aside at Round 1, out of every count.
    expect(sheet.counts).toEqual({ total: 16, active: 16, checkedIn: 16, notCheckedIn: 0, eliminated: 0, dropped: 0 });
    expect(sheet.cut).toBeNull();
    expect((await scoreSheetView(db, row, keeperAccess, { round: null, cut: {} })).cut).toBeNull();

    await saveScores(db, owner, second.id, placements(second.playerIds));
    await finalizeRound(db, owner, t.id);
    const finalized = await findTournamentOr404(db, t.id);
    const withCut = await scoreSheetView(db, finalized, ownerAccess, { round: 7, cut: { count: 8 } });
    expect(withCut.viewRound).toBe(1);
    expect(withCut.editable).toEqual([false, false]);
    expect(withCut.current.finalized).toBe(true);
    expect(withCut.cut).toMatchObject({
      roundNumber: 1,
      activeCount: 16,
      count: 8,
      error: null,
      scoresSubmitted: 2,
      lobbyCount: 2,
    });
    expect(withCut.cut!.plan!.sure).toHaveLength(8);
    expect(Object.keys(withCut.cut!.players)).toHaveLength(8);
    const master = { role: "master" as const, can: abilities("master") };
    expect((await scoreSheetView(db, finalized, master, { round: null, cut: null })).editable).toEqual([true, true]);

    await advanceRound(db, owner, t.id, { eliminationCount: 8 });
    const round2 = await findTournamentOr404(db, t.id);
    const previous = await scoreSheetView(db, round2, ownerAccess, { round: 1, cut: null });
    expect(previous.viewRound).toBe(1);
    expect(previous.roundsWithLobbies).toEqual([1]);
    expect(previous.editable).toEqual([false, false]);
    expect(previous.counts).toMatchObject({ active: 8, eliminated: 8 });
    expect((await scoreSheetView(db, round2, ownerAccess, { round: null, cut: null })).lobbies).toEqual([]);
  });

  test("a score save posted to another tournament's screen is Lobby not found, under the lock", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const a = await makeTournament(db, owner);
    const b = await makeTournament(db, owner);
    await addPlayers(db, owner, a.id, 16);
    const generated = await generateLobbies(db, owner, a.id, 1);
    if (generated.result.status !== "generated") throw new Error("expected lobbies");
    const lobby = generated.result.lobbies[0];
    await expectRefused(saveScores(db, owner, lobby.id, placements(lobby.playerIds), b.id), 404, "Lobby not found");
    const saved = await saveScores(db, owner, lobby.id, placements(lobby.playerIds), a.id);
    expect(saved.result.matches).toHaveLength(8);
  });

  test("the player list: counts, search by Name#Tag, filters, and the substitution lists", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 12, 9);
    const row = await findTournamentOr404(db, t.id);
    const all = await playerListView(db, row, ownerAccess, { q: "", filter: "all" });
    expect(all.counts).toEqual({ total: 12, active: 12, checkedIn: 9, notCheckedIn: 3, eliminated: 0, dropped: 0 });
    expect(all.shown).toHaveLength(12);
    expect(all.active).toHaveLength(9);
    expect(all.lobbiesExist).toBe(false);
    expect([all.canManage, all.canCheckIn, all.scorekeeper]).toEqual([true, true, false]);

    const searched = await playerListView(db, row, keeperAccess, { q: "player 1#na1", filter: "all" });
    expect(searched.shown.map((p) => p.name)).toEqual(["Player 1"]);
    expect([searched.canManage, searched.canCheckIn, searched.scorekeeper]).toEqual([false, true, true]);
    const unchecked = await playerListView(db, row, ownerAccess, { q: "", filter: "not-checked-in" });
    expect(unchecked.shown.map((p) => p.name)).toEqual(["Player 10", "Player 11", "Player 12"]);
  });

  test("the dashboard: every visible tournament with the actions its row offers", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const mine = await makeTournament(db, owner, { name: "Mine" });
    await makeTournament(db, other, { name: "Theirs, public", isPublic: true });
    const view = await dashboardView(db, owner);
    const row = view.tournaments.find((t) => t.id === mine.id)!;
    expect(row.actions).toMatchObject({
      settings: true,
      addPlayers: true,
      startCheckin: true,
      delete: true,
      overridePanel: false,
    });
    const theirs = view.tournaments.find((t) => t.name === "Theirs, public")!;
    expect(Object.values(theirs.actions).some(Boolean)).toBe(false);
    expect(view.stats.totalTournaments).toBe(view.tournaments.length);
  });
});
