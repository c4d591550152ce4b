// POST /api/auth/login → { user, token }: the same session table as the page cookie.
import type { Route } from "./+types/auth.login";
import { createSession } from "~/models/access/auth.server";
import { loginSchema } from "~/models/access/account-input";
import { allowOnly, handleApi, json, jsonError, methodNotAllowed, readJson } from "~/lib/api.server";
import { loginAnswer } from "~/lib/api-schemas.server";
import { documented, guarded, guards, ok } from "~/lib/openapi.server";
import { authenticateLogin } from "~/lib/auth.server";
import { dbContext } from "~/lib/context";
import { rememberDevice } from "~/lib/device.server";

export const loader = allowOnly("POST");

export const action = documented(
  async ({ request, context }: Route.ActionArgs) =>
    handleApi(async () => {
      if (request.method !== "POST") return methodNotAllowed(["POST"]);
      const body = await readJson(request, loginSchema);
      // The page form's path: remix-auth's authenticator for this request (app/lib/auth.server.ts).
      const { result, device } = await authenticateLogin(request, context, body);
      if (!result.ok) return jsonError(result.status, result.message, result.code);
      const { token } = await createSession(context.get(dbContext), result.user.id);
      // A client that keeps cookies is a known device from now on (docs/decisions/021).
      return json({ user: result.user, token }, 200, {
        "Set-Cookie": await rememberDevice(request, device, result.user.username),
      });
    }),
  {
    post: guarded(
      {
        operationId: "login",
        tag: "Authentication",
        summary: "Sign in",
        description:
          "Answers the user and an opaque token. With demo login on, an unknown valid username creates an organizer account. " +
          "Repeated failures answer 429 for 15 minutes: per username and address, per address, and per username from " +
          "clients without its device cookie (set by a successful login); a client with it is slowed down, not refused.",
        answers: {
          200: ok("Signed in", loginAnswer),
          400: { description: '"Missing credentials" or an invalid username or password format' },
          401: { description: "Invalid username or password" },
          429: { description: "Too many failed login attempts" },
        },
      },
      guards.open,
      loginSchema,
    ),
  },
);
