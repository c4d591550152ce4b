// Two round rules no other test pinned down: an Elimination tournament completes on advance when fewer than 4 active
// players would remain, and a draw with more eligible players than the maximum is refused ("Too many players").
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { tournaments } from "#db/schema";
import { COMPLETED_MESSAGE } from "~/models/messages";
import { updatePlayer } from "~/models/roster/roster.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { findTournamentOr404 } from "~/models/action.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

describeEachDriver("round rules", (getDb) => {
  /** Round 1 of 3 drawn and scored, then all but 3 players eliminated by a master. */
  async function threeLeft(format: "standard" | "elimination") {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 3, format });
    const list = await addPlayers(db, owner, t.id, 16);
    const generated = await generateLobbies(db, owner, t.id, 1);
    if (generated.result.status !== "generated") throw new Error("expected lobbies");
    for (const lobby of generated.result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    for (const p of list.slice(3)) await updatePlayer(db, master, p.id, { isEliminated: true });
    return { db, owner, t };
  }

  test("Elimination: advancing with fewer than 4 active players left completes the tournament", async () => {
    const { db, owner, t } = await threeLeft("elimination");
    const advanced = await advanceRound(db, owner, t.id);
    expect(advanced.result).toMatchObject({ status: "completed", message: COMPLETED_MESSAGE });
    expect(advanced.events.map((e) => e.type)).toEqual(["tournament_completed"]);
    expect(await findTournamentOr404(db, t.id)).toMatchObject({ status: "completed", currentRound: 1 });
  });

  test("Standard: the same advance moves on to round 2 (its next draw is what refuses)", async () => {
    const { db, owner, t } = await threeLeft("standard");
    const advanced = await advanceRound(db, owner, t.id);
    expect(advanced.result).toMatchObject({ status: "active", currentRound: 2 });
    await expectRefused(generateLobbies(db, owner, t.id, 2), 409, "Not enough players");
  });

  test("a round-1 draw with more eligible players than the maximum is refused with Too many players", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 24, totalRounds: 2 });
    await addPlayers(db, owner, t.id, 24);
    // Data from before a lower maximum (an import, an older version): the draw itself must refuse.
    await db.update(tournaments).set({ maxPlayers: 16 }).where(eq(tournaments.id, t.id));
    await expectRefused(generateLobbies(db, owner, t.id, 1), 409, "Too many players");
    expect(await findTournamentOr404(db, t.id)).toMatchObject({ status: "setup", isLocked: false });
  });
});
