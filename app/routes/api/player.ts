// GET /api/players/{id} (public), PATCH its fields (master-only ones for a master), DELETE it.
import type { Route } from "./+types/player";
import {
  committed,
  emptyBodySchema,
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
import { deletePlayer, getPlayer, updatePlayer } from "~/models/players.server";
import { playerUpdateSchema } from "~/models/validation";

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_PLAYER_ID);
    return json(toApiPlayer(await getPlayer(await getDb(), id)));
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
    const id = requireId(params.id, INVALID_PLAYER_ID);
    const user = requireApiUser(context);
    const db = await getDb();
    if (request.method === "PATCH") {
      const patch = await readJson(request, playerUpdateSchema);
      return json(toApiPlayer(await committed(updatePlayer(db, user, id, patch))));
    }
    await readJson(request, emptyBodySchema);
    const deleted = await committed(deletePlayer(db, user, id));
    return json({ message: "Player deleted successfully", ...deleted });
  });
}
