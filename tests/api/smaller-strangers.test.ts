// Smaller stranger findings over HTTP: a lone UTF-16 surrogate is a coded 400 wherever text is accepted (never a 500); a
// cached public page's CSP names its scripts' hashes (no nonce shared by every visitor); a client's X-Forwarded-Host never
// reaches a share link, PUBLIC_ORIGIN does.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, startAppWithCallers, unavailableReason, type App } from "./support/app";
import { expectRefusal } from "./support/expect";
import { addPlayers, createTournament } from "./support/fixtures";

const reason = unavailableReason();
const LONE = "Text must be valid Unicode: a lone surrogate (half of a UTF-16 pair) is not";

describe.skipIf(reason !== undefined && process.env.CI !== "true")("smaller stranger findings", () => {
  let app: App;
  let owner: string;

  beforeAll(async () => {
    ({ app, owner } = await startAppWithCallers());
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  test("a lone surrogate in any text is refused with 400 and changes nothing; a real pair (an emoji) is text", async () => {
    const t = await createTournament(app, owner);
    const [player] = await addPlayers(app, owner, t.id, 1);
    const before = await app.snapshot();
    const cases: [string, string, unknown][] = [
      ["POST", "/api/tournaments", { name: "Cup \ud800", maxPlayers: 16, totalRounds: 3 }],
      ["PATCH", `/api/tournaments/${t.id}`, { name: "\udfff" }],
      ["POST", `/api/tournaments/${t.id}/players`, { name: "A\ud83d", riotTag: "EUW" }],
      ["POST", `/api/tournaments/${t.id}/players/bulk`, { players: [{ name: "B", riotTag: "\udc00" }] }],
      ["PATCH", `/api/players/${player.id}`, { name: "x\ud800y" }],
      ["POST", "/api/auth/login", { username: "ad\ud800min", password: "whatever1" }],
      ["POST", `/api/tournaments/${t.id}/self-checkin`, { nameTag: "Me#\ud800", code: "ABCDEF" }],
      // In a key too, however deep.
      ["PATCH", `/api/tournaments/${t.id}`, { scoring: { "\ud800": 1 } }],
    ];
    for (const [method, path, body] of cases) {
      const reply = await app.call(method, path, { token: owner, body });
      expect(reply.status, `${method} ${path}`).toBe(400);
      expect(reply.body, `${method} ${path}`).toEqual({ message: LONE, code: "invalid_text" });
    }
    expect(await app.snapshot(), "refusals change nothing").toEqual(before);
    const emoji = await app.call("PATCH", `/api/tournaments/${t.id}`, { token: owner, body: { name: "Cup 🏆" } });
    expect(emoji.status).toBe(200);
    expect(emoji.body.name).toBe("Cup 🏆");
  });

  test("a lone surrogate sent as UTF-8-style bytes (%ED%A0%80 in a form, raw bytes in JSON) is refused, not stored as U+FFFD", async () => {
    const before = await app.snapshot();
    const NOT_UTF8 = {
      message: "Text must be valid Unicode: the request is not well-formed UTF-8",
      code: "invalid_text",
    };
    const form = await fetch(`${app.baseURL}/create-tournament`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/x-www-form-urlencoded" },
      body: "name=Form%ED%A0%80Cup&maxPlayers=16&totalRounds=3&isPublic=on",
      redirect: "manual",
    });
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual(NOT_UTF8);
    const raw = Buffer.concat([
      Buffer.from('{"name":"R'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('w","maxPlayers":16}'),
    ]);
    const json = await fetch(`${app.baseURL}/api/tournaments`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
      body: raw,
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual(NOT_UTF8);
    expect(await app.snapshot(), "refusals change nothing").toEqual(before);
    // Well-formed UTF-8 escapes (an emoji) are text, in a form as in JSON.
    const fine = await fetch(`${app.baseURL}/create-tournament`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/x-www-form-urlencoded" },
      body: `name=${encodeURIComponent("Cup 🏆")}&maxPlayers=16&totalRounds=3`,
      redirect: "manual",
    });
    expect(fine.status).toBe(302);
  });

  test("a page form posting a name no form of ours has is refused (400 Unknown form field), never dropped", async () => {
    const t = await createTournament(app, owner);
    const before = await app.snapshot();
    const post = (path: string, body: string) =>
      fetch(`${app.baseURL}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner}`, "content-type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
    for (const [path, body] of [
      ["/create-tournament", "name=Cup&maxPlayers=16&totalRounds=3&bogusField=1"],
      [`/tournaments/${t.id}/settings`, "intent=update&name=Renamed&isAdmin=true"],
      [`/tournaments/${t.id}/manage-players`, "intent=add&name=Ann&riotTag=EUW&owner[id]=1"],
    ]) {
      const reply = await post(path, body);
      expect(reply.status, path).toBe(400);
      expect(await reply.text(), path).toMatch(/Unknown form field: (bogusField|isAdmin|owner\[id\])/);
    }
    expect(await app.snapshot(), "refusals change nothing").toEqual(before);
    // The same forms with their own fields only are taken.
    expect((await post("/create-tournament", "name=Cup&maxPlayers=16&totalRounds=3")).status).toBe(302);
  });

  test("every visitor of a cached public page gets a CSP naming the page's script hashes, and no nonce", async () => {
    const t = await createTournament(app, owner);
    const url = `${app.baseURL}/tournaments/${t.id}/public`;
    const answers = await Promise.all([fetch(url), fetch(url), fetch(url)]);
    const policies = answers.map((r) => r.headers.get("content-security-policy")!);
    const html = await answers[0].text();
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts.length, "the live script is inline").toBeGreaterThan(0);
    for (const policy of policies) {
      expect(policy).not.toContain("nonce-");
      for (const script of scripts)
        expect(policy).toContain(`'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`);
    }
    // A signed-in page (not cached) still gets a fresh nonce per request.
    const signedIn = (await Promise.all([1, 2].map(() => app.call("GET", "/dashboard", { token: owner })))).map(
      (r) => /'nonce-([0-9a-f]+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1],
    );
    expect(signedIn[0]).toBeDefined();
    expect(signedIn[0]).not.toBe(signedIn[1]);
  });

  test("a client's X-Forwarded-Host never reaches the share link of a cacheable page", async () => {
    const t = await createTournament(app, owner);
    const poisoned = await fetch(`${app.baseURL}/tournaments/${t.id}/public`, {
      headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
    });
    const html = await poisoned.text();
    expect(html).not.toContain("evil.example");
    expect(html).toContain(`${app.baseURL}/tournaments/${t.id}/public`);
  });
});

describe.skipIf(reason !== undefined && process.env.CI !== "true")("PUBLIC_ORIGIN", () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ env: { PUBLIC_ORIGIN: "https://cups.example.org", TRUST_PROXY: "loopback" } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  test("links are built from PUBLIC_ORIGIN, whatever the request's headers say, even from a trusted proxy", async () => {
    const owner = await app.login("origin_owner");
    const t = await createTournament(app, owner, { isPublic: false });
    const html = await (
      await fetch(`${app.baseURL}/tournaments/${t.id}/settings`, {
        headers: { authorization: `Bearer ${owner}`, "X-Forwarded-Host": "evil.example" },
      })
    ).text();
    expect(html).toContain(`https://cups.example.org/tournaments/${t.id}/public?key=`);
    expect(html).not.toContain("evil.example");
    const link = await app.call("GET", `/api/tournaments/${t.id}/share-link`, { token: owner });
    expect(link.body.url).toMatch(new RegExp(`^https://cups\\.example\\.org/tournaments/${t.id}/public\\?key=`));
    expectRefusal(await app.call("GET", `/api/tournaments/${t.id}/share-link`), 401);
  });
});
