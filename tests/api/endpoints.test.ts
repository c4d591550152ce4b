// One integration test per JSON API endpoint against the built app on PostgreSQL: status, answer shape (the OpenAPI schemas), effect in the database.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import * as answers from "~/lib/api-schemas.server";
import { MASTER, startAppWithCallers, unavailableReason, unique, type App } from "./support/app";
import { expectRefusal, expectShape, expectStatus } from "./support/expect";
import { openEventStream } from "./support/events";
import {
  addPlayers,
  checkIn,
  createTournament,
  drawnTournament,
  placements,
  readyTournament,
  scoredTournament,
  scoreLobbies,
  type Lobby,
} from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;
const list = <T extends z.ZodType>(schema: T) => z.array(schema);

describe.skipIf(skip)(`JSON API endpoints${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let other: string;
  let master: string;

  beforeAll(async () => {
    ({ app, owner, other, master } = await startAppWithCallers("other"));
  });
  afterAll(async () => {
    await app?.stop();
  });

  const row = async (table: string, id: number) => {
    const rows = await app.sql`select * from ${app.sql(table)} where id = ${id}`;
    return rows[0];
  };

  describe("authentication", () => {
    test("POST /api/auth/login answers the user and a bearer token that /api/auth/me accepts", async () => {
      const username = unique("login");
      const reply = await app.call("POST", "/api/auth/login", { body: { username, password: "secret-123" } });
      expectStatus(reply, 200);
      const { user, token } = expectShape(answers.loginAnswer, reply.body);
      expect(user).toMatchObject({ username, role: "user" });
      const [account] = await app.sql`select username, role from users where id = ${user.id}`;
      expect(account).toEqual({ username, role: "user" });
      expectStatus(await app.call("GET", "/api/auth/me", { token }), 200);

      const wrong = await app.call("POST", "/api/auth/login", { body: { username, password: "not-the-one" } });
      expectRefusal(wrong, 401);
      const missing = await app.call("POST", "/api/auth/login", { body: {} });
      expectRefusal(missing, 400, "Missing credentials");
      // A schema's message that is a refusal of its own carries that refusal's code (docs/rules.md "Error codes").
      expect(missing.body.code).toBe("missing_credentials");
    });

    test("GET /api/auth/me answers the signed-in user, 401 without a token", async () => {
      const reply = await app.call("GET", "/api/auth/me", { token: master });
      expectStatus(reply, 200);
      expect(expectShape(answers.userAnswer, reply.body)).toMatchObject({ username: MASTER.username, role: "master" });
      expectRefusal(await app.call("GET", "/api/auth/me"), 401);
      expectRefusal(await app.call("GET", "/api/auth/me", { token: "not-a-token" }), 401);
    });

    test("POST /api/auth/logout revokes the token", async () => {
      const token = await app.login(unique("leaver"));
      const before = await app.sql`select count(*)::int as n from sessions`;
      const reply = await app.call("POST", "/api/auth/logout", { token });
      expectStatus(reply, 200);
      expectShape(answers.logoutAnswer, reply.body);
      const after = await app.sql`select count(*)::int as n from sessions`;
      expect(after[0].n).toBe(before[0].n - 1);
      expectRefusal(await app.call("GET", "/api/auth/me", { token }), 401);
    });

    test("POST /api/auth/register is disabled (403)", async () => {
      expectRefusal(
        await app.call("POST", "/api/auth/register", { body: { username: "newbie", password: "secret-123" } }),
        403,
        "Registration is currently disabled",
      );
    });
  });

  describe("tournaments", () => {
    test("POST /api/tournaments creates a tournament owned by the caller", async () => {
      const name = unique("Create");
      const reply = await app.call("POST", "/api/tournaments", {
        token: owner,
        body: {
          name,
          format: "elimination",
          maxPlayers: 32,
          totalRounds: 5,
          isPublic: true,
          scoring: [10, 8, 6, 4, 2, 1, 0, 0],
        },
      });
      expectStatus(reply, 200);
      const t = expectShape(answers.tournamentDetailAnswer, reply.body);
      expect(t).toMatchObject({
        name,
        format: "elimination",
        lobbyMethod: "snake",
        maxPlayers: 32,
        totalRounds: 5,
        status: "setup",
      });
      expect(t.scoring).toEqual({
        first: 10,
        second: 8,
        third: 6,
        fourth: 4,
        fifth: 2,
        sixth: 1,
        seventh: 0,
        eighth: 0,
      });
      const stored = await row("tournaments", t.id);
      expect(stored).toMatchObject({ name, max_players: 32, is_public: true, status: "setup" });
      const me = await app.call("GET", "/api/auth/me", { token: owner });
      expect(stored.owner_id).toBe(me.body.id);

      expectRefusal(
        await app.call("POST", "/api/tournaments", { token: owner, body: { maxPlayers: 16, totalRounds: 3 } }),
        400,
        "Tournament name required",
      );
      expectRefusal(
        await app.call("POST", "/api/tournaments", {
          token: owner,
          body: { name: "x", maxPlayers: 8, totalRounds: 3 },
        }),
        400,
        "Must have at least 16 players",
      );
    });

    test("GET /api/tournaments needs a token and lists own tournaments plus others' public ones", async () => {
      const mine = await createTournament(app, owner);
      const hidden = await createTournament(app, other, { isPublic: false });
      const shown = await createTournament(app, other, { isPublic: true });
      expectRefusal(await app.call("GET", "/api/tournaments"), 401);

      const reply = await app.call("GET", "/api/tournaments", { token: owner });
      expectStatus(reply, 200);
      const items = expectShape(list(answers.tournamentListItemAnswer), reply.body);
      const ids = items.map((t) => t.id);
      expect(ids).toContain(mine.id);
      expect(ids).toContain(shown.id);
      expect(ids).not.toContain(hidden.id);
      expect(items.find((t) => t.id === mine.id)).toMatchObject({ canManage: true, isOwner: true });
      expect(items.find((t) => t.id === shown.id)).toMatchObject({ canManage: false, isOwner: false });

      const all = expectShape(
        list(answers.tournamentListItemAnswer),
        (await app.call("GET", "/api/tournaments", { token: master })).body,
      );
      expect(all.map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, hidden.id, shown.id]));
    });

    test("GET, POST /api/tournaments/{id}/staff and DELETE …/staff/{userId}: the scorekeepers, by username, owner only", async () => {
      const t = await createTournament(app, owner);
      const name = unique("Staffer");
      const keeper = await app.login(name);
      expectStatus(await app.call("GET", `/api/tournaments/${t.id}/staff`, { token: owner }), 200);

      const added = await app.call("POST", `/api/tournaments/${t.id}/staff`, {
        token: owner,
        body: { username: name.toUpperCase() },
      });
      expectStatus(added, 200);
      const member = expectShape(answers.staffMemberAnswer, added.body);
      expect(member).toMatchObject({ username: name, role: "scorekeeper" });
      const [stored] = await app.sql`select user_id, role from tournament_staff where tournament_id = ${t.id}`;
      expect(stored).toEqual({ user_id: member.userId, role: "scorekeeper" });
      const listed = expectShape(
        list(answers.staffMemberAnswer),
        (await app.call("GET", `/api/tournaments/${t.id}/staff`, { token: owner })).body,
      );
      expect(listed.map((m) => m.username)).toEqual([name]);

      // The dashboard list shows the private tournament to its scorekeeper, with the role.
      const theirs = expectShape(
        list(answers.tournamentListItemAnswer),
        (await app.call("GET", "/api/tournaments", { token: keeper })).body,
      );
      expect(theirs.find((row) => row.id === t.id)).toMatchObject({
        role: "scorekeeper",
        canManage: false,
        isOwner: false,
      });

      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/staff`, { token: owner, body: { username: name } }),
        409,
      );
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/staff`, { token: owner, body: { username: "no_such_user" } }),
        400,
      );
      expectRefusal(await app.call("POST", `/api/tournaments/${t.id}/staff`, { token: owner, body: {} }), 400);
      expectRefusal(await app.call("GET", `/api/tournaments/${t.id}/staff`, { token: keeper }), 403);
      expectRefusal(await app.call("GET", `/api/tournaments/${t.id}/staff`), 401);
      expectRefusal(await app.call("DELETE", `/api/tournaments/${t.id}/staff/abc`, { token: owner }), 400);

      const removed = await app.call("DELETE", `/api/tournaments/${t.id}/staff/${member.userId}`, { token: owner });
      expectStatus(removed, 200);
      expect(expectShape(answers.staffMemberAnswer, removed.body).userId).toBe(member.userId);
      expect(await app.sql`select 1 from tournament_staff where tournament_id = ${t.id}`).toHaveLength(0);
      expectRefusal(await app.call("DELETE", `/api/tournaments/${t.id}/staff/${member.userId}`, { token: owner }), 404);
    });

    test("GET /api/tournaments/public lists public tournaments only, without a token", async () => {
      const open = await createTournament(app, owner, { isPublic: true });
      const closed = await createTournament(app, owner, { isPublic: false });
      const reply = await app.call("GET", "/api/tournaments/public");
      expectStatus(reply, 200);
      const items = expectShape(list(answers.tournamentAnswer), reply.body);
      expect(items.map((t) => t.id)).toContain(open.id);
      expect(items.map((t) => t.id)).not.toContain(closed.id);
      expect(items.every((t) => t.isPublic)).toBe(true);
    });

    test("GET /api/tournaments/{id} answers the tournament to anyone; 404 unknown, 400 malformed", async () => {
      const t = await createTournament(app, owner);
      const reply = await app.call("GET", `/api/tournaments/${t.id}`);
      expectStatus(reply, 200);
      // The stored row, with its stages read as a list (one stage of totalRounds games when none is stored).
      expect(expectShape(answers.tournamentDetailAnswer, reply.body)).toMatchObject({
        ...t,
        stages: [{ name: "Main", games: t.totalRounds, draw: t.lobbyMethod, points: "carry", end: null }],
        currentStage: { index: 0, number: 1, name: "Main" },
        gameInStage: 1,
      });
      expectRefusal(await app.call("GET", "/api/tournaments/2147483647"), 404, "Tournament not found");
      expectRefusal(await app.call("GET", "/api/tournaments/abc"), 400, "Invalid tournament ID");
      expectRefusal(await app.call("GET", "/api/tournaments/-3"), 400, "Invalid tournament ID");
    });

    test("PATCH /api/tournaments/{id} changes settings; status only by a master", async () => {
      const t = await createTournament(app, owner);
      const reply = await app.call("PATCH", `/api/tournaments/${t.id}`, {
        token: owner,
        body: {
          name: "Renamed Cup",
          maxPlayers: 24,
          isPublic: true,
          scoring: { first: 9, second: 7, third: 6, fourth: 5, fifth: 4, sixth: 3, seventh: 2, eighth: 0 },
        },
      });
      expectStatus(reply, 200);
      expect(expectShape(answers.tournamentDetailAnswer, reply.body)).toMatchObject({
        name: "Renamed Cup",
        maxPlayers: 24,
        isPublic: true,
      });
      expect(await row("tournaments", t.id)).toMatchObject({ name: "Renamed Cup", max_players: 24, is_public: true });

      expectRefusal(
        await app.call("PATCH", `/api/tournaments/${t.id}`, { token: owner, body: { status: "active" } }),
        403,
      );
      const byMaster = await app.call("PATCH", `/api/tournaments/${t.id}`, {
        token: master,
        body: { status: "registration", currentRound: 2 },
      });
      expectStatus(byMaster, 200);
      expect(await row("tournaments", t.id)).toMatchObject({ status: "registration", current_round: 2 });
    });

    test("DELETE /api/tournaments/{id} removes it with its players", async () => {
      const t = await createTournament(app, owner);
      await addPlayers(app, owner, t.id, 3);
      const reply = await app.call("DELETE", `/api/tournaments/${t.id}`, { token: owner });
      expectStatus(reply, 200);
      expect(expectShape(answers.deletedTournamentAnswer, reply.body)).toMatchObject({ id: t.id, name: t.name });
      expect(await row("tournaments", t.id)).toBeUndefined();
      expect(await app.sql`select id from players where tournament_id = ${t.id}`).toHaveLength(0);
      expectRefusal(await app.call("GET", `/api/tournaments/${t.id}`), 404);
    });

    test("POST /api/tournaments/{id}/complete completes it; a second time is 409", async () => {
      const t = await createTournament(app, owner);
      const reply = await app.call("POST", `/api/tournaments/${t.id}/complete`, { token: owner });
      expectStatus(reply, 200);
      expect(expectShape(answers.tournamentAnswer, reply.body).status).toBe("completed");
      expect((await row("tournaments", t.id)).status).toBe("completed");
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/complete`, { token: owner }),
        409,
        "Tournament has been completed",
      );
      // Completed tournaments are read-only.
      expectRefusal(
        await app.call("PATCH", `/api/tournaments/${t.id}`, { token: owner, body: { name: "Again" } }),
        409,
      );
    });

    test("POST /api/tournaments/{id}/start-checkin moves setup to checkin; 409 from checkin", async () => {
      const t = await createTournament(app, owner);
      const reply = await app.call("POST", `/api/tournaments/${t.id}/start-checkin`, { token: owner });
      expectStatus(reply, 200);
      expect(expectShape(answers.tournamentAnswer, reply.body).status).toBe("checkin");
      expect((await row("tournaments", t.id)).status).toBe("checkin");
      expectRefusal(await app.call("POST", `/api/tournaments/${t.id}/start-checkin`, { token: owner }), 409);
    });

    test("POST /api/tournaments/{id}/lock needs 8 checked-in players; unlock always works", async () => {
      const t = await createTournament(app, owner);
      const players = await addPlayers(app, owner, t.id, 8);
      await checkIn(app, owner, players.slice(0, 7));
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/lock`, { token: owner, body: { locked: true } }),
        409,
        "Need at least 8 checked-in players to lock tournament",
      );
      expect((await row("tournaments", t.id)).is_locked).toBe(false);
      await checkIn(app, owner, players.slice(7));
      const reply = await app.call("POST", `/api/tournaments/${t.id}/lock`, { token: owner, body: { locked: true } });
      expectStatus(reply, 200);
      expect(expectShape(answers.tournamentAnswer, reply.body).isLocked).toBe(true);
      expect((await row("tournaments", t.id)).is_locked).toBe(true);
      expectStatus(
        await app.call("POST", `/api/tournaments/${t.id}/lock`, { token: owner, body: { locked: false } }),
        200,
      );
      expect((await row("tournaments", t.id)).is_locked).toBe(false);
    });

    test("POST /api/tournaments/{id}/substitute swaps an eliminated player in for an active one", async () => {
      const t = await createTournament(app, owner);
      const [active, benched] = await addPlayers(app, owner, t.id, 2);
      await checkIn(app, owner, [active]);
      expectStatus(
        await app.call("PATCH", `/api/players/${benched.id}`, { token: owner, body: { isEliminated: true } }),
        200,
      );

      const reply = await app.call("POST", `/api/tournaments/${t.id}/substitute`, {
        token: owner,
        body: { oldPlayerId: active.id, newPlayerId: benched.id },
      });
      expectStatus(reply, 200);
      const result = expectShape(answers.substitutionAnswer, reply.body);
      expect(result.oldPlayer).toMatchObject({ id: active.id, isEliminated: true });
      expect(result.newPlayer).toMatchObject({ id: benched.id, isEliminated: false, isCheckedIn: true });
      expect(await row("players", active.id)).toMatchObject({ is_eliminated: true });
      expect(await row("players", benched.id)).toMatchObject({ is_eliminated: false, is_checked_in: true });

      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/substitute`, {
          token: owner,
          body: { oldPlayerId: active.id },
        }),
        400,
        "Please select both players for substitution",
      );
    });

    test("GET /api/tournaments/{id}/export answers a base64 workbook with its five sheets", async () => {
      const { tournament } = await scoredTournament(app, owner);
      const reply = await app.call("GET", `/api/tournaments/${tournament.id}/export`);
      expectStatus(reply, 200);
      const { excelData, fileName } = expectShape(answers.exportAnswer, reply.body);
      expect(fileName).toBe(`${tournament.name}_export.xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(excelData, "base64") as never);
      expect(book.worksheets.map((s) => s.name)).toEqual(["Tournament", "Rules", "Players", "Lobbies", "Matches"]);
      expect(book.getWorksheet("Players")!.rowCount).toBe(17);
      expect(book.getWorksheet("Lobbies")!.rowCount).toBe(3);
      expect(book.getWorksheet("Matches")!.rowCount).toBe(17);
      expectRefusal(await app.call("GET", "/api/tournaments/2147483647/export"), 404);

      // ?download=1 answers the file itself, for Export links that work without JavaScript.
      const file = await fetch(`${app.baseURL}/api/tournaments/${tournament.id}/export?download=1`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toContain("spreadsheetml");
      expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename=".+_export\.xlsx"$/);
      // The same workbook (not the same bytes: a workbook records when it was written).
      const downloaded = new ExcelJS.Workbook();
      await downloaded.xlsx.load(Buffer.from(await file.arrayBuffer()) as never);
      expect(downloaded.worksheets.map((s) => [s.name, s.rowCount])).toEqual(
        book.worksheets.map((s) => [s.name, s.rowCount]),
      );
      expect(downloaded.getWorksheet("Players")!.getRow(2).values).toEqual(
        book.getWorksheet("Players")!.getRow(2).values,
      );
    });

    test("POST /api/tournaments/import creates a tournament from an exported workbook", async () => {
      const { tournament } = await readyTournament(app, other, 10, { format: "elimination", totalRounds: 4 });
      const exported = (await app.call("GET", `/api/tournaments/${tournament.id}/export`)).body.excelData;
      const reply = await app.call("POST", "/api/tournaments/import", { token: owner, body: { excelData: exported } });
      expectStatus(reply, 200);
      const result = expectShape(answers.importAnswer, reply.body);
      expect(result.importedPlayers).toBe(10);
      expect(result.tournament).toMatchObject({
        name: tournament.name,
        format: "elimination",
        totalRounds: 4,
        maxPlayers: 16,
        status: "setup",
      });
      const me = await app.call("GET", "/api/auth/me", { token: owner });
      expect((await row("tournaments", result.tournament.id)).owner_id).toBe(me.body.id);
      const imported =
        await app.sql`select name, riot_tag, lp from players where tournament_id = ${result.tournament.id} order by id`;
      expect(imported.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Player ${i + 1}`));
      expect(imported[0]).toMatchObject({ riot_tag: "EUW1", lp: 1000 });

      const before = await app.snapshot();
      expectRefusal(
        await app.call("POST", "/api/tournaments/import", {
          token: owner,
          body: { excelData: Buffer.from("not a workbook").toString("base64") },
        }),
        400,
        "Failed to import tournament. Please check your Excel file format.",
      );
      expect(await app.snapshot()).toEqual(before);
    });

    test("POST /api/tournaments/import reads a hand-made Players sheet; a workbook without one is 400", async () => {
      const workbook = async (rows: unknown[][] | null) => {
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet(rows ? "players" : "Roster");
        for (const r of rows ?? [["Name", "Tag"]]) sheet.addRow(r);
        return Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
      };
      const rows = [["Player Name", "Tag", "Elo"], ["Ann", "EU1", 1200], [], ["Bob", "EU2", ""], ["Cid", "EU3", 5]];
      const reply = await app.call("POST", "/api/tournaments/import", {
        token: owner,
        body: { excelData: await workbook(rows) },
      });
      expectStatus(reply, 200);
      const result = expectShape(answers.importAnswer, reply.body);
      expect(result).toMatchObject({
        importedPlayers: 3,
        tournament: { name: "Imported Tournament", maxPlayers: 16, totalRounds: 5 },
      });
      const imported =
        await app.sql`select name, riot_tag, lp from players where tournament_id = ${result.tournament.id} order by id`;
      expect(imported).toEqual([
        { name: "Ann", riot_tag: "EU1", lp: 1200 },
        { name: "Bob", riot_tag: "EU2", lp: 0 },
        { name: "Cid", riot_tag: "EU3", lp: 5 },
      ]);

      const before = await app.snapshot();
      const refusals = [
        await workbook(null),
        await workbook([
          ["Name", "Tag"],
          ["x".repeat(51), "EU"],
        ]),
        await workbook([
          ["Name", "Tag", "LP"],
          ["Dee", "EU", -3],
        ]),
      ];
      for (const excelData of refusals) {
        expectRefusal(
          await app.call("POST", "/api/tournaments/import", { token: owner, body: { excelData } }),
          400,
          "Failed to import tournament. Please check your Excel file format.",
        );
      }
      expect(await app.snapshot()).toEqual(before);
    });
  });

  describe("players", () => {
    test("GET /api/tournaments/{id}/players lists players in registration order, without internal columns", async () => {
      const t = await createTournament(app, owner);
      const added = await addPlayers(app, owner, t.id, 3);
      const reply = await app.call("GET", `/api/tournaments/${t.id}/players`);
      expectStatus(reply, 200);
      const players = expectShape(list(answers.playerAnswer), reply.body);
      expect(players.map((p) => p.id)).toEqual(added.map((p) => p.id));
      expect(players[0]).toEqual({
        id: added[0].id,
        tournamentId: t.id,
        name: "Player 1",
        riotTag: "EUW1",
        lp: 1000,
        totalPoints: 0,
        matchesPlayed: 0,
        averagePlacement: 0,
        isEliminated: false,
        isCheckedIn: false,
        seed: null,
        isDropped: false,
        dropReason: null,
        dropRound: null,
      });
      expectRefusal(await app.call("GET", "/api/tournaments/2147483647/players"), 404);
    });

    test("POST /api/tournaments/{id}/players adds a player; at capacity 409 unless manualOverride", async () => {
      const t = await createTournament(app, owner);
      const reply = await app.call("POST", `/api/tournaments/${t.id}/players`, {
        token: owner,
        body: { name: "  Alice  ", riotTag: "NA1", lp: 1500, tournamentId: t.id },
      });
      expectStatus(reply, 200);
      const alice = expectShape(answers.playerAnswer, reply.body);
      expect(alice).toMatchObject({ name: "Alice", riotTag: "NA1", lp: 1500, tournamentId: t.id });
      expect(await row("players", alice.id)).toMatchObject({ name: "Alice", riot_tag: "NA1", lp: 1500 });

      await addPlayers(app, owner, t.id, 15);
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/players`, {
          token: owner,
          body: { name: "Late", riotTag: "EU" },
        }),
        409,
        "Tournament is at maximum capacity (16 players). Remove a player first.",
      );
      const over = await app.call("POST", `/api/tournaments/${t.id}/players`, {
        token: owner,
        body: { name: "Late", riotTag: "EU", manualOverride: true },
      });
      expectStatus(over, 200);
      expect(expectShape(answers.playerAnswer, over.body).isCheckedIn).toBe(false);
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/players`, {
          token: owner,
          body: { name: "x".repeat(51), riotTag: "EU" },
        }),
        400,
        "Player name must be 50 characters or less",
      );
      // Master-only fields from an owner.
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/players`, {
          token: owner,
          body: { name: "Seeded", riotTag: "EU", seed: 1, manualOverride: true },
        }),
        403,
      );
    });

    test("POST /api/tournaments/{id}/players/bulk adds every player or none", async () => {
      const t = await createTournament(app, owner);
      const reply = await app.call("POST", `/api/tournaments/${t.id}/players/bulk`, {
        token: owner,
        body: {
          players: [
            { name: "A", riotTag: "A1", lp: 5 },
            { name: "B", riotTag: "B1" },
          ],
        },
      });
      expectStatus(reply, 200);
      const created = expectShape(list(answers.playerAnswer), reply.body);
      expect(created.map((p) => [p.name, p.riotTag, p.lp])).toEqual([
        ["A", "A1", 5],
        ["B", "B1", 0],
      ]);
      expect(await app.sql`select name from players where tournament_id = ${t.id} order by id`).toEqual([
        { name: "A" },
        { name: "B" },
      ]);

      const tooMany = Array.from({ length: 15 }, (_, i) => ({ name: `X${i}`, riotTag: "X" }));
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/players/bulk`, { token: owner, body: { players: tooMany } }),
        409,
      );
      const none = await app.call("POST", `/api/tournaments/${t.id}/players/bulk`, {
        token: owner,
        body: { players: [] },
      });
      expectRefusal(none, 400, "No Valid Players");
      expect(none.body.code).toBe("no_valid_players");
      expect(await app.sql`select name from players where tournament_id = ${t.id}`).toHaveLength(2);
    });

    test("GET /api/tournaments/{id}/checked-in-players lists the checked-in players still in play", async () => {
      const t = await createTournament(app, owner);
      const players = await addPlayers(app, owner, t.id, 4);
      await checkIn(app, owner, [players[1], players[3]]);
      const reply = await app.call("GET", `/api/tournaments/${t.id}/checked-in-players`);
      expectStatus(reply, 200);
      const listed = expectShape(list(answers.playerAnswer), reply.body);
      expect(listed.map((p) => p.id)).toEqual([players[1].id, players[3].id]);
    });

    test("GET /api/players/{id} answers the player; 404 unknown, 400 malformed", async () => {
      const t = await createTournament(app, owner);
      const [p] = await addPlayers(app, owner, t.id, 1);
      const reply = await app.call("GET", `/api/players/${p.id}`);
      expectStatus(reply, 200);
      expect(expectShape(answers.playerAnswer, reply.body)).toEqual(p);
      expectRefusal(await app.call("GET", "/api/players/2147483647"), 404, "Player not found");
      expectRefusal(await app.call("GET", "/api/players/1.5"), 400, "Invalid player ID");
    });

    test("PATCH /api/players/{id} edits a player; master fields need a master", async () => {
      const t = await createTournament(app, owner);
      const [p] = await addPlayers(app, owner, t.id, 1);
      const reply = await app.call("PATCH", `/api/players/${p.id}`, {
        token: owner,
        body: { name: "Renamed", riotTag: "KR9", lp: 42 },
      });
      expectStatus(reply, 200);
      expect(expectShape(answers.playerAnswer, reply.body)).toMatchObject({ name: "Renamed", riotTag: "KR9", lp: 42 });
      expect(await row("players", p.id)).toMatchObject({ name: "Renamed", riot_tag: "KR9", lp: 42 });

      expectRefusal(await app.call("PATCH", `/api/players/${p.id}`, { token: owner, body: { seed: 3 } }), 403);
      const byMaster = await app.call("PATCH", `/api/players/${p.id}`, {
        token: master,
        body: { seed: 3, totalPoints: 12 },
      });
      expectStatus(byMaster, 200);
      expect(expectShape(answers.playerAnswer, byMaster.body)).toMatchObject({ seed: 3, totalPoints: 12 });
      expect(await row("players", p.id)).toMatchObject({ seed: 3, total_points: 12 });
    });

    test("DELETE /api/players/{id} removes the player", async () => {
      const t = await createTournament(app, owner);
      const [p] = await addPlayers(app, owner, t.id, 1);
      const reply = await app.call("DELETE", `/api/players/${p.id}`, { token: owner });
      expectStatus(reply, 200);
      expect(expectShape(answers.deletedPlayerAnswer, reply.body)).toMatchObject({ id: p.id, tournamentId: t.id });
      expect(await row("players", p.id)).toBeUndefined();
      expectRefusal(await app.call("DELETE", `/api/players/${p.id}`, { token: owner }), 404);
    });

    test("POST /api/players/{id}/checkin checks in and out; refused once lobbies exist", async () => {
      const t = await createTournament(app, owner);
      const [p] = await addPlayers(app, owner, t.id, 1);
      const reply = await app.call("POST", `/api/players/${p.id}/checkin`, { token: owner, body: { checkedIn: true } });
      expectStatus(reply, 200);
      expect(expectShape(answers.playerAnswer, reply.body).isCheckedIn).toBe(true);
      expect((await row("players", p.id)).is_checked_in).toBe(true);
      expectStatus(
        await app.call("POST", `/api/players/${p.id}/checkin`, { token: owner, body: { checkedIn: false } }),
        200,
      );
      expect((await row("players", p.id)).is_checked_in).toBe(false);
      expectRefusal(
        await app.call("POST", `/api/players/${p.id}/checkin`, { token: owner, body: {} }),
        400,
        "checkedIn must be true or false",
      );

      const drawn = await drawnTournament(app, owner);
      expectRefusal(
        await app.call("POST", `/api/players/${drawn.players[0].id}/checkin`, {
          token: owner,
          body: { checkedIn: false },
        }),
        409,
        "Check-ins cannot be modified after lobby generation has started",
      );
    });
  });

  describe("rounds", () => {
    test("POST /api/tournaments/{id}/lobbies/generate draws round 1: active, locked, unchecked players out", async () => {
      const t = await createTournament(app, owner, { maxPlayers: 24 });
      const players = await addPlayers(app, owner, t.id, 18);
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/lobbies/generate`, { token: owner, body: {} }),
        409,
        "At least 16 players must be checked in to generate lobbies",
      );
      await checkIn(app, owner, players.slice(0, 16));
      const reply = await app.call("POST", `/api/tournaments/${t.id}/lobbies/generate`, {
        token: owner,
        body: { roundNumber: 1 },
      });
      expectStatus(reply, 200);
      const result = expectShape(answers.generateAnswer, reply.body);
      expect(result).toMatchObject({ status: "generated", roundNumber: 1, removedPlayers: 2 });
      expect(result.lobbies.map((l) => [l.name, l.playerIds.length])).toEqual([
        ["Lobby 1", 8],
        ["Lobby 2", 8],
      ]);
      expect(await row("tournaments", t.id)).toMatchObject({ status: "active", is_locked: true });
      expect(await app.sql`select id from lobbies where tournament_id = ${t.id}`).toHaveLength(2);
      expectRefusal(
        await app.call("POST", `/api/tournaments/${t.id}/lobbies/generate`, { token: owner, body: {} }),
        409,
      );
    });

    test("GET /api/tournaments/{id}/lobbies lists the current round's lobbies, or ?round=", async () => {
      const { tournament, lobbies } = await drawnTournament(app, owner);
      const reply = await app.call("GET", `/api/tournaments/${tournament.id}/lobbies`);
      expectStatus(reply, 200);
      expect(expectShape(list(answers.lobbyAnswer), reply.body)).toEqual(lobbies);
      expect((await app.call("GET", `/api/tournaments/${tournament.id}/lobbies?round=1`)).body).toEqual(lobbies);
      expect((await app.call("GET", `/api/tournaments/${tournament.id}/lobbies?round=2`)).body).toEqual([]);
      expectRefusal(
        await app.call("GET", `/api/tournaments/${tournament.id}/lobbies?round=zero`),
        400,
        "Invalid round number",
      );
    });

    test("GET /api/tournaments/{id}/lobbies/all lists every round's lobbies", async () => {
      const { tournament, lobbies } = await scoredTournament(app, owner);
      expectStatus(
        await app.call("POST", `/api/tournaments/${tournament.id}/advance-round`, { token: owner, body: {} }),
        200,
      );
      const second = await app.call("POST", `/api/tournaments/${tournament.id}/lobbies/generate`, {
        token: owner,
        body: {},
      });
      expectStatus(second, 200);
      const reply = await app.call("GET", `/api/tournaments/${tournament.id}/lobbies/all`);
      expectStatus(reply, 200);
      const all = expectShape(list(answers.lobbyAnswer), reply.body);
      expect(all.map((l) => l.roundNumber)).toEqual([1, 1, 2, 2]);
      expect(all.slice(0, 2).map((l) => l.id)).toEqual(lobbies.map((l) => l.id));
      expect(all.slice(0, 2).every((l) => l.isComplete)).toBe(true);
    });

    test("GET /api/tournaments/{id}/lobbies/round/{round} lists that round's lobbies", async () => {
      const { tournament, lobbies } = await drawnTournament(app, owner);
      const reply = await app.call("GET", `/api/tournaments/${tournament.id}/lobbies/round/1`);
      expectStatus(reply, 200);
      expect(expectShape(list(answers.lobbyAnswer), reply.body)).toEqual(lobbies);
    });

    test("DELETE /api/tournaments/{id}/lobbies/round/1 undoes round 1: back to check-in, players restored", async () => {
      const t = await createTournament(app, owner, { maxPlayers: 24 });
      const players = await addPlayers(app, owner, t.id, 19);
      await checkIn(app, owner, players.slice(0, 16));
      await app.call("POST", `/api/tournaments/${t.id}/lobbies/generate`, { token: owner, body: {} });
      const reply = await app.call("DELETE", `/api/tournaments/${t.id}/lobbies/round/1`, { token: owner });
      expectStatus(reply, 200);
      expect(expectShape(answers.undoAnswer, reply.body)).toEqual({
        roundNumber: 1,
        deletedLobbies: 2,
        resetToCheckIn: true,
        restoredPlayers: 3,
      });
      expect(await row("tournaments", t.id)).toMatchObject({ status: "checkin", is_locked: false });
      expect(await app.sql`select id from lobbies where tournament_id = ${t.id}`).toHaveLength(0);
      expect(
        await app.sql`select id from players where tournament_id = ${t.id} and removed_at is not null`,
      ).toHaveLength(0);
      expectRefusal(await app.call("DELETE", `/api/tournaments/${t.id}/lobbies/round/1`, { token: owner }), 409);
    });

    test("DELETE /api/lobbies/{id} removes one lobby and its scores", async () => {
      const { lobbies } = await drawnTournament(app, owner);
      await scoreLobbies(app, owner, [lobbies[0]]);
      const reply = await app.call("DELETE", `/api/lobbies/${lobbies[0].id}`, { token: owner });
      expectStatus(reply, 200);
      expect(expectShape(answers.deletedLobbyAnswer, reply.body)).toMatchObject({
        lobbyId: lobbies[0].id,
        roundNumber: 1,
      });
      expect(await row("lobbies", lobbies[0].id)).toBeUndefined();
      expect(await app.sql`select id from matches where lobby_id = ${lobbies[0].id}`).toHaveLength(0);
      expectRefusal(
        await app.call("DELETE", `/api/lobbies/${lobbies[0].id}`, { token: owner }),
        404,
        "Lobby not found",
      );
    });

    test("POST /api/lobbies/{id}/matches saves placements, points and totals; SPEC messages for bad scores", async () => {
      const { lobbies } = await drawnTournament(app, owner);
      const lobby = lobbies[0];
      const scores = placements(lobby);
      const incomplete = await app.call("POST", `/api/lobbies/${lobby.id}/matches`, {
        token: owner,
        body: { scores: scores.slice(1) },
      });
      expectRefusal(incomplete, 400, "Incomplete scores");
      const duplicate = scores.map((s) => ({ ...s, placement: 1 }));
      expectRefusal(
        await app.call("POST", `/api/lobbies/${lobby.id}/matches`, { token: owner, body: { scores: duplicate } }),
        400,
        "Duplicate placements",
      );
      expectRefusal(
        await app.call("POST", `/api/lobbies/${lobby.id}/matches`, { token: owner, body: { scores: [] } }),
        400,
        "No scores entered",
      );
      expect(await app.sql`select id from matches where lobby_id = ${lobby.id}`).toHaveLength(0);

      const reply = await app.call("POST", `/api/lobbies/${lobby.id}/matches`, { token: owner, body: { scores } });
      expectStatus(reply, 200);
      const saved = expectShape(answers.scoresAnswer, reply.body);
      expect(saved.lobby.isComplete).toBe(true);
      expect(saved.matches.map((m) => [m.placement, m.points])).toEqual([
        [1, 8],
        [2, 7],
        [3, 6],
        [4, 5],
        [5, 4],
        [6, 3],
        [7, 2],
        [8, 1],
      ]);
      expect(await app.sql`select placement from matches where lobby_id = ${lobby.id} order by placement`).toHaveLength(
        8,
      );
      expect(await row("players", lobby.playerIds[0])).toMatchObject({
        total_points: 8,
        matches_played: 1,
        average_placement: 1,
      });

      // Saving again replaces, never adds.
      const reversed = lobby.playerIds.map((playerId, i) => ({ playerId, placement: 8 - i }));
      expectStatus(
        await app.call("POST", `/api/lobbies/${lobby.id}/matches`, { token: owner, body: { scores: reversed } }),
        200,
      );
      expect(await app.sql`select id from matches where lobby_id = ${lobby.id}`).toHaveLength(8);
      expect(await row("players", lobby.playerIds[0])).toMatchObject({
        total_points: 1,
        matches_played: 1,
        average_placement: 8,
      });
    });

    test("GET /api/tournaments/{id}/matches lists every saved placement", async () => {
      const { tournament, lobbies } = await scoredTournament(app, owner);
      const reply = await app.call("GET", `/api/tournaments/${tournament.id}/matches`);
      expectStatus(reply, 200);
      const matches = expectShape(list(answers.matchAnswer), reply.body);
      expect(matches).toHaveLength(16);
      expect(new Set(matches.map((m) => m.lobbyId))).toEqual(new Set(lobbies.map((l) => l.id)));
    });

    test("GET /api/tournaments/{id}/leaderboard ranks players with bestFinish", async () => {
      const { tournament, lobbies } = await scoredTournament(app, owner);
      const reply = await app.call("GET", `/api/tournaments/${tournament.id}/leaderboard`);
      expectStatus(reply, 200);
      const rows = expectShape(list(answers.leaderboardRowAnswer), reply.body);
      expect(rows.every((r) => !r.final)).toBe(true);
      expect(rows).toHaveLength(16);
      expect(rows.map((r) => r.rank)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      const winners = new Set(lobbies.map((l) => l.playerIds[0]));
      expect(new Set(rows.slice(0, 2).map((r) => r.id))).toEqual(winners);
      expect(rows[0]).toMatchObject({ totalPoints: 8, bestFinish: 1, wins: 1, matchesPlayed: 1 });
      expect(rows[15]).toMatchObject({ totalPoints: 1, bestFinish: 8, wins: 0 });
    });

    test("POST /api/tournaments/{id}/finalize-round locks the round's scores", async () => {
      const { tournament, lobbies } = await drawnTournament(app, owner);
      await scoreLobbies(app, owner, [lobbies[0]]);
      expectRefusal(
        await app.call("POST", `/api/tournaments/${tournament.id}/finalize-round`, { token: owner }),
        409,
        "All lobby scores must be submitted first: 1/2 scores submitted",
      );
      await scoreLobbies(app, owner, [lobbies[1]]);
      const reply = await app.call("POST", `/api/tournaments/${tournament.id}/finalize-round`, { token: owner });
      expectStatus(reply, 200);
      expect(expectShape(answers.tournamentAnswer, reply.body).finalizedRound).toBe(1);
      expect((await row("tournaments", tournament.id)).finalized_round).toBe(1);
      // Finalized: the owner can no longer edit or undo.
      expectRefusal(
        await app.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
          token: owner,
          body: { scores: placements(lobbies[0]) },
        }),
        409,
      );
      expectRefusal(
        await app.call("DELETE", `/api/tournaments/${tournament.id}/lobbies/round/1`, { token: owner }),
        409,
        "Cannot undo after finalization",
      );
    });

    test("GET /api/tournaments/{id}/advance-round previews the cut", async () => {
      const { tournament } = await scoredTournament(app, owner);
      const reply = await app.call("GET", `/api/tournaments/${tournament.id}/advance-round?eliminationCount=8`);
      expectStatus(reply, 200);
      const preview = expectShape(answers.cutPreviewAnswer, reply.body);
      expect(preview).toMatchObject({
        roundNumber: 1,
        activeCount: 16,
        scoresSubmitted: 2,
        lobbyCount: 2,
        count: 8,
        error: null,
      });
      expect(preview.plan?.sure).toHaveLength(8);
      expectRefusal(await app.call("GET", `/api/tournaments/${tournament.id}/advance-round?eliminationCount=-8`), 400);
    });

    test("POST /api/tournaments/{id}/advance-round cuts and moves on; past the last round it completes", async () => {
      const { tournament, lobbies } = await scoredTournament(app, owner, 16, { totalRounds: 2 });
      const reply = await app.call("POST", `/api/tournaments/${tournament.id}/advance-round`, {
        token: owner,
        body: { eliminationCount: 8 },
      });
      expectStatus(reply, 200);
      const result = expectShape(answers.advanceAnswer, reply.body);
      expect(result).toMatchObject({ status: "active", currentRound: 2 });
      expect(result.eliminated).toHaveLength(8);
      const bottom = lobbies.flatMap((l) => l.playerIds.slice(4));
      expect(new Set(result.eliminated)).toEqual(new Set(bottom));
      expect(await row("tournaments", tournament.id)).toMatchObject({ current_round: 2, finalized_round: 1 });
      expect(
        await app.sql`select id from players where tournament_id = ${tournament.id} and is_eliminated`,
      ).toHaveLength(8);

      const round2 = (
        await app.call("POST", `/api/tournaments/${tournament.id}/lobbies/generate`, { token: owner, body: {} })
      ).body.lobbies as Lobby[];
      expect(round2.flatMap((l) => l.playerIds)).toHaveLength(8);
      await scoreLobbies(app, owner, round2);
      const last = await app.call("POST", `/api/tournaments/${tournament.id}/advance-round`, {
        token: owner,
        body: {},
      });
      expectStatus(last, 200);
      expect(expectShape(answers.advanceAnswer, last.body)).toMatchObject({
        status: "completed",
        message: "Tournament has been completed",
      });
      expect((await row("tournaments", tournament.id)).status).toBe("completed");
    });

    test("POST /api/tournaments/{id}/advance-round with a tie at the cut line needs tiebreakerPlayerIds", async () => {
      // Three lobbies scored alike: the three 6th places tie, and a cut of 8 takes two of them.
      const { tournament, lobbies } = await scoredTournament(app, owner, 24);
      const tied = lobbies.map((l) => l.playerIds[5]);
      const refused = await app.call("POST", `/api/tournaments/${tournament.id}/advance-round`, {
        token: owner,
        body: { eliminationCount: 8 },
      });
      expectRefusal(refused, 409, /Tie-break needed at the cut line: select exactly 2 of the 3 tied players/);
      expect(await row("tournaments", tournament.id)).toMatchObject({ current_round: 1, finalized_round: 0 });

      const reply = await app.call("POST", `/api/tournaments/${tournament.id}/advance-round`, {
        token: owner,
        body: { eliminationCount: 8, tiebreakerPlayerIds: tied.slice(0, 2) },
      });
      expectStatus(reply, 200);
      const { eliminated } = expectShape(answers.advanceAnswer, reply.body);
      expect(eliminated).toHaveLength(8);
      expect(eliminated).toEqual(expect.arrayContaining(tied.slice(0, 2)));
      expect(eliminated).not.toContain(tied[2]);
      expect((await row("players", tied[2])).is_eliminated).toBe(false);
    });
  });

  describe("plumbing", () => {
    test("GET /api/events streams committed changes of a tournament", async () => {
      const t = await createTournament(app, owner);
      const stream = await openEventStream(app.baseURL, t.id);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
      expect(stream.response.headers.get("cache-control")).toContain("no-store");
      try {
        await stream.waitFor("connected");
        await app.call("PATCH", `/api/tournaments/${t.id}`, { token: owner, body: { name: "Live Rename" } });
        const updated = await stream.waitFor("tournament_updated");
        expect(updated.tournamentId).toBe(t.id);
        expect(updated.data.name).toBe("Live Rename");
      } finally {
        await stream.close();
      }
      expectRefusal(await app.call("GET", "/api/events?tournamentId=abc"), 400, "Invalid tournament ID");
    });

    test("a wrong method answers 405 with Allow; an unknown /api path answers a JSON 404", async () => {
      const t = await createTournament(app, owner);
      const put = await app.call("PUT", `/api/tournaments/${t.id}`, { token: owner, body: { name: "x" } });
      expectRefusal(put, 405);
      expect(put.headers.get("allow")).toBe("GET, PATCH, DELETE");
      expectRefusal(await app.call("GET", `/api/tournaments/${t.id}/complete`), 405);
      expectRefusal(await app.call("GET", "/api/lobbies/1"), 405);
      expectRefusal(await app.call("GET", "/api/no-such-thing"), 404, "Not found");
      expectRefusal(await app.call("POST", "/api/no-such-thing", { token: owner, body: {} }), 404, "Not found");
    });

    test("the page session cookie works like the bearer token", async () => {
      const form = new URLSearchParams({ username: unique("cookie"), password: "password123" });
      const login = await fetch(`${app.baseURL}/login`, { method: "POST", body: form, redirect: "manual" });
      const cookie = login.headers
        .getSetCookie()
        .find((c) => c.startsWith("tm_session="))
        ?.split(";")[0];
      expect(cookie, `no session cookie from POST /login (${login.status})`).toMatch(/^tm_session=/);
      const reply = await app.call("POST", "/api/tournaments", {
        headers: { cookie: cookie! },
        body: { name: unique("Cookie Cup"), maxPlayers: 16, totalRounds: 1 },
      });
      expectStatus(reply, 200);
      expectStatus(await app.call("GET", "/api/auth/me", { headers: { cookie: cookie! } }), 200);
      // A bare POST /logout (no body, no Content-Type, as `curl -X POST` sends it) is an empty form: it signs out.
      const out = await fetch(`${app.baseURL}/logout`, {
        method: "POST",
        headers: { cookie: cookie! },
        redirect: "manual",
      });
      expect(out.status).toBe(302);
      expectStatus(await app.call("GET", "/api/auth/me", { headers: { cookie: cookie! } }), 401);
    });

    test("another organizer may read but not change a tournament", async () => {
      const t = await createTournament(app, owner);
      const [p] = await addPlayers(app, owner, t.id, 1);
      expectStatus(await app.call("GET", `/api/tournaments/${t.id}`, { token: other }), 200);
      expectStatus(await app.call("GET", `/api/players/${p.id}`, { token: other }), 200);
      expectRefusal(await app.call("PATCH", `/api/players/${p.id}`, { token: other, body: { name: "Hijack" } }), 403);
      expect((await row("players", p.id)).name).toBe("Player 1");
    });
  });
});
