// POST /api/players/{id}/checkin {checkedIn}: checks a player in or out (until lobbies exist).
import type { Route } from "./+types/player.checkin";
import {
  committed,
  handleApi,
  INVALID_PLAYER_ID,
  json,
  methodNotAllowed,
  readJson,
  requireApiUser,
  requireId,
  toApiPlayer,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { setCheckin } from "~/models/players.server";
import { checkinSchema } from "~/models/validation";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_PLAYER_ID);
    const user = requireApiUser(context);
    const { checkedIn } = await readJson(request, checkinSchema);
    return json(toApiPlayer(await committed(setCheckin(await getDb(), user, id, checkedIn))));
  });
}
