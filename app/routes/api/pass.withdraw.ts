// POST /api/pass/checkin {action?} and POST /api/pass/withdraw: what a pass holder does for themselves, authenticated by
// `Authorization: Pass <secret>`. docs/decisions/029-sign-up-and-passes.md.
import type { Route } from "./+types/pass.withdraw";
import { allowOnly, committed, emptyBodySchema, handleApi, json, methodNotAllowed, readJson } from "~/lib/api.server";
import { dbContext } from "~/lib/context";
import { documented, guarded, guards, ok, refused } from "~/lib/openapi.server";
import { passFromHeader } from "~/lib/pass.server";
import { clientAddress } from "~/lib/session.server";
import { PASS_AUTH, passViewAnswer, toPassView } from "~/lib/signup-api.server";
import { ActionError } from "~/models/errors";
import { INVALID_PASS } from "~/models/messages";
import { passHolder } from "~/models/access/pass.server";
import { passView, passWithdraw } from "~/models/roster/signup.server";

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
      await readJson(request, emptyBodySchema);
      const pass = passFromHeader(request);
      if (!pass) throw new ActionError(401, "invalid_pass", INVALID_PASS);
      const holder = await passHolder(db, pass, address);
      await committed(passWithdraw(db, pass, address, holder.tournamentId));
      return json(toPassView(await passView(db, pass, address)));
    }),
  {
    post: guarded(
      {
        operationId: "passWithdraw",
        tag: "Players",
        summary: "The pass holder withdraws: a seat goes to the first waitlisted player",
        description: PASS_AUTH,
        answers: {
          200: ok("The player's view after the action", passViewAnswer),
          ...refused.badInput,
          ...passAnswers,
          ...refused.conflict('"Lobbies are drawn: ask the host to drop you", or a sign-up no longer active'),
        },
      },
      guards.open,
    ),
  },
);
