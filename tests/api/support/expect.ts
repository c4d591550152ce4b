// Assertions the API tests share: the status with the body in the failure message, the caching header, and answers matching their documented schema.
import { expect } from "vitest";
import { z } from "zod";
import type { Reply } from "./app";
import { REFUSAL_TITLES } from "~/models/errors";

/** Every refusal code the models know, and the unavailable database's. */
const REFUSAL_CODES = [...Object.keys(REFUSAL_TITLES), "database_unavailable"];

/**
 * The status, and the answer's caching said outright: `no-store`, or for a tournament's read (docs/decisions/022) the
 * shared `public, …` or `private, no-cache`, either with its ETag.
 */
export function expectStatus(reply: Reply, status: number) {
  expect(reply.status, `expected ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`).toBe(status);
  const cacheControl = reply.headers.get("cache-control");
  if (cacheControl?.includes("no-store")) return;
  expect(cacheControl, "an API answer is no-store, or a tournament read's shared or private caching").toMatch(
    /^(public, max-age=0, s-maxage=1, must-revalidate|private, no-cache)$/,
  );
  expect(reply.headers.get("etag"), "a cached read carries its ETag").toMatch(/^"[^"]+"$/);
}

/** The answer parsed with the schema the OpenAPI document publishes for it. */
export function expectShape<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `The answer does not match its documented schema:\n${z.prettifyError(result.error)}\nanswer: ${JSON.stringify(value).slice(0, 600)}`,
    );
  }
  return result.data;
}

/**
 * A refusal: the status and a `{ message, code }` body (the code one of docs/rules.md "Error codes"; the HTTP layer's
 * 405 and 413 have none), optionally the exact message.
 */
export function expectRefusal(reply: Reply, status: number, message?: string | RegExp) {
  expectStatus(reply, status);
  // Every refusal, the HTTP layer's 403 / 405 / 413 too (docs/rules.md "Error codes").
  expect(reply.body, "refusals answer { message, code }").toEqual({
    message: expect.any(String),
    code: expect.toBeOneOf(REFUSAL_CODES),
  });
  if (typeof message === "string") expect(reply.body.message).toBe(message);
  else if (message) expect(reply.body.message).toMatch(message);
}
