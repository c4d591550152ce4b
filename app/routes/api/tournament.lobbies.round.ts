// GET /api/tournaments/{id}/lobbies/round/{round}: that round's lobbies; DELETE undoes its lobby generation.
import type { Route } from "./+types/tournament.lobbies.round";
import {
  committed,
  emptyBodySchema,
  handleApi,
  INVALID_ROUND,
  INVALID_TOURNAMENT_ID,
  json,
  methodNotAllowed,
  readJson,
  requireApiUser,
  requireId,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { listLobbies, undoRound } from "~/models/rounds.server";

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const round = requireId(params.round, INVALID_ROUND);
    return json(await listLobbies(await getDb(), id, round));
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const round = requireId(params.round, INVALID_ROUND);
    const user = requireApiUser(context);
    await readJson(request, emptyBodySchema);
    return json(await committed(undoRound(await getDb(), user, id, round)));
  });
}
