// POST /api/tournaments/{id}/advance-round {eliminationCount, tiebreakerPlayerIds}: ends the round, cuts, moves on (or completes).
// GET previews the cut for ?eliminationCount= (what the score screen's cut dialog shows).
import type { Route } from "./+types/tournament.advance-round";
import {
  committed,
  handleApi,
  INVALID_TOURNAMENT_ID,
  json,
  jsonError,
  methodNotAllowed,
  readJson,
  requireApiUser,
  requireId,
} from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { advanceRound, cutPreview } from "~/models/rounds.server";
import { advanceSchema } from "~/models/validation";

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const raw = new URL(request.url).searchParams.get("eliminationCount");
    const query = advanceSchema.pick({ eliminationCount: true }).safeParse({ eliminationCount: raw ?? undefined });
    if (!query.success) return jsonError(400, query.error.issues[0]?.message ?? "Invalid input");
    const count = raw === null || raw.trim() === "" ? undefined : query.data.eliminationCount;
    return json(await cutPreview(await getDb(), id, count));
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const user = requireApiUser(context);
    const input = await readJson(request, advanceSchema);
    return json(await committed(advanceRound(await getDb(), user, id, input)));
  });
}
