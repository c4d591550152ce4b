// POST /api/tournaments/{id}/registrations {name, riotTag}: a player signs up (no account) and gets their pass; GET lists
// the sign-ups in queue order with their addresses (owner or master). docs/decisions/029-sign-up-and-passes.md.
import type { Route } from "./+types/tournament.registrations";
import {
  committed,
  handleApi,
  INVALID_TOURNAMENT_ID,
  json,
  methodNotAllowed,
  readJson,
  requireId,
  tournamentUserLoader,
} from "~/lib/api.server";
import { dbContext, userContext } from "~/lib/context";
import { documented, guarded, guards, ok, okList, refused } from "~/lib/openapi.server";
import { passLink } from "~/lib/pass.server";
import { clientAddress } from "~/lib/session.server";
import { readerOf } from "~/lib/share.server";
import { registrationRowAnswer, signUpAnswer, toRegistration } from "~/lib/signup-api.server";
import { findReadableTournament } from "~/models/access/share.server";
import { joinSchema } from "~/models/roster/signup-input";
import { listEntries, signUp } from "~/models/roster/signup.server";

export const loader = tournamentUserLoader(
  async ({ db, id, user }) =>
    (await listEntries(db, user, id)).map((e) => ({
      ...toRegistration({ ...e, passHash: null }, e.position),
      address: e.address,
      hasPass: e.hasPass,
    })),
  {
    operationId: "listRegistrations",
    tag: "Players",
    summary: "The sign-ups of a tournament, in queue order",
    description:
      "The owner or a master. Each with its status, waitlist place, the address it came from and whether it holds a pass.",
    answers: {
      200: okList("The sign-ups", registrationRowAnswer),
      ...refused.owner,
      ...refused.tournament,
    },
  },
);

export const action = documented(
  async ({ request, params, context }: Route.ActionArgs) =>
    handleApi(async () => {
      if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
      const id = requireId(params.id, INVALID_TOURNAMENT_ID);
      const body = await readJson(request, joinSchema);
      const db = context.get(dbContext);
      await findReadableTournament(db, readerOf(request, context.get(userContext), id), id);
      const result = await committed(signUp(db, id, body, await clientAddress(request, context)));
      return json(
        {
          registration: toRegistration(result.registration, result.position),
          pass: result.pass,
          passUrl: await passLink(request, context, id, result.pass),
        },
        200,
      );
    }),
  {
    post: guarded(
      {
        operationId: "signUp",
        tag: "Players",
        summary: "A player signs up: a seat, the waitlist, or the owner's approval; answers their pass",
        description:
          "No account needed, while the owner has registration open. `name` and `riotTag` follow the player rules. Up to " +
          "`maxPlayers` players hold a seat; later sign-ups are waitlisted in order (up to the waitlist size) and promoted " +
          "when a seat frees. With approval on, every sign-up is `pending` until the owner decides. One address may make " +
          "4 sign-ups per tournament a day (429 after). The `pass` is shown once.",
        answers: {
          200: ok("The sign-up and its pass", signUpAnswer),
          ...refused.tournament,
          ...refused.conflict(
            '"Registration is closed", "This name and game tag are already registered", "The tournament and its waitlist are full", or a completed tournament',
          ),
          429: { description: "Too many sign-ups from this address: wait the Retry-After seconds" },
        },
      },
      guards.openById,
      joinSchema,
    ),
  },
);
