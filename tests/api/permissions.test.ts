// The permission matrix: every mutating API call, and every page form action, as a visitor, another organizer, a scorekeeper of
// the tournament, the owner and a master; refusals change nothing (docs/rules.md, "Permissions and states" and "Staff").
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MASTER, startApp, unavailableReason, unique, type App } from "./support/app";
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

type Fixture = {
  tournament?: Tournament;
  players?: Player[];
  lobbies?: Lobby[];
  excelData?: string;
  helper?: string;
  helperId?: number;
  /** The network address the fixture's sign-ups came from. */
  address?: string;
};
type Case = {
  method: string;
  path: string;
  /** Builds, as the owner, the state the call succeeds from; `helper` is an account that may be made staff. */
  setup: (app: App, owner: string, helper: string) => Promise<Fixture>;
  request: (f: Fixture) => { path: string; body?: unknown };
  success: number;
  /** Calls that belong to no tournament (create, import): any signed-in user may make them. */
  ownerless?: boolean;
  /** Calls a scorekeeper of the tournament may make too (check-in, lobby scores). */
  scorekeeper?: boolean;
  /** Calls only a master may make, not even the owner (the integrity repair). */
  masterOnly?: boolean;
};

const t = (f: Fixture) => f.tournament!.id;

/** A tournament moved to check-in: where self check-in can be opened. */
async function inCheckin(app: App, owner: string): Promise<Fixture> {
  const tournament = await createTournament(app, owner);
  expectOk(
    await app.call("POST", `/api/tournaments/${tournament.id}/start-checkin`, { token: owner }),
    "start check-in",
  );
  return { tournament };
}

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
      return {
        excelData: expectOk(await app.call("GET", `/api/tournaments/${tournament.id}/export`), "export").excelData,
      };
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
    path: "/api/tournaments/{id}/self-checkin/code",
    setup: (app, owner) => inCheckin(app, owner),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/self-checkin/code` }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/tournaments/{id}/self-checkin/code",
    setup: async (app, owner) => {
      const fixture = await inCheckin(app, owner);
      expectOk(
        await app.call("POST", `/api/tournaments/${t(fixture)}/self-checkin/code`, { token: owner }),
        "open self check-in",
      );
      return fixture;
    },
    request: (f) => ({ path: `/api/tournaments/${t(f)}/self-checkin/code` }),
    success: 200,
  },
  {
    method: "PATCH",
    path: "/api/tournaments/{id}/self-checkin/code",
    setup: async (app, owner) => {
      const fixture = await inCheckin(app, owner);
      expectOk(
        await app.call("POST", `/api/tournaments/${t(fixture)}/self-checkin/code`, { token: owner }),
        "open self check-in",
      );
      return fixture;
    },
    request: (f) => ({ path: `/api/tournaments/${t(f)}/self-checkin/code` }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/share-link",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/share-link` }),
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
      expectOk(
        await app.call("PATCH", `/api/players/${players[1].id}`, { token: owner, body: { isEliminated: true } }),
        "eliminate",
      );
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
      body: {
        players: [
          { name: "One", riotTag: "A" },
          { name: "Two", riotTag: "B", lp: 3 },
        ],
      },
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
    scorekeeper: true,
  },
  {
    method: "POST",
    path: "/api/players/{id}/drop",
    setup: (app, owner) => drawnTournament(app, owner),
    request: (f) => ({ path: `/api/players/${f.lobbies![0].playerIds[0]}/drop`, body: { reason: "Left" } }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/players/{id}/drop",
    setup: async (app, owner) => {
      const drawn = await drawnTournament(app, owner);
      expectOk(
        await app.call("POST", `/api/players/${drawn.lobbies[0].playerIds[0]}/drop`, {
          token: owner,
          body: { reason: "Left" },
        }),
        "drop",
      );
      return drawn;
    },
    request: (f) => ({ path: `/api/players/${f.lobbies![0].playerIds[0]}/drop` }),
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
    scorekeeper: true,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/staff",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/staff`, body: { username: f.helper } }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/tournaments/{id}/staff/{userId}",
    setup: async (app, owner, helper) => {
      const tournament = await createTournament(app, owner);
      const added = expectOk(
        await app.call("POST", `/api/tournaments/${tournament.id}/staff`, { token: owner, body: { username: helper } }),
        "add staff",
      );
      return { tournament, helperId: added.userId };
    },
    request: (f) => ({ path: `/api/tournaments/${t(f)}/staff/${f.helperId}` }),
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
  {
    method: "POST",
    path: "/api/tournaments/{id}/webhooks",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({
      path: `/api/tournaments/${t(f)}/webhooks`,
      body: { url: "https://hooks.example.com/matrix", events: ["score.saved"] },
    }),
    success: 200,
  },
  // Sign-up (docs/decisions/029): the owner's settings, decisions, bulk clear and players' links; lobby passwords (030).
  {
    method: "PATCH",
    path: "/api/tournaments/{id}/signup",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/signup`, body: { isOpen: true } }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/tournaments/{id}/waitlist",
    setup: async (app, owner) => ({ tournament: await createTournament(app, owner) }),
    request: (f) => ({ path: `/api/tournaments/${t(f)}/waitlist`, body: {} }),
    success: 200,
  },
  {
    method: "DELETE",
    path: "/api/tournaments/{id}/registrations",
    setup: async (app, owner) => {
      const tournament = await createTournament(app, owner);
      expectOk(
        await app.call("PATCH", `/api/tournaments/${tournament.id}/signup`, { token: owner, body: { isOpen: true } }),
        "open registration",
      );
      for (const name of [unique("a"), unique("b")])
        expectOk(
          await app.call("POST", `/api/tournaments/${tournament.id}/registrations`, {
            body: { name, riotTag: "EUW" },
          }),
          "sign up",
        );
      const rows = expectOk(
        await app.call<{ address: string }[]>("GET", `/api/tournaments/${tournament.id}/registrations`, {
          token: owner,
        }),
        "list sign-ups",
      );
      return { tournament, address: rows[0].address };
    },
    request: (f) => ({ path: `/api/tournaments/${t(f)}/registrations`, body: { address: f.address } }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/tournaments/{id}/waitlist",
    setup: async (app, owner) => {
      const tournament = await createTournament(app, owner);
      expectOk(
        await app.call("PATCH", `/api/tournaments/${tournament.id}/signup`, {
          token: owner,
          body: { isOpen: true, requireApproval: true },
        }),
        "open registration",
      );
      const joined = expectOk(
        await app.call("POST", `/api/tournaments/${tournament.id}/registrations`, {
          body: { name: unique("m"), riotTag: "EUW" },
        }),
        "sign up",
      );
      return { tournament, helperId: joined.registration.id };
    },
    request: (f) => ({
      path: `/api/tournaments/${t(f)}/waitlist`,
      body: { entryId: f.helperId, decision: "approve" },
    }),
    success: 200,
  },
  {
    method: "POST",
    path: "/api/players/{id}/pass",
    setup: async (app, owner) => {
      const tournament = await createTournament(app, owner);
      const [player] = await addPlayers(app, owner, tournament.id, 1);
      return { tournament, helperId: player.id };
    },
    request: (f) => ({ path: `/api/players/${f.helperId}/pass` }),
    success: 200,
  },
  {
    method: "PATCH",
    path: "/api/lobbies/{id}/details",
    setup: async (app, owner) => {
      const drawn = await drawnTournament(app, owner);
      return { ...drawn, helperId: drawn.lobbies[0].id };
    },
    request: (f) => ({ path: `/api/lobbies/${f.helperId}/details`, body: { generate: true } }),
    success: 200,
  },
  ...(["PATCH", "DELETE", "POST test", "POST rotate-secret"] as const).map((call): Case => ({
    method: call.split(" ")[0],
    path: call.includes(" ") ? `/api/webhooks/{id}/${call.split(" ")[1]}` : "/api/webhooks/{id}",
    setup: (app, owner) => withWebhook(app, owner),
    request: (f) => ({
      path: call.includes(" ") ? `/api/webhooks/${f.helperId}/${call.split(" ")[1]}` : `/api/webhooks/${f.helperId}`,
      body: call === "PATCH" ? { events: ["score.saved", "round.finalized"] } : undefined,
    }),
    success: 200,
  })),
];

/** A tournament with one webhook endpoint (its id as `helperId`). */
async function withWebhook(app: App, owner: string): Promise<Fixture> {
  const tournament = await createTournament(app, owner);
  const hook = expectOk(
    await app.call("POST", `/api/tournaments/${tournament.id}/webhooks`, {
      token: owner,
      body: { url: "https://hooks.example.com/matrix", events: ["score.saved"] },
    }),
    "add webhook",
  );
  return { tournament, helperId: hook.id };
}

/** Every mutating operation the OpenAPI document lists, so a new one without a row here fails the matrix. */
const MUTATIONS_COVERED = new Set(CASES.map((c) => `${c.method} ${c.path}`));

type PageCaller = "visitor" | "other" | "keeper" | "owner" | "master";
/** One page form action: the page it posts to, its fields, and who may use it besides the owner and a master. */
type PageForm = {
  page: string;
  intent: string;
  case: Case;
  path: (f: Fixture) => string;
  fields: (f: Fixture) => Record<string, string | string[]>;
  scorekeeper?: boolean;
  masterOnly?: boolean;
};

const caseOf = (method: string, path: string) => CASES.find((c) => c.method === method && c.path === path)!;
const created = caseOf("PATCH", "/api/tournaments/{id}");
const withPlayer = caseOf("PATCH", "/api/players/{id}");
const ready = caseOf("POST", "/api/tournaments/{id}/lobbies/generate");
const drawn = caseOf("POST", "/api/lobbies/{id}/matches");
const scored = caseOf("POST", "/api/tournaments/{id}/finalize-round");
const staffed = caseOf("DELETE", "/api/tournaments/{id}/staff/{userId}");
const page = (name: string) => (f: Fixture) => `/tournaments/${t(f)}/${name}`;
const form = (
  page: string,
  intent: string,
  c: Case,
  path: (f: Fixture) => string,
  fields: (f: Fixture) => Record<string, string | string[]> = () => ({}),
  extra: Partial<PageForm> = {},
): PageForm => ({
  page,
  intent,
  case: c,
  path,
  fields: (f) => ({ intent, ...fields(f) }),
  ...extra,
});
const lobbyFields = (f: Fixture) => {
  const lobby = f.lobbies![0];
  const fields: Record<string, string> = { lobbyId: String(lobby.id) };
  lobby.playerIds.forEach((id, i) => {
    fields[`scores.${i}.playerId`] = String(id);
    fields[`scores.${i}.placement`] = String(i + 1);
  });
  return fields;
};

const PAGE_FORMS: PageForm[] = [
  ...["delete", "complete", "start-checkin"].map((intent) =>
    form(
      "/dashboard",
      intent,
      created,
      () => "/dashboard",
      (f) => ({ tournamentId: String(t(f)) }),
    ),
  ),
  form("settings", "update", created, page("settings"), () => ({ name: "Renamed" })),
  form("settings", "add-staff", created, page("settings"), (f) => ({ username: f.helper! })),
  form("settings", "remove-staff", staffed, page("settings"), (f) => ({ userId: String(f.helperId) })),
  form("manage-players", "add-player", created, page("manage-players"), () => ({ name: "Newcomer", riotTag: "EUW" })),
  form("manage-players", "delete-player", withPlayer, page("manage-players"), (f) => ({
    playerId: String(f.players![0].id),
  })),
  form("manage-players", "max-players", withPlayer, page("manage-players"), () => ({ maxPlayers: "32" })),
  form(
    "checkin",
    "toggle-checkin",
    withPlayer,
    page("checkin"),
    (f) => ({ playerId: String(f.players![0].id), checkedIn: "true" }),
    { scorekeeper: true },
  ),
  form("checkin", "checkin-selected", withPlayer, page("checkin"), (f) => ({ playerIds: [String(f.players![0].id)] }), {
    scorekeeper: true,
  }),
  form("checkin", "generate-first", ready, page("checkin")),
  form(
    "tournament-checkin",
    "toggle-checkin",
    withPlayer,
    (f) => `/tournament-checkin/${t(f)}`,
    (f) => ({ playerId: String(f.players![0].id), checkedIn: "true" }),
    { scorekeeper: true },
  ),
  form(
    "tournament-checkin",
    "lock",
    caseOf("POST", "/api/tournaments/{id}/lock"),
    (f) => `/tournament-checkin/${t(f)}`,
    () => ({ locked: "true" }),
  ),
  form("scores", "save", drawn, page("scores"), lobbyFields, { scorekeeper: true }),
  form("scores", "generate", ready, page("scores")),
  form("scores", "finalize", scored, page("scores")),
  form("scores", "undo", drawn, page("scores")),
  form("scores", "advance", scored, page("scores")),
  form("scores", "cut", scored, page("scores"), () => ({ eliminationCount: "8" })),
  form(
    "player page",
    "drop",
    drawn,
    (f) => `/tournaments/${t(f)}/players/${f.lobbies![0].playerIds[0]}`,
    () => ({ reason: "Left" }),
  ),
  form(
    "player page",
    "undo-drop",
    caseOf("DELETE", "/api/players/{id}/drop"),
    (f) => `/tournaments/${t(f)}/players/${f.lobbies![0].playerIds[0]}`,
  ),
  form("signup", "remove-address", caseOf("DELETE", "/api/tournaments/{id}/registrations"), page("signup"), (f) => ({
    address: f.address!,
  })),
  form(
    "master-override",
    "updateTournament",
    created,
    page("master-override"),
    () => ({ name: "Overridden", reason: "Permission matrix" }),
    { masterOnly: true },
  ),
];

describe.skipIf(skip)(`permission matrix${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let other: string;
  let master: string;
  let keeper: string;
  const names = { owner: unique("owner"), other: unique("intruder"), keeper: unique("keeper") };
  const keeperName = names.keeper;
  /** The page session cookies of the same accounts, for the page form actions. */
  const cookies: Record<PageCaller, string> = { visitor: "", other: "", keeper: "", owner: "", master: "" };

  async function pageLogin(username: string, password = "password123") {
    const response = await fetch(`${app.baseURL}/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password }),
      redirect: "manual",
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("tm_session="));
    if (!cookie) throw new Error(`No session for ${username}: ${response.status}`);
    return cookie.split(";")[0];
  }

  beforeAll(async () => {
    app = await startApp();
    [owner, other, keeper, master] = await Promise.all([
      app.login(names.owner),
      app.login(names.other),
      app.login(names.keeper),
      app.login(MASTER.username, MASTER.password),
    ]);
    [cookies.owner, cookies.other, cookies.keeper, cookies.master] = await Promise.all([
      pageLogin(names.owner),
      pageLogin(names.other),
      pageLogin(names.keeper),
      pageLogin(MASTER.username, MASTER.password),
    ]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** The case's fixture, with the scorekeeper on the staff of its tournament and a fresh helper account to add or remove. */
  async function fixtureFor(c: Case): Promise<Fixture> {
    const helper = unique("helper");
    await app.login(helper);
    const fixture = { ...(await c.setup(app, owner, helper)), helper };
    if (fixture.tournament) {
      expectOk(
        await app.call("POST", `/api/tournaments/${fixture.tournament.id}/staff`, {
          token: owner,
          body: { username: keeperName },
        }),
        "add the scorekeeper",
      );
    }
    return fixture;
  }

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
    const keeperStatus = c.ownerless || c.scorekeeper ? c.success : 403;
    const expected = c.ownerless
      ? [401, c.success, c.success, c.success]
      : c.masterOnly
        ? [401, 403, 403, c.success]
        : [401, 403, c.success, c.success];
    test(`${c.method} ${c.path}: visitor ${expected[0]}, other organizer ${expected[1]}, scorekeeper ${keeperStatus}, owner ${expected[2]}, master ${expected[3]}`, async () => {
      // The refusals first, on one fixture: each must leave the database as it was.
      const fixture = await fixtureFor(c);
      const callers: [string, string | null, number][] = [
        ["visitor", null, expected[0]],
        ["other organizer", other, expected[1]],
      ];
      if (keeperStatus >= 400) callers.push(["scorekeeper", keeper, keeperStatus]);
      for (const [who, token, status] of callers) {
        const before = await app.snapshot();
        const { path, body } = c.request(fixture);
        const reply = await app.call(c.method, path, { token, body });
        expect(reply.status, `${who}: ${reply.text.slice(0, 200)}`).toBe(status);
        if (status >= 400) {
          expect(reply.body).toEqual({ message: expect.any(String), code: expect.any(String) });
          expect(await app.snapshot(), `${who}'s refused call changed the database`).toEqual(before);
        }
      }

      // The owner succeeds on that same untouched fixture; the master (and an allowed scorekeeper) on a fresh one each.
      const asOwner = await app.call(c.method, c.request(fixture).path, {
        token: owner,
        body: c.request(fixture).body,
      });
      expectStatus(asOwner, expected[2]);
      const succeeding: [string, string][] = [["master", master]];
      if (keeperStatus < 400) succeeding.push(["scorekeeper", keeper]);
      for (const [who, token] of succeeding) {
        const fresh = await fixtureFor(c);
        const before = await app.snapshot();
        const reply = await app.call(c.method, c.request(fresh).path, { token, body: c.request(fresh).body });
        expectStatus(reply, who === "master" ? expected[3] : keeperStatus);
        expect(await app.snapshot(), `the ${who}'s call changed nothing`).not.toEqual(before);
      }
    });
  }

  /** A form post as a browser without JavaScript sends it: urlencoded, the session cookie, the site's own Origin. */
  function post(path: string, fields: Record<string, string | string[]>, as: PageCaller) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    return fetch(app.baseURL + path, {
      method: "POST",
      headers: { origin: app.baseURL, ...(cookies[as] ? { cookie: cookies[as] } : {}) },
      body,
      redirect: "manual",
    });
  }

  for (const form of PAGE_FORMS) {
    const allowed = (who: PageCaller) =>
      who === "owner" || who === "master" || (who === "keeper" && !!form.scorekeeper);
    const allowedNames = (["keeper", "owner", "master"] as const).filter(
      (w) => allowed(w) && !(form.masterOnly && w !== "master"),
    );
    test(`page ${form.intent} at ${form.page}: allowed for ${allowedNames.join(", ")} only`, async () => {
      const fixture = await fixtureFor(form.case);
      for (const who of ["visitor", "other", "keeper", "owner"] as const) {
        if (allowed(who) && !form.masterOnly) continue;
        const before = await app.snapshot();
        const response = await post(form.path(fixture), form.fields(fixture), who);
        const where = response.headers.get("location") ?? "";
        await response.body?.cancel();
        if (who === "visitor" && form.masterOnly) {
          expect(`${response.status} ${where}`, "SPEC: non-masters, visitors too, are sent to /").toBe("302 /");
        } else if (who === "visitor") {
          expect(`${response.status} ${where}`, "a visitor is sent to sign in").toMatch(/^302 \/auth\?redirectTo=/);
        } else if (form.masterOnly) {
          expect(
            response.status === 403 || (response.status === 302 && !where.startsWith(form.path(fixture))),
            `${who}: ${response.status} ${where}`,
          ).toBe(true);
        } else {
          expect(response.status, `${who} at ${form.path(fixture)}`).toBe(403);
        }
        expect(await app.snapshot(), `${who}'s refused form changed the database`).toEqual(before);
      }
      for (const who of allowedNames) {
        const fresh = await fixtureFor(form.case);
        const before = await app.snapshot();
        const response = await post(
          form.path(fresh),
          { ...form.fields(fresh), ...(form.masterOnly ? { confirmed: "1" } : {}) },
          who,
        );
        await response.body?.cancel();
        expect(response.status, `${who} at ${form.path(fresh)}`).toBe(302);
        expect(await app.snapshot(), `${who}'s form changed nothing`).not.toEqual(before);
      }
    });
  }
});
