// Logout as an action: revokes the session token and clears the cookie.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { revokeSession } from "~/models/access/auth.server";
import { destroySessionCookie, getRequestToken } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { dbContext } from "~/lib/context";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  await revokeSession(context.get(dbContext), await getRequestToken(request));
  return redirectWithToast(
    "/",
    { title: "Logout successful", description: "You have been logged out.", type: "success" },
    { headers: { "Set-Cookie": await destroySessionCookie(request) } },
  );
}
