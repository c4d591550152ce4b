// GET /api/tournaments/{id}/matches: every saved placement, by round, lobby and placement.
import type { Route } from "./+types/tournament.matches";
import { handleApi, INVALID_TOURNAMENT_ID, json, methodNotAllowed, requireId } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { listMatches } from "~/models/rounds.server";

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    return json(await listMatches(await getDb(), id));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
