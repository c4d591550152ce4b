// Hostile input to the JSON API: control characters, numbers too big for their columns, wrong types and 1 MB strings in every body field, id and query parameter answer 4xx (never 5xx) and change nothing.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MASTER, startApp, unavailableReason, unique, type App, type Reply } from "./support/app";
import { expectRefusal, expectStatus } from "./support/expect";
import {
  addPlayers,
  createTournament,
  drawnTournament,
  expectOk,
  placements,
  type Lobby,
  type Player,
  type Tournament,
} from "./support/fixtures";
import type { OpenApiDocument, Schema } from "./support/openapi-document";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

type Operation = { method: string; path: string; body: string | null; query: string[] };

/** Control characters PostgreSQL refuses (NUL) or that no one-line text should hold. */
const CONTROL = ["a\u0000b", "\u0000", "a\r\nb", "line\n", "\rx", "a\tb", "\u0001", "a\u001bb", "a\u007fb", "a\u0085b"];
/** 1 MB: above the API's body limit, refused before parsing. */
const MEGABYTE = "x".repeat(1_000_000);
/** 100,000 NULs are 600 KB of JSON escapes: under the body limit, so the schema itself must refuse them. */
const NUL_FLOOD = "\u0000".repeat(100_000);
/** Numbers no column takes: beyond 32 bits, beyond any bound, negative, and a double's largest. */
const HUGE = [1e308, -1e308, 1.7976931348623157e308, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 1, -1];
const CONTROL_MESSAGE = /must not contain control characters/;

/** Hostile values for a field of this schema; none of them is valid there. */
function hostileValues(schema: Schema, resolve: (s: Schema) => Schema): unknown[] {
  const types = new Set<string>();
  const add = (s: Schema) =>
    Array.isArray(s.type) ? s.type.forEach((t) => types.add(t)) : s.type && types.add(s.type);
  add(schema);
  schema.anyOf?.forEach(add);
  const plain = schema.anyOf?.find((s) => s.type !== "null") ?? schema;
  const out: unknown[] = [];
  if (!types.has("null")) out.push(null);
  if (types.has("string")) out.push(...CONTROL, MEGABYTE, NUL_FLOOD, 42, 1e308, true, [], ["a"], {}, { a: "b" });
  if (types.has("integer") || types.has("number")) {
    out.push(...HUGE, "abc", "1e308", "Infinity", "NaN", "9".repeat(400), "\u00001", [], [1], {}, { n: 1 }, true);
    // A bound below 32 bits (scoring, stats) is tested just above it too.
    if (plain.maximum !== undefined && plain.maximum < 2147483647) out.push(plain.maximum + 1, 2147483647);
    if (types.has("integer")) out.push(1.5);
  }
  // An empty list counts as "not given" for a boolean (a form's unchecked box), so none is sent here.
  if (types.has("boolean")) out.push("\u0000", "maybe", 2, 1e308, {}, [{}]);
  if (types.has("array")) {
    out.push("x", 5, {}, [null], [[]], [MEGABYTE]);
    const items = plain.items ? resolve(plain.items) : undefined;
    if (items?.type === "integer") out.push(...HUGE.map((n) => [n]), ["\u0000"], ["\u00001"]);
  }
  // A list of 8 numbers is a valid scoring table: lists here hold a hostile number or string.
  if (types.has("object"))
    out.push(
      "x",
      5,
      true,
      {},
      [1e308, 0, 0, 0, 0, 0, 0, 0],
      [2147483648, 0, 0, 0, 0, 0, 0, 0],
      ["\u0000", 0, 0, 0, 0, 0, 0, 0],
    );
  return out;
}

