// GET /api/tournaments/{id}/export: the tournament as a base64 .xlsx ({excelData, fileName}); public like the public view's Export.
import type { Route } from "./+types/tournament.export";
import { handleApi, INVALID_TOURNAMENT_ID, json, methodNotAllowed, requireId } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { exportTournament } from "~/models/spreadsheet.server";

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const { data, fileName } = await exportTournament(await getDb(), id);
    return json({ excelData: data.toString("base64"), fileName });
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
