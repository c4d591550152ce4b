// Hostile input to every page form action (urlencoded, session cookie, same-origin Origin): control characters, numbers too big for their columns, wrong shapes and 1 MB strings answer 4xx (never 5xx) and change nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MASTER, startApp, unavailableReason, unique, type App } from "./support/app";
import {
  addPlayers,
  createTournament,
  drawnTournament,
  type Lobby,
  type Player,
  type Tournament,
} from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

/** A form entry list: a repeated key is how a form sends a list, a dotted key how it sends an object. */
type Entries = [string, string][];
/** A hostile value for one field: a string, the field sent twice, or the field turned into an object. */
type Hostile = string | { repeat: [string, string] } | { nested: string };
type Kind = "text" | "number" | "id" | "boolean" | "choice" | "bulk" | "list";

const CONTROL = ["a\u0000b", "\u0000", "a\r\nb", "line\n", "a\tb", "\u0001", "a\u001bb", "a\u007fb", "a\u0085b"];
const MEGABYTE = "x".repeat(1_000_000);
const SHAPES: Hostile[] = [{ repeat: ["a", "b"] }, { nested: "x" }];
const HUGE = [
  "1e308",
  "1.7976931348623157e308",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "-1",
  "9".repeat(400),
  "Infinity",
  "NaN",
  "0x10",
];

const HOSTILE: Record<Kind, Hostile[]> = {
  text: [...CONTROL, MEGABYTE, "\u0000".repeat(100_000), ...SHAPES],
  number: [...HUGE, "abc", "\u00001", "1\u0000", "9".repeat(1_000_000), ...SHAPES],
  id: ["0", "-1", "2147483648", "1e308", "abc", "\u0000", "1\u0000", "9".repeat(400), { nested: "1" }],
  boolean: ["\u0000", "true\u0000", "maybe", "2", "1e308", { nested: "true" }],
  choice: [...CONTROL.slice(0, 4), "standard\u0000", MEGABYTE, { nested: "x" }],
  bulk: [
    "A\u0000#B",
    "A#B\u0000",
    "A\u001b#B 10",
    "A#B 2147483648",
    "A#B 1e308",
    `${"x".repeat(999_990)}#B`,
    "\u0000".repeat(100_000),
  ],
  list: ["\u0000", "2147483648", "-1", "1e308", "9".repeat(400), { nested: "1" }],
};

/** Field-specific values just past a bound below 32 bits. */
const PAST_BOUND: Record<string, string[]> = {
  totalPoints: ["10000001"],
  matchesPlayed: ["10001", "2147483647"],
  averagePlacement: ["8.1"],
};
// Two places stand for all eight: they share one schema.
const scoringFields: [string, Kind][] = [
  ["scoring.first", "number"],
  ["scoring.eighth", "number"],
];

type World = { tournament: Tournament; players: Player[]; lobbies?: Lobby[] };
/** One form: where it posts, who posts it, the valid fields around the hostile one, and the fields to attack. */
type Form = {
  label: string;
  path: (w: World) => string;
  as: "owner" | "master";
  base: (w: World) => Record<string, string>;
  fields: [string, Kind][];
  /** Forms of a tournament page run against both worlds; the rest once. */
  perTournament?: boolean;
};

const tournamentForms = (
  intent: string,
  path: (w: World) => string,
  base: (w: World) => Record<string, string>,
  fields: [string, Kind][],
  as: "owner" | "master" = "owner",
): Form => ({
  label: `${intent} at ${path({ tournament: { id: 0 } as Tournament, players: [] }).replace(/\/0(?=\/|$)/, "/{id}")}`,
  path,
  as,
  base: (w) => ({ intent, ...base(w) }),
  fields: [["intent", "choice"], ...fields],
  perTournament: true,
});

