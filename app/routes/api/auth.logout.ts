// POST /api/auth/logout: revokes the caller's token (or page session).
import type { Route } from "./+types/auth.logout";
import { revokeSession } from "~/models/auth.server";
import { handleApi, json, methodNotAllowed } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { destroySessionCookie, getRequestToken } from "~/lib/session.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await revokeSession(await getDb(), await getRequestToken(request));
    return json({ message: "Logged out" }, 200, { "Set-Cookie": await destroySessionCookie(request) });
  });
}
