// POST /api/tournaments/{id}/players/bulk {players, manualOverride}: adds many players, all or nothing.
import type { Route } from "./+types/tournament.players.bulk";
import {
  committed,
  handleApi,
  INVALID_TOURNAMENT_ID,
  json,
  methodNotAllowed,
  readJson,
  requireApiUser,
  requireId,
  toApiPlayer,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { bulkAddPlayers } from "~/models/players.server";
import { bulkPlayersSchema } from "~/models/validation";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    const { players, manualOverride } = await readJson(request, bulkPlayersSchema);
    const created = await committed(bulkAddPlayers(await getDb(), user, id, players, manualOverride));
    return json(created.map(toApiPlayer));
  });
}