const managePlayers = (w: World) => `/tournaments/${w.tournament.id}/manage-players`;
const checkin = (w: World) => `/tournaments/${w.tournament.id}/checkin`;
const tournamentCheckin = (w: World) => `/tournament-checkin/${w.tournament.id}`;
const scores = (w: World) => `/tournaments/${w.tournament.id}/scores`;
const settings = (w: World) => `/tournaments/${w.tournament.id}/settings`;
const master = (w: World) => `/tournaments/${w.tournament.id}/master-override`;
const playerPage = (w: World) => `/tournaments/${w.tournament.id}/players/${w.players[0]?.id ?? 0}`;
const playerFields: [string, Kind][] = [
  ["name", "text"],
  ["riotTag", "text"],
  ["lp", "number"],
];
const masterPlayerFields: [string, Kind][] = [
  ...playerFields,
  ["seed", "number"],
  ["isCheckedIn", "boolean"],
  ["isEliminated", "boolean"],
  ["totalPoints", "number"],
  ["matchesPlayed", "number"],
  ["averagePlacement", "number"],
];
const tournamentFields: [string, Kind][] = [
  ["name", "text"],
  ["format", "choice"],
  ["lobbyMethod", "choice"],
  ["maxPlayers", "number"],
  ["totalRounds", "number"],
  ["isPublic", "boolean"],
  ...scoringFields,
];
const sub = (w: World) => ({ oldPlayerId: String(w.players[0].id), newPlayerId: String(w.players[1].id) });

