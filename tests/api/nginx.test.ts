// README.md's nginx block, as written there, in front of the app with TRUST_PROXY naming nginx: each client's own
// address reaches the app (the per-address limits and the owner's tries per address are about the client, not the
// proxy), one a client writes into X-Forwarded-For itself is not believed, and the event stream passes through
// unbuffered. nginx is found, or fetched with apt-get, by the api project's global setup (tests/setup/nginx.ts).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { startNginx, type Nginx } from "../setup/nginx";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { openEventStream } from "./support/events";
import { addPlayers, createTournament, expectOk } from "./support/fixtures";

const nginxFound = inject("nginx");
const reason = unavailableReason() ?? ("unavailable" in nginxFound ? nginxFound.unavailable : undefined);

/** POSTs JSON to nginx from a chosen loopback source address (Linux routes all of 127.0.0.0/8 to this host). */
function postFrom(base: string, from: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      new URL(path, base),
      {
        method: "POST",
        localAddress: from,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe.skipIf(reason !== undefined && process.env.CI !== "true")("README's nginx block in front of the app", () => {
  let app: App;
  let nginx: Nginx;
  let owner: string;

  beforeAll(async () => {
    // nginx reaches the app from 127.0.0.1; the clients below come from other loopback addresses.
    app = await startApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    nginx = await startNginx(Number(new URL(app.baseURL).port), {
      binary: "binary" in nginxFound ? nginxFound.binary : undefined,
    });
    owner = await app.login(unique("host"));
  }, 120_000);
  afterAll(async () => {
    await nginx?.stop();
    await app?.stop();
  });

  test("the app sees each client's own address, never one the client wrote in X-Forwarded-For", async () => {
    const tournament = await createTournament(app, owner);
    const [player] = await addPlayers(app, owner, tournament.id, 8);
    expectOk(await app.call("POST", `/api/tournaments/${tournament.id}/start-checkin`, { token: owner }), "check-in");
    const opened = await app.call<{ code: string }>("POST", `/api/tournaments/${tournament.id}/self-checkin/code`, {
      token: owner,
    });
    const wrong = opened.body.code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const path = `/api/tournaments/${tournament.id}/self-checkin`;
    const body = { playerId: player.id, riotTag: player.riotTag, code: wrong };

    expect(await postFrom(nginx.base, "127.0.0.3", path, body)).toBe(400);
    expect(await postFrom(nginx.base, "127.0.0.3", path, body, { "X-Forwarded-For": "203.0.113.9" })).toBe(400);
    expect(await postFrom(nginx.base, "127.0.0.4", path, body)).toBe(400);

    const overview = await app.call<{ tries: { address: string; wrongCodes: number }[] }>("GET", `${path}/code`, {
      token: owner,
    });
    const tries = Object.fromEntries(overview.body.tries.map((t) => [t.address, t.wrongCodes]));
    expect(tries, "per client, not per proxy, and the forged hop ignored").toEqual({ "127.0.0.3": 2, "127.0.0.4": 1 });
  });

  test("the event stream passes through nginx as each event happens", async () => {
    const tournament = await createTournament(app, owner);
    const [player] = await addPlayers(app, owner, tournament.id, 1);
    const stream = await openEventStream(nginx.base, tournament.id);
    try {
      expect(stream.response.status).toBe(200);
      await stream.waitFor("connected");
      expectOk(
        await app.call("POST", `/api/players/${player.id}/checkin`, { token: owner, body: { checkedIn: true } }),
        "check in",
      );
      const updated = await stream.waitFor("tournament_updated");
      expect(updated.data).toMatchObject({ playerId: player.id, checkedIn: true });
    } finally {
      await stream.close();
    }
  });
});
