// The audit trail on both databases: every mutating model function records exactly one entry in its transaction, a refusal records none; History filters; the integrity check and repair.
import { asc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { expect, test } from "vitest";
import type { AppDb } from "#db/client.server";
import { auditEntries, players, users, type AuditEntry } from "#db/schema";
import { historyChoices, listHistory, recordAudit } from "~/models/audit/audit.server";
import { checkIntegrity, repairTotals } from "~/models/format/integrity.server";
import { addPlayer, bulkAddPlayers, deletePlayer, setMaxPlayers, updatePlayer } from "~/models/roster/roster.server";
import { setCheckin, setCheckins } from "~/models/roster/checkin.server";
import { substitute } from "~/models/roster/substitution.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { deleteLobby, generateLobbies, undoRound } from "~/models/rounds/lobbies.server";
import { finalizeRound, saveScores } from "~/models/rounds/scores.server";
import { exportTournament, importTournament } from "~/models/tournaments/spreadsheet.server";
import {
  completeTournament,
  deleteTournament,
  setLocked,
  startCheckin,
  updateTournament,
} from "~/models/tournaments/tournaments.server";
import { playerCreateSchema, playerUpdateSchema } from "~/models/roster/player-input";
import { tournamentUpdateSchema } from "~/models/tournaments/tournament-input";
import { closeSelfCheckin, openSelfCheckin } from "~/models/roster/self-checkin.server";
import { addScorekeeper, removeScorekeeper } from "~/models/access/staff.server";
import { describeEachDriver, queryRows } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

async function entriesOf(db: AppDb, tournamentId: number): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.tournamentId, tournamentId))
    .orderBy(asc(auditEntries.id));
}

