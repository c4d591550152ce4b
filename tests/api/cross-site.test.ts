// The cross-site check without an Origin header: Sec-Fetch-Site, then the Referer, decide; a refused post answers 403 and changes nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { createTournament } from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;
const CROSS_SITE_MESSAGE = "Cross-site request refused";

describe.skipIf(skip)(`cross-site posts without an Origin${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let cookie: string;
  let token: string;
  let tournamentId: number;

  beforeAll(async () => {
    app = await startApp();
    const username = unique("site");
    token = await app.login(username);
    const login = await fetch(`${app.baseURL}/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password: "password123" }),
      redirect: "manual",
    });
    cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("tm_session="))!
      .split(";")[0];
    tournamentId = (await createTournament(app, token, { name: "Before" })).id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** The settings form's post (or its `.data` twin, as the browser's script sends it) with the session cookie and these headers. */
  async function renameByForm(name: string, headers: Record<string, string>, data = false) {
    const path = `/tournaments/${tournamentId}/settings${data ? ".data" : ""}`;
    return fetch(app.baseURL + path, {
      method: "POST",
      headers: { cookie, ...headers },
      body: new URLSearchParams({ intent: "update", name }),
      redirect: "manual",
    });
  }
  const currentName = async () =>
    (await app.sql`select name from tournaments where id = ${tournamentId}`)[0].name as string;

  async function expectRefused(response: Response, what: string) {
    expect(response.status, `${what}: ${await response.clone().text()}`).toBe(403);
    expect(await response.json()).toEqual({ message: CROSS_SITE_MESSAGE, code: "cross_site" });
  }

  test("a page post with the session cookie, no Origin and a foreign Referer is refused (form and .data)", async () => {
    const before = await app.snapshot();
    const foreign = { referer: "https://evil.example/attack.html" };
    await expectRefused(await renameByForm("Hijacked", foreign), "form post");
    await expectRefused(await renameByForm("Hijacked", foreign, true), ".data post");
    // A Referer that is not a URL at all is no better.
    await expectRefused(await renameByForm("Hijacked", { referer: "not a url" }), "unparsable Referer");
    expect(await currentName()).toBe("Before");
    expect(await app.snapshot()).toEqual(before);
  });

  test("an API post with the session cookie, no Origin and a foreign Referer is refused", async () => {
    const before = await app.snapshot();
    const reply = await app.call("POST", "/api/tournaments", {
      headers: { cookie, referer: "https://evil.example/" },
      body: { name: "Hijack Cup", maxPlayers: 16, totalRounds: 1 },
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: CROSS_SITE_MESSAGE, code: "cross_site" });
    expect(await app.snapshot()).toEqual(before);
  });

  test("no Origin and Sec-Fetch-Site cross-site or same-site is refused, whatever the Referer says", async () => {
    const before = await app.snapshot();
    const self = { referer: `${app.baseURL}/tournaments/${tournamentId}/settings` };
    await expectRefused(await renameByForm("Hijacked", { "sec-fetch-site": "cross-site" }), "cross-site");
    await expectRefused(
      await renameByForm("Hijacked", { "sec-fetch-site": "cross-site", ...self }, true),
      "cross-site .data",
    );
    await expectRefused(await renameByForm("Hijacked", { "sec-fetch-site": "same-site", ...self }), "same-site");
    expect(await app.snapshot()).toEqual(before);
  });

  test("no Origin and a same-origin Referer or Sec-Fetch-Site is accepted", async () => {
    const self = `${app.baseURL}/tournaments/${tournamentId}/settings`;
    const form = await renameByForm("By Referer", { referer: self });
    expect(form.status, await form.clone().text()).toBe(302);
    expect(await currentName()).toBe("By Referer");

    const script = await renameByForm("By Referer Data", { referer: self }, true);
    expect(script.status, await script.clone().text()).toBeLessThan(400);
    expect(await currentName()).toBe("By Referer Data");

    const fetchMeta = await renameByForm("By Fetch Metadata", { "sec-fetch-site": "same-origin" });
    expect(fetchMeta.status, await fetchMeta.clone().text()).toBe(302);
    expect(await currentName()).toBe("By Fetch Metadata");

    // Behind a proxy the Referer names the public host, which X-Forwarded-Host carries.
    const proxied = await renameByForm("Behind Proxy", {
      "x-forwarded-host": "tournaments.example",
      "x-forwarded-proto": "https",
      referer: "https://tournaments.example/tournaments/1/settings",
    });
    expect(proxied.status, await proxied.clone().text()).toBe(302);
    expect(await currentName()).toBe("Behind Proxy");
  });
});
