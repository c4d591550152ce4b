// The audit trail over HTTP against PostgreSQL: who may read a tournament's history, its filters and pages, the integrity endpoints (masters only), and the export's Audit History sheet.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditEntryAnswer, repairAnswer, totalsDifferenceAnswer } from "~/lib/api-schemas.server";
import { startAppWithCallers, unavailableReason, type App } from "./support/app";
import { expectRefusal, expectShape, expectStatus } from "./support/expect";
import { expectOk, scoredTournament, type Lobby, type Tournament } from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

describe.skipIf(skip)(`audit trail API${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let other: string;
  let master: string;
  let ownerName: string;
  let tournament: Tournament;
  let lobbies: Lobby[];

  beforeAll(async () => {
    ({ app, owner, other, master } = await startAppWithCallers("snoop"));
    ownerName = expectOk(await app.call("GET", "/api/auth/me", { token: owner }), "me").username;
    ({ tournament, lobbies } = await scoredTournament(app, owner, 16, { isPublic: false }));
    expectOk(
      await app.call("PATCH", `/api/tournaments/${tournament.id}`, { token: owner, body: { name: "Audited Cup" } }),
      "rename",
    );
    expectOk(
      await app.call("PATCH", `/api/tournaments/${tournament.id}`, { token: master, body: { isPublic: true } }),
      "master edit",
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  const history = (query = "", token: string | null = owner) =>
    app.call("GET", `/api/tournaments/${tournament.id}/history${query}`, { token });

  test("only the owner and masters read the history: 401 signed out, 403 for another organizer, 404 for an unknown id", async () => {
    expectRefusal(await history("", null), 401);
    expectRefusal(await history("", other), 403);
    expectRefusal(await app.call("GET", "/api/tournaments/99999999/history", { token: owner }), 404);
    for (const token of [owner, master]) {
      const reply = await history("", token);
      expectStatus(reply, 200);
      const entries = expectShape(auditEntryAnswer.array(), reply.body);
      // Newest first: the master's edit, the rename, then the scores … back to the creation.
      expect(entries[0]).toMatchObject({
        action: "settings.updated",
        actorRole: "master",
        before: { isPublic: false },
        after: { isPublic: true },
      });
      expect(entries[1]).toMatchObject({
        action: "settings.updated",
        actorRole: "owner",
        actorUsername: ownerName,
        after: { name: "Audited Cup" },
      });
      expect(entries.at(-1)).toMatchObject({ action: "tournament.created", actorRole: "owner" });
    }
  });

  test("filters by action, actor and round, and pages; a malformed filter is a 400", async () => {
    const scores = expectShape(auditEntryAnswer.array(), (await history("?action=scores.saved")).body);
    expect(scores.map((e) => e.summary).sort()).toEqual(lobbies.map((l) => `${l.name} scores saved`).sort());
    expect(scores.every((e) => e.roundNumber === 1 && e.after !== null)).toBe(true);

    const byOwner = expectShape(
      auditEntryAnswer.array(),
      (await history(`?actor=${encodeURIComponent(ownerName)}`)).body,
    );
    expect(byOwner.length).toBeGreaterThan(0);
    expect(byOwner.every((e) => e.actorUsername === ownerName)).toBe(true);
    expect((await history("?round=2")).body).toEqual([]);
    expect((await history("?page=2")).body, "fewer than 50 entries fit one page").toEqual([]);

    expectRefusal(await history("?action=nothing.here"), 400, "Unknown action kind");
    expectRefusal(await history("?round=abc"), 400);
    expectRefusal(await history("?page=0"), 400);
  });

  test("integrity: masters only; it finds a tampered total and the repair fixes it, recorded", async () => {
    const path = `/api/tournaments/${tournament.id}/integrity`;
    expectRefusal(await app.call("GET", path), 401);
    expectRefusal(await app.call("GET", path, { token: owner }), 403);
    expectRefusal(await app.call("GET", path, { token: other }), 403);
    expect(expectShape(totalsDifferenceAnswer.array(), (await app.call("GET", path, { token: master })).body)).toEqual(
      [],
    );

    const victim = lobbies[0].playerIds[0];
    await app.sql`update players set total_points = 999 where id = ${victim}`;
    const found = expectShape(totalsDifferenceAnswer.array(), (await app.call("GET", path, { token: master })).body);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ playerId: victim, stored: { totalPoints: 999 }, computed: { totalPoints: 8 } });

    const before = await app.snapshot();
    expectRefusal(await app.call("POST", path, { token: owner }), 403);
    expect(await app.snapshot(), "the owner's refused repair changed nothing").toEqual(before);

    const repaired = expectShape(repairAnswer, (await app.call("POST", path, { token: master })).body);
    expect(repaired.repaired.map((d) => d.playerId)).toEqual([victim]);
    expect((await app.call("GET", path, { token: master })).body).toEqual([]);
    const [latest] = expectShape(auditEntryAnswer.array(), (await history()).body);
    expect(latest).toMatchObject({ action: "integrity.repaired", actorRole: "master" });
    expect(Object.values(latest.before ?? {})).toEqual(["999 pts, 1 games, avg 1.0"]);
  });

  test("the export holds the Audit History sheet for the owner and masters only", async () => {
    const sheets = async (token: string | null) => {
      const { excelData } = expectOk(
        await app.call("GET", `/api/tournaments/${tournament.id}/export`, { token }),
        "export",
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(excelData, "base64") as unknown as ExcelJS.Buffer);
      return book;
    };
    const ownerBook = await sheets(owner);
    const sheet = ownerBook.getWorksheet("Audit History");
    expect(sheet, "the owner's export has the Audit History sheet").toBeDefined();
    expect(sheet!.getRow(1).values).toEqual([
      undefined,
      "When",
      "Who",
      "Role",
      "Action",
      "Round",
      "What",
      "Before",
      "After",
      "Reason",
    ]);
    expect(sheet!.rowCount).toBeGreaterThan(lobbies.length + 2);
    expect((await sheets(master)).getWorksheet("Audit History")).toBeDefined();
    expect((await sheets(null)).getWorksheet("Audit History"), "a visitor's export has no history").toBeUndefined();
    expect(
      (await sheets(other)).getWorksheet("Audit History"),
      "another organizer's export has no history",
    ).toBeUndefined();
  });
});
