// POST /api/webhooks/{id}/rotate-secret: gives the endpoint a new signing secret (owner or master).
import { allowOnly, webhookAction } from "~/lib/api.server";
import { webhookWithSecretAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { rotateWebhookSecret } from "~/models/audit/webhooks.server";

export const loader = allowOnly("POST");

export const action = webhookAction({
  POST: {
    run: ({ db, user, id }) => rotateWebhookSecret(db, user, id),
    openapi: {
      operationId: "rotateWebhookSecret",
      tag: "Webhooks",
      summary:
        "Replace the endpoint's signing secret; every later attempt, queued ones included, is signed with the new one",
      answers: {
        200: ok("The endpoint with its new secret (shown this once)", webhookWithSecretAnswer),
        ...refused.owner,
        404: { description: "Webhook endpoint not found" },
      },
    },
  },
});
