// Tournament states the API tests start from, built through the API itself: created, players registered, checked in, lobbies drawn, round scored.
import type { App, Reply } from "./app";
import { unique } from "./app";

export type Tournament = { id: number; name: string; status: string; currentRound: number; [key: string]: unknown };
export type Player = {
  id: number;
  name: string;
  riotTag: string;
  isCheckedIn: boolean;
  isEliminated: boolean;
  [key: string]: unknown;
};
export type Lobby = { id: number; roundNumber: number; name: string; playerIds: number[]; isComplete: boolean };

/** Throws with the answer when a setup call did not succeed, so a broken fixture says why. */
export function expectOk<T>(reply: Reply<T>, what: string): T {
  if (reply.status >= 300) throw new Error(`${what}: ${reply.status} ${reply.text}`);
  return reply.body;
}

export async function createTournament(app: App, token: string, overrides: Record<string, unknown> = {}) {
  const reply = await app.call<Tournament>("POST", "/api/tournaments", {
    token,
    // Public unless a test says otherwise: most tests read as a spectator (tests/api/share-links.test.ts covers private ones).
    body: { name: unique("Cup"), maxPlayers: 16, totalRounds: 3, isPublic: true, ...overrides },
  });
  return expectOk(reply, "create tournament");
}

export async function addPlayers(app: App, token: string, tournamentId: number, count: number) {
  const players = Array.from({ length: count }, (_, i) => ({
    name: `Player ${i + 1}`,
    riotTag: `EUW${i + 1}`,
    lp: 1000 - i,
  }));
  const reply = await app.call<Player[]>("POST", `/api/tournaments/${tournamentId}/players/bulk`, {
    token,
    body: { players, manualOverride: true },
  });
  return expectOk(reply, "bulk add players");
}

export async function checkIn(app: App, token: string, players: readonly Player[]) {
  for (const p of players) {
    expectOk(
      await app.call("POST", `/api/players/${p.id}/checkin`, { token, body: { checkedIn: true } }),
      `check in ${p.name}`,
    );
  }
}

/** A tournament with `count` players, all checked in (the lobby draw's starting point). */
export async function readyTournament(app: App, token: string, count = 16, overrides: Record<string, unknown> = {}) {
  const maxPlayers = Math.max(16, Math.ceil(count / 8) * 8);
  const tournament = await createTournament(app, token, { maxPlayers, ...overrides });
  const players = await addPlayers(app, token, tournament.id, count);
  await checkIn(app, token, players);
  return { tournament, players };
}

export async function generate(app: App, token: string, tournamentId: number) {
  const reply = await app.call<{ lobbies: Lobby[] }>("POST", `/api/tournaments/${tournamentId}/lobbies/generate`, {
    token,
    body: {},
  });
  return expectOk(reply, "generate lobbies").lobbies;
}

/** Round 1 drawn from `count` checked-in players. */
export async function drawnTournament(app: App, token: string, count = 16, overrides: Record<string, unknown> = {}) {
  const ready = await readyTournament(app, token, count, overrides);
  const lobbies = await generate(app, token, ready.tournament.id);
  return { ...ready, lobbies };
}

/** Placements 1..n in the lobby's player order. */
export function placements(lobby: Lobby) {
  return lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
}

export async function scoreLobbies(app: App, token: string, lobbies: readonly Lobby[]) {
  for (const lobby of lobbies) {
    expectOk(
      await app.call("POST", `/api/lobbies/${lobby.id}/matches`, { token, body: { scores: placements(lobby) } }),
      `save scores of ${lobby.name}`,
    );
  }
}

/** Round 1 drawn and every lobby scored: ready to finalize or advance. */
export async function scoredTournament(app: App, token: string, count = 16, overrides: Record<string, unknown> = {}) {
  const drawn = await drawnTournament(app, token, count, overrides);
  await scoreLobbies(app, token, drawn.lobbies);
  return drawn;
}

export async function getTournament(app: App, id: number) {
  return expectOk(await app.call<Tournament>("GET", `/api/tournaments/${id}`), "get tournament");
}
