// Logout as an action: revokes the session token and clears the cookie.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { revokeSession } from "~/models/auth.server";
import { getDb } from "~/lib/db.server";
import { destroySessionCookie, getRequestToken } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  await revokeSession(await getDb(), await getRequestToken(request));
  return redirectWithToast(
    "/",
    { title: "Logout successful", description: "You have been logged out.", type: "success" },
    { headers: { "Set-Cookie": await destroySessionCookie(request) } },
  );
}
