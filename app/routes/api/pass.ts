// GET /api/pass: the pass holder's own view (status, waitlist place, lobby and seat, check-in window), authenticated by
// `Authorization: Pass <secret>`. docs/decisions/029-sign-up-and-passes.md.
import type { Route } from "./+types/pass";
import { handleApi, json, methodNotAllowed } from "~/lib/api.server";
import { dbContext } from "~/lib/context";
import { documented, guarded, guards, ok } from "~/lib/openapi.server";
import { passFromHeader } from "~/lib/pass.server";
import { clientAddress } from "~/lib/session.server";
import { PASS_AUTH, toPassView } from "~/lib/signup-api.server";
import { passView } from "~/models/roster/signup.server";
import { reportPanel } from "~/models/rounds/reports.server";
import { passPageAnswer, toPassReport } from "~/lib/reports-api.server";

export const passAnswers = {
  401: { description: "No pass, or a pass that was replaced or never existed" },
  429: { description: "Too many wrong passes from this address: wait the Retry-After seconds" },
};

export const loader = documented(
  async ({ request, context }: Route.LoaderArgs) =>
    handleApi(async () => {
      const db = context.get(dbContext);
      const view = await passView(db, passFromHeader(request), await clientAddress(request, context));
      const panel =
        view.lobby && view.player ? await reportPanel(db, view.tournament.id, view.lobby.id, view.player.id) : null;
      return json({ ...toPassView(view), report: panel ? toPassReport(panel) : null });
    }),
  {
    get: guarded(
      {
        operationId: "getPass",
        tag: "Players",
        summary: "The pass holder's own page: status, waitlist place, lobby and seat, check-in window, reporting",
        description: PASS_AUTH,
        answers: {
          200: ok(
            "The player's view; `report` is the lobby's reporting state (null without a drawn lobby)",
            passPageAnswer,
          ),
          ...passAnswers,
        },
      },
      guards.open,
    ),
  },
);

export const action = async () => methodNotAllowed(["GET"]);
