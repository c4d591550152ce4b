// GET /api/tournaments/{id}/checked-in-players: checked-in players still in play, registration order.
import type { Route } from "./+types/tournament.checked-in-players";
import { handleApi, INVALID_TOURNAMENT_ID, json, methodNotAllowed, requireId, toApiPlayer } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { listCheckedIn } from "~/models/players.server";

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    return json((await listCheckedIn(await getDb(), id)).map(toApiPlayer));
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
