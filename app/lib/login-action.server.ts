// The login form's action, shared by /login and /auth: authenticate, open a session, redirect with a toast.
import { data, type RouterContextProvider } from "react-router";
import { createSession } from "~/models/access/auth.server";
import { authenticateLogin } from "./auth.server";
import { dbContext } from "./context";
import { pageForm } from "./page.server";
import { safeRedirect } from "./safe-redirect";
import { commitSessionCookie } from "./session.server";
import { rememberDevice } from "./device.server";
import { redirectWithToast } from "./toast.server";

export type LoginActionData = { title: string; message: string | null; description: string; username: string };

export async function loginAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  welcome: (username: string) => string,
) {
  // The form the root middleware read once, within the page body limit.
  const form = pageForm(context);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const username = field("username");
  const { result, device } = await authenticateLogin(request, context, form);
  if (!result.ok) {
    const missing = result.code === "missing_credentials";
    return data<LoginActionData>(
      {
        title: missing ? "Missing credentials" : "Login failed",
        message: missing ? null : result.message,
        description: missing
          ? "Please enter both username and password."
          : "Please check your credentials and try again.",
        username,
      },
      { status: result.status },
    );
  }
  const { token } = await createSession(context.get(dbContext), result.user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(request, token));
  // This browser is now a known device of the user: strangers' guesses never lock it out (docs/decisions/021).
  headers.append("Set-Cookie", await rememberDevice(request, device, result.user.username));
  return redirectWithToast(
    safeRedirect(form.get("redirectTo")),
    { title: "Login successful", description: welcome(result.user.username), type: "success" },
    { headers },
  );
}
