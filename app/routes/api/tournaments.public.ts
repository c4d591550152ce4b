// GET /api/tournaments/public: every public tournament, newest first; no token needed.
import { handleApi, json, methodNotAllowed } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { listPublic } from "~/models/tournaments.server";

export async function loader() {
  return handleApi(async () => json(await listPublic(await getDb())));
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
