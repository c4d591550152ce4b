// POST /api/pass/report {lobbyId, placement | placements}: the pass holder reports their lobby's result, authenticated by
// `Authorization: Pass <secret>` (docs/decisions/036-player-reports.md).
import type { Route } from "./+types/pass.report";
import { allowOnly, committed, handleApi, json, methodNotAllowed, readJson } from "~/lib/api.server";
import { dbContext } from "~/lib/context";
import { documented, guarded, guards, ok, refused } from "~/lib/openapi.server";
import { passFromHeader } from "~/lib/pass.server";
import { reportAnswer, toReportAnswer } from "~/lib/reports-api.server";
import { clientAddress } from "~/lib/session.server";
import { PASS_AUTH } from "~/lib/signup-api.server";
import { ActionError } from "~/models/errors";
import { reportSchema } from "~/models/rounds/reports-input";
import { submitReport } from "~/models/rounds/reports.server";
import { INVALID_PASS } from "~/models/messages";

export const loader = allowOnly("POST");

export const action = documented(
  async ({ request, context }: Route.ActionArgs) =>
    handleApi(async () => {
      if (request.method !== "POST") return methodNotAllowed(["POST"]);
      const db = context.get(dbContext);
      const address = await clientAddress(request, context);
      // The body first: a malformed one is 400 whoever calls.
      const body = await readJson(request, reportSchema);
      const pass = passFromHeader(request);
      if (!pass) throw new ActionError(401, "invalid_pass", INVALID_PASS);
      return json(toReportAnswer(await committed(submitReport(db, pass, address, undefined, body))));
    }),
  {
    post: guarded(
      {
        operationId: "passReport",
        tag: "Players",
        summary: "The pass holder reports their lobby's result: their own placement, or the whole lobby's",
        description:
          `${PASS_AUTH} ` +
          "`placement` (the reporter's own, 1 to k for a lobby of k players still in play) or `placements` (every player " +
          "of the lobby still in play once, placements 1 to k each once), never both; a member who dropped out since the " +
          "draw is placed by no report (400 `invalid_report` if one is sent) and is saved as DNP. A new report replaces " +
          "the reporter's earlier one. Two " +
          'matching full reports, or every player\'s own placement, make the lobby "reported, agreed": staff confirm it ' +
          "with the usual save (`POST /api/lobbies/{id}/matches`), or it is saved at once when the owner turned on " +
          "`saveAgreedReports`. Contradicting reports make it disputed until staff save it.",
        answers: {
          200: ok("The lobby's reports after this one", reportAnswer),
          400: { description: "Invalid input, or a report that does not fit the lobby (`invalid_report`)" },
          401: { description: "No pass, or a pass that was replaced or never existed" },
          403: { description: "A lobby the pass's player is not in (`not_in_lobby`)" },
          ...refused.lobby,
          ...refused.conflict(
            "The round is finalized (`round_finalized`), the lobby already saved (`lobby_saved`), the tournament completed, the sign-up not a player, or the reporter dropped out (`player_dropped`)",
          ),
          429: { description: "Too many wrong passes from this address: wait the Retry-After seconds" },
        },
      },
      guards.open,
      reportSchema,
    ),
  },
);
