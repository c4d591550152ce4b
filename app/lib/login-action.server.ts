// The login form's action, shared by /login and /auth: authenticate, open a session, redirect with a toast.
import { data } from "react-router";
import { createSession } from "~/models/auth.server";
import { authenticator } from "./auth.server";
import { getDb } from "./db.server";
import { safeRedirect } from "./safe-redirect";
import { commitSessionCookie } from "./session.server";
import { redirectWithToast } from "./toast.server";

export type LoginActionData = { title: string; message: string | null; description: string; username: string };

export async function loginAction(request: Request, welcome: (username: string) => string) {
  const form = await request.clone().formData();
  const username = String(form.get("username") ?? "");
  const result = await authenticator.authenticate("form", request);
  if (!result.ok) {
    const missing = result.message === "Missing credentials";
    return data<LoginActionData>(
      {
        title: missing ? "Missing credentials" : "Login failed",
        message: missing ? null : result.message,
        description: missing ? "Please enter both username and password." : "Please check your credentials and try again.",
        username,
      },
      { status: result.status },
    );
  }
  const { token } = await createSession(await getDb(), result.user.id);
  return redirectWithToast(
    safeRedirect(form.get("redirectTo")),
    { title: "Login successful", description: welcome(result.user.username), type: "success" },
    { headers: { "Set-Cookie": await commitSessionCookie(request, token) } },
  );
}
