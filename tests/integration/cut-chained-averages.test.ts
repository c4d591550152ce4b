// The tie at a cut line on both databases when averages chain within 0.01 (3.00 ~ 3.01 ~ 3.02, yet 3.00 and 3.02 are
// apart): the cut dialog and the advance leave only the pair across the line to the host (issue 37).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { players } from "#db/schema";
import { advanceRound, cutPreview } from "~/models/rounds/advance.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

describeEachDriver("a cut line between chained averages", (getDb) => {
  test("only the players tied across the line go to the host; one tied only below it goes", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 24 });
    await addPlayers(db, owner, t.id, 24);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    // Three identical lobbies: 8ths and 7ths go (6 players); the three 6th places share 3 points.
    for (const lobby of result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    const [a, b, c] = result.lobbies.map((l) => l.playerIds[5]);
    // A master's averages: a 3.00, b 3.01, c 3.02. A cut of 8 takes c and b by the order and keeps a.
    for (const [id, average] of [
      [a, 3],
      [b, 3.01],
      [c, 3.02],
    ])
      await db.update(players).set({ adjustAverage: average }).where(eq(players.id, id));

    const preview = await cutPreview(db, t.id, 8);
    // b is tied with a across the line; c only with b, who is below the line too: c goes for sure.
    expect(preview.plan).toMatchObject({ needed: 1 });
    expect(preview.plan!.sure).toHaveLength(7);
    expect(preview.plan!.sure).toContain(c);
    expect([...preview.plan!.tied].sort((x, y) => x - y)).toEqual([a, b].sort((x, y) => x - y));

    // Keeping c (cutting a and b) is not a pick the host can make.
    await expectRefused(
      advanceRound(db, owner, t.id, { eliminationCount: 8, tiebreakerPlayerIds: [a, b] }),
      409,
      /Tie-break needed.*exactly 1 of the 2 tied players/,
    );
    const advanced = await advanceRound(db, owner, t.id, { eliminationCount: 8, tiebreakerPlayerIds: [a] });
    expect(advanced.result.eliminated).toHaveLength(8);
    expect(advanced.result.eliminated).toEqual(expect.arrayContaining([a, c]));
    expect(advanced.result.eliminated).not.toContain(b);
  });
});
