// The OpenAPI document and /api/docs say what the cached reads, CORS and settled standings do: If-None-Match and 304 on
// every shared read, the caching headers, ?round on the leaderboard and its Leaderboard shape, the events' version.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, type App } from "./support/app";

const reason = unavailableReason();

type Operation = {
  description?: string;
  parameters?: { name: string; in: string }[];
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref?: string } }> }
  >;
};

describe.skipIf(reason !== undefined && process.env.CI !== "true")("OpenAPI: cached reads, CORS, settled", () => {
  let app: App;
  let doc: {
    info: { description: string };
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };

  beforeAll(async () => {
    app = await startApp();
    doc = (await app.call("GET", "/api/openapi.json")).body;
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  const reads = [
    "/api/tournaments/{id}",
    "/api/tournaments/{id}/players",
    "/api/tournaments/{id}/checked-in-players",
    "/api/tournaments/{id}/leaderboard",
    "/api/tournaments/{id}/lobbies",
    "/api/tournaments/{id}/lobbies/all",
    "/api/tournaments/{id}/lobbies/round/{round}",
    "/api/tournaments/{id}/matches",
  ];

  test("every shared read documents If-None-Match, 304 and its ETag, Tournament-Version and Cache-Control headers", () => {
    for (const path of reads) {
      const get = doc.paths[path]?.get;
      expect(get, path).toBeDefined();
      expect(
        get.parameters?.some((p) => p.name === "If-None-Match" && p.in === "header"),
        path,
      ).toBe(true);
      expect(get.responses["304"], path).toBeDefined();
      for (const status of ["200", "304"]) {
        expect(Object.keys(get.responses[status].headers ?? {}), `${path} ${status}`).toEqual(
          expect.arrayContaining(["ETag", "Tournament-Version", "Cache-Control"]),
        );
      }
    }
  });

  test("the leaderboard documents ?round and answers an array of rows that say whether they are final", () => {
    const get = doc.paths["/api/tournaments/{id}/leaderboard"].get;
    expect(get.parameters?.some((p) => p.name === "round" && p.in === "query")).toBe(true);
    const schema = get.responses["200"].content?.["application/json"].schema as {
      type?: string;
      items?: { $ref?: string };
    };
    expect(schema.type).toBe("array");
    expect(schema.items?.$ref).toBe("#/components/schemas/LeaderboardRow");
    expect(Object.keys(doc.components.schemas.LeaderboardRow.properties ?? {})).toEqual(
      expect.arrayContaining(["final", "rankChange", "need"]),
    );
  });

  test("the document's introduction and the events operation say how caching, CORS and versions work", () => {
    expect(doc.info.description).toMatch(/If-None-Match answers 304/);
    expect(doc.info.description).toMatch(/Access-Control-Allow-Origin: \*/);
    expect(doc.info.description).toMatch(/bearer token after a preflight/);
    expect(doc.paths["/api/events"].get.description).toMatch(/version/);
  });

  test("/api/docs shows the new parts", async () => {
    const html = await (await fetch(`${app.baseURL}/api/docs`)).text();
    for (const text of ["If-None-Match (header)", "LeaderboardRow", "rankChange", "settled", "Tournament-Version"]) {
      expect(html, text).toContain(text);
    }
  });
});
