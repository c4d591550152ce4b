// Tournament versions and the public snapshot on both databases: a committed change bumps the version, a refused one
// does not; a snapshot is reused until an invalidation, then rebuilt only when the version moved.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { tournaments } from "#db/schema";
import { generateLobbies, undoRound } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { updatePlayer } from "~/models/roster/roster.server";
import { readTournamentVersion } from "~/models/views/tournament-data.server";
import {
  clearSnapshots,
  invalidateTournament,
  peekTournamentVersion,
  tournamentSnapshot,
} from "~/models/views/snapshot.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";

beforeEach(() => clearSnapshots());

describeEachDriver("tournament versions and public snapshots", (getDb) => {
  test("every committed mutation bumps the version once; a refused one leaves it", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const stranger = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 2 });
    expect(await readTournamentVersion(db, t.id)).toBe(1);
    await addPlayers(db, owner, t.id, 16);
    const afterAdd = (await readTournamentVersion(db, t.id))!;
    expect(afterAdd).toBe(2);

    const generated = await generateLobbies(db, owner, t.id, 1);
    if (generated.result.status !== "generated") throw new Error("expected lobbies");
    expect(await readTournamentVersion(db, t.id)).toBe(afterAdd + 1);

    // Refused: a stranger, and duplicate placements; neither moves the version.
    const lobby = generated.result.lobbies[0];
    await expectRefused(saveScores(db, stranger, lobby.id, placements(lobby.playerIds)), 403);
    const duplicate = lobby.playerIds.map((playerId) => ({ playerId, placement: 1 }));
    await expectRefused(saveScores(db, owner, lobby.id, duplicate), 400);
    expect(await readTournamentVersion(db, t.id)).toBe(afterAdd + 1);

    await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    expect(await readTournamentVersion(db, t.id)).toBe(afterAdd + 2);
    await undoRound(db, owner, t.id, 1);
    expect(await readTournamentVersion(db, t.id)).toBe(afterAdd + 3);
  });

  test("a snapshot is shared until invalidated; an invalidation without a change keeps it, a change rebuilds it", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 2 });
    const [first] = await addPlayers(db, owner, t.id, 16);

    const a = await tournamentSnapshot(db, t.id);
    expect(a?.data.players).toHaveLength(16);
    expect(peekTournamentVersion(t.id)).toBe(a!.version);
    // A change made behind the snapshot's back is not seen until an event says so (or FRESH_MS passes)...
    await db.update(tournaments).set({ name: "Renamed Cup" }).where(eq(tournaments.id, t.id));
    expect(await tournamentSnapshot(db, t.id)).toBe(a);
    // ...and an event whose change left the version as it was costs a check, not a rebuild.
    invalidateTournament(t.id);
    expect(peekTournamentVersion(t.id)).toBeNull();
    expect(await tournamentSnapshot(db, t.id)).toBe(a);

    // A master's override is a committed change: the next snapshot has it.
    await updatePlayer(db, master, first.id, { totalPoints: 42 }, { override: true });
    invalidateTournament(t.id);
    const b = await tournamentSnapshot(db, t.id);
    expect(b).not.toBe(a);
    expect(b!.version).toBeGreaterThan(a!.version);
    expect(b!.data.tournament.name).toBe("Renamed Cup");
    expect(b!.data.standings.find((r) => r.id === first.id)?.totalPoints).toBe(42);
  });

  test("a snapshot older than its freshness window is checked again without an event", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 24, totalRounds: 2 });
    await addPlayers(db, owner, t.id, 16);
    const a = await tournamentSnapshot(db, t.id);
    await addPlayers(db, owner, t.id, 1);
    // No event reached this process (a lost notification): within the window it serves what it has...
    expect(await tournamentSnapshot(db, t.id)).toBe(a);
    // ...and after it, sees the new version.
    const later = await tournamentSnapshot(db, t.id, Date.now() + 60_000);
    expect(later!.data.players).toHaveLength(17);
  });

  test("concurrent requests share one read, and an unknown tournament answers null", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 2 });
    const all = await Promise.all(Array.from({ length: 20 }, () => tournamentSnapshot(db, t.id)));
    expect(new Set(all).size).toBe(1);
    expect(await tournamentSnapshot(db, 987_654)).toBeNull();
  });
});
