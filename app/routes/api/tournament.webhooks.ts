// GET /api/tournaments/{id}/webhooks: the tournament's webhook endpoints (owner or master); POST adds one (docs/rules.md, "Webhooks").
import { tournamentAction, tournamentUserLoader } from "~/lib/api.server";
import { webhookEndpointAnswer, webhookWithSecretAnswer } from "~/lib/api-schemas.server";
import { ok, okList, refused } from "~/lib/openapi.server";
import { wakeWebhookWorker } from "~/lib/webhook-worker.server";
import { createWebhook, listWebhooks } from "~/models/audit/webhooks.server";
import { webhookCreateSchema } from "~/models/audit/webhook-input";

export const loader = tournamentUserLoader(({ db, user, id }) => listWebhooks(db, user, id), {
  operationId: "listWebhooks",
  tag: "Webhooks",
  summary:
    "The tournament's webhook endpoints and their state, oldest first (owner or master); secrets are shown only when made",
  answers: { 200: okList("The endpoints", webhookEndpointAnswer), ...refused.owner, ...refused.tournament },
});

export const action = tournamentAction(
  {
    POST: {
      body: webhookCreateSchema,
      run: async ({ db, user, id, body }) => {
        const done = await createWebhook(db, user, id, body);
        // The worker skips looking while no endpoint exists: the new one's first delivery must not wait for its poll.
        wakeWebhookWorker();
        return done;
      },
      openapi: {
        operationId: "createWebhook",
        tag: "Webhooks",
        summary: "Add a webhook endpoint: its URL, kind and events; it gets a new signing secret",
        description:
          'kind is "standard" (signed JSON, the default) or "discord" (a Discord channel webhook URL: the standings ' +
          "after each finalized round and at completion as an embed, any other chosen event as one line). events: any of " +
          "score.saved, round.finalized, round.advanced, players.cut, stage.changed, tournament.completed, checkin.changed. " +
          "400 for a URL that is not http(s), longer than 2000 characters or a literal private, loopback, link-local or " +
          "metadata address (private ones are allowed when the server runs with WEBHOOK_ALLOW_PRIVATE=1), an unknown kind " +
          "or event, or no event; 409 past 10 endpoints per tournament.",
        answers: {
          200: ok("The new endpoint, with its secret (shown this once)", webhookWithSecretAnswer),
          ...refused.owner,
          ...refused.tournament,
          ...refused.conflict("The tournament already has 10 endpoints"),
        },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
