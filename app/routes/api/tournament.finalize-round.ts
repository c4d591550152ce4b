// POST /api/tournaments/{id}/finalize-round: locks the current round's scores once every lobby is complete.
import type { Route } from "./+types/tournament.finalize-round";
import {
  committed,
  emptyBodySchema,
  handleApi,
  INVALID_TOURNAMENT_ID,
  json,
  methodNotAllowed,
  readJson,
  requireApiUser,
  requireId,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { finalizeRound } from "~/models/rounds.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    await readJson(request, emptyBodySchema);
    return json(await committed(finalizeRound(await getDb(), user, id)));
  });
}
