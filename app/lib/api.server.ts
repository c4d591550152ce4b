// Plumbing for the JSON API's resource routes: JSON answers that are never cached, body parsing, errors, guards.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { isActionError } from "~/models/errors";
import type { DomainEvent } from "~/models/events";
import type { PublicUser } from "~/models/auth.server";
import { userContext } from "./context";
import { publish } from "./events.server";
import { parsePositiveInt } from "./params";

const NO_STORE = { "Cache-Control": "no-store" };

export function json(body: unknown, status = 200, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers: all });
}

export function jsonError(status: number, message: string) {
  return Response.json({ message }, { status, headers: NO_STORE });
}

/** The signed-in user of an API call (bearer token or page cookie), or a 401. */
export function requireApiUser(context: Readonly<RouterContextProvider>): PublicUser {
  const user = context.get(userContext);
  if (!user) throw jsonError(401, "Authentication required");
  return user;
}

export function apiUser(context: Readonly<RouterContextProvider>): PublicUser | null {
  return context.get(userContext);
}

/** A path id: a positive integer, else 400 with the given message. */
export function requireId(raw: string | undefined, message = "Invalid ID") {
  const id = parsePositiveInt(raw);
  if (id === null) throw jsonError(400, message);
  return id;
}

/** Reads a JSON body (an empty body is `{}`), then validates it with the schema; 400 with the first message otherwise. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await request.text();
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw jsonError(400, "Invalid JSON body");
    }
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw jsonError(400, "Request body must be a JSON object");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw jsonError(400, result.error.issues[0]?.message ?? "Invalid input");
  return result.data;
}

/** Runs an API handler: domain refusals become their 4xx, thrown Responses pass through, anything else is a logged 500. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (isActionError(error)) return jsonError(error.status, error.message);
    console.error("API error", error);
    return jsonError(500, "Internal server error");
  }
}

export function methodNotAllowed(allowed: string[]) {
  return Response.json(
    { message: `Method not allowed. Use ${allowed.join(", ")}.` },
    { status: 405, headers: { ...NO_STORE, Allow: allowed.join(", ") } },
  );
}

/** Publishes a committed action's events, then answers. */
export async function afterCommit(events: DomainEvent[]) {
  await publish(events);
}
