// POST /api/tournaments/{id}/registrations {name, riotTag}: a player signs up (no account) and gets their pass; GET lists
// the sign-ups in queue order with their addresses (owner or master); DELETE {address} removes one address's sign-ups
// (owner or master). docs/decisions/029-sign-up-and-passes.md.
import type { Route } from "./+types/tournament.registrations";
import {
  committed,
  handleApi,
  INVALID_TOURNAMENT_ID,
  json,
  methodNotAllowed,
  readJson,
  requireId,
  tournamentAction,
  tournamentUserLoader,
} from "~/lib/api.server";
import { dbContext, userContext } from "~/lib/context";
import { documented, guarded, guards, ok, okList, refused } from "~/lib/openapi.server";
import { passLink } from "~/lib/pass.server";
import { clientAddress } from "~/lib/session.server";
import { readerOf } from "~/lib/share.server";
import { addressRemovalAnswer, registrationRowAnswer, signUpAnswer, toRegistration } from "~/lib/signup-api.server";
import { findReadableTournament } from "~/models/access/share.server";
import { addressCounts } from "~/models/roster/signup";
import { joinSchema, removeAddressSchema } from "~/models/roster/signup-input";
import { listEntries, removeAddressSignups, signUp, type AddressRemoval } from "~/models/roster/signup.server";

export const loader = tournamentUserLoader(
  async ({ db, id, user }) => {
    const entries = await listEntries(db, user, id);
    const counts = addressCounts(entries);
    return entries.map((e) => ({
      ...toRegistration({ ...e, passHash: null }, e.position),
      address: e.address,
      addressCount: counts.get(e.address) ?? 0,
      hasPass: e.hasPass,
    }));
  },
  {
    operationId: "listRegistrations",
    tag: "Players",
    summary: "The sign-ups of a tournament, in queue order",
    description:
      "The owner or a master. Each with its status, waitlist place, the address it came from, how many active " +
      "sign-ups share that address, and whether it holds a pass.",
    answers: {
      200: okList("The sign-ups", registrationRowAnswer),
      ...refused.owner,
      ...refused.tournament,
    },
  },
);

const removeByAddress = tournamentAction(
  {
    DELETE: {
      body: removeAddressSchema,
      run: ({ db, user, id, body }) => removeAddressSignups(db, user, id, body.address),
      answer: (r: AddressRemoval) => ({
        removed: r.removed.map((e) => toRegistration(e, null)),
        kept: r.kept.map((e) => toRegistration(e, null)),
        promoted: r.promoted.map((e) => toRegistration(e, null)),
      }),
      openapi: {
        operationId: "removeAddressSignups",
        tag: "Players",
        summary: "Remove one address's sign-ups in one call",
        description:
          "The owner or a master. Removes every active sign-up that came from `address` (as the list shows it): waiting " +
          "ones, and seated ones before Round 1 is drawn (their seats go to the waitlist, first in line first). Once it " +
          "is drawn, the address's players in play are kept and answered in `kept`: drop them one by one.",
        answers: {
          200: ok("What was removed, kept and promoted", addressRemovalAnswer),
          ...refused.owner,
          404: { description: "Tournament not found, or no active sign-up from this address" },
          ...refused.conflict("A completed tournament"),
        },
      },
    },
  },
  { alsoAllow: ["GET", "POST"] },
);

export const action = documented(
  async (args: Route.ActionArgs) => {
    if (args.request.method === "DELETE") return removeByAddress(args);
    return signUpAction(args);
  },
  {
    post: guarded(
      {
        operationId: "signUp",
        tag: "Players",
        summary: "A player signs up: a seat, the waitlist, or the owner's approval; answers their pass",
        description:
          "No account needed, while the owner has registration open. `name` and `riotTag` follow the player rules. Up to " +
          "`maxPlayers` players hold a seat; later sign-ups are waitlisted in order (up to the waitlist size) and promoted " +
          "when a seat frees. With approval on, every sign-up is `pending` until the owner decides. Many sign-ups may come " +
          "from one address (a venue's network): the owner sees them grouped and may remove one address's. The `pass` is " +
          "shown once.",
        answers: {
          200: ok("The sign-up and its pass", signUpAnswer),
          ...refused.tournament,
          ...refused.conflict(
            '"Registration is closed", "This name and game tag are already registered", "The tournament and its waitlist are full", or a completed tournament',
          ),
        },
      },
      guards.openById,
      joinSchema,
    ),
    ...removeByAddress.openapi,
  },
);

async function signUpAction({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST", "DELETE"]);
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
  });
}
