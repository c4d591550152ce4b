// GET /api/tournaments/{id}/lobbies/all: every lobby of every round, by round then name.
import type { Route } from "./+types/tournament.lobbies.all";
import { handleApi, INVALID_TOURNAMENT_ID, json, methodNotAllowed, requireId } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { listAllLobbies } from "~/models/rounds.server";

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    return json(await listAllLobbies(await getDb(), id));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
