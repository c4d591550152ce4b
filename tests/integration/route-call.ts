// An API route module's loader or action called as React Router calls it (a Request, the route's params, a context with
// the database and the caller), with the version snapshots and the API's answer cache emptied first: the answer as a
// client reads it, without an HTTP server. Shared by the integration tests that play a tournament through the API.
import { RouterContextProvider } from "react-router";
import type { AppDb } from "#db/client.server";
import { clearApiCache } from "~/lib/api-cache.server";
import { dbContext, userContext } from "~/lib/context";
import type { PublicUser } from "~/models/access/auth.server";
import { clearSnapshots } from "~/models/views/snapshot.server";

export type Handler = (args: never) => Promise<Response>;

/** Every test starts from empty caches (`beforeEach(clearCaches)`). */
export function clearCaches() {
  clearSnapshots();
  clearApiCache();
}

export async function callRoute(
  handler: Handler,
  db: AppDb,
  user: PublicUser | null,
  method: string,
  path: string,
  params: Record<string, string>,
  body?: unknown,
) {
  clearCaches();
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(userContext, user);
  const url = new URL(`http://localhost${path}`);
  const request = new Request(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handler({ request, url, params, context } as never);
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the assertions check the JSON answers
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}