const FORMS: Form[] = [
  {
    label: "login at /login",
    path: () => "/login",
    as: "owner",
    base: () => ({}),
    fields: [
      ["username", "text"],
      ["password", "text"],
    ],
  },
  {
    label: "login at /auth",
    path: () => "/auth",
    as: "owner",
    base: () => ({}),
    fields: [
      ["username", "text"],
      ["password", "text"],
    ],
  },
  {
    label: "create at /create-tournament",
    path: () => "/create-tournament",
    as: "owner",
    base: () => ({ name: "Sweep", maxPlayers: "16", totalRounds: "3" }),
    fields: tournamentFields,
  },
  ...["delete", "complete", "start-checkin"].map((intent): Form => ({
    label: `${intent} at /dashboard`,
    path: () => "/dashboard",
    as: "owner",
    base: () => ({ intent }),
    fields: [["tournamentId", "id"]],
  })),
  {
    label: "import at /dashboard",
    path: () => "/dashboard",
    as: "owner",
    base: () => ({}),
    fields: [["intent", "choice"]],
  },
  tournamentForms("update", settings, () => ({ name: "Sweep" }), tournamentFields),
  tournamentForms("add-staff", settings, () => ({ username: "Sweep" }), [["username", "text"]]),
  tournamentForms("remove-staff", settings, () => ({ userId: "1" }), [["userId", "id"]]),
  tournamentForms("add-player", managePlayers, () => ({ name: "Sweep", riotTag: "SW" }), [
    ...playerFields,
    ["manualOverride", "boolean"],
  ]),
  tournamentForms("bulk-add", managePlayers, () => ({ bulk: "Sweep#SW 10" }), [
    ["bulk", "bulk"],
    ["manualOverride", "boolean"],
  ]),
  tournamentForms("delete-player", managePlayers, (w) => ({ playerId: String(w.players[0].id) }), [["playerId", "id"]]),
  tournamentForms("max-players", managePlayers, () => ({ maxPlayers: "32" }), [["maxPlayers", "number"]]),
  tournamentForms("substitute", managePlayers, sub, [
    ["oldPlayerId", "id"],
    ["newPlayerId", "id"],
  ]),
  tournamentForms("eliminate", managePlayers, (w) => ({ playerId: String(w.players[0].id) }), [["playerId", "id"]]),
  tournamentForms("toggle-checkin", checkin, (w) => ({ playerId: String(w.players[0].id), checkedIn: "false" }), [
    ["playerId", "id"],
    ["checkedIn", "boolean"],
  ]),
  tournamentForms("generate-first", checkin, () => ({}), []),
  tournamentForms("lock", tournamentCheckin, () => ({ locked: "true" }), [["locked", "boolean"]]),
  tournamentForms("add-player", tournamentCheckin, () => ({ name: "Sweep", riotTag: "SW" }), playerFields),
  tournamentForms("substitute", tournamentCheckin, sub, [
    ["oldPlayerId", "id"],
    ["newPlayerId", "id"],
  ]),
  tournamentForms(
    "toggle-checkin",
    tournamentCheckin,
    (w) => ({ playerId: String(w.players[0].id), checkedIn: "false" }),
    [
      ["playerId", "id"],
      ["checkedIn", "boolean"],
    ],
  ),
  tournamentForms("generate-first", tournamentCheckin, () => ({}), []),
  tournamentForms(
    "save",
    scores,
    (w) => {
      const lobby = w.lobbies?.[0];
      const entries: Record<string, string> = { lobbyId: String(lobby?.id ?? 1) };
      (lobby?.playerIds ?? [w.players[0].id]).forEach((id, i) => {
        entries[`scores.${i}.playerId`] = String(id);
        entries[`scores.${i}.placement`] = String(i + 1);
      });
      return entries;
    },
    [
      ["lobbyId", "id"],
      ["scores.0.playerId", "id"],
      ["scores.0.placement", "number"],
      ["scores.1.placement", "number"],
    ],
  ),
  ...["generate", "finalize", "undo", "advance"].map((intent) => tournamentForms(intent, scores, () => ({}), [])),
  tournamentForms("cut", scores, (w) => ({ eliminationCount: "8", tiebreakerPlayerIds: String(w.players[0].id) }), [
    ["eliminationCount", "number"],
    ["tiebreakerPlayerIds", "list"],
  ]),
  tournamentForms("drop", playerPage, () => ({ reason: "Sweep" }), [["reason", "text"]]),
  tournamentForms("undo-drop", playerPage, () => ({}), []),
  tournamentForms(
    "updateTournament",
    master,
    () => ({ confirmed: "1", reason: "Sweep", name: "Sweep" }),
    [
      ...tournamentFields,
      ["reason", "text"],
      ["status", "choice"],
      ["currentRound", "number"],
      ["isLocked", "boolean"],
      ["confirmed", "choice"],
    ],
    "master",
  ),
  tournamentForms(
    "updatePlayer",
    master,
    (w) => ({ confirmed: "1", reason: "Sweep", playerId: String(w.players[0].id), name: "Sweep" }),
    [["playerId", "id"], ["reason", "text"], ...masterPlayerFields],
    "master",
  ),
  tournamentForms(
    "deletePlayer",
    master,
    (w) => ({ confirmed: "1", reason: "Sweep", playerId: String(w.players[0].id) }),
    [
      ["playerId", "id"],
      ["reason", "text"],
    ],
    "master",
  ),
  tournamentForms(
    "addPlayer",
    master,
    () => ({ confirmed: "1", reason: "Sweep", name: "Sweep", riotTag: "SW" }),
    [...masterPlayerFields, ["reason", "text"]],
    "master",
  ),
];

/** The base fields with one field made hostile, as form entries. */
function entriesWith(base: Record<string, string>, field: string, bad: Hostile): Entries {
  const rest = Object.entries(base).filter(([k]) => k !== field);
  if (typeof bad === "string") return [...rest, [field, bad]];
  if ("repeat" in bad) return [...rest, [field, bad.repeat[0]], [field, bad.repeat[1]]];
  return [...rest, [`${field}.inner`, bad.nested]];
}

const show = (bad: Hostile) =>
  JSON.stringify(bad, (_k, v) => (typeof v === "string" && v.length > 40 ? `${v.slice(0, 12)}…(${v.length})` : v));

