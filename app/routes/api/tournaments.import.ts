// POST /api/tournaments/import {excelData}: a spreadsheet (base64 .xlsx) becomes a new tournament owned by the caller.
import { allowOnly, userAction } from "~/lib/api.server";
import { importAnswer } from "~/lib/api-schemas.server";
import { ok } from "~/lib/openapi.server";
import { IMPORT_BODY_LIMIT, importTournament, spreadsheetImportSchema } from "~/models/tournaments/spreadsheet.server";
import { IMPORT_FAILED } from "~/models/messages";

export const loader = allowOnly("POST");

export const action = userAction({
  POST: {
    body: spreadsheetImportSchema,
    limit: IMPORT_BODY_LIMIT,
    run: ({ db, user, body }) => importTournament(db, user, body.excelData),
    answer: ({ tournament, importedPlayers }) => ({ message: "Import Successful", tournament, importedPlayers }),
    openapi: {
      operationId: "importTournament",
      tag: "Tournaments",
      summary: "Create a tournament from a spreadsheet",
      description:
        "excelData is a base64 .xlsx workbook. Its Players sheet (columns Name, Riot Tag, optional LP and Seed) gives the players; " +
        "a Tournament sheet (Field / Value rows as the export writes them) gives the settings. Stats are not imported. " +
        `Any unreadable workbook answers 400 "${IMPORT_FAILED}"`,
      answers: { 200: ok("Imported", importAnswer), 413: { description: "Request body too large" } },
    },
  },
});
