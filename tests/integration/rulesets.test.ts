// Rulesets on both databases: chosen at creation, changed in settings until a round is finalized, refused input changes
// nothing, standings and cuts follow the stored chain, and the export's Rules sheet comes back on import.
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { tournaments } from "#db/schema";
import { findTournamentOr404 } from "~/models/action.server";
import { cutPreview } from "~/models/rounds/advance.server";
import { RIOT_TIEBREAKERS, STANDARD_TIEBREAKERS } from "~/models/format/ruleset";
import { exportTournament, importTournament } from "~/models/tournaments/spreadsheet.server";
import { getLeaderboard } from "~/models/format/standings.server";
import { updateTournament } from "~/models/tournaments/tournaments.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { finalizeRound, saveScores } from "~/models/rounds/scores.server";
import { rulesetFromForm, tournamentCreateSchema, tournamentUpdateSchema } from "~/models/tournaments/tournament-input";
import { readTournamentData } from "~/models/views/tournament-data.server";
import { overlayView } from "~/models/views/overlay";
import { rulesView } from "~/models/views/public";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser } from "./model-fixtures";

describeEachDriver("rulesets", (getDb) => {
  test("created without a ruleset: standard; with a preset or a chain: stored whole, named after its preset", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    expect((await makeTournament(db, owner)).ruleset).toEqual({
      preset: "standard",
      tiebreakers: [...STANDARD_TIEBREAKERS],
    });
    expect((await makeTournament(db, owner, { ruleset: { preset: "riot" } })).ruleset).toEqual({
      preset: "riot",
      tiebreakers: [...RIOT_TIEBREAKERS],
    });
    expect(
      (await makeTournament(db, owner, { ruleset: { tiebreakers: ["totalPoints", "wins", "seed"] } })).ruleset,
    ).toEqual({
      preset: "custom",
      tiebreakers: ["totalPoints", "wins", "seed", "registration"],
    });
    const sameAsRiot = await makeTournament(db, owner, {
      ruleset: { tiebreakers: ["totalPoints", "riotScore", "placementCounts", "recentGames", "registration"] },
    });
    expect(sameAsRiot.ruleset.preset).toBe("riot");
  });

  test("bad rulesets are refused by the shared schema with their own message", () => {
    const base = { name: "Bad", maxPlayers: 32, totalRounds: 3 };
    const refusal = (ruleset: unknown) => {
      const parsed = tournamentCreateSchema.safeParse({ ...base, ruleset });
      expect(parsed.success, JSON.stringify(ruleset)).toBe(false);
      return parsed.error!.issues[0].message;
    };
    expect(refusal({ tiebreakers: ["totalPoints", "luck"] })).toBe('Unknown tiebreaker "luck"');
    expect(refusal({ tiebreakers: ["totalPoints", "wins", "wins"] })).toBe('The tiebreaker "wins" is listed twice');
    expect(refusal({ tiebreakers: [] })).toMatch(/cannot be empty/);
    expect(refusal({ tiebreakers: ["wins", "totalPoints"] })).toMatch(/must start with totalPoints/);
    expect(refusal({ preset: "riot", tiebreakers: ["totalPoints"] })).toBe(
      "Give either a ruleset preset or tiebreakers, not both",
    );
    expect(refusal({ preset: "fifa" })).toMatch(/Unknown ruleset preset "fifa"/);
    expect(refusal({})).toBe("A ruleset needs a preset or tiebreakers");
    expect(refusal("riot")).toMatch(/ruleset must be an object/);
    expect(tournamentUpdateSchema.safeParse({ ruleset: { tiebreakers: ["totalPoints", "x"] } }).success).toBe(false);
  });

  test("the form's fields: a preset alone, or Custom's selects after total points, blanks skipped", () => {
    expect(rulesetFromForm({ ruleset: { preset: "riot", tiebreakers: ["wins", ""] } }).ruleset).toEqual({
      preset: "riot",
    });
    expect(rulesetFromForm({ ruleset: { preset: "custom", tiebreakers: ["wins", "", "seed", ""] } }).ruleset).toEqual({
      tiebreakers: ["totalPoints", "wins", "seed"],
    });
  });

  test("settings change the chain until a round is finalized, then 409 and nothing changes", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    const riot = tournamentUpdateSchema.parse({ ruleset: { preset: "riot" } });
    const { result } = await updateTournament(db, owner, t.id, riot);
    expect(result.ruleset.preset).toBe("riot");
    const other = await makeUser(db);
    await expectRefused(updateTournament(db, other, t.id, { ruleset: { preset: "standard" } }), 403);

    await db.update(tournaments).set({ finalizedRound: 1 }).where(eq(tournaments.id, t.id));
    const before = await findTournamentOr404(db, t.id);
    await expectRefused(
      updateTournament(db, owner, t.id, { ruleset: { preset: "standard" }, name: "Renamed" }),
      409,
      "The tiebreak order cannot be changed after a round is finalized (Round 1 is)",
    );
    const after = await findTournamentOr404(db, t.id);
    expect(after).toEqual(before);
    // Sending the stored chain again (a settings form resends everything) is no change, so it is fine.
    const same = await updateTournament(db, owner, t.id, { ruleset: { preset: "riot" }, name: "Renamed" });
    expect(same.result).toMatchObject({ name: "Renamed", ruleset: { preset: "riot" } });
  });

  test("standings, separatedBy and the cut follow the stored chain; points never move", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 32, totalRounds: 3 });
    await addPlayers(db, owner, t.id, 16);
    const { result } = await generateLobbies(db, owner, t.id, 1);
    // Every lobby scored in seat order, so seats 2 and 3… of both lobbies tie on points and average.
    for (const lobby of result.lobbies) {
      await saveScores(
        db,
        owner,
        lobby.id,
        lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
      );
    }
    const standard = await getLeaderboard(db, t.id);
    expect(standard[1].separatedBy).toBe("seed");
    await updateTournament(db, owner, t.id, { ruleset: { preset: "riot" } });
    const riot = await getLeaderboard(db, t.id);
    // Two players per placement: riot's chain has nothing past the games, so registration order splits them.
    expect(riot[1].separatedBy).toBe("registration");
    expect(new Set(riot.map((r) => r.separatedBy))).toEqual(new Set([null, "totalPoints", "registration"]));
    // The public snapshot (public view, leaderboard, overlay) ranks in the same order.
    const data = (await readTournamentData(db, t.id))!;
    expect(data.standings.map((r) => r.id)).toEqual(riot.map((r) => r.id));
    const overlay = overlayView(data, { view: "standings", top: 16 });
    expect(overlay.rows.map((r) => r.key)).toEqual(riot.map((r) => r.id));
    expect(rulesView(data).tiebreakers.map((c) => c.key)).toEqual([...RIOT_TIEBREAKERS]);
    const points = (rows: typeof riot) => new Map(rows.map((r) => [r.id, r.totalPoints]));
    expect(points(riot)).toEqual(points(standard));

    // A cut of 8 under riot: the line falls between the 4th and 5th places, so the bottom 8 go, nobody to pick.
    const preview = await cutPreview(db, t.id, 8);
    expect(preview).toMatchObject({ cutRule: "chain", plan: { tied: [], needed: 0 } });
    expect(new Set(preview.plan!.sure)).toEqual(new Set(riot.slice(8).map((r) => r.id)));
    await updateTournament(db, owner, t.id, { ruleset: { tiebreakers: ["totalPoints", "seed"] } });
    expect((await getLeaderboard(db, t.id))[1].separatedBy).toBe("seed");
    await finalizeRound(db, owner, t.id);
    await expectRefused(updateTournament(db, owner, t.id, { ruleset: { preset: "riot" } }), 409);
  });

  test("the export's Rules sheet names the chain and the import reads it back; an old export imports as standard", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { ruleset: { tiebreakers: ["totalPoints", "recentGames", "wins"] } });
    await addPlayers(db, owner, t.id, 3, 0);
    const exported = await exportTournament(db, t.id, owner);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.data as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet("Rules")!;
    const cells = (n: number) => [sheet.getRow(n).getCell(1).text, sheet.getRow(n).getCell(2).text];
    expect(cells(1)).toEqual(["Rule", "Value"]);
    expect(cells(2)).toEqual(["Preset", "custom"]);
    expect([cells(3), cells(4), cells(5), cells(6)]).toEqual([
      ["Tiebreaker 1", "totalPoints"],
      ["Tiebreaker 2", "recentGames"],
      ["Tiebreaker 3", "wins"],
      ["Tiebreaker 4", "registration"],
    ]);
    const back = await importTournament(db, owner, exported.data.toString("base64"));
    expect(back.result.tournament.ruleset).toEqual(t.ruleset);

    // An export made before rulesets existed: no Rules sheet.
    book.removeWorksheet(sheet.id);
    const old = Buffer.from(await book.xlsx.writeBuffer());
    const imported = await importTournament(db, owner, old.toString("base64"));
    expect(imported.result.tournament.ruleset.preset).toBe("standard");

    // A Rules sheet naming an unknown criterion fails the import and creates nothing.
    const broken = new ExcelJS.Workbook();
    await broken.xlsx.load(exported.data as unknown as ExcelJS.Buffer);
    broken.getWorksheet("Rules")!.getRow(4).getCell(2).value = "luck";
    const count = async () => (await db.select().from(tournaments)).length;
    const n = await count();
    await expectRefused(
      importTournament(db, owner, Buffer.from(await broken.xlsx.writeBuffer()).toString("base64")),
      400,
    );
    expect(await count()).toBe(n);
  });
});
