// Idempotency-Key over HTTP on PostgreSQL (docs/decisions/018-idempotency-keys.md): a save sent again with its key is
// replayed, not made twice, even when both arrive at once; another body under the key is 422, a malformed key 400;
// the OpenAPI document lists the header on every signed-in write. The rules on both databases: tests/integration.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { expectStatus } from "./support/expect";
import type { OpenApiDocument } from "./support/openapi-document";
import { lobbiesToSave, saveBody } from "./support/save-burst";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

describe.skipIf(skip)(`Idempotency-Key over HTTP${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await app.login(unique("host"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("a save sent again with its key answers the first answer and is stored once; another body is 422", async () => {
    const [lobby] = await lobbiesToSave(app.call.bind(app), app.sql, owner, 1);
    const key = randomUUID();
    const send = (index: number, idempotencyKey = key) =>
      app.call("POST", `/api/lobbies/${lobby.id}/matches`, {
        token: owner,
        body: saveBody(lobby, index),
        headers: { "Idempotency-Key": idempotencyKey },
      });

    // Sent twice at the same moment (a retry racing a slow first reply): one change.
    const [first, racing] = await Promise.all([send(0), send(0)]);
    expectStatus(first, 200);
    expectStatus(racing, 200);
    expect(racing.body).toEqual(first.body);
    const replayed = await send(0);
    expectStatus(replayed, 200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body).toEqual(first.body);
    const [{ saves }] = await app.sql<{ saves: number }[]>`
      select count(*)::int as saves from audit_entries where action = 'scores.saved' and summary like ${`${lobby.name} %`}
        and tournament_id = ${lobby.tournamentId}`;
    expect(saves).toBe(1);

    const other = await send(1);
    expectStatus(other, 422);
    expect(other.body).toEqual({
      message: "This Idempotency-Key was already used for a different request",
      code: "idempotency_key_reused",
    });
    // Without a key, or with a new one, the edit is made.
    expectStatus(await send(1, randomUUID()), 200);
  });

  test("a malformed key is 400 and changes nothing", async () => {
    const before = await app.snapshot();
    for (const bad of ["x".repeat(256), "has space", "tab\there"]) {
      const reply = await app.call("POST", "/api/tournaments", {
        token: owner,
        body: { name: "Never Made", maxPlayers: 16, totalRounds: 2 },
        headers: { "Idempotency-Key": bad },
      });
      expectStatus(reply, 400);
      expect(reply.body).toMatchObject({ code: "invalid_idempotency_key" });
    }
    expect(await app.snapshot()).toEqual(before);
  });

  test("the OpenAPI document names the header and the 422 on every signed-in write", async () => {
    const doc = (await app.call("GET", "/api/openapi.json")).body as OpenApiDocument & {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: object }>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => method !== "get")
        .map(([method, op]) => ({ path, method, op })),
    );
    const keyed = writes.filter(({ op }) =>
      op.parameters?.some((p) => p.name === "Idempotency-Key" && p.in === "header"),
    );
    expect(keyed.map((w) => `${w.method} ${w.path}`)).toContain("post /api/lobbies/{id}/matches");
    expect(keyed.length).toBeGreaterThan(20);
    for (const { op } of keyed) expect(op.responses).toHaveProperty("422");
    // The sign-in calls take no key: they are not signed-in writes.
    expect(keyed.map((w) => w.path)).not.toContain("/api/auth/login");
  });
});
