// The stream overlay in a reset checkmate final, on both databases: the lobby view shows the points that count in the
// stage (as the standings view and every public surface do), the "Checkmate" mark and a drop's "Dropped" mark.
import { expect, test } from "vitest";
import { dropPlayer } from "~/models/roster/drops.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { overlayView } from "~/models/views/overlay";
import { publicView } from "~/models/views/public";
import { readTournamentData } from "~/models/views/tournament-data.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser, placements } from "./model-fixtures";

describeEachDriver("overlay in a staged event", (getDb) => {
  test("a lobby's rows read as the standings' rows: stage points, Checkmate, Dropped", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, {
      maxPlayers: 16,
      totalRounds: undefined,
      stages: [
        { name: "Day 1", games: 1, draw: "snake", points: "carry", end: { cutTo: 8 } },
        {
          name: "Final",
          games: 3,
          draw: "snake",
          points: "reset",
          end: { checkmate: { threshold: 8, maxGames: null } },
        },
      ],
    });
    await addPlayers(db, owner, t.id, 16);
    for (let round = 1; round <= 3; round++) {
      const { result } = await generateLobbies(db, owner, t.id, round);
      if (round === 3) break;
      for (const lobby of result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
      await advanceRound(db, owner, t.id);
    }
    // Game 2 of the final is drawn: the winner of game 1 is on checkmate with 8 final points (more over the event).
    let data = (await readTournamentData(db, t.id))!;
    const lobby = data.lobbies.find((l) => l.roundNumber === 3)!;
    const leader = data.standings[0];
    expect(leader).toMatchObject({ totalPoints: 8, onCheckmate: true });
    expect(data.players.find((p) => p.id === leader.id)!.totalPoints).toBeGreaterThan(8);
    const leaver = lobby.playerIds.find((id) => id !== leader.id)!;
    await dropPlayer(db, owner, leaver, "Left for the night");

    data = (await readTournamentData(db, t.id))!;
    const standings = overlayView(data, { view: "standings", top: 16 });
    const lobbyView = overlayView(data, { view: "lobby", lobby: lobby.name });
    expect(lobbyView.rows).toHaveLength(8);
    for (const row of lobbyView.rows) {
      const same = standings.rows.find((r) => r.key === row.key)!;
      expect(row.rank, `player ${row.key}`).toBe(same.rank);
      expect(row.detail, `player ${row.key}`).toBe(same.detail);
    }
    expect(lobbyView.rows.find((r) => r.key === leader.id)!.detail).toBe("8 pts · Checkmate");
    expect(lobbyView.rows.find((r) => r.key === leaver)!.detail).toMatch(/ · Dropped$/);

    // The public view's lobby cards carry the same Checkmate mark as its top 8 (issue 18: on every public surface).
    const card = publicView(data, { q: "", page: 1 }).lobbies.find((l) => l.id === lobby.id)!;
    const onCheckmate = new Set(data.standings.filter((r) => r.onCheckmate).map((r) => r.id));
    expect(onCheckmate.has(leader.id)).toBe(true);
    for (const p of card.players) expect(p.onCheckmate === true, `player ${p.id}`).toBe(onCheckmate.has(p.id));
  });
});
