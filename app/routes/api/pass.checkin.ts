// POST /api/pass/checkin {action?} and POST /api/pass/withdraw: what a pass holder does for themselves, authenticated by
// `Authorization: Pass <secret>`. docs/decisions/029-sign-up-and-passes.md.
import type { Route } from "./+types/pass.checkin";
import { allowOnly, committed, handleApi, json, methodNotAllowed, readJson } from "~/lib/api.server";
import { dbContext } from "~/lib/context";
import { documented, guarded, guards, ok, refused } from "~/lib/openapi.server";
import { passFromHeader } from "~/lib/pass.server";
import { clientAddress } from "~/lib/session.server";
import { PASS_AUTH, passViewAnswer, toPassView } from "~/lib/signup-api.server";
import { ActionError } from "~/models/errors";
import { INVALID_PASS } from "~/models/messages";
import { passCheckinSchema } from "~/models/roster/signup-input";
import { passHolder } from "~/models/access/pass.server";
import { passCheckin, passView } from "~/models/roster/signup.server";

export const loader = allowOnly("POST");

const passAnswers = {
  401: { description: "No pass, or a pass that was replaced or never existed" },
  429: { description: "Too many wrong passes from this address: wait the Retry-After seconds" },
};

export const action = documented(
  async ({ request, context }: Route.ActionArgs) =>
    handleApi(async () => {
      if (request.method !== "POST") return methodNotAllowed(["POST"]);
      const db = context.get(dbContext);
      const address = await clientAddress(request, context);
      // The body first: a malformed one is 400 whoever calls.
      const body = await readJson(request, passCheckinSchema);
      const pass = passFromHeader(request);
      if (!pass) throw new ActionError(401, "invalid_pass", INVALID_PASS);
      const holder = await passHolder(db, pass, address);
      await committed(passCheckin(db, pass, address, holder.tournamentId, body.action));
      return json(toPassView(await passView(db, pass, address)));
    }),
  {
    post: guarded(
      {
        operationId: "passCheckin",
        tag: "Players",
        summary:
          "The pass holder checks in or out (inside the check-in window, or while the host has self check-in open)",
        description: PASS_AUTH,
        answers: {
          200: ok("The player's view after the action", passViewAnswer),
          ...refused.badInput,
          ...passAnswers,
          ...refused.conflict(
            '"Check-in is not open for your pass", "Only a registered player can check in", lobbies drawn, a full tournament',
          ),
        },
      },
      guards.open,
      passCheckinSchema,
    ),
  },
);
