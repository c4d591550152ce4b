// POST /api/tournaments/{id}/self-checkin {playerId + riotTag or nameTag, code, action?}: a registered player checks themselves in
// (or out) with the code read out on stream and their exact game tag (no account).
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
import { toPlayerSummary } from "~/models/roster/roster.server";
import { selfCheckinAnswer } from "~/lib/api-schemas.server";
import { documented, guarded, guards, ok, refused } from "~/lib/openapi.server";
import { clientAddress } from "~/lib/session.server";
import { selfCheckinSchema } from "~/models/roster/self-checkin-input";
import { selfCheckin } from "~/models/roster/self-checkin.server";
import { dbContext, userContext } from "~/lib/context";
import { readerOf } from "~/lib/share.server";
import { findReadableTournament } from "~/models/access/share.server";

export const loader = allowOnly("POST");

export const action = documented(
  async ({ request, params, context }: Route.ActionArgs) =>
    handleApi(async () => {
      if (request.method !== "POST") return methodNotAllowed(["POST"]);
      const id = requireId(params.id, INVALID_TOURNAMENT_ID);
      const body = await readJson(request, selfCheckinSchema);
      const db = context.get(dbContext);
      // A tournament that is not public takes its players' check-ins through its share link only.
      await findReadableTournament(db, readerOf(request, context.get(userContext), id), id);
      const result = await committed(selfCheckin(db, id, body, await clientAddress(request, context)));
      return json({
        player: toPlayerSummary(result.player),
        alreadyCheckedIn: result.unchanged,
        checkedIn: result.player.isCheckedIn,
      });
    }),
  {
    post: guarded(
      {
        operationId: "selfCheckin",
        tag: "Players",
        summary: "A player checks themselves in (or out) with the code read out on stream and their game tag",
        description:
          "No account needed. Name the player by `playerId` with their exact game tag in `riotTag`, or by `nameTag` " +
          '("Name#Tag": the name in any case, the tag exactly as registered; it wins over `playerId`); `code` is compared ' +
          'ignoring case, spaces and dashes. `action: "checkout"` takes the player\'s own check-in back while self check-in ' +
          "is open. Wrong tries are limited per client address (10 per tournament, 30 in all per 15 minutes), wrong game tags " +
          "per player (10), and check-ins per address (8): past a limit the call answers 429 with a Retry-After header " +
          "(seconds). A player already where the call asks gets 200 with alreadyCheckedIn true.",
        answers: {
          200: ok("The player, checked in", selfCheckinAnswer),
          400: {
            description:
              '"Wrong check-in code", a game tag that does not match the player, a missing code, player or tag, or a malformed Name#Tag',
          },
          403: {
            description:
              '`pass_required`: "This player has a personal link: check in or out with it …" (a player whose sign-up ' +
              "holds a pass checks in with it: `POST /api/pass/checkin`)",
          },
          ...refused.player,
          ...refused.conflict(
            '"Self check-in is not open", "Check-in is closed", lobbies already drawn, "Maximum {max} players can be checked in", ' +
              "an eliminated player, or a completed tournament",
          ),
          429: {
            description:
              "Too many tries from this address, or wrong tags for this player: wait the Retry-After seconds",
          },
        },
      },
      guards.open,
      selfCheckinSchema,
    ),
  },
);
