// The host never waits for the fan-out: a save's answer is sent before the process that saved writes the save's event
// to its spectators' streams (app/lib/events.server.ts). With a crowd of streams open, writing the event to all of them
// takes long enough that the opposite order (the event first, the answer after the last stream) shows at the client.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { drawnTournament, placements } from "./support/fixtures";

const reason = unavailableReason();
const CROWD = 1_000;

/** Opens a raw event stream of the tournament; `onData` hears every chunk. Answers the request, to destroy it. */
function openStream(app: App, tournamentId: number, onData: (text: string) => void = () => {}) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(
      `${app.baseURL}/api/events?tournamentId=${tournamentId}`,
      { agent: false, headers: { "Accept-Encoding": "identity" } },
      (response) => {
        response.setEncoding("utf8");
        response.on("data", onData);
        // The first bytes ("connected") say the stream is registered on the server.
        response.once("data", () => resolve(request));
      },
    );
    request.on("error", reject);
  });
}

describe.skipIf(reason !== undefined && process.env.CI !== "true")("a save's event and its answer", () => {
  let app: App;
  let token: string;

  beforeAll(async () => {
    app = await startApp();
    token = await app.login(unique("host"));
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  test("the save's answer reaches the host before the first stream of the process gets the event", async () => {
    const { tournament, lobbies } = await drawnTournament(app, token, 16, { isPublic: true });
    const order: string[] = [];
    // Opened first, so it is the first the process writes the event to.
    const watched = await openStream(app, tournament.id, (text) => {
      if (text.includes('"matches_saved"') && !order.includes("event")) order.push("event");
    });
    const crowd: http.ClientRequest[] = [];
    try {
      for (let i = 0; i < CROWD; i += 100)
        crowd.push(...(await Promise.all(Array.from({ length: 100 }, () => openStream(app, tournament.id)))));
      const answer = await fetch(`${app.baseURL}/api/lobbies/${lobbies[0].id}/matches`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ scores: placements(lobbies[0]) }),
      });
      order.push("answer");
      expect(answer.status).toBe(200);
      await answer.text();
      await expect.poll(() => order.includes("event"), { timeout: 10_000 }).toBe(true);
      expect(order).toEqual(["answer", "event"]);
    } finally {
      watched.destroy();
      for (const request of crowd) request.destroy();
    }
  }, 60_000);
});
