// POST /api/tournaments/{id}/lobbies/generate with a given draw (docs/decisions/027-manual-draw-and-score-sheet.md),
// against the built app on PostgreSQL: used exactly as given, refused whole (400, nothing changed) otherwise, documented.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startAppWithCallers, unavailableReason, type App } from "./support/app";
import { expectRefusal, expectStatus } from "./support/expect";
import { getTournament, readyTournament, type Lobby } from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

describe.skipIf(skip)(`a given draw over the API${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    ({ app, owner, other } = await startAppWithCallers("other"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  const generate = (id: number, body: unknown, token = owner) =>
    app.call<{ lobbies: Lobby[]; status: string }>("POST", `/api/tournaments/${id}/lobbies/generate`, { token, body });

  test('"lobbies" is used exactly as given: Lobby 1 first, each in the given seat order', async () => {
    const { tournament, players } = await readyTournament(app, owner, 17);
    const ids = players.map((p) => p.id).reverse();
    const given = [ids.slice(0, 3), ids.slice(3, 10), ids.slice(10)];
    const reply = await generate(tournament.id, { lobbies: given });
    expectStatus(reply, 200);
    expect(reply.body.lobbies.map((l) => [l.name, l.playerIds])).toEqual([
      ["Lobby 1", given[0]],
      ["Lobby 2", given[1]],
      ["Lobby 3", given[2]],
    ]);
    const listed = await app.call<Lobby[]>("GET", `/api/tournaments/${tournament.id}/lobbies`, { token: owner });
    expect(listed.body.map((l) => l.playerIds)).toEqual(given);
  });

  test("an invalid draw is a 400 with its message and changes nothing; a stranger is refused first", async () => {
    const { tournament, players } = await readyTournament(app, owner, 16);
    const ids = players.map((p) => p.id);
    const cases: [unknown, string | RegExp][] = [
      [[ids.slice(0, 9), ids.slice(9)], "Lobbies must have 2 to 8 players: Lobby 1 has 9"],
      [[ids.slice(0, 8), ids.slice(8, 15)], /^Every active player must be in exactly one lobby: 1 missing/],
      [[ids.slice(0, 8), [...ids.slice(8, 15), ids[0]]], /is in the draw more than once$/],
      [[ids.slice(0, 8), [...ids.slice(8), 99999999]], "#99999999 is not an active player of this tournament"],
      [[], "Enter at least one lobby"],
      [[["x"]], /player ids/],
      ["not a list", /./],
    ];
    for (const [lobbies, message] of cases) expectRefusal(await generate(tournament.id, { lobbies }), 400, message);
    expectStatus(await generate(tournament.id, { lobbies: [ids.slice(0, 8), ids.slice(8)] }, other), 403);
    const after = await getTournament(app, tournament.id);
    expect(after).toMatchObject({ status: tournament.status, isLocked: false });
    const listed = await app.call<Lobby[]>("GET", `/api/tournaments/${tournament.id}/lobbies`, { token: owner });
    expect(listed.body).toEqual([]);
  });

  test("the OpenAPI document names the lobbies field of the generate body", async () => {
    const doc = (await app.call<Record<string, any>>("GET", "/api/openapi.json")).body; // eslint-disable-line @typescript-eslint/no-explicit-any
    const op = doc.paths["/api/tournaments/{id}/lobbies/generate"].post;
    expect(op.description).toContain("invalid_draw");
    expect(op.responses["400"].description).toMatch(/given draw/);
    expect(JSON.stringify(doc.components.schemas)).toContain("A draw made elsewhere, used as given");
  });
});