describe.skipIf(skip)(`hostile-input sweep of the page forms${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  const cookies = { owner: "", master: "" };
  let fresh: World;
  let drawn: World;
  const SWEEP_USER = { username: unique("sweep"), password: "password123" };

  async function pageLogin(username: string, password: string) {
    const response = await fetch(`${app.baseURL}/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password }),
      redirect: "manual",
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("tm_session="));
    if (!cookie) throw new Error(`No session for ${username}: ${response.status}`);
    return cookie.split(";")[0];
  }

  /** A form post as a browser without JavaScript sends it: urlencoded, the session cookie, the site's own Origin. */
  function post(path: string, entries: Entries, as: "owner" | "master" | null) {
    return fetch(app.baseURL + path, {
      method: "POST",
      headers: { origin: app.baseURL, ...(as ? { cookie: cookies[as] } : {}) },
      body: new URLSearchParams(entries),
      redirect: "manual",
    });
  }

  beforeAll(async () => {
    app = await startApp();
    const ownerName = unique("owner");
    const token = await app.login(ownerName);
    // An existing account: a hostile password is a refused login, never a new account.
    await app.login(SWEEP_USER.username, SWEEP_USER.password);
    [cookies.owner, cookies.master] = await Promise.all([
      pageLogin(ownerName, "password123"),
      pageLogin(MASTER.username, MASTER.password),
    ]);
    const tournament = await createTournament(app, token, { maxPlayers: 256 });
    fresh = { tournament, players: await addPlayers(app, token, tournament.id, 4) };
    drawn = await drawnTournament(app, token);
  });
  afterAll(async () => {
    await app?.stop();
  });

  // First: the sweep's wrong passwords may leave logins limited for a while.
  test("a hostile redirectTo on the login form or the theme toggle redirects to a local path, never 500", async () => {
    const targets = [
      ...CONTROL.map((c) => `/${c}/evil.example`),
      "/\\evil.example",
      "//evil.example",
      "https://evil.example",
      "/guide\r\nSet-Cookie: x=1",
      MEGABYTE,
    ];
    const wrong: string[] = [];
    for (const redirectTo of targets) {
      for (const [path, entries] of [
        ["/login", { ...SWEEP_USER, redirectTo }],
        ["/auth", { ...SWEEP_USER, redirectTo }],
        ["/theme", { theme: "light", redirectTo }],
        ["/theme", { theme: "\u0000", redirectTo }],
      ] as const) {
        const response = await post(path, Object.entries(entries), path === "/theme" ? "owner" : null);
        const location = response.headers.get("location") ?? "";
        // A megabyte of form is over the page body limit: refused whole (413) before it is read.
        if (redirectTo === MEGABYTE && response.status === 413) {
          await response.body?.cancel();
          continue;
        }
        if (response.status !== 302 || !/^\/(?!\/)/.test(location) || /[\s\\]/.test(location)) {
          wrong.push(`${path} redirectTo=${show(redirectTo)} → ${response.status} ${JSON.stringify(location)}`);
        }
        await response.body?.cancel();
      }
    }
    expect(wrong).toEqual([]);
  });

  // One test per form: each lists every hostile value it did not refuse, and checks the database is as before.
  for (const form of FORMS) {
    test(`${form.label}: control characters, huge numbers, wrong shapes and 1 MB strings answer 4xx and change nothing`, async () => {
      for (const world of form.perTournament ? [fresh, drawn] : [fresh]) {
        const path = form.path(world);
        const login = form.label.startsWith("login");
        const base = login ? { ...SWEEP_USER } : form.base(world);
        const before = await app.snapshot();
        const wrong: string[] = [];
        for (const [field, kind] of form.fields) {
          for (const bad of [...HOSTILE[kind], ...(PAST_BOUND[field] ?? [])]) {
            const response = await post(path, entriesWith(base, field, bad), login ? null : form.as);
            if (response.status < 400 || response.status >= 500) {
              const text = (await response.text()).replace(/\s+/g, " ");
              const where = response.headers.get("location") ?? text.match(/<title>([^<]*)/)?.[1] ?? text.slice(0, 120);
              wrong.push(`${field}=${show(bad)} → ${response.status} ${where}`);
            } else {
              await response.body?.cancel();
            }
          }
        }
        const state = world === drawn ? "round 1 drawn" : "setup";
        expect.soft(wrong, `${path} (${state}): answers other than 4xx`).toEqual([]);
        expect.soft(await app.snapshot(), `${path} (${state}): the database changed after a refusal`).toEqual(before);
      }
    }, 180_000);
  }
});
