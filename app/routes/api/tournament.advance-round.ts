// POST /api/tournaments/{id}/advance-round {eliminationCount, tiebreakerPlayerIds}: ends the round, cuts, moves on (or completes).
// GET previews the cut for ?eliminationCount= (what the score screen's cut dialog shows), or the stage end's cut.
import type { Route } from "./+types/tournament.advance-round";
import {
  apiUser,
  handleApi,
  INVALID_TOURNAMENT_ID,
  json,
  jsonError,
  requireId,
  tournamentAction,
} from "~/lib/api.server";
import { advanceAnswer, cutPreviewAnswer } from "~/lib/api-schemas.server";
import { documented, guarded, guards, ok, refused } from "~/lib/openapi.server";
import { advanceRound, cutPreview } from "~/models/rounds/advance.server";
import { advanceSchema } from "~/models/rounds/round-input";
import { dbContext } from "~/lib/context";
import { VERSION_HEADER } from "~/lib/api-cache.server";
import { readerOf } from "~/lib/share.server";
import { findReadableTournament } from "~/models/access/share.server";

export const loader = documented(
  async ({ request, params, context }: Route.LoaderArgs) =>
    handleApi(async () => {
      const id = requireId(params.id, INVALID_TOURNAMENT_ID);
      const raw = new URL(request.url).searchParams.get("eliminationCount");
      const query = advanceSchema.pick({ eliminationCount: true }).safeParse({ eliminationCount: raw ?? undefined });
      if (!query.success) return jsonError(400, query.error.issues[0]?.message ?? "Invalid input", "invalid_input");
      const count = raw === null || raw.trim() === "" ? undefined : query.data.eliminationCount;
      const db = context.get(dbContext);
      // Only for those who may read the tournament: a non-public one answers 404 to a stranger, as its standings do
      // (docs/decisions/021). The version the preview is of is read before it, so at most as new as what it shows.
      const { version } = await findReadableTournament(db, readerOf(request, apiUser(context), id), id);
      const preview = await cutPreview(db, id, count);
      return json(preview, 200, { [VERSION_HEADER]: String(version) });
    }),
  {
    get: guarded(
      {
        operationId: "previewCut",
        versioned: true,
        tag: "Rounds",
        summary: "Preview the cut before advancing",
        description:
          "What advance-round would eliminate for eliminationCount (default: the proposed cut), with any tie at the line. " +
          "At a stage's last game, the cut the stage's end applies (stageEnd; eliminationCount is ignored there, as the advance ignores it).",
        query: [{ name: "eliminationCount", description: "Players to cut", schema: { type: "integer", minimum: 0 } }],
        answers: { 200: ok("The preview", cutPreviewAnswer), ...refused.tournament },
      },
      guards.openById,
    ),
  },
);

export const action = tournamentAction(
  {
    POST: {
      body: advanceSchema,
      run: ({ db, user, id, body }) => advanceRound(db, user, id, body),
      openapi: {
        operationId: "advanceRound",
        tag: "Rounds",
        summary: "End the round, apply the cut, move on",
        description:
          "Every lobby of the round must be complete; the round is finalized if it was not. eliminationCount (a multiple of 8, " +
          "keeping at least 8) cuts the lowest-ranked active players; a tie at the line answers 409 unless tiebreakerPlayerIds " +
          "names exactly the needed number of the tied players. After a stage's last game the stage's end cuts instead (stageEnd " +
          "in the answer; a cut to N with N or fewer players in play lets them all through). " +
          'Advancing past the last round completes the tournament ("Tournament has been completed").',
        answers: {
          200: ok("The new round, or completion", advanceAnswer),
          ...refused.owner,
          ...refused.tournament,
          ...refused.conflict("Scores missing, a tie at the cut line, or a completed tournament"),
        },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
