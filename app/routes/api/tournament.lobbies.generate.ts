// POST /api/tournaments/{id}/lobbies/generate {roundNumber?}: draws the current round's lobbies, or completes an Elimination tournament.
import type { Route } from "./+types/tournament.lobbies.generate";
import {
  committed,
  handleApi,
  INVALID_TOURNAMENT_ID,
  json,
  methodNotAllowed,
  readJson,
  requireApiUser,
  requireId,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { generateLobbies } from "~/models/rounds.server";
import { generateSchema } from "~/models/validation";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    const { roundNumber } = await readJson(request, generateSchema);
    const result = await committed(generateLobbies(await getDb(), user, id, roundNumber));
    return json(result);
  });
}
