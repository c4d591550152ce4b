// Assertions the API tests share: the status with the body in the failure message, the no-store header, and answers matching their documented schema.
import { expect } from "vitest";
import { z } from "zod";
import type { Reply } from "./app";

/** The status, and `Cache-Control: no-store` as every API answer carries. */
export function expectStatus(reply: Reply, status: number) {
  expect(reply.status, `expected ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`).toBe(status);
  expect(reply.headers.get("cache-control"), "API answers are never cached").toContain("no-store");
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

/** A refusal: the status and a `{ message }` body, optionally the exact message. */
export function expectRefusal(reply: Reply, status: number, message?: string | RegExp) {
  expectStatus(reply, status);
  expect(reply.body, "refusals answer { message }").toEqual({ message: expect.any(String) });
  if (typeof message === "string") expect(reply.body.message).toBe(message);
  else if (message) expect(reply.body.message).toMatch(message);
}
