// The theme toggle's action: stores the choice in a cookie and returns to the page.
import { redirect } from "react-router";
import type { Route } from "./+types/theme";
import { pageForm } from "~/lib/page.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { setThemeHeader, THEMES, type Theme } from "~/lib/theme.server";

export async function loader() {
  return redirect("/");
}

export async function action({ context }: Route.ActionArgs) {
  const form = pageForm(context);
  const theme = form.get("theme");
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (typeof theme !== "string" || !THEMES.includes(theme as Theme)) {
    return redirect(back);
  }
  return redirect(back, { headers: { "Set-Cookie": await setThemeHeader(theme as Theme) } });
}
