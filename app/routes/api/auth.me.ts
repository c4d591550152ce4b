// GET /api/auth/me: the signed-in user, or 401.
import type { Route } from "./+types/auth.me";
import { allowOnly, handleApi, json, requireApiUser } from "~/lib/api.server";

export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => json(requireApiUser(context)));
}

export const action = allowOnly("GET");
