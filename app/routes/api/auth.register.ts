// POST /api/auth/register: account creation is disabled (DECISIONS.md).
import { jsonError, methodNotAllowed } from "~/lib/api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action() {
  return jsonError(403, "Registration is currently disabled");
}
