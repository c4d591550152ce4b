// The permission matrix: every mutating API call as a visitor, another organizer, the owner and a master; refusals change nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startAppWithCallers, unavailableReason, unique, type App } from "./support/app";
import { expectStatus } from "./support/expect";
import {
  addPlayers,
  checkIn,
  createTournament,
  drawnTournament,
  expectOk,
  placements,
  readyTournament,
  scoredTournament,
  type Lobby,
  type Player,
  type Tournament,
} from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

type Fixture = { tournament?: Tournament; players?: Player[]; lobbies?: Lobby[]; excelData?: string };
type Case = {
  method: string;
  path: string;
  /** Builds, as the owner, the state the call succeeds from. */
  setup: (app: App, owner: string) => Promise<Fixture>;
  request: (f: Fixture) => { path: string; body?: unknown };
  success: number;
  /** Calls that belong to no tournament (create, import): any signed-in user may make them. */
  ownerless?: boolean;
  /** Calls only a master may make, not even the owner (the integrity repair). */
  masterOnly?: boolean;
};

const t = (f: Fixture) => f.tournament!.id;

const CASES: Case[] = [
  {
    method: "POST",
    path: "/api/tournaments",
    setup: async () => ({}),
    request: () => ({ path: "/api/tournaments", body: { name: unique("Matrix"), maxPlayers: 16, totalRounds: 2 } }),
    success: 200,
    ownerless: true,
  },
  {
    method: "POST",
    path: "/api/tournaments/import",
    setup: async (app, owner) => {
      const { tournament } = await readyTournament(app, owner, 4);
      return { excelData: expectOk(await app.call("GET", `/api/tournaments/${tournament.id}/export`), "export").excelData };
    },
    request: (f) => ({ path: "/api/tournaments/import", body: { excelData: f.excelData } }),
    success: 200,
    ownerless: true,
  },
  {
    method: "PATCH",
    path: "/api/tournaments/{id}",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}`, body: { name: "Changed", isPublic: true } }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/tournaments/{id}",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}` }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/complete",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/complete` }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/start-checkin",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/start-checkin` }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/lock",
    setup: (app, owner) => readyTournament(app, owner, 8),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/lock`, body: { locked: true } }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/substitute",
    setup: async (app, owner) => {
      const tournament = await createTournament(app, owner);
      const players = await addPlayers(app, owner, tournament.id, 2);
      await checkIn(app, owner, [players[0]]);
      expectOk(await app.call("PATCH", `/api/players/${players[1].id}`, { token: owner, body: { isEliminated: true } }), "eliminate");
      return { tournament, players };
    },
    request: (f) => ({
      path: `/api/tournaments/${t(f)}/substitute`,
      body: { oldPlayerId: f.players![0].id, newPlayerId: f.players![1].id },
    }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/advance-round",
    setup: (app, owner) => scoredTournament(app, owner),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/advance-round`, body: { eliminationCount: 8 } }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/finalize-round",
    setup: (app, owner) => scoredTournament(app, owner),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/finalize-round` }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/players",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/players`, body: { name: "Newcomer", riotTag: "EUW" } }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/players/bulk",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({
      path: `/api/tournaments/${t(f)}/players/bulk`,
      body: { players: [{ name: "One", riotTag: "A" }, { name: "Two", riotTag: "B", lp: 3 }] },
    }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/lobbies/generate",
    setup: (app, owner) => readyTournament(app, owner, 16),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/lobbies/generate`, body: { roundNumber: 1 } }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/tournaments/{id}/lobbies/round/{round}",
    setup: (app, owner) => drawnTournament(app, owner),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/lobbies/round/1` }),
    success: 200,
  },
  {
    method: "PATCH",
    path: "/api/players/{id}",
    setup: async (app, owner) => {
      const tournament = await createTournament(app, owner);
      return { tournament, players: await addPlayers(app, owner, tournament.id, 1) };
    },
    request: (f) => ({ path: `/api/players/${f.players![0].id}`, body: { name: "Renamed", lp: 7 } }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/players/{id}",
    setup: async (app, owner) => {
      const tournament = await createTournament(app, owner);
      return { tournament, players: await addPlayers(app, owner, tournament.id, 1) };
    },
    request: (f) => ({ path: `/api/players/${f.players![0].id}` }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/players/{id}/checkin",
    setup: async (app, owner) => {
      const tournament = await createTournament(app, owner);
      return { tournament, players: await addPlayers(app, owner, tournament.id, 1) };
    },
    request: (f) => ({ path: `/api/players/${f.players![0].id}/checkin`, body: { checkedIn: true } }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/lobbies/{id}",
    setup: (app, owner) => drawnTournament(app, owner),
    request: (f) => ({ path: `/api/lobbies/${f.lobbies![0].id}` }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/lobbies/{id}/matches",
    setup: (app, owner) => drawnTournament(app, owner),
    request: (f) => ({ path: `/api/lobbies/${f.lobbies![0].id}/matches`, body: { scores: placements(f.lobbies![0]) } }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/integrity",
    setup: async (app, owner) => {
      const scored = await scoredTournament(app, owner);
      // A stored total that disagrees with the saved matches, for the repair to fix.
      await app.sql`update players set total_points = 999 where id = ${scored.lobbies[0].playerIds[0]}`;
      return scored;
    },
    request: (f) => ({ path: `/api/tournaments/${t(f)}/integrity` }),
    success: 200,
    masterOnly: true,
  },
];

/** Every mutating operation the OpenAPI document lists, so a new one without a row here fails the matrix. */
const MUTATIONS_COVERED = new Set(CASES.map((c) => `${c.method} ${c.path}`));

describe.skipIf(skip)(`permission matrix${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let other: string;
  let master: string;

  beforeAll(async () => {
    ({ app, owner, other, master } = await startAppWithCallers("intruder"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("every mutating operation of the OpenAPI document is in the matrix", async () => {
    const doc = (await app.call("GET", "/api/openapi.json")).body;
    const mutations: string[] = [];
    for (const [path, methods] of Object.entries<Record<string, { security: unknown[] }>>(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        // Operations that need a token and change something; sign-in and sign-out are not tournament data.
        if (method !== "get" && op.security.length > 0) mutations.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(mutations.filter((m) => !MUTATIONS_COVERED.has(m))).toEqual([]);
  });

  for (const c of CASES) {
    const expected = c.ownerless
      ? [401, c.success, c.success, c.success]
      : c.masterOnly
        ? [401, 403, 403, c.success]
        : [401, 403, c.success, c.success];
    test(`${c.method} ${c.path}: visitor ${expected[0]}, other organizer ${expected[1]}, owner ${expected[2]}, master ${expected[3]}`, async () => {
      // The refusals first, on one fixture: each must leave the database as it was.
      const fixture = await c.setup(app, owner);
      const callers: [string, string | null, number][] = [
        ["visitor", null, expected[0]],
        ["other organizer", other, expected[1]],
      ];
      for (const [who, token, status] of callers) {
        const before = await app.snapshot();
        const { path, body } = c.request(fixture);
        const reply = await app.call(c.method, path, { token, body });
        expect(reply.status, `${who}: ${reply.text.slice(0, 200)}`).toBe(status);
        if (status >= 400) {
          expect(reply.body).toEqual({ message: expect.any(String) });
          expect(await app.snapshot(), `${who}'s refused call changed the database`).toEqual(before);
        }
      }

      // The owner succeeds on that same untouched fixture; the master on a fresh one.
      const asOwner = await app.call(c.method, c.request(fixture).path, { token: owner, body: c.request(fixture).body });
      expectStatus(asOwner, expected[2]);
      const fresh = await c.setup(app, owner);
      const before = await app.snapshot();
      const asMaster = await app.call(c.method, c.request(fresh).path, { token: master, body: c.request(fresh).body });
      expectStatus(asMaster, expected[3]);
      expect(await app.snapshot(), "the master's call changed nothing").not.toEqual(before);
    });
  }
});
