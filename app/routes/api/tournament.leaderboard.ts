// GET /api/tournaments/{id}/leaderboard: standings in tiebreak order, active players first, each row with its rank and bestFinish.
import type { Route } from "./+types/tournament.leaderboard";
import { handleApi, INVALID_TOURNAMENT_ID, json, methodNotAllowed, requireId } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { getLeaderboard } from "~/models/rounds.server";

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    return json(await getLeaderboard(await getDb(), id));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
