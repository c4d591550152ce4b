// POST /api/auth/logout: revokes the caller's token (or page session).
import type { Route } from "./+types/auth.logout";
import { revokeSession } from "~/models/access/auth.server";
import { allowOnly, emptyBodySchema, handleApi, json, methodNotAllowed, readJson } from "~/lib/api.server";
import { logoutAnswer } from "~/lib/api-schemas.server";
import { documented, guarded, guards, ok } from "~/lib/openapi.server";
import { destroySessionCookie, getRequestToken } from "~/lib/session.server";
import { dbContext } from "~/lib/context";

export const loader = allowOnly("POST");

export const action = documented(
  async ({ request, context }: Route.ActionArgs) =>
    handleApi(async () => {
      if (request.method !== "POST") return methodNotAllowed(["POST"]);
      // A malformed body is refused like on every other call, rather than signing out by accident.
      await readJson(request, emptyBodySchema);
      await revokeSession(context.get(dbContext), await getRequestToken(request));
      return json({ message: "Logged out" }, 200, { "Set-Cookie": await destroySessionCookie(request) });
    }),
  {
    post: guarded(
      {
        operationId: "logout",
        tag: "Authentication",
        summary: "Sign out: revokes the token (or the page session)",
        answers: { 200: ok("Signed out", logoutAnswer) },
      },
      guards.open,
    ),
  },
);
