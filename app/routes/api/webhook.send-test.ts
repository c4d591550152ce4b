// POST /api/webhooks/{id}/test: queues a webhook.test event for this endpoint alone (owner or master).
import { allowOnly, webhookAction } from "~/lib/api.server";
import { webhookTestAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { wakeWebhookWorker } from "~/lib/webhook-worker.server";
import { sendTestEvent } from "~/models/audit/webhooks.server";

export const loader = allowOnly("POST");

export const action = webhookAction({
  POST: {
    run: async ({ db, user, id }) => {
      const done = await sendTestEvent(db, user, id);
      wakeWebhookWorker();
      return done;
    },
    openapi: {
      operationId: "testWebhook",
      tag: "Webhooks",
      summary: "Send a webhook.test event to this endpoint (whatever events it chose)",
      description: "Queued like any event and sent within a second or so; its attempts appear in the delivery log.",
      answers: {
        200: ok("The queued test event", webhookTestAnswer),
        ...refused.owner,
        404: { description: "Webhook endpoint not found" },
        ...refused.conflict("The endpoint is disabled"),
      },
    },
  },
});
