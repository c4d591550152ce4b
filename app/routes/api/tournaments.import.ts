// POST /api/tournaments/import {excelData}: a spreadsheet (base64 .xlsx) becomes a new tournament owned by the caller.
import type { Route } from "./+types/tournaments.import";
import { committed, handleApi, json, methodNotAllowed, readJson, requireApiUser } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { IMPORT_BODY_LIMIT, importTournament, spreadsheetImportSchema } from "~/models/spreadsheet.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const user = requireApiUser(context);
    const body = await readJson(request, spreadsheetImportSchema, IMPORT_BODY_LIMIT);
    const { tournament, importedPlayers } = await committed(importTournament(await getDb(), user, body.excelData));
    return json({ message: "Import Successful", tournament, importedPlayers });
  });
}
