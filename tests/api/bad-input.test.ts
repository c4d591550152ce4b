// The bad-input sweep: every operation of the OpenAPI document with wrong types, missing fields, huge strings, bad ids and malformed JSON answers 4xx (never 5xx) and changes nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MASTER, startApp, unavailableReason, unique, type App, type Reply } from "./support/app";
import { drawnTournament, expectOk, placements, type Lobby, type Player, type Tournament } from "./support/fixtures";
import type { OpenApiDocument, Schema } from "./support/openapi-document";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

type Operation = {
  method: string;
  path: string;
  body: string | null;
  /** Query parameters by name; free text (a username) has no malformed form but control characters and length. */
  query: { name: string; freeText: boolean }[];
  auth: boolean;
};

const HUGE = "x".repeat(100_000);
const MALFORMED_JSON = ["{", '{"name": ', "nul", "{'single': 'quotes'}", "[1, 2]", '"text"', "42", "null", "true"];
const BAD_IDS = ["0", "-1", "abc", "1.5", "1e3", "0x10", "99999999999", "%20", "1%2F2"];
const BAD_QUERY = ["abc", "-1", "1.5", "1e3"];
const BAD_TEXT_QUERY = ["a\u0001b", "x".repeat(1_000)];

/** Values the field's schema must refuse; each one alone makes the body invalid. */
function badValues(schema: Schema): unknown[] {
  const types = new Set<string>();
  const add = (s: Schema) => {
    if (Array.isArray(s.type)) s.type.forEach((t) => types.add(t));
    else if (s.type) types.add(s.type);
  };
  add(schema);
  schema.anyOf?.forEach(add);
  const plain = schema.anyOf?.find((s) => s.type !== "null") ?? schema;
  const nullable = types.has("null");
  const out: unknown[] = [];
  if (!nullable) out.push(null);
  if (plain.enum) return [...out, "not-an-option", 5, HUGE];
  if (types.has("string")) out.push(123, true, {}, [], HUGE);
  if (types.has("integer") || types.has("number")) {
    out.push("abc", true, {}, [1]);
    if (types.has("integer")) out.push(1.5);
    if (plain.minimum !== undefined && plain.minimum > -5) out.push(-5);
    if (plain.maximum !== undefined && plain.maximum < 1e12) out.push(1e12);
  }
  // An empty list counts as "not given" for a boolean (a form's unchecked box), so it is not sent here.
  if (types.has("boolean")) out.push("maybe", 2, {});
  if (types.has("array")) out.push("x", {}, [null], [HUGE]);
  // A list of 8 numbers is a valid scoring table, so objects only get non-lists.
  if (types.has("object")) out.push("x", 5, true, {});
  return out;
}

