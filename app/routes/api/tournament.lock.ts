// POST /api/tournaments/{id}/lock {locked}: locks (needs 8 checked in) or unlocks check-in.
import type { Route } from "./+types/tournament.lock";
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
import { setLocked } from "~/models/tournaments.server";
import { lockSchema } from "~/models/validation";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    const { locked } = await readJson(request, lockSchema);
    return json(await committed(setLocked(await getDb(), user, id, locked)));
  });
}
