// The ruleset through the JSON API: POST and PATCH take a preset or a chain, GET answers {preset, tiebreakers}; bad input
// is a 400 that changes nothing, a change after a finalized round a 409 that changes nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as answers from "~/lib/api-schemas.server";
import { startAppWithCallers, unavailableReason, type App } from "./support/app";
import { expectRefusal, expectShape, expectStatus } from "./support/expect";
import { createTournament, getTournament, scoredTournament } from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

describe.skipIf(skip)(`rulesets through the API${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;

  beforeAll(async () => {
    ({ app, owner } = await startAppWithCallers("other"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("POST with a preset, PATCH with a chain, GET answers the stored chain and its preset", async () => {
    const created = await createTournament(app, owner, { ruleset: { preset: "riot" } });
    const got = expectShape(answers.tournamentDetailAnswer, await getTournament(app, created.id));
    // Event points second since issue 37: a staged event's stage-points tie goes to the event's points, as Riot's.
    expect(got.ruleset).toEqual({
      preset: "riot",
      tiebreakers: ["totalPoints", "eventPoints", "riotScore", "placementCounts", "recentGames", "registration"],
    });
    const plain = await createTournament(app, owner);
    expect(plain.ruleset).toEqual({
      preset: "standard",
      tiebreakers: ["totalPoints", "averagePlacement", "bestFinish", "wins", "top4", "seed", "registration"],
    });

    const patched = await app.call("PATCH", `/api/tournaments/${created.id}`, {
      token: owner,
      body: { ruleset: { tiebreakers: ["totalPoints", "eventPoints", "placementCounts"] } },
    });
    expectStatus(patched, 200);
    expect(expectShape(answers.tournamentDetailAnswer, patched.body).ruleset).toEqual({
      preset: "custom",
      tiebreakers: ["totalPoints", "eventPoints", "placementCounts", "registration"],
    });
  });

  test("bad rulesets: 400 with the reason, nothing created or changed", async () => {
    const t = await createTournament(app, owner);
    const bad: [unknown, RegExp][] = [
      [{ tiebreakers: ["totalPoints", "coinFlip"] }, /Unknown tiebreaker "coinFlip"/],
      [{ tiebreakers: ["totalPoints", "wins", "wins"] }, /listed twice/],
      [{ tiebreakers: [] }, /cannot be empty/],
      [{ tiebreakers: ["riotScore", "totalPoints"] }, /must start with totalPoints/],
      [{ preset: "riot", tiebreakers: ["totalPoints"] }, /not both/],
      [{ preset: "custom" }, /sent as "tiebreakers"/],
    ];
    for (const [ruleset, message] of bad) {
      const before = await app.snapshot();
      expectRefusal(
        await app.call("POST", "/api/tournaments", {
          token: owner,
          body: { name: "Bad rules", maxPlayers: 32, totalRounds: 3, ruleset },
        }),
        400,
        message,
      );
      expectRefusal(
        await app.call("PATCH", `/api/tournaments/${t.id}`, { token: owner, body: { name: "Changed", ruleset } }),
        400,
        message,
      );
      expect(await app.snapshot(), JSON.stringify(ruleset)).toEqual(before);
    }
  });

  test("after a finalized round: 409 and nothing changes; the stored chain sent again is fine", async () => {
    const { tournament } = await scoredTournament(app, owner, 16, { ruleset: { preset: "riot" } });
    expectStatus(await app.call("POST", `/api/tournaments/${tournament.id}/finalize-round`, { token: owner }), 200);
    const before = await app.snapshot();
    expectRefusal(
      await app.call("PATCH", `/api/tournaments/${tournament.id}`, {
        token: owner,
        body: { name: "Renamed", ruleset: { preset: "standard" } },
      }),
      409,
      /cannot be changed after a round is finalized/,
    );
    expect(await app.snapshot()).toEqual(before);
    const same = await app.call("PATCH", `/api/tournaments/${tournament.id}`, {
      token: owner,
      body: { ruleset: { preset: "riot" } },
    });
    expectStatus(same, 200);

    const board = await app.call("GET", `/api/tournaments/${tournament.id}/leaderboard`);
    expectStatus(board, 200);
    const rows = board.body as { separatedBy: string | null }[];
    for (const row of rows) {
      expect([null, "status", "totalPoints", "riotScore", "placementCounts", "recentGames", "registration"]).toContain(
        row.separatedBy,
      );
    }
  });
});
