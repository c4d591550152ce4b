// Many lobbies ready to be scored at once (a burst of saves), shared by the database-restart test and `npm run bench:saves`:
// tournaments of 256 players with round 1 drawn, the check-ins set straight in the database to keep the set-up short.
import { randomBytes } from "node:crypto";
import type postgres from "postgres";
import type { Caller, RoundLobby } from "./staff-round";

function ok<T>(reply: { status: number; body: T; text: string }, what: string): T {
  if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${reply.text.slice(0, 300)}`);
  return reply.body;
}

/** `count` lobbies of 8 (round 1 of ceil(count / 32) tournaments of 256 players, owned by `owner`). */
export async function lobbiesToSave(call: Caller, sql: postgres.Sql, owner: string, count: number) {
  const tournaments = Math.ceil(count / 32);
  const drawn = await Promise.all(
    Array.from({ length: tournaments }, async (_, t) => {
      const { id } = ok(
        await call("POST", "/api/tournaments", {
          token: owner,
          // Public: spectators follow it on the event stream without a share link (docs/decisions/021).
          body: {
            name: `Burst ${t + 1} ${randomBytes(3).toString("hex")}`,
            maxPlayers: 256,
            totalRounds: 3,
            isPublic: true,
          },
        }),
        "create tournament",
      ) as { id: number };
      const roster = Array.from({ length: 256 }, (_, i) => ({
        name: `P${i + 1}`,
        riotTag: `EUW${i + 1}`,
        lp: 3000 - i,
      }));
      ok(
        await call("POST", `/api/tournaments/${id}/players/bulk`, { token: owner, body: { players: roster } }),
        "bulk",
      );
      ok(await call("POST", `/api/tournaments/${id}/start-checkin`, { token: owner }), "start check-in");
      await sql`update players set is_checked_in = true where tournament_id = ${id}`;
      const { lobbies } = ok(
        await call("POST", `/api/tournaments/${id}/lobbies/generate`, { token: owner, body: {} }),
        "generate",
      ) as { lobbies: RoundLobby[] };
      return lobbies.map((lobby) => ({ ...lobby, tournamentId: id }));
    }),
  );
  return drawn.flat().slice(0, count);
}

/** The body of one lobby's save: placements 1..8 rotated by `index`, so lobbies differ. */
export function saveBody(lobby: RoundLobby, index: number) {
  const n = lobby.playerIds.length;
  return { scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: ((i + index) % n) + 1 })) };
}
