// POST /api/auth/register: account creation is disabled (docs/rules.md).
import type { Route } from "./+types/auth.register";
import { allowOnly, jsonError, methodNotAllowed } from "~/lib/api.server";
import { documented, guarded, guards } from "~/lib/openapi.server";

export const loader = allowOnly("POST");

export const action = documented(
  async ({ request }: Route.ActionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return jsonError(403, "Registration is currently disabled", "forbidden");
  },
  {
    post: guarded(
      {
        operationId: "register",
        tag: "Authentication",
        summary: "Create an account (disabled)",
        answers: { 403: { description: "Registration is currently disabled" } },
      },
      guards.open,
    ),
  },
);
