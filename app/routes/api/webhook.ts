// GET, PATCH, DELETE /api/webhooks/{id}: one webhook endpoint (owner or master of its tournament).
import { wakeWebhookWorker } from "~/lib/webhook-worker.server";
import { webhookAction, webhookUserLoader } from "~/lib/api.server";
import { webhookEndpointAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { deleteWebhook, getWebhook, updateWebhook } from "~/models/audit/webhooks.server";
import { webhookUpdateSchema } from "~/models/audit/webhook-input";

const notFound = { 404: { description: "Webhook endpoint not found" } };

export const loader = webhookUserLoader(({ db, user, id }) => getWebhook(db, user, id), {
  operationId: "getWebhook",
  tag: "Webhooks",
  summary: "One webhook endpoint and its state (owner or master; its secret is shown only when made)",
  answers: { 200: ok("The endpoint", webhookEndpointAnswer), ...refused.owner, ...notFound },
});

export const action = webhookAction(
  {
    PATCH: {
      body: webhookUpdateSchema,
      run: async ({ db, user, id, body }) => {
        const done = await updateWebhook(db, user, id, body);
        wakeWebhookWorker();
        return done;
      },
      openapi: {
        operationId: "updateWebhook",
        tag: "Webhooks",
        summary: "Change an endpoint's url, kind, events or enabled (only the fields given)",
        description:
          "The same checks as adding it (400). enabled: false stops deliveries and gives up the queued ones; " +
          "enabled: true on a disabled endpoint clears its failures and starts again with the next event.",
        answers: { 200: ok("The endpoint", webhookEndpointAnswer), ...refused.owner, ...notFound },
      },
    },
    DELETE: {
      run: ({ db, user, id }) => deleteWebhook(db, user, id),
      openapi: {
        operationId: "deleteWebhook",
        tag: "Webhooks",
        summary: "Delete an endpoint with its queued deliveries and its log",
        answers: { 200: ok("The deleted endpoint", webhookEndpointAnswer), ...refused.owner, ...notFound },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
