// GET /api/tournaments/{id} (public), PATCH its settings, DELETE it with everything in it.
import type { Route } from "./+types/tournament";
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
import { deleteTournament, getTournament, updateTournament } from "~/models/tournaments.server";
import { tournamentUpdateSchema } from "~/models/validation";

const ALLOWED = ["GET", "PATCH", "DELETE"];

export async function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    return json(await getTournament(await getDb(), id));
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(ALLOWED);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    const db = await getDb();
    if (request.method === "PATCH") {
      const patch = await readJson(request, tournamentUpdateSchema);
      return json(await committed(updateTournament(db, user, id, patch)));
    }
    await readJson(request, emptyBodySchema);
    const deleted = await committed(deleteTournament(db, user, id));
    return json({ message: "Tournament deleted", ...deleted });
  });
}
