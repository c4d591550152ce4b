// A webhook endpoint's input: its URL, kind and events, when added and when changed.
import { z } from "zod";
import { bool, booleanish } from "../fields";
import { WEBHOOK_MESSAGES } from "../messages";

/** A webhook's events: a list in JSON, a checkbox group (one value or several) in a form. */
const webhookEvents = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string({ error: "Webhook events must be a list of event names" }).max(100)).max(50),
);

/**
 * Settings → Webhooks and POST /api/tournaments/{id}/webhooks. The shapes only: the URL's presence, scheme, length
 * and address, the kind and the event names are checked by the model with their own codes
 * (app/models/audit/webhooks.ts), so a missing or over-long URL is `invalid_webhook_url` however long it is (the
 * body limit bounds it).
 */
export const webhookCreateSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlInvalid })
    .optional()
    .default("")
    .describe("The receiver's http(s) URL: required, at most 2000 characters"),
  kind: z.string().max(50).optional().default("standard"),
  events: webhookEvents,
});

/** PATCH /api/webhooks/{id} and the page's edit and enable/disable forms: only the fields given change. */
export const webhookUpdateSchema = z.object({
  url: z.string({ error: WEBHOOK_MESSAGES.urlInvalid }).optional(),
  kind: z.string().max(50).optional(),
  events: webhookEvents.optional(),
  enabled: booleanish(bool("enabled must be true or false").optional()),
});
