// GET /api/tournaments: the caller's dashboard list (signed-in only); POST creates a tournament owned by the caller.
import type { Route } from "./+types/tournaments";
import { committed, handleApi, json, methodNotAllowed, readJson, requireApiUser } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { createTournament, listForUser } from "~/models/tournaments.server";
import { tournamentCreateSchema } from "~/models/validation";

export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context);
    return json(await listForUser(await getDb(), user));
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const user = requireApiUser(context);
    const body = await readJson(request, tournamentCreateSchema);
    return json(await committed(createTournament(await getDb(), user, body)));
  });
}