describe.skipIf(skip)(`bad-input sweep${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let master: string;
  let doc: OpenApiDocument;
  let operations: Operation[];
  let tournament: Tournament;
  let players: Player[];
  let lobbies: Lobby[];
  let excelData: string;
  let webhookId: number;

  beforeAll(async () => {
    app = await startApp();
    [owner, master] = await Promise.all([app.login(unique("owner")), app.login(MASTER.username, MASTER.password)]);
    ({ tournament, players, lobbies } = await drawnTournament(app, owner));
    excelData = expectOk(await app.call("GET", `/api/tournaments/${tournament.id}/export`), "export").excelData;
    webhookId = expectOk(
      await app.call("POST", `/api/tournaments/${tournament.id}/webhooks`, {
        token: owner,
        body: { url: "https://hooks.example.com/sweep", events: ["score.saved"] },
      }),
      "add webhook",
    ).id;
    doc = expectOk(await app.call("GET", "/api/openapi.json"), "openapi.json");
    operations = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const ref: string | undefined = op.requestBody?.content?.["application/json"]?.schema?.$ref;
        operations.push({
          method: method.toUpperCase(),
          path,
          body: ref ? ref.split("/").pop()! : null,
          query: (op.parameters ?? [])
            .filter((p) => p.in === "query")
            .map((p) => ({
              name: p.name,
              freeText: p.schema?.type === "string" && !p.schema.enum && !p.schema.pattern,
            })),
          auth: op.security.length > 0,
        });
      }
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  const resolve = (s: Schema): Schema => (s.$ref ? doc.components.schemas[s.$ref.split("/").pop()!] : s);

  /** A body the schema accepts, for putting one bad value into. */
  function validBody(name: string): Record<string, unknown> {
    const bodies: Record<string, Record<string, unknown>> = {
      LoginBody: { username: "sweep_user", password: "password123" },
      TournamentCreate: { name: "Sweep", maxPlayers: 16, totalRounds: 3 },
      TournamentUpdate: { name: "Sweep" },
      PlayerCreate: { name: "Sweep", riotTag: "SW" },
      PlayerUpdate: { name: "Sweep" },
      BulkPlayers: { players: [{ name: "Sweep", riotTag: "SW", lp: 1 }] },
      Checkin: { checkedIn: false },
      Drop: { reason: "Sweep" },
      Lock: { locked: false },
      Substitute: { oldPlayerId: players[0].id, newPlayerId: players[1].id },
      Advance: { eliminationCount: 0, tiebreakerPlayerIds: [players[0].id] },
      Generate: { roundNumber: 1 },
      Scores: { scores: placements(lobbies[0]) },
      Import: { excelData },
      SelfCheckin: { playerId: players[0].id, code: "ABCDEF" },
      StaffAdd: { username: "sweep_user" },
      WebhookCreate: { url: "https://hooks.example.com/sweep", events: ["score.saved"] },
      WebhookUpdate: { events: ["score.saved"] },
      SignUp: { name: "Sweep Joiner", riotTag: "SW" },
      SignupSettingsInput: { waitlistCap: 10 },
      RegistrationDecision: { entryId: 1, decision: "approve" },
      ClearWaitlist: {},
      RemoveAddressSignups: { address: "192.0.2.1" },
      PassCheckin: { action: "checkin" },
      LobbyPassword: { password: "sweep" },
      PlayerReport: { lobbyId: lobbies[0].id, placement: 1 },
    };
    const body = bodies[name];
    if (!body) throw new Error(`No valid ${name} body in the sweep: add one`);
    return body;
  }

  function concretePath(path: string, override: Record<string, string> = {}) {
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (override[name] !== undefined) return override[name];
      if (name === "round") return "1";
      if (path.startsWith("/api/players/")) return String(players[0].id);
      if (path.startsWith("/api/lobbies/")) return String(lobbies[0].id);
      if (path.startsWith("/api/webhooks/")) return String(webhookId);
      return String(tournament.id);
    });
  }

  /** Runs the calls, then checks each answered 4xx and the database is as before. */
  async function sweep(
    label: string,
    calls: (() => Promise<[string, Reply]>)[],
    expected: (status: number) => boolean,
  ) {
    const before = await app.snapshot();
    const wrong: string[] = [];
    for (const call of calls) {
      const [what, reply] = await call();
      if (!expected(reply.status) || reply.status >= 500)
        wrong.push(`${what} → ${reply.status} ${reply.text.slice(0, 160)}`);
    }
    expect(wrong, `${label}: unexpected answers`).toEqual([]);
    expect(await app.snapshot(), `${label}: the database changed`).toEqual(before);
  }

  const is400 = (s: number) => s === 400;
  const is4xx = (s: number) => s >= 400 && s < 500;

  test("the sweep reads its operations from the served document", () => {
    // openapi.test.ts proves the document lists every /api route; here it only must have been read.
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(10);
  });

  test("wrong types, nulls and huge strings in every body field answer 400 (as owner and as master)", async () => {
    for (const op of operations.filter((o) => o.body)) {
      const schema = resolve(doc.components.schemas[op.body!]);
      const base = validBody(op.body!);
      const calls: (() => Promise<[string, Reply]>)[] = [];
      for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
        const values = badValues(resolve(fieldSchema)).map((bad) => ({ ...base, [field]: bad }));
        // Lists of objects: each item field gets the same treatment inside one valid item.
        const items = resolve(fieldSchema).items ? resolve(resolve(fieldSchema).items!) : undefined;
        const sample = Array.isArray(base[field]) ? (base[field] as Record<string, unknown>[])[0] : undefined;
        if (items?.properties && sample && typeof sample === "object") {
          for (const [inner, innerSchema] of Object.entries(items.properties)) {
            for (const bad of badValues(resolve(innerSchema)))
              values.push({ ...base, [field]: [{ ...sample, [inner]: bad }] });
          }
        }
        for (const body of values) {
          for (const token of [owner, master]) {
            calls.push(async () => [
              `${op.method} ${op.path} ${JSON.stringify(body).slice(0, 120)}`,
              await app.call(op.method, concretePath(op.path), { token, body }),
            ]);
          }
        }
      }
      await sweep(`${op.method} ${op.path}`, calls, is400);
    }
  });

  test("numbers and booleans sent as JSON strings are wrong types: 400, nothing changed (a form's strings are read as them)", async () => {
    const create = { name: "Typed Cup", maxPlayers: 16, totalRounds: 3, isPublic: true };
    const wrongTypes = [
      { ...create, maxPlayers: "16" },
      { ...create, totalRounds: "3" },
      { ...create, isPublic: "true" },
      { ...create, scoring: { first: "8" } },
    ];
    await sweep(
      "POST /api/tournaments",
      wrongTypes.map((body) => async () => [
        `POST /api/tournaments ${JSON.stringify(body)}`,
        await app.call("POST", "/api/tournaments", { token: owner, body }),
      ]),
      is400,
    );
    await sweep(
      "PATCH /api/players/{id}",
      [{ lp: "100" }, { name: "Typed", lp: "1e2" }].map((body) => async () => [
        `PATCH /api/players/{id} ${JSON.stringify(body)}`,
        await app.call("PATCH", `/api/players/${players[0].id}`, { token: owner, body }),
      ]),
      is400,
    );
    expectOk(await app.call("POST", "/api/tournaments", { token: owner, body: create }), "the same body, typed");
  });

  test("bodies missing required fields answer 400", async () => {
    for (const op of operations.filter((o) => o.body)) {
      const schema = resolve(doc.components.schemas[op.body!]);
      if (!schema.required?.length) continue;
      const base = validBody(op.body!);
      const bodies = [
        {},
        ...schema.required.map((field) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== field))),
      ];
      await sweep(
        `${op.method} ${op.path}`,
        bodies.map((body) => async () => [
          `${op.method} ${op.path} ${JSON.stringify(body).slice(0, 120)}`,
          await app.call(op.method, concretePath(op.path), { token: owner, body }),
        ]),
        is400,
      );
    }
  });

  test("malformed JSON and non-object bodies answer 400 on every call that takes a body", async () => {
    for (const op of operations.filter((o) => o.method !== "GET")) {
      await sweep(
        `${op.method} ${op.path}`,
        MALFORMED_JSON.map((raw) => async () => [
          `${op.method} ${op.path} ${raw}`,
          await app.call(op.method, concretePath(op.path), { token: owner, raw }),
        ]),
        // Registration is refused (403) whatever it is sent.
        op.path === "/api/auth/register" ? (s) => s === 403 : is400,
      );
    }
  });

  test("bodies above the size limit answer 413", async () => {
    // 2 MB passes the declared-length check and is refused once read; the import takes up to 14 MB.
    const body = (size: number) => JSON.stringify({ name: "y".repeat(size) });
    for (const op of operations.filter((o) => o.method !== "GET" && o.auth)) {
      const raw = op.path === "/api/tournaments/import" ? body(15_000_000) : body(2_000_000);
      await sweep(
        `${op.method} ${op.path}`,
        [
          async () => [
            `${op.method} ${op.path} ${raw.length} characters`,
            await app.call(op.method, concretePath(op.path), { token: owner, raw }),
          ],
        ],
        (s) => s === 413,
      );
    }
  });

  test("negative, non-numeric and out-of-range ids answer 400; an unknown id answers 4xx", async () => {
    for (const op of operations.filter((o) => o.path.includes("{"))) {
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const body = op.body ? validBody(op.body) : undefined;
      const call = (value: string, param: string) => async (): Promise<[string, Reply]> => {
        const path = concretePath(op.path, { [param]: value });
        return [`${op.method} ${path}`, await app.call(op.method, path, { token: owner, body })];
      };
      for (const param of params) {
        await sweep(
          `${op.method} ${op.path} bad ${param}`,
          BAD_IDS.map((v) => call(v, param)),
          is400,
        );
        // A round without lobbies is a valid, empty round to read.
        const readsRound = op.method === "GET" && param === "round";
        await sweep(
          `${op.method} ${op.path} unknown ${param}`,
          [call("2147483647", param)],
          readsRound ? (s) => s === 200 : is4xx,
        );
      }
    }
  });

  test("malformed query parameters answer 400", async () => {
    for (const op of operations.filter((o) => o.query.length > 0)) {
      for (const { name, freeText } of op.query) {
        await sweep(
          `${op.method} ${op.path}?${name}`,
          (freeText ? BAD_TEXT_QUERY : BAD_QUERY).map((v) => async () => {
            const path = `${concretePath(op.path)}?${name}=${encodeURIComponent(v)}`;
            return [`${op.method} ${path}`, await app.call(op.method, path, { token: owner })];
          }),
          is400,
        );
      }
    }
  });

  test("every API route answers a wrong method with 405 and unknown paths with 404, never 5xx", async () => {
    const calls: (() => Promise<[string, Reply]>)[] = [];
    for (const path of Object.keys(doc.paths)) {
      const documented = new Set(Object.keys(doc.paths[path]).map((m) => m.toUpperCase()));
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (documented.has(method)) continue;
        calls.push(async () => [
          `${method} ${path}`,
          await app.call(method, concretePath(path), { token: owner, body: {} }),
        ]);
      }
    }
    await sweep("wrong methods", calls, (s) => s === 405);
    await sweep(
      "unknown paths",
      ["/api/nope", "/api/tournaments/1/nope", "/api/players/1/nope/deeper"].map((path) => async () => [
        path,
        await app.call("POST", path, { token: owner, body: {} }),
      ]),
      (s) => s === 404,
    );
  });
});
