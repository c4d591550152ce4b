// POST /api/tournaments/{id}/start-checkin: setup or registration moves to check-in.
import type { Route } from "./+types/tournament.start-checkin";
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
import { startCheckin } from "~/models/tournaments.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    await readJson(request, emptyBodySchema);
    return json(await committed(startCheckin(await getDb(), user, id)));
  });
}
