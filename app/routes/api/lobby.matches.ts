// POST /api/lobbies/{id}/matches {scores: [{playerId, placement}]}: saves (or replaces) one lobby's placements.
import type { Route } from "./+types/lobby.matches";
import {
  committed,
  handleApi,
  INVALID_LOBBY_ID,
  json,
  methodNotAllowed,
  readJson,
  requireApiUser,
  requireId,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { saveScores } from "~/models/rounds.server";
import { scoresSchema } from "~/models/validation";

// A lobby's matches are read through GET /api/tournaments/{id}/matches.
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_LOBBY_ID);
    const user = requireApiUser(context);
    const { scores } = await readJson(request, scoresSchema);
    return json(await committed(saveScores(await getDb(), user, id, scores)));
  });
}
