// GET /api/tournaments/{id}/lobbies[?round=n]: the lobbies of one round (default: the current round).
import type { Route } from "./+types/tournament.lobbies";
import {
  handleApi,
  INVALID_ROUND,
  INVALID_TOURNAMENT_ID,
  json,
  methodNotAllowed,
  optionalQueryId,
  requireId,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { listLobbies } from "~/models/rounds.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const round = optionalQueryId(request, "round", INVALID_ROUND);
    return json(await listLobbies(await getDb(), id, round));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
