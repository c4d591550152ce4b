// Static files from the HTTP server (server/app.ts): nosniff on every one, immutable caching for hashed assets, precompressed
// scripts and CSS; API answers gzipped only from 8 KiB.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";

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

    // A page with React (public pages have none), as a script fetches it: a document a browser opens carries the
    // stylesheet inline (docs/decisions/016-inline-stylesheet.md).
    const html = await (await fetch(`${app.baseURL}/login`, { headers: { "Sec-Fetch-Dest": "empty" } })).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset, "the page names a built script").toBeTruthy();
    const script = await fetch(app.baseURL + asset);
    expect(script.status).toBe(200);
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    expect(script.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
  });

  test("built scripts and stylesheets are sent as the build compressed them: brotli, else gzip, else as they are", async () => {
    // A page with React (public pages have none), as a script fetches it: a document a browser opens carries the
    // stylesheet inline (docs/decisions/016-inline-stylesheet.md).
    const html = await (await fetch(`${app.baseURL}/login`, { headers: { "Sec-Fetch-Dest": "empty" } })).text();
    const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
    const stylesheet = /\/assets\/[\w-]+\.css/.exec(html)?.[0];
    expect(script, "the page names the entry script").toBeTruthy();
    expect(stylesheet, "the page names its stylesheet").toBeTruthy();
    for (const asset of [script!, stylesheet!]) {
      const plain = await fetch(app.baseURL + asset, { headers: { "Accept-Encoding": "identity" } });
      const text = await plain.text();
      expect(plain.headers.get("content-encoding")).toBeNull();
      for (const [accept, encoding] of [
        ["gzip, deflate, br", "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip", "gzip"],
      ] as const) {
        // fetch decodes the body, so it must come back as the very file.
        const answer = await fetch(app.baseURL + asset, { headers: { "Accept-Encoding": accept } });
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-encoding"), `${asset} for ${accept}`).toBe(encoding);
        expect(answer.headers.get("vary")).toMatch(/Accept-Encoding/i);
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
        expect(answer.headers.get("cache-control")).toMatch(/immutable/);
        expect(answer.headers.get("content-type")).toMatch(asset.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
        // A length up front: the stored file, not the compression middleware's stream (which sends none).
        expect(answer.headers.get("content-length"), "sent as stored, with its length").not.toBeNull();
        expect(Number(answer.headers.get("content-length"))).toBeLessThan(Buffer.byteLength(text) / 2);
        expect(await answer.text()).toBe(text);
      }
    }
  });

  test("an API answer under 8 KiB goes as it is, with its length; a longer one is gzipped", async () => {
    const token = await app.login(unique("gzip"));
    const gzip = { "Accept-Encoding": "gzip" };
    const me = await app.call("GET", "/api/auth/me", { token, headers: gzip });
    expect(me.status).toBe(200);
    expect(me.headers.get("content-encoding")).toBeNull();
    expect(Number(me.headers.get("content-length"))).toBe(Buffer.byteLength(me.text));
    expect(me.body).toMatchObject({ username: expect.stringMatching(/^gzip_/) });

    // A private tournament's roster is read from the database and answered as it is: 128 players are over 8 KiB.
    const created = await app.call("POST", "/api/tournaments", {
      token,
      body: { name: "Gzip Cup", maxPlayers: 128, totalRounds: 3 },
    });
    expect(created.status).toBe(200);
    const players = Array.from({ length: 128 }, (_, i) => ({ name: `Player ${i + 1}`, riotTag: "EUW" }));
    const bulk = await app.call("POST", `/api/tournaments/${created.body.id}/players/bulk`, {
      token,
      body: { players },
    });
    expect(bulk.status).toBe(200);
    const roster = await app.call("GET", `/api/tournaments/${created.body.id}/players`, { token, headers: gzip });
    expect(roster.status).toBe(200);
    expect(roster.headers.get("content-encoding")).toBe("gzip");
    expect(roster.body).toHaveLength(128);
    expect(Buffer.byteLength(roster.text)).toBeGreaterThan(8 * 1024);
  });
});
