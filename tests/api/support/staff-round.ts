// A 256-player round scored by several scorekeepers at once through the API: shared by the scale test and `npm run bench:staff`.
import { randomBytes } from "node:crypto";
import type { Json } from "./app";

/** What both an API test's `App.call` and the benchmark's plain client offer. */
export type Caller = (
  method: string,
  path: string,
  options?: { token?: string | null; body?: unknown },
) => Promise<{ status: number; body: Json; text: string }>;

export type RoundLobby = { id: number; name: string; playerIds: number[] };

function ok<T>(reply: { status: number; body: T; text: string }, what: string): T {
  if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${reply.text.slice(0, 300)}`);
  return reply.body;
}

/**
 * As the owner: a 256-player tournament with every player checked in, the scorekeepers added by
 * username, and round 1 drawn (32 lobbies of 8).
 */
export async function staffedRound(call: Caller, owner: string, keeperNames: readonly string[]) {
  const tournament = ok(
    await call("POST", "/api/tournaments", {
      token: owner,
      body: { name: `Staffed ${randomBytes(3).toString("hex")}`, maxPlayers: 256, totalRounds: 3, isPublic: true },
    }),
    "create tournament",
  ) as { id: number };
  const roster = Array.from({ length: 256 }, (_, i) => ({
    name: `Player ${i + 1}`,
    riotTag: `EUW${i + 1}`,
    lp: 3000 - i,
  }));
  const players = ok(
    await call("POST", `/api/tournaments/${tournament.id}/players/bulk`, { token: owner, body: { players: roster } }),
    "bulk add",
  ) as { id: number }[];
  ok(await call("POST", `/api/tournaments/${tournament.id}/start-checkin`, { token: owner }), "start check-in");
  for (const p of players) {
    ok(await call("POST", `/api/players/${p.id}/checkin`, { token: owner, body: { checkedIn: true } }), "check in");
  }
  for (const username of keeperNames) {
    ok(
      await call("POST", `/api/tournaments/${tournament.id}/staff`, { token: owner, body: { username } }),
      "add scorekeeper",
    );
  }
  const { lobbies } = ok(
    await call("POST", `/api/tournaments/${tournament.id}/lobbies/generate`, { token: owner, body: {} }),
    "generate",
  ) as { lobbies: RoundLobby[] };
  return { tournamentId: tournament.id, playerIds: players.map((p) => p.id), lobbies };
}

/** Placements 1..8 for a lobby, rotated by its index so the points differ between lobbies. */
export function lobbyScores(lobby: RoundLobby, index: number) {
  const n = lobby.playerIds.length;
  return lobby.playerIds.map((playerId, i) => ({ playerId, placement: ((i + index) % n) + 1 }));
}

export type SaveOutcome = { lobbyId: number; token: string; status: number; text: string };

/**
 * Every lobby saved once: scorekeeper k takes lobbies k, k + K, k + 2K…, one after the other, and
 * the scorekeepers work at the same time. One token is one host saving them all in order.
 */
export async function scoreRound(
  call: Caller,
  tokens: readonly string[],
  lobbies: readonly RoundLobby[],
): Promise<SaveOutcome[]> {
  const shares = tokens.map((token, k) => ({
    token,
    lobbies: lobbies.map((l, i) => ({ l, i })).filter(({ i }) => i % tokens.length === k),
  }));
  const results = await Promise.all(
    shares.map(async ({ token, lobbies: mine }) => {
      const out: SaveOutcome[] = [];
      for (const { l, i } of mine) {
        const reply = await call("POST", `/api/lobbies/${l.id}/matches`, {
          token,
          body: { scores: lobbyScores(l, i) },
        });
        out.push({ lobbyId: l.id, token, status: reply.status, text: reply.text.slice(0, 200) });
      }
      return out;
    }),
  );
  return results.flat();
}
