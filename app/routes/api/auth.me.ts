// GET /api/auth/me: the signed-in user, or 401.
import { allowOnly, userLoader } from "~/lib/api.server";
import { userAnswer } from "~/lib/api-schemas.server";
import { ok } from "~/lib/openapi.server";

export const loader = userLoader(async ({ user }) => user, {
  operationId: "me",
  tag: "Authentication",
  summary: "The signed-in user",
  answers: { 200: ok("The user", userAnswer) },
});

export const action = allowOnly("GET");
