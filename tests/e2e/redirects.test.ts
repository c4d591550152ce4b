// Hostile redirectTo values in a real Chromium: after /auth, /login and the theme toggle the browser stays on this site.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const unique = () => `r${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Targets that leave the site in a browser although some start with a single "/". */
const HOSTILE = [
  "/\t/evil.example", // Chromium drops the tab and reads "//evil.example"
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\\evil.example", // a backslash is a slash to browsers
  "/\\/evil.example",
  "//evil.example",
  "/.//evil.example",
  "https://evil.example/",
];

/** Every host the page asked for, redirects included (a redirect to evil.example fails to resolve; the request is still seen). */
function watchHosts(page: Page) {
  const hosts = new Set<string>();
  page.on("request", (request) => {
    hosts.add(new URL(request.url()).host);
  });
  return hosts;
}

test.describe("a hostile redirectTo lands on a local path", () => {
  test("signed in, /auth?redirectTo= and /login?redirectTo= stay on the site", async ({ page, baseURL }) => {
    const site = new URL(baseURL!);
    await login(page, unique(), "password123");
    const hosts = watchHosts(page);
    for (const path of ["/auth", "/login"]) {
      for (const target of HOSTILE) {
        // A navigation that left for evil.example fails to resolve: the request to it is still seen.
        await page.goto(`${path}?redirectTo=${encodeURIComponent(target)}`).catch(() => {});
        expect([...hosts], `${path}?redirectTo=${JSON.stringify(target)} sent the browser elsewhere`).toEqual([
          site.host,
        ]);
        await expect(page).toHaveURL(`${site.origin}/dashboard`);
      }
    }
  });

  test("the login form's redirectTo stays on the site (tab and backslash)", async ({ browser, baseURL }) => {
    const site = new URL(baseURL!);
    for (const target of ["/\t/evil.example", "/\\evil.example"]) {
      // Without JavaScript the browser itself follows the action's Location header. (The CSP's
      // form-action 'self' already stops it from following one to another site, but the user
      // was then left on the login page: the dashboard is where a hostile target must lead.)
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      const hosts = watchHosts(page);
      await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
      await page.locator('input[name="username"]').fill(unique());
      await page.locator('input[name="password"]').fill("password123");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page
        .waitForURL((url) => url.pathname === "/dashboard" || url.host !== site.host, { timeout: 10_000 })
        .catch(() => {});
      expect([...hosts], `login with redirectTo ${JSON.stringify(target)} sent the browser elsewhere`).toEqual([
        site.host,
      ]);
      await expect(page).toHaveURL(`${site.origin}/dashboard`);
      await expect(page.getByRole("heading", { name: "Tournament Dashboard" })).toBeVisible();
      await context.close();
    }
  });

  test("the theme toggle's redirectTo: a hostile one goes home, a line break answers a redirect, not 500", async ({
    request,
  }) => {
    for (const target of [...HOSTILE, "/guide\r\nSet-Cookie: injected=1"]) {
      const response = await request.post("/theme", { form: { theme: "light", redirectTo: target }, maxRedirects: 0 });
      expect(response.status(), `theme with ${JSON.stringify(target)}`).toBe(302);
      expect(response.headers()["location"]).toBe("/");
      expect(response.headers()["set-cookie"] ?? "").not.toContain("injected");
    }
    const fine = await request.post("/theme", { form: { theme: "dark", redirectTo: "/guide?x=1" }, maxRedirects: 0 });
    expect(fine.headers()["location"]).toBe("/guide?x=1");
  });
});
