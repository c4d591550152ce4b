// POST /api/tournaments/{id}/self-checkin {playerId or nameTag, code}: a registered player checks themselves in with the code read out on stream (no account).
import type { Route } from "./+types/tournament.self-checkin";
import {
  allowOnly,
  committed,
  handleApi,
  INVALID_TOURNAMENT_ID,
  json,
  methodNotAllowed,
  readJson,
  requireId,
} from "~/lib/api.server";
import { toPlayerSummary } from "~/models/players.server";
import { getDb } from "~/lib/db.server";
import { clientAddress } from "~/lib/session.server";
import { selfCheckinSchema } from "~/models/validation";
import { selfCheckin } from "~/models/self-checkin.server";

export const loader = allowOnly("POST");

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const id = requireId(params.id, INVALID_TOURNAMENT_ID);
    const body = await readJson(request, selfCheckinSchema);
    const result = await committed(selfCheckin(await getDb(), id, body, await clientAddress(request, context)));
    return json({ player: toPlayerSummary(result.player), alreadyCheckedIn: result.alreadyCheckedIn });
  });
}
