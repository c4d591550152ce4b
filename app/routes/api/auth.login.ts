// POST /api/auth/login → { user, token }: the same session table as the page cookie.
import type { Route } from "./+types/auth.login";
import { createSession, login } from "~/models/auth.server";
import { loginSchema } from "~/models/validation";
import { allowOnly, handleApi, json, jsonError, methodNotAllowed, readJson } from "~/lib/api.server";
import { dbContext } from "~/lib/context";
import { getApp } from "~/lib/db.server";
import { clientAddress } from "~/lib/session.server";

export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const body = await readJson(request, loginSchema);
    const { env } = await getApp();
    const db = context.get(dbContext);
    const result = await login(db, { ...body, address: await clientAddress(request, context), demoLogin: env.demoLogin });
    if (!result.ok) return jsonError(result.status, result.message);
    const { token } = await createSession(db, result.user.id);
    return json({ user: result.user, token });
  });
}
