// A tournament's export imported back on both databases: the settings, ruleset and stages come back as they were
// (docs/rules.md "Stages": with stages, totalRounds is the sum of their games, so the Tournament sheet's "Total
// Rounds" may be far above the 10 a stageless tournament allows).
import ExcelJS from "exceljs";
import { expect, test } from "vitest";
import { exportTournament, importTournament } from "~/models/tournaments/spreadsheet.server";
import { presetStages } from "~/models/format/stages";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser } from "./model-fixtures";

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
