// Manual draw on both databases: a given draw stored exactly (with its audit row and event), any invalid one changing
// nothing, and a swap between unscored lobbies refused once either lobby is scored.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { expect, test } from "vitest";
import { auditEntries, lobbies, players, tournaments } from "#db/schema";
import { ActionError } from "~/models/errors";
import { findTournamentOr404 } from "~/models/action.server";
import { generateLobbies, roundLobbies } from "~/models/rounds/lobbies.server";
import { swapPlayers } from "~/models/rounds/manual-draw.server";
import { saveScores } from "~/models/rounds/scores.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

describeEachDriver("manual draw", (getDb) => {
  async function sixteen(checkedIn = 16) {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 32, totalRounds: 3 });
    const list = await addPlayers(db, owner, t.id, 18, checkedIn);
    return { db, owner, t, list };
  }

  async function stateOf(db: ReturnType<typeof getDb>["db"], id: number) {
    const [t] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    const drawn = await db.select().from(lobbies).where(eq(lobbies.tournamentId, id));
    const people = await db.select().from(players).where(eq(players.tournamentId, id)).orderBy(players.id);
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.tournamentId, id));
    return {
      status: t.status,
      isLocked: t.isLocked,
      lobbies: drawn.length,
      seeds: people.map((p) => [p.seed, p.removedAt === null]),
      audit: audit.length,
    };
  }

  test("a given draw is stored exactly, audited as entered by hand, with the usual event", async () => {
    const { db, owner, t, list } = await sixteen();
    const ids = list.slice(0, 16).map((p) => p.id);
    const given = [ids.slice(10), ids.slice(0, 5), ids.slice(5, 10)];
    const out = await generateLobbies(db, owner, t.id, 1, given);
    expect(out.result.status).toBe("generated");
    expect(out.events.map((e) => e.type)).toEqual(["lobbies_generated"]);
    const stored = await roundLobbies(db, t.id, 1);
    expect(stored.map((l) => [l.name, l.playerIds])).toEqual([
      ["Lobby 1", given[0]],
      ["Lobby 2", given[1]],
      ["Lobby 3", given[2]],
    ]);
    // The two players not checked in are set aside as by a generated draw.
    expect(await findTournamentOr404(db, t.id)).toMatchObject({ status: "active", isLocked: true });
    const [row] = await db.select().from(auditEntries).where(eq(auditEntries.action, "lobbies.generated"));
    expect(row.summary).toMatch(/Round 1 lobbies entered by hand \(3 lobbies, 2 players not checked in set aside\)/);
  });

  test("property: any invalid given draw is refused with invalid_draw and changes nothing", async () => {
    const { db, owner, t, list } = await sixteen();
    const ids = list.slice(0, 16).map((p) => p.id);
    const notCheckedIn = list[16].id;
    const before = await stateOf(db, t.id);
    const invalid = fc.oneof(
      // A lobby of 9.
      fc.constant([ids.slice(0, 9), ids.slice(9)]),
      // A lobby of 1.
      fc.constant([ids.slice(0, 1), ids.slice(1, 8), ids.slice(8)]),
      // Someone missing, someone twice, someone not checked in, someone unknown.
      fc
        .integer({ min: 0, max: 15 })
        .map((i) => [ids.slice(0, 8), ids.slice(8)].map((l) => l.filter((id) => id !== ids[i]))),
      // (ids[15] is the one left out, so 0-14: someone twice and someone missing; 15 would be a valid draw.)
      fc.integer({ min: 0, max: 14 }).map((i) => [ids.slice(0, 8), [...ids.slice(8, 15), ids[i]]]),
      fc.constant([ids.slice(0, 8), [...ids.slice(8, 15), notCheckedIn]]),
      fc.constant([ids.slice(0, 8), [...ids.slice(8, 15), 987654]]),
    );
    await fc.assert(
      fc.asyncProperty(invalid, async (given) => {
        let caught: unknown;
        try {
          await generateLobbies(db, owner, t.id, 1, given);
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(ActionError);
        expect((caught as ActionError).status).toBe(400);
        expect((caught as ActionError).code).toBe("invalid_draw");
        expect(await stateOf(db, t.id)).toEqual(before);
      }),
      { numRuns: 8 },
    );
  });

  test("a dropped or eliminated player cannot be in a later round's given draw", async () => {
    const { db, owner, t, list } = await sixteen();
    const first = await generateLobbies(db, owner, t.id, 1);
    if (first.result.status !== "generated") throw new Error("expected lobbies");
    for (const lobby of first.result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    await db.update(tournaments).set({ currentRound: 2, finalizedRound: 1 }).where(eq(tournaments.id, t.id));
    await db.update(players).set({ isEliminated: true }).where(eq(players.id, list[0].id));
    const ids = list.slice(0, 16).map((p) => p.id);
    await expectRefused(
      generateLobbies(db, owner, t.id, 2, [ids.slice(0, 8), ids.slice(8)]),
      400,
      /is not an active player of this tournament/,
    );
    const out = await generateLobbies(db, owner, t.id, 2, [ids.slice(1, 9), ids.slice(9)]);
    expect(out.result.lobbies.map((l) => l.playerIds)).toEqual([ids.slice(1, 9), ids.slice(9)]);
  });

  test("a swap moves two players between unscored lobbies; a scored lobby refuses and nothing changes", async () => {
    const { db, owner, t } = await sixteen();
    const drawn = await generateLobbies(db, owner, t.id, 1);
    if (drawn.result.status !== "generated") throw new Error("expected lobbies");
    const [l1, l2] = drawn.result.lobbies;
    const a = l1.playerIds[2];
    const b = l2.playerIds[5];
    const out = await swapPlayers(db, owner, t.id, a, b);
    expect(out.events.map((e) => e.type)).toEqual(["tournament_updated"]);
    const after = await roundLobbies(db, t.id, 1);
    expect(after[0].playerIds).toEqual(l1.playerIds.map((id) => (id === a ? b : id)));
    expect(after[1].playerIds).toEqual(l2.playerIds.map((id) => (id === b ? a : id)));
    const [row] = await db.select().from(auditEntries).where(eq(auditEntries.action, "lobbies.swapped"));
    expect(row.summary).toMatch(/\(Lobby 1\) and .* \(Lobby 2\) swapped/);

    await expectRefused(swapPlayers(db, owner, t.id, a, a), 400, "Please select two different players");
    await expectRefused(
      swapPlayers(db, owner, t.id, after[0].playerIds[0], after[0].playerIds[1]),
      400,
      /are both in Lobby 1/,
    );
    await saveScores(db, owner, after[1].id, placements(after[1].playerIds));
    await expectRefused(
      swapPlayers(db, owner, t.id, after[0].playerIds[0], after[1].playerIds[0]),
      409,
      "Lobby 2 is already scored: players can only be swapped between unscored lobbies",
    );
    expect((await roundLobbies(db, t.id, 1)).map((l) => l.playerIds)).toEqual(after.map((l) => l.playerIds));
  });

  test("a dropped player cannot be swapped", async () => {
    const { db, owner, t } = await sixteen();
    const drawn = await generateLobbies(db, owner, t.id, 1);
    if (drawn.result.status !== "generated") throw new Error("expected lobbies");
    const [l1, l2] = drawn.result.lobbies;
    await db
      .update(players)
      .set({ droppedAt: new Date(), dropReason: "left", dropRound: 1, dropLobbyMark: 0 })
      .where(eq(players.id, l1.playerIds[0]));
    await expectRefused(
      swapPlayers(db, owner, t.id, l1.playerIds[0], l2.playerIds[0]),
      400,
      /is not an active player of this tournament/,
    );
  });
});