describe.skipIf(skip)(`hostile-input sweep of the API${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let master: string;
  let doc: OpenApiDocument;
  let operations: Operation[];
  /** A tournament in setup with a few players: names, settings and stats are still editable. */
  let fresh: { tournament: Tournament; players: Player[] };
  /** Round 1 drawn: lobbies, scores, cuts and substitutions have something to act on. */
  let drawn: { tournament: Tournament; players: Player[]; lobbies: Lobby[] };
  let excelData: string;
  const SWEEP_USER = { username: "sweep_user", password: "password123" };

  /** Each world's webhook endpoint, by tournament id. */
  const webhookIds = new Map<number, number>();

  beforeAll(async () => {
    app = await startApp();
    [owner, master] = await Promise.all([app.login(unique("owner")), app.login(MASTER.username, MASTER.password)]);
    // An existing account, so a hostile password is a refused login and never creates one.
    await app.login(SWEEP_USER.username, SWEEP_USER.password);
    const tournament = await createTournament(app, owner, { maxPlayers: 256 });
    fresh = { tournament, players: await addPlayers(app, owner, tournament.id, 4) };
    drawn = await drawnTournament(app, owner);
    excelData = expectOk(await app.call("GET", `/api/tournaments/${drawn.tournament.id}/export`), "export").excelData;
    for (const world of [fresh, drawn]) {
      const hook = expectOk(
        await app.call("POST", `/api/tournaments/${world.tournament.id}/webhooks`, {
          token: owner,
          body: { url: "https://hooks.example.com/sweep", events: ["score.saved"] },
        }),
        "add webhook",
      );
      webhookIds.set(world.tournament.id, hook.id);
    }
    doc = expectOk(await app.call("GET", "/api/openapi.json"), "openapi.json");
    operations = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const ref: string | undefined = op.requestBody?.content?.["application/json"]?.schema?.$ref;
        operations.push({
          method: method.toUpperCase(),
          path,
          body: ref ? ref.split("/").pop()! : null,
          query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        });
      }
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  const resolve = (s: Schema): Schema => (s.$ref ? doc.components.schemas[s.$ref.split("/").pop()!] : s);

  /** A body the schema accepts, for putting one hostile value into. */
  function validBody(name: string, world: typeof fresh | typeof drawn): Record<string, unknown> {
    const [a, b] = world.players;
    const lobby = "lobbies" in world ? world.lobbies[0] : undefined;
    const bodies: Record<string, Record<string, unknown>> = {
      LoginBody: { ...SWEEP_USER },
      TournamentCreate: { name: "Sweep", maxPlayers: 16, totalRounds: 3 },
      TournamentUpdate: { name: "Sweep" },
      PlayerCreate: { name: "Sweep", riotTag: "SW" },
      PlayerUpdate: { name: "Sweep" },
      BulkPlayers: { players: [{ name: "Sweep", riotTag: "SW", lp: 1 }] },
      Checkin: { checkedIn: false },
      Drop: { reason: "Sweep" },
      Lock: { locked: false },
      Substitute: { oldPlayerId: a.id, newPlayerId: b.id },
      Advance: { eliminationCount: 0, tiebreakerPlayerIds: [a.id] },
      Generate: { roundNumber: 1 },
      Scores: { scores: lobby ? placements(lobby) : [{ playerId: a.id, placement: 1 }] },
      Import: { excelData },
      SelfCheckin: { playerId: a.id, code: "ABCDEF" },
      StaffAdd: { username: SWEEP_USER.username },
      WebhookCreate: { url: "https://hooks.example.com/sweep", events: ["score.saved"] },
      WebhookUpdate: { events: ["score.saved"] },
      SignUp: { name: "Sweep Joiner", riotTag: "SW" },
      SignupSettingsInput: { waitlistCap: 10 },
      RegistrationDecision: { entryId: 1, decision: "approve" },
      ClearWaitlist: {},
      RemoveAddressSignups: { address: "192.0.2.1" },
      PassCheckin: { action: "checkin" },
      LobbyPassword: { password: "sweep" },
      PlayerReport: { lobbyId: lobby?.id ?? 1, placement: 1 },
    };
    const body = bodies[name];
    if (!body) throw new Error(`No valid ${name} body in the hostile sweep: add one`);
    return body;
  }

  /** The operation's path in one of the two worlds (lobby paths exist only in the drawn one). */
  function concretePath(path: string, world: typeof fresh | typeof drawn, override: Record<string, string> = {}) {
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (override[name] !== undefined) return override[name];
      if (name === "round") return "1";
      if (path.startsWith("/api/players/")) return String(world.players[0].id);
      if (path.startsWith("/api/lobbies/")) return String(drawn.lobbies[0].id);
      if (path.startsWith("/api/webhooks/")) return String(webhookIds.get(world.tournament.id));
      return String(world.tournament.id);
    });
  }

  /** Every body as [field label, body]: one hostile value per body, at the top level or inside a list item or the scoring table. */
  function hostileBodies(op: Operation, world: typeof fresh | typeof drawn): [string, Record<string, unknown>][] {
    const schema = resolve(doc.components.schemas[op.body!]);
    const base = validBody(op.body!, world);
    const out: [string, Record<string, unknown>][] = [];
    for (const [field, raw] of Object.entries(schema.properties ?? {})) {
      const fieldSchema = resolve(raw);
      for (const bad of hostileValues(fieldSchema, resolve)) out.push([field, { ...base, [field]: bad }]);
      // Fields inside list items (players[].name, scores[].placement) and the scoring table (scoring.first).
      const plain = fieldSchema.anyOf?.find((s) => resolve(s).type !== "null") ?? fieldSchema;
      const items = plain.items ? resolve(plain.items) : undefined;
      const sample = Array.isArray(base[field]) ? (base[field] as Record<string, unknown>[])[0] : undefined;
      if (items?.properties && sample && typeof sample === "object") {
        for (const [inner, innerSchema] of Object.entries(items.properties)) {
          for (const bad of hostileValues(resolve(innerSchema), resolve)) {
            out.push([
              `${field}[].${inner}`,
              { ...base, [field]: [{ ...sample, [inner]: bad }, ...(base[field] as unknown[]).slice(1)] },
            ]);
          }
        }
      }
      const table = resolve(plain.anyOf?.find((s) => resolve(s).properties) ?? plain);
      if (table.properties && !items) {
        const valid = Object.fromEntries(Object.keys(table.properties).map((k, i) => [k, 8 - i]));
        for (const [inner, innerSchema] of Object.entries(table.properties)) {
          for (const bad of hostileValues(resolve(innerSchema), resolve))
            out.push([`${field}.${inner}`, { ...base, [field]: { ...valid, [inner]: bad } }]);
        }
      }
    }
    return out;
  }

  /** Runs the calls, then checks none answered 5xx or anything but a refusal, and the database is as before. */
  async function sweep(
    label: string,
    calls: (() => Promise<[string, Reply]>)[],
    expected: (reply: Reply, what: string) => string | null,
  ) {
    const before = await app.snapshot();
    const wrong: string[] = [];
    for (const call of calls) {
      const [what, reply] = await call();
      const problem = reply.status >= 500 ? "a server error" : expected(reply, what);
      if (problem) wrong.push(`${what} → ${reply.status} ${reply.text.slice(0, 160)} (${problem})`);
    }
    // Soft: one run lists every operation that misbehaves, not just the first.
    expect.soft(wrong, `${label}: unexpected answers`).toEqual([]);
    expect.soft(await app.snapshot(), `${label}: the database changed after a refusal`).toEqual(before);
  }

  const refused = (reply: Reply) => (reply.status >= 400 && reply.status < 500 ? null : "expected a 4xx refusal");
  const show = (value: unknown) =>
    JSON.stringify(value, (_k, v) => (typeof v === "string" && v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v));

  test("the sweep reads its operations from the served document", () => {
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(10);
    expect(operations.filter((o) => o.query.length > 0).length).toBeGreaterThan(1);
  });

  // As the master: every permission check passes, so a hostile value goes as deep as any caller's can.
  test("every body field refuses control characters, huge numbers, wrong types and 1 MB strings with a 4xx", async () => {
    for (const op of operations.filter((o) => o.body)) {
      const worlds = op.path.includes("{") ? [fresh, drawn] : [fresh];
      for (const world of worlds) {
        const calls = hostileBodies(op, world).map(([field, body]) => async (): Promise<[string, Reply]> => {
          const path = concretePath(op.path, world);
          return [
            `${op.method} ${path} ${field}=${show(body[field.split(/[.[]/)[0]])}`,
            await app.call(op.method, path, { token: master, body }),
          ];
        });
        await sweep(`${op.method} ${op.path} (${world === fresh ? "setup" : "round 1 drawn"})`, calls, refused);
      }
    }
  });

  test("a control character in any text field answers 400 naming the field", async () => {
    const textFields: [string, string, string, Record<string, unknown>][] = [
      ["POST", "/api/auth/login", "username", { ...SWEEP_USER }],
      ["POST", "/api/tournaments", "name", { name: "Sweep", maxPlayers: 16, totalRounds: 3 }],
      ["PATCH", `/api/tournaments/${fresh.tournament.id}`, "name", {}],
      ["POST", `/api/tournaments/${fresh.tournament.id}/players`, "name", { name: "Sweep", riotTag: "SW" }],
      ["POST", `/api/tournaments/${fresh.tournament.id}/players`, "riotTag", { name: "Sweep", riotTag: "SW" }],
      ["PATCH", `/api/players/${fresh.players[0].id}`, "name", {}],
      ["PATCH", `/api/players/${fresh.players[0].id}`, "riotTag", {}],
    ];
    const calls: (() => Promise<[string, Reply]>)[] = [];
    for (const [method, path, field, base] of textFields) {
      for (const value of CONTROL) {
        calls.push(async () => [
          `${method} ${path} ${field}=${show(value)}`,
          await app.call(method, path, { token: owner, body: { ...base, [field]: value } }),
        ]);
      }
    }
    for (const value of CONTROL) {
      for (const field of ["name", "riotTag"]) {
        const players = [
          { name: "Fine", riotTag: "OK" },
          { name: "Sweep", riotTag: "SW", [field]: value },
        ];
        const path = `/api/tournaments/${fresh.tournament.id}/players/bulk`;
        calls.push(async () => [
          `POST ${path} players[1].${field}=${show(value)}`,
          await app.call("POST", path, { token: owner, body: { players } }),
        ]);
      }
    }
    await sweep("control characters", calls, (reply) =>
      reply.status === 400 && CONTROL_MESSAGE.test(reply.body?.message)
        ? null
        : "expected 400 with the control-character message",
    );
  });

  test("a spreadsheet whose player name holds a line break or tab is refused like the forms and the API", async () => {
    for (const [name, tag] of [
      ["Ann\nBell", "EUW"],
      ["Bob", "EU\tW"],
    ]) {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet("Players");
      sheet.addRow(["Name", "Riot Tag", "LP"]);
      sheet.addRow(["Fine", "OK", 10]);
      sheet.addRow([name, tag, 20]);
      const data = Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
      const before = await app.snapshot();
      expectRefusal(
        await app.call("POST", "/api/tournaments/import", { token: owner, body: { excelData: data } }),
        400,
      );
      expect(await app.snapshot(), "a refused import creates nothing").toEqual(before);
    }
  });

  test("control characters and huge numbers in path ids answer 4xx; in query parameters never 5xx", async () => {
    const ids = ["%00", "1%00", "%0D%0A1", "1%0A", "%09", "2147483648", "1e308", "-1"];
    for (const op of operations) {
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const body = op.body ? validBody(op.body, drawn) : undefined;
      const idCalls: (() => Promise<[string, Reply]>)[] = [];
      for (const param of params) {
        for (const value of ids) {
          const path = concretePath(op.path, drawn, { [param]: value });
          idCalls.push(async () => [`${op.method} ${path}`, await app.call(op.method, path, { token: master, body })]);
        }
      }
      await sweep(`${op.method} ${op.path} ids`, idCalls, refused);
      // A stream stays open on a valid id; endpoints.test.ts covers its refusals.
      if (op.path === "/api/events") continue;
      const queryCalls: (() => Promise<[string, Reply]>)[] = [];
      for (const name of op.query) {
        for (const value of ["%00", "1%00", "%0A", "2147483648", "1e308", "9".repeat(400)]) {
          const path = `${concretePath(op.path, drawn)}?${name}=${value}`;
          queryCalls.push(async () => [
            `${op.method} ${path.slice(0, 120)}`,
            await app.call(op.method, path, { token: master }),
          ]);
        }
      }
      // Query parameters belong to reads: a read may ignore one it does not need, but never fails on it.
      await sweep(`${op.method} ${op.path} query`, queryCalls, () => null);
    }
  });

  test("a scoring value of 1.7e308 is refused, so no total can become Infinity (JSON null)", async () => {
    const huge = { first: 1.7e308, second: 1.7e308, third: 0, fourth: 0, fifth: 0, sixth: 0, seventh: 0, eighth: 0 };
    const before = await app.snapshot();
    expectRefusal(
      await app.call("POST", "/api/tournaments", {
        token: owner,
        body: { name: "Overflow", maxPlayers: 16, totalRounds: 3, scoring: huge },
      }),
      400,
      "Each scoring value must be at most 1,000,000",
    );
    expectRefusal(
      await app.call("PATCH", `/api/tournaments/${drawn.tournament.id}`, { token: owner, body: { scoring: huge } }),
      400,
      "Each scoring value must be at most 1,000,000",
    );
    expect(await app.snapshot()).toEqual(before);
  });

  test("a master's stats are bounded, so saving the lobby afterwards still works", async () => {
    const { players, lobbies } = await drawnTournament(app, owner);
    const lobby = lobbies[0];
    const player = players.find((p) => p.id === lobby.playerIds[0])!;
    const before = await app.snapshot();
    for (const [body, message] of [
      [{ matchesPlayed: 2147483647 }, "Matches played must be at most 10,000"],
      [{ matchesPlayed: 10_001 }, "Matches played must be at most 10,000"],
      [{ totalPoints: 1.7e308 }, "Total points must be at most 10,000,000"],
    ] as const) {
      expectRefusal(await app.call("PATCH", `/api/players/${player.id}`, { token: master, body }), 400, message);
    }
    expect(await app.snapshot(), "a refused adjustment changes nothing").toEqual(before);

    // At the bounds, later score saves still fit their columns and stay finite.
    const edited = await app.call("PATCH", `/api/players/${player.id}`, {
      token: master,
      body: { matchesPlayed: 10_000, totalPoints: 10_000_000 },
    });
    expectStatus(edited, 200);
    expectStatus(
      await app.call("POST", `/api/lobbies/${lobby.id}/matches`, { token: owner, body: { scores: placements(lobby) } }),
      200,
    );
    const after = expectOk(await app.call("GET", `/api/players/${player.id}`), "read player");
    expect(after.matchesPlayed).toBe(10_001);
    expect(Number.isFinite(after.totalPoints), `totalPoints ${after.totalPoints}`).toBe(true);
  });
});
