// A tournament's export imported back on both databases: the settings, ruleset and stages come back as they were
// (docs/rules.md "Stages": with stages, totalRounds is the sum of their games, so the Tournament sheet's "Total
// Rounds" may be far above the 10 a stageless tournament allows).
import ExcelJS from "exceljs";
import { expect, test } from "vitest";
import { tournaments } from "#db/schema";
import { IMPORT_FAILED } from "~/models/messages";
import { exportTournament, importTournament } from "~/models/tournaments/spreadsheet.server";
import { presetStages } from "~/models/format/stages";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser } from "./model-fixtures";

describeEachDriver("spreadsheet round trip", (getDb) => {
  test('Create\'s preset "Two days and a checkmate final" (15 games) imports back from its own export', async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const stages = presetStages("checkmate-final", 32, 5, "snake");
    const t = await makeTournament(db, owner, { totalRounds: undefined, stages, ruleset: { preset: "riot" } });
    expect(t.totalRounds).toBeGreaterThan(10);
    await addPlayers(db, owner, t.id, 20, 0);

    const { data } = await exportTournament(db, t.id, owner);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ExcelJS.Buffer);
    const info = book.getWorksheet("Tournament")!;
    const totalRounds = info.getRows(1, info.rowCount)!.find((r) => r.getCell(1).text === "Total Rounds")!;
    expect(totalRounds.getCell(2).value).toBe(t.totalRounds);

    const back = await importTournament(db, owner, data.toString("base64"));
    expect(back.result.importedPlayers).toBe(20);
    expect(back.result.tournament).toMatchObject({
      name: t.name,
      maxPlayers: t.maxPlayers,
      totalRounds: t.totalRounds,
      stages: t.stages,
      ruleset: t.ruleset,
      scoring: t.scoring,
    });
  });
});

describeEachDriver("spreadsheet import refusals", (getDb) => {
  test("a Stage row naming a stage with a lone surrogate (a JSON \\ud800 escape) is refused with 400 and creates nothing", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const book = new ExcelJS.Workbook();
    const roster = book.addWorksheet("Players");
    roster.addRow(["Name", "Riot Tag"]);
    roster.addRow(["Ann", "EUW1"]);
    const rules = book.addWorksheet("Rules");
    rules.addRow(["Rule", "Value"]);
    // The cell holds the six characters \ud800: JSON.parse makes them a lone surrogate, which jsonb refuses.
    rules.addRow(["Stage 1", '{"name":"Day \\ud800","games":2,"draw":"snake","points":"carry","end":null}']);
    const data = Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
    const count = async () => (await db.select().from(tournaments)).length;
    const before = await count();
    await expectRefused(importTournament(db, owner, data), 400, IMPORT_FAILED);
    expect(await count()).toBe(before);
  });
});
