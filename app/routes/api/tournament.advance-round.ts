// POST /api/tournaments/{id}/advance-round {eliminationCount, tiebreakerPlayerIds}: ends the round, cuts, moves on (or completes).
// GET previews the cut for ?eliminationCount= (what the score screen's cut dialog shows).
import type { Route } from "./+types/tournament.advance-round";
import { handleApi, INVALID_TOURNAMENT_ID, json, jsonError, requireId, tournamentAction } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { advanceRound, cutPreview } from "~/models/advance.server";
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

export const action = tournamentAction(
  { POST: { body: advanceSchema, run: ({ db, user, id, body }) => advanceRound(db, user, id, body) } },
  { alsoAllow: ["GET"] },
);
