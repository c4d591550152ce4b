// POST /api/auth/register: account creation is disabled (DECISIONS.md).
import type { Route } from "./+types/auth.register";
import { allowOnly, jsonError, methodNotAllowed } from "~/lib/api.server";

export const loader = allowOnly("POST");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return jsonError(403, "Registration is currently disabled");
}
