// GET /api/tournaments/{id}/players (public, registration order); POST adds one player (manualOverride goes beyond the limit).
import type { Route } from "./+types/tournament.players";
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
import { addPlayer, listPlayers } from "~/models/players.server";
import { playerCreateSchema } from "~/models/validation";

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    return json((await listPlayers(await getDb(), id)).map(toApiPlayer));
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    const input = await readJson(request, playerCreateSchema);
    return json(toApiPlayer(await committed(addPlayer(await getDb(), user, id, input))));
  });
}
