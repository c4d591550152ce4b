// GET /api/auth/me: the signed-in user, or 401.
import type { Route } from "./+types/auth.me";
import { json, methodNotAllowed, requireApiUser, handleApi } from "~/lib/api.server";

export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => json(requireApiUser(context)));
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
