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
import { selfCheckinAnswer } from "~/lib/api-schemas.server";
import { documented, guarded, guards, ok, refused } from "~/lib/openapi.server";
import { clientAddress } from "~/lib/session.server";
import { selfCheckinSchema } from "~/models/validation";
import { selfCheckin } from "~/models/self-checkin.server";
import { dbContext } from "~/lib/context";

export const loader = allowOnly("POST");

export const action = documented(
  async ({ request, params, context }: Route.ActionArgs) =>
    handleApi(async () => {
      if (request.method !== "POST") return methodNotAllowed(["POST"]);
      const id = requireId(params.id, INVALID_TOURNAMENT_ID);
      const body = await readJson(request, selfCheckinSchema);
      const result = await committed(
        selfCheckin(context.get(dbContext), id, body, await clientAddress(request, context)),
      );
      return json({ player: toPlayerSummary(result.player), alreadyCheckedIn: result.alreadyCheckedIn });
    }),
  {
    post: guarded(
      {
        operationId: "selfCheckin",
        tag: "Players",
        summary: "A player checks themselves in with the code read out on stream",
        description:
          'No account needed. Name the player by `playerId`, or by `nameTag` ("Name#Tag", any case; it wins over `playerId`); ' +
          "`code` is compared ignoring case, spaces and dashes. Wrong codes are limited per client address and tournament, per address, and per " +
          "tournament: past the limit the call answers 429 with a Retry-After header (seconds). A player already checked in " +
          "gets 200 with alreadyCheckedIn true.",
        answers: {
          200: ok("The player, checked in", selfCheckinAnswer),
          400: { description: '"Wrong check-in code", a missing code or player, or a malformed Name#Tag' },
          ...refused.player,
          ...refused.conflict(
            '"Self check-in is not open", "Check-in is closed", lobbies already drawn, "Maximum {max} players can be checked in", ' +
              "an eliminated player, or a completed tournament",
          ),
          429: { description: "Too many wrong codes: wait the Retry-After seconds" },
        },
      },
      guards.open,
      selfCheckinSchema,
    ),
  },
);
