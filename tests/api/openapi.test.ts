// The OpenAPI document: valid OpenAPI 3.1, listing every /api route of app/routes.ts, built from the routes' zod schemas; and the docs page that shows it.
import SwaggerParser from "@apidevtools/swagger-parser";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routes from "~/routes";
import { staffAddSchema } from "~/models/access/account-input";
import { bulkPlayersSchema, checkinSchema, playerCreateSchema, playerUpdateSchema } from "~/models/roster/player-input";
import { advanceSchema, generateSchema, lockSchema, scoresSchema } from "~/models/rounds/round-input";
import { tournamentCreateSchema, tournamentUpdateSchema } from "~/models/tournaments/tournament-input";
import { spreadsheetImportSchema } from "~/models/tournaments/spreadsheet.server";
import { TEST_EVENT, WEBHOOK_EVENT_NAMES } from "~/models/audit/webhooks";
import { startApp, unavailableReason, type App } from "./support/app";
import { expectStatus } from "./support/expect";
import type { OpenApiDocument, OpenApiOperation } from "./support/openapi-document";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

/** Every path of the route table under /api, in OpenAPI form (`:id` → `{id}`), without the JSON 404 catch-all. */
function apiRoutes(): string[] {
  const out: string[] = [];
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.path ? [prefix, entry.path].filter(Boolean).join("/") : prefix;
      if (entry.path !== undefined && path.startsWith("api/") && !path.endsWith("*")) out.push(path);
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(routes, "");
  return out.map((p) => "/" + p.replace(/:(\w+)\??/g, "{$1}"));
}

