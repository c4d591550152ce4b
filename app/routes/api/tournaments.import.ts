// POST /api/tournaments/import {excelData}: a spreadsheet (base64 .xlsx) becomes a new tournament owned by the caller.
import { allowOnly, userAction } from "~/lib/api.server";
import { IMPORT_BODY_LIMIT, importTournament, spreadsheetImportSchema } from "~/models/spreadsheet.server";

export const loader = allowOnly("POST");

export const action = userAction({
  POST: {
    body: spreadsheetImportSchema,
    limit: IMPORT_BODY_LIMIT,
    run: ({ db, user, body }) => importTournament(db, user, body.excelData),
    answer: ({ tournament, importedPlayers }) => ({ message: "Import Successful", tournament, importedPlayers }),
  },
});
