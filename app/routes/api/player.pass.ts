// POST /api/players/{id}/pass: the host issues a player's personal pass (a player added by hand gets a sign-up); any
// older pass of theirs stops working at once (owner or master). docs/decisions/029-sign-up-and-passes.md.
import { issuedPassAnswer } from "~/lib/signup-api.server";
import type { Route } from "./+types/player.pass";
import {
  allowOnly,
  committed,
  handleApi,
  INVALID_PLAYER_ID,
  json,
  readJson,
  requireApiUser,
  requireId,
  emptyBodySchema,
} from "~/lib/api.server";
import { dbContext } from "~/lib/context";
import { documented, guarded, guards, ok, refused } from "~/lib/openapi.server";
import { passLink } from "~/lib/pass.server";
import { issuePass } from "~/models/roster/signup.server";

export const loader = allowOnly("POST");

export const action = documented(
  async ({ request, params, context }: Route.ActionArgs) =>
    handleApi(async () => {
      if (request.method !== "POST") return allowOnly("POST")();
      const id = requireId(params.id, INVALID_PLAYER_ID);
      const user = requireApiUser(context);
      await readJson(request, emptyBodySchema);
      const result = await committed(issuePass(context.get(dbContext), user, id));
      return json({
        playerId: result.player.id,
        pass: result.pass,
        passUrl: await passLink(request, context, result.player.tournamentId, result.pass),
      });
    }),
  {
    post: guarded(
      {
        operationId: "issuePass",
        tag: "Players",
        summary: "Issue (or replace) a player's personal pass",
        description:
          "Owner or master. Only the pass's hash is kept, so an existing link cannot be shown again: this makes a new one " +
          "and the old one answers 401 everywhere from now on.",
        answers: {
          200: ok("The new pass and link (shown once)", issuedPassAnswer),
          ...refused.owner,
          ...refused.player,
        },
      },
      guards.signedInWithInput,
    ),
  },
);
