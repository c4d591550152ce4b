// GET /api/webhooks/{id}/deliveries: the endpoint's delivery log, newest first (owner or master).
import { webhookUserLoader } from "~/lib/api.server";
import { webhookDeliveryLogAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { deliveryLog } from "~/models/audit/webhooks.server";

export const loader = webhookUserLoader(({ db, user, id }) => deliveryLog(db, user, id), {
  operationId: "listWebhookDeliveries",
  tag: "Webhooks",
  summary: "The endpoint's last 50 attempts (time, event, status code, latency, attempt, error) and how many wait",
  answers: {
    200: ok("The delivery log", webhookDeliveryLogAnswer),
    ...refused.owner,
    404: { description: "Webhook endpoint not found" },
  },
});
