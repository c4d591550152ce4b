// POST /api/tournaments/{id}/substitute {oldPlayerId, newPlayerId}: an eliminated player takes an active player's place.
import type { Route } from "./+types/tournament.substitute";
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
import { substitute } from "~/models/players.server";
import { substituteSchema } from "~/models/validation";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    const { oldPlayerId, newPlayerId } = await readJson(request, substituteSchema);
    const result = await committed(substitute(await getDb(), user, id, oldPlayerId, newPlayerId));
    return json({
      oldPlayer: toApiPlayer(result.oldPlayer),
      newPlayer: toApiPlayer(result.newPlayer),
      lobbyId: result.lobbyId,
    });
  });
}
