// DELETE /api/lobbies/{id}: removes one lobby and its scores (refused once its round is finalized).
import type { Route } from "./+types/lobby";
import {
  committed,
  emptyBodySchema,
  handleApi,
  INVALID_LOBBY_ID,
  json,
  methodNotAllowed,
  readJson,
  requireApiUser,
  requireId,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { deleteLobby } from "~/models/rounds.server";

// Reading one lobby has no model function; GET /api/tournaments/{id}/lobbies/all lists them.
export async function loader() {
  return methodNotAllowed(["DELETE"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const id = requireId(params.id, INVALID_LOBBY_ID);
    const user = requireApiUser(context);
    await readJson(request, emptyBodySchema);
    return json(await committed(deleteLobby(await getDb(), user, id)));
  });
}
