// Player reports over HTTP against PostgreSQL (docs/decisions/036-player-reports.md): POST /api/pass/report with a pass,
// its refusals (changing nothing), the staff read of a lobby's reports, confirm through the usual save, the owner's
// "save agreed reports" in the sign-up settings, and the documented shapes.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lobbyReportsAnswer, reportAnswer } from "~/lib/reports-api.server";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { expectRefusal, expectShape } from "./support/expect";
import { addPlayers, createTournament, expectOk } from "./support/fixtures";

const reason = unavailableReason();

type Lobby = { id: number; name: string; playerIds: number[] };

describe.skipIf(reason !== undefined && process.env.CI !== "true")("player reports over HTTP", () => {
  let app: App;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await app.login(unique("host"));
    stranger = await app.login(unique("stranger"));
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  /** 16 players checked in, round 1 drawn (two lobbies of 8), a pass for each player. */
  async function drawn() {
    const t = await createTournament(app, owner, { maxPlayers: 16 });
    const players = (await addPlayers(app, owner, t.id, 16)) as { id: number }[];
    expectOk(await app.call("POST", `/api/tournaments/${t.id}/start-checkin`, { token: owner }), "start check-in");
    for (const p of players)
      expectOk(
        await app.call("POST", `/api/players/${p.id}/checkin`, { token: owner, body: { checkedIn: true } }),
        "check in",
      );
    const { lobbies } = expectOk(
      await app.call("POST", `/api/tournaments/${t.id}/lobbies/generate`, { token: owner, body: {} }),
      "generate",
    ) as { lobbies: Lobby[] };
    const passes = new Map<number, string>();
    for (const p of players)
      passes.set(p.id, expectOk(await app.call("POST", `/api/players/${p.id}/pass`, { token: owner }), "pass").pass);
    return { t, lobbies, passes };
  }
  const report = (pass: string | null, body: unknown) =>
    app.call("POST", "/api/pass/report", { headers: pass ? { Authorization: `Pass ${pass}` } : {}, body });

  test("own placements agree; the staff read every version and confirm with the usual save; refusals change nothing", async () => {
    const { lobbies, passes } = await drawn();
    const [a, b] = lobbies;
    const mine = passes.get(a.playerIds[0])!;
    const before = await app.snapshot();
    expectRefusal(await report(null, { lobbyId: a.id, placement: 1 }), 401);
    expectRefusal(await report("A".repeat(43), { lobbyId: a.id, placement: 1 }), 401);
    expectRefusal(await report(mine, { lobbyId: b.id, placement: 1 }), 403);
    expectRefusal(await report(mine, { lobbyId: a.id, placement: 9 }), 400, /from 1st to 8th/);
    expectRefusal(await report(mine, { lobbyId: a.id }), 400);
    expectRefusal(await report(mine, { lobbyId: a.id, placement: 1, placements: [] }), 400);
    expectRefusal(
      await report(mine, { lobbyId: a.id, placements: a.playerIds.map((playerId) => ({ playerId, placement: 1 })) }),
      400,
      /given to more than one player/,
    );
    expectRefusal(await report(mine, { lobbyId: 2_000_000_000, placement: 1 }), 404);
    expect(await app.snapshot()).toEqual(before);

    // The pass's own read says what the pass page's report card says, before and after its report.
    const passRead = async (pass: string) =>
      expectOk(await app.call("GET", "/api/pass", { headers: { Authorization: `Pass ${pass}` } }), "pass").report;
    expect(await passRead(mine)).toMatchObject({
      lobbyId: a.id,
      state: "none",
      reported: 0,
      canReport: true,
      mine: null,
    });
    expect((await passRead(passes.get(b.playerIds[0])!)).lobbyId).toBe(b.id);

    for (const [i, id] of a.playerIds.entries()) {
      const answer = expectShape(
        reportAnswer,
        expectOk(await report(passes.get(id)!, { lobbyId: a.id, placement: i + 1 }), "report"),
      );
      expect(answer.state).toBe(i === 7 ? "agreed" : "reported");
    }
    expect(await passRead(mine)).toMatchObject({
      state: "agreed",
      reported: 8,
      canReport: true,
      mine: { kind: "own", placements: [{ playerId: a.playerIds[0], placement: 1 }] },
    });
    expectRefusal(await app.call("GET", `/api/lobbies/${a.id}/reports`), 401);
    expectRefusal(await app.call("GET", `/api/lobbies/${a.id}/reports`, { token: stranger }), 403);
    const read = expectShape(
      lobbyReportsAnswer,
      expectOk(await app.call("GET", `/api/lobbies/${a.id}/reports`, { token: owner }), "reports"),
    );
    expect(read.state).toBe("agreed");
    expect(read.versions).toHaveLength(8);
    // Nobody dropped: what confirming saves is the agreed result itself, in seat order.
    expect(read.scores).toEqual(read.result);
    expectOk(
      await app.call("POST", `/api/lobbies/${a.id}/matches`, { token: owner, body: { scores: read.scores } }),
      "confirm",
    );
    const settled = expectOk(await app.call("GET", `/api/lobbies/${a.id}/reports`, { token: owner }), "after");
    expect(settled).toMatchObject({ state: "none", isComplete: true, versions: [] });
    expectRefusal(await report(mine, { lobbyId: a.id, placement: 2 }), 409, /already saved/);
    expect(await passRead(mine)).toMatchObject({ state: "none", canReport: false, refusal: { code: "lobby_saved" } });
  });

  test("the owner's 'save agreed reports': two matching full reports save the lobby at once", async () => {
    const { t, lobbies, passes } = await drawn();
    const settings = expectOk(
      await app.call("PATCH", `/api/tournaments/${t.id}/signup`, { token: owner, body: { saveAgreedReports: true } }),
      "settings",
    );
    expect(settings.saveAgreedReports).toBe(true);
    expectRefusal(
      await app.call("PATCH", `/api/tournaments/${t.id}/signup`, { token: owner, body: { saveAgreedReports: "x" } }),
      400,
    );
    const [, b] = lobbies;
    const placements = b.playerIds.map((playerId, i) => ({ playerId, placement: 8 - i }));
    const first = expectOk(await report(passes.get(b.playerIds[2])!, { lobbyId: b.id, placements }), "first");
    expect(first).toMatchObject({ state: "reported", saved: false });
    const second = expectOk(await report(passes.get(b.playerIds[6])!, { lobbyId: b.id, placements }), "second");
    expect(second).toMatchObject({ state: "agreed", saved: true });
    const matches = expectOk(await app.call("GET", `/api/tournaments/${t.id}/matches`, { token: owner }), "matches");
    expect((matches as { lobbyId: number }[]).filter((m) => m.lobbyId === b.id)).toHaveLength(8);
  });
});
