// Static files from the HTTP server (server/start.js): nosniff on every one, immutable caching for hashed assets.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, type App } from "./support/app";

const reason = unavailableReason();

describe.skipIf(reason !== undefined && process.env.CI !== "true")("static files", () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  test("public files and built assets say nosniff; hashed assets are cached for a year", async () => {
    const favicon = await fetch(`${app.baseURL}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("x-content-type-options")).toBe("nosniff");

    const html = await (await fetch(`${app.baseURL}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset, "the page names a built script").toBeTruthy();
    const script = await fetch(app.baseURL + asset);
    expect(script.status).toBe(200);
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    expect(script.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
  });
});