describe.skipIf(skip)(`OpenAPI document and docs page${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    app = await startApp();
    doc = (await app.call("GET", "/api/openapi.json")).body;
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("GET /api/openapi.json is a valid OpenAPI 3.1 document (@apidevtools/swagger-parser)", async () => {
    const reply = await app.call("GET", "/api/openapi.json");
    expectStatus(reply, 200);
    expect(reply.headers.get("content-type")).toContain("application/json");
    expect(reply.body.openapi).toBe("3.1.0");
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(reply.body))).resolves.toBeTruthy();
  });

  test("it lists every route the app serves under /api, and nothing else", () => {
    const served = apiRoutes();
    expect(served.length).toBeGreaterThan(30);
    const documented = Object.keys(doc.paths);
    expect(
      served.filter((p) => !documented.includes(p)),
      "routes of app/routes.ts missing from the document",
    ).toEqual([]);
    expect(
      documented.filter((p) => !served.includes(p)),
      "documented paths the app does not serve",
    ).toEqual([]);
  });

  test("every /api route documents exactly the methods it answers (its loader's GET, its action's methods)", async () => {
    const wrong: string[] = [];
    for (const path of apiRoutes()) {
      // Anything but 405 means a handler answered the method; /api/events' stream is cancelled once its status is in.
      const answered: string[] = [];
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const response = await fetch(app.baseURL + path.replace(/\{\w+\}/g, "2147483647"), {
          method,
          headers: { "Content-Type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        await response.body?.cancel();
        if (response.status !== 405) answered.push(method.toLowerCase());
      }
      const documented = Object.keys(doc.paths[path] ?? {}).sort();
      if (answered.sort().join() !== documented.join())
        wrong.push(`${path}: answers ${answered.join(", ")}; documents ${documented.join(", ")}`);
    }
    expect(wrong).toEqual([]);
  });

  test("every documented operation is answered by its route module (no 404, 405 or 5xx)", async () => {
    const failures: string[] = [];
    for (const [path, methods] of Object.entries<Record<string, unknown>>(doc.paths)) {
      if (path === "/api/events") continue; // A stream that stays open; tested in endpoints.test.ts.
      for (const method of Object.keys(methods)) {
        const reply = await app.call(method.toUpperCase(), path.replace(/\{\w+\}/g, "2147483647"), { body: {} });
        // Unknown ids answer 404 with their own message; the catch-all's is "Not found".
        if (reply.status >= 500 || reply.status === 405 || reply.body?.message === "Not found") {
          failures.push(`${method.toUpperCase()} ${path} → ${reply.status} ${reply.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test("request bodies are the routes' zod schemas converted to JSON Schema", () => {
    const pairs = {
      TournamentCreate: tournamentCreateSchema,
      TournamentUpdate: tournamentUpdateSchema,
      PlayerCreate: playerCreateSchema,
      PlayerUpdate: playerUpdateSchema,
      BulkPlayers: bulkPlayersSchema,
      Checkin: checkinSchema,
      StaffAdd: staffAddSchema,
      Lock: lockSchema,
      Advance: advanceSchema,
      Generate: generateSchema,
      Scores: scoresSchema,
      Import: spreadsheetImportSchema,
    };
    for (const [name, schema] of Object.entries(pairs)) {
      const documented = doc.components.schemas[name];
      expect(Object.keys(documented.properties ?? {}), name).toEqual(Object.keys(schema.shape));
    }
    // The self check-in body is the page form's schema too (a transform): its input fields are documented.
    expect(Object.keys(doc.components.schemas.SelfCheckin.properties ?? {})).toEqual([
      "playerId",
      "nameTag",
      "riotTag",
      "code",
      "action",
    ]);
    expect(doc.components.schemas.SelfCheckin.required).toEqual(["code"]);
    // totalRounds may be left out when stages are given (issue 18): the schema refuses a body with neither.
    expect(doc.components.schemas.TournamentCreate.required).toEqual(["name", "maxPlayers"]);
    expect(doc.components.schemas.TournamentCreate.properties?.maxPlayers).toMatchObject({
      type: "integer",
      minimum: 16,
      maximum: 256,
    });
    expect(doc.components.schemas.PlayerCreate.properties?.name).toMatchObject({
      type: "string",
      minLength: 1,
      maxLength: 50,
    });
    expect(doc.paths["/api/tournaments/{id}/players"].post.requestBody?.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/PlayerCreate",
    });
  });

  test("calls that need a token say so, public reads do not", () => {
    expect(doc.paths["/api/tournaments"].get.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    for (const path of [
      "/api/tournaments/public",
      "/api/tournaments/{id}",
      "/api/tournaments/{id}/players",
      "/api/tournaments/{id}/leaderboard",
    ]) {
      expect(doc.paths[path].get.security, path).toEqual([]);
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  test("webhooks (OpenAPI 3.1): every event's body and its Standard Webhooks signature headers", () => {
    const hooks = (doc as unknown as { webhooks: Record<string, { post: OpenApiOperation }> }).webhooks;
    expect(Object.keys(hooks).sort()).toEqual([...WEBHOOK_EVENT_NAMES, TEST_EVENT].sort());
    for (const [type, { post }] of Object.entries(hooks)) {
      expect(post.parameters?.filter((p) => p.in === "header").map((p) => p.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
      const ref = post.requestBody?.content["application/json"].schema.$ref ?? "";
      const body = doc.components.schemas[ref.replace("#/components/schemas/", "")];
      expect(body?.properties?.type, type).toMatchObject({ const: type });
      expect(body?.properties?.data?.required).toEqual(
        expect.arrayContaining(["tournamentId", "version", "status", "round", "summary"]),
      );
    }
  });

  test("GET /api/docs lists every operation in server-rendered HTML without external assets", async () => {
    const response = await fetch(`${app.baseURL}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await response.text();
    expect(html).toContain("<h1>Tournament Manager API</h1>");
    const text = html.replace(/<!-- -->/g, "");
    for (const [path, methods] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(methods))
        expect(text, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
    }
    expect(text).toContain("tiebreakerPlayerIds");
    expect(text).toContain("manualOverride");
    // Every script, stylesheet and image comes from this server.
    const assets = [...html.matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((a) => !a.startsWith("/") || a.startsWith("//"))).toEqual([]);
  });
});