describeEachDriver("audit trail", (getDb) => {
  /** Runs one action and answers the one entry it added (failing when it added none or several). */
  async function recorded(tournamentId: number, action: () => Promise<unknown>): Promise<AuditEntry> {
    const { db } = getDb();
    const before = (await entriesOf(db, tournamentId)).length;
    await action();
    const after = await entriesOf(db, tournamentId);
    expect(after.length - before, "the action should record exactly one audit entry").toBe(1);
    return after[after.length - 1];
  }

  /** Runs an action that must be refused and checks it recorded nothing. */
  async function refusedWithoutEntry(tournamentId: number, action: () => Promise<unknown>, status: number) {
    const { db } = getDb();
    const before = (await entriesOf(db, tournamentId)).length;
    await expectRefused(action(), status);
    expect((await entriesOf(db, tournamentId)).length, "a refused action records nothing").toBe(before);
  }

  test("each action of a tournament's life records one entry with its actor, role, code and before → after", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner, { maxPlayers: 32, totalRounds: 2 });

    const [created] = await entriesOf(db, t.id);
    expect(created).toMatchObject({
      action: "tournament.created",
      actorId: owner.id,
      actorUsername: owner.username,
      actorRole: "owner",
    });
    expect(created.after).toMatchObject({ name: "Test Cup", maxPlayers: 32 });
    // Stored as SQL NULL and a JSON object, not JSON null: the entry's prepared insert binds them as JSON text.
    const [stored] = await queryRows<{ before_null: boolean; after_type: string }>(
      getDb(),
      sql`select before is null as before_null, jsonb_typeof(after) as after_type from audit_entries where id = ${created.id}`,
    );
    expect(stored).toEqual({ before_null: true, after_type: "object" });

    const settings = await recorded(t.id, () =>
      updateTournament(db, owner, t.id, tournamentUpdateSchema.parse({ name: "Spring Cup", isPublic: true })),
    );
    expect(settings).toMatchObject({ action: "settings.updated", actorRole: "owner", roundNumber: 1, reason: null });
    expect(settings.before).toEqual({ name: "Test Cup", isPublic: false });
    expect(settings.after).toEqual({ name: "Spring Cup", isPublic: true });

    const scoring = await recorded(t.id, () =>
      updateTournament(db, owner, t.id, tournamentUpdateSchema.parse({ scoring: [9, 7, 6, 5, 4, 3, 2, 1] })),
    );
    expect(scoring.before).toEqual({ scoring: "8, 7, 6, 5, 4, 3, 2, 1" });
    expect(scoring.after).toEqual({ scoring: "9, 7, 6, 5, 4, 3, 2, 1" });

    expect((await recorded(t.id, () => setMaxPlayers(db, owner, t.id, 24))).after).toEqual({ maxPlayers: 24 });

    const added = await recorded(t.id, () =>
      addPlayer(db, owner, t.id, playerCreateSchema.parse({ name: "Solo", riotTag: "EU1", lp: 5 })),
    );
    expect(added).toMatchObject({ action: "player.added", summary: "Solo#EU1 added" });
    expect(added.after).toMatchObject({ name: "Solo", riotTag: "EU1", lp: 5 });

    const bulk = await recorded(t.id, () =>
      bulkAddPlayers(
        db,
        owner,
        t.id,
        Array.from({ length: 16 }, (_, i) => ({ name: `P${i + 1}`, riotTag: `T${i + 1}`, lp: 100 - i })),
      ),
    );
    expect(bulk).toMatchObject({ action: "players.added", summary: "16 players added" });

    expect((await recorded(t.id, () => startCheckin(db, owner, t.id))).action).toBe("checkin.started");

    const roster = await db.select().from(players).where(eq(players.tournamentId, t.id)).orderBy(asc(players.id));
    const solo = roster[0];
    const checkin = await recorded(t.id, () => setCheckin(db, owner, solo.id, true));
    expect(checkin).toMatchObject({
      action: "player.checked_in",
      before: { isCheckedIn: false },
      after: { isCheckedIn: true },
    });
    expect((await recorded(t.id, () => setCheckin(db, owner, solo.id, false))).action).toBe("player.checked_out");

    const many = await recorded(t.id, () =>
      setCheckins(
        db,
        owner,
        t.id,
        roster.slice(1).map((p) => p.id),
      ),
    );
    expect(many).toMatchObject({ action: "players.checked_in", summary: "16 players checked in" });
    expect(many.after).toMatchObject({ "P1#T1": true });

    expect((await recorded(t.id, () => setLocked(db, owner, t.id, true))).action).toBe("tournament.locked");
    expect((await recorded(t.id, () => setLocked(db, owner, t.id, false))).action).toBe("tournament.unlocked");

    // The master edits a player: the role says so; the stats change shows as totals before → after.
    const edited = await recorded(t.id, () =>
      updatePlayer(db, master, roster[1].id, playerUpdateSchema.parse({ lp: 77, seed: 3 })),
    );
    expect(edited).toMatchObject({ action: "player.updated", actorRole: "master", actorUsername: master.username });
    expect(edited.before).toEqual({ lp: 100, seed: null });
    expect(edited.after).toEqual({ lp: 77, seed: 3 });

    const generated = await recorded(t.id, () => generateLobbies(db, owner, t.id));
    expect(generated).toMatchObject({ action: "lobbies.generated", roundNumber: 1 });
    expect(Object.keys(generated.after ?? {})).toEqual(["Lobby 1", "Lobby 2"]);

    const undone = await recorded(t.id, () => undoRound(db, owner, t.id, 1));
    expect(undone).toMatchObject({ action: "round.undone", after: { status: "checkin", restoredPlayers: 1 } });

    const again = await generateLobbies(db, owner, t.id);
    if (again.result.status !== "generated") throw new Error("expected lobbies");
    const [first, second] = again.result.lobbies;
    const saved = await recorded(t.id, () => saveScores(db, owner, first.id, placements(first.playerIds)));
    expect(saved).toMatchObject({
      action: "scores.saved",
      summary: "Lobby 1 scores saved",
      roundNumber: 1,
      before: null,
    });
    const firstName = roster.find((p) => p.id === first.playerIds[0])!;
    expect(saved.after).toMatchObject({ [`${firstName.name}#${firstName.riotTag}`]: "1st (9 pts)" });

    const reversed = [...first.playerIds].reverse();
    const edit = await recorded(t.id, () => saveScores(db, owner, first.id, placements(reversed)));
    expect(edit.summary).toBe("Lobby 1 scores edited");
    expect(edit.before).toMatchObject({ [`${firstName.name}#${firstName.riotTag}`]: "1st (9 pts)" });
    expect(edit.after).toMatchObject({
      [`${firstName.name}#${firstName.riotTag}`]: `${first.playerIds.length}th (${[9, 7, 6, 5, 4, 3, 2, 1][first.playerIds.length - 1]} pts)`,
    });

    await recorded(t.id, () => saveScores(db, owner, second.id, placements(second.playerIds)));
    const finalized = await recorded(t.id, () => finalizeRound(db, owner, t.id));
    expect(finalized).toMatchObject({
      action: "round.finalized",
      before: { finalizedRound: 0 },
      after: { finalizedRound: 1 },
    });

    const advanced = await recorded(t.id, () => advanceRound(db, owner, t.id, { eliminationCount: 8 }));
    expect(advanced).toMatchObject({
      action: "round.advanced",
      roundNumber: 1,
      before: { currentRound: 1 },
      after: { currentRound: 2 },
    });
    expect(String(advanced.after?.eliminated).split(", ")).toHaveLength(8);

    const out = (await db.select().from(players).where(eq(players.tournamentId, t.id))).find((p) => p.isEliminated)!;
    const active = (await db.select().from(players).where(eq(players.tournamentId, t.id))).find(
      (p) => !p.isEliminated && p.isCheckedIn,
    )!;
    const sub = await recorded(t.id, () => substitute(db, owner, t.id, active.id, out.id));
    expect(sub).toMatchObject({ action: "player.substituted", roundNumber: 2 });

    // The master panel's override carries its reason and the "override." code.
    const overridden = await recorded(t.id, () =>
      updatePlayer(db, master, active.id, playerUpdateSchema.parse({ totalPoints: 50 }), {
        override: true,
        reason: "Disconnect in game 1",
      }),
    );
    expect(overridden).toMatchObject({
      action: "override.player.updated",
      reason: "Disconnect in game 1",
      actorRole: "master",
    });
    expect(overridden.after).toMatchObject({ totalPoints: 50 });

    const lobbyTwo = await generateLobbies(db, owner, t.id);
    if (lobbyTwo.result.status !== "generated") throw new Error("expected round 2 lobbies");
    const deleted = await recorded(t.id, () => deleteLobby(db, owner, lobbyTwo.result.lobbies[0].id));
    expect(deleted).toMatchObject({ action: "lobby.deleted", roundNumber: 2 });

    const gone = await recorded(t.id, () => deletePlayer(db, owner, solo.id));
    expect(gone).toMatchObject({ action: "player.deleted", before: { name: "Solo" } });

    const completed = await recorded(t.id, () => completeTournament(db, owner, t.id));
    expect(completed).toMatchObject({
      action: "tournament.completed",
      before: { status: "active" },
      after: { status: "completed" },
    });
  });

  test("staff changes, self check-in and a scorekeeper's actions are recorded, never the code", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const keeper = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 2 });
    const [p] = await addPlayers(db, owner, t.id, 16);

    const added = await recorded(t.id, () => addScorekeeper(db, owner, t.id, keeper.username));
    expect(added).toMatchObject({ action: "staff.added", actorRole: "owner", after: { scorekeeper: keeper.username } });
    await refusedWithoutEntry(t.id, () => addScorekeeper(db, owner, t.id, keeper.username), 409);

    await startCheckin(db, owner, t.id);
    const opened = await recorded(t.id, () => openSelfCheckin(db, owner, t.id));
    expect(opened).toMatchObject({ action: "selfcheckin.opened", actorRole: "owner" });
    const code = (await openSelfCheckin(db, owner, t.id)).result.code!;
    expect(JSON.stringify(await entriesOf(db, t.id)), "the code never reaches the trail").not.toContain(code);
    expect((await recorded(t.id, () => closeSelfCheckin(db, owner, t.id))).action).toBe("selfcheckin.closed");

    const tap = await recorded(t.id, () => setCheckin(db, keeper, p.id, !p.isCheckedIn));
    expect(tap).toMatchObject({
      action: p.isCheckedIn ? "player.checked_out" : "player.checked_in",
      actorRole: "scorekeeper",
      actorUsername: keeper.username,
    });

    const removed = await recorded(t.id, () => removeScorekeeper(db, owner, t.id, keeper.id));
    expect(removed).toMatchObject({ action: "staff.removed", before: { scorekeeper: keeper.username } });
  });

  test("a refused action records nothing; a change to nothing records nothing", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const stranger = await makeUser(db);
    const t = await makeTournament(db, owner);
    await refusedWithoutEntry(
      t.id,
      () => updateTournament(db, stranger, t.id, tournamentUpdateSchema.parse({ name: "Mine" })),
      403,
    );
    await refusedWithoutEntry(
      t.id,
      () => updateTournament(db, owner, t.id, tournamentUpdateSchema.parse({ status: "active" })),
      403,
    );
    await refusedWithoutEntry(t.id, () => generateLobbies(db, owner, t.id), 409);
    await refusedWithoutEntry(t.id, () => setMaxPlayers(db, owner, t.id, 2), 400);
    const before = (await entriesOf(db, t.id)).length;
    await updateTournament(db, owner, t.id, tournamentUpdateSchema.parse({ name: t.name }));
    expect((await entriesOf(db, t.id)).length).toBe(before);
    // A player's form sent again with what it holds: no entry and no event.
    const [p] = await addPlayers(db, owner, t.id, 1, 0);
    const entries = (await entriesOf(db, t.id)).length;
    const again = await updatePlayer(
      db,
      owner,
      p.id,
      playerUpdateSchema.parse({ name: p.name, riotTag: p.riotTag, lp: p.lp, isEliminated: false }),
    );
    expect(again.events).toEqual([]);
    expect((await entriesOf(db, t.id)).length).toBe(entries);
  });

  test("an import records its new tournament, and the export's Audit History sheet does not stop a re-import", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { name: "Sheet Cup" });
    await addPlayers(db, owner, t.id, 3, 0);
    const withHistory = await exportTournament(db, t.id, owner);
    const sheetNames = async (data: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(data as unknown as ExcelJS.Buffer);
      return book.worksheets.map((w) => w.name);
    };
    expect(await sheetNames(withHistory.data)).toContain("Audit History");
    expect(
      await sheetNames((await exportTournament(db, t.id, null)).data),
      "a visitor's export has no history",
    ).not.toContain("Audit History");
    const { result } = await importTournament(db, owner, withHistory.data.toString("base64"));
    expect(result.importedPlayers).toBe(3);
    const [entry] = await entriesOf(db, result.tournament.id);
    expect(entry).toMatchObject({ action: "tournament.imported", actorRole: "owner", after: { players: 3 } });
  });

  test("History: owner and masters only, newest first, filtered by action, actor and round, paged", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const stranger = await makeUser(db);
    const t = await makeTournament(db, owner);
    for (let i = 0; i < 55; i++) {
      await recordAudit(db, {
        tournament: t,
        actor: i % 5 === 0 ? master : owner,
        action: "settings.updated",
        summary: `Edit ${i}`,
      });
    }
    await expectRefused(listHistory(db, stranger, t.id), 403);
    await expectRefused(listHistory(db, null, t.id), 401);
    await expectRefused(listHistory(db, owner, 999_999), 404);
    await expectRefused(listHistory(db, owner, t.id, { action: "nothing.such" }), 400);

    const all = await listHistory(db, owner, t.id);
    expect(all).toMatchObject({ total: 56, page: 1, pageCount: 2 });
    expect(all.entries).toHaveLength(50);
    expect(all.entries[0].summary).toBe("Edit 54");
    expect((await listHistory(db, master, t.id, { page: 2 })).entries.at(-1)?.action).toBe("tournament.created");

    const byMaster = await listHistory(db, owner, t.id, { actor: master.username });
    expect(byMaster.total).toBe(11);
    expect(byMaster.entries.every((e) => e.actorRole === "master")).toBe(true);
    expect((await listHistory(db, owner, t.id, { action: "tournament.created" })).total).toBe(1);
    expect((await listHistory(db, owner, t.id, { round: 2 })).total).toBe(0);
    expect(await historyChoices(db, owner, t.id)).toEqual({
      actions: ["settings.updated", "tournament.created"],
      actors: [master.username, owner.username].sort(),
      rounds: [1],
    });
  });

  test("the integrity check finds a tampered total; the repair fixes it in one recorded transaction; master only", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner);
    await addPlayers(db, owner, t.id, 16);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    const lobby = result.lobbies[0];
    await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    expect(await checkIntegrity(db, master, t.id)).toEqual([]);

    const victim = lobby.playerIds[0];
    await db.update(players).set({ totalPoints: 999 }).where(eq(players.id, victim));
    await expectRefused(checkIntegrity(db, owner, t.id), 403);
    await refusedWithoutEntry(t.id, () => repairTotals(db, owner, t.id), 403);

    const found = await checkIntegrity(db, master, t.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ playerId: victim, stored: { totalPoints: 999 }, computed: { totalPoints: 8 } });

    const repair = await recorded(t.id, () => repairTotals(db, master, t.id));
    expect(repair).toMatchObject({ action: "integrity.repaired", actorRole: "master" });
    expect(Object.values(repair.before ?? {})).toEqual(["999 pts, 1 games, avg 1.0"]);
    expect(Object.values(repair.after ?? {})).toEqual(["8 pts, 1 games, avg 1.0"]);
    const [fixed] = await db.select().from(players).where(eq(players.id, victim));
    expect(fixed.totalPoints).toBe(8);
    expect(await checkIntegrity(db, master, t.id)).toEqual([]);

    // Nothing left to repair: nothing changes, nothing is recorded.
    const count = (await entriesOf(db, t.id)).length;
    expect((await repairTotals(db, master, t.id)).result.repaired).toEqual([]);
    expect((await entriesOf(db, t.id)).length).toBe(count);
  });

  test("an actor's username stays when the account goes; deleting a tournament removes its history", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner);
    await updateTournament(db, master, t.id, tournamentUpdateSchema.parse({ name: "Renamed" }));
    await db.delete(users).where(eq(users.id, master.id));
    const [, byMaster] = await entriesOf(db, t.id);
    expect(byMaster).toMatchObject({ actorId: null, actorUsername: master.username, actorRole: "master" });

    await deleteTournament(db, owner, t.id);
    expect(await entriesOf(db, t.id)).toHaveLength(0);
  });
});
