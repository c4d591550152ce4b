// The theme preference lives in a cookie, so the server renders the right theme with no flash and no JavaScript.
import { createCookie } from "react-router";

export type Theme = "light" | "dark" | "system";
export const THEMES: Theme[] = ["light", "dark", "system"];

const themeCookie = createCookie("ui-theme", { path: "/", sameSite: "lax", maxAge: 365 * 24 * 3600 });

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("cookie"));
  return THEMES.includes(value) ? value : "dark";
}

export async function setThemeHeader(theme: Theme) {
  return themeCookie.serialize(theme);
}
