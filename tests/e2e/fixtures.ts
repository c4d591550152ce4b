// Shared Playwright fixtures: `test` with a JavaScript-less page, and a login helper.
import { test as base, expect, type Page } from "@playwright/test";

export { expect };
export { E2E_MASTER } from "../setup/e2e-global";

export const test = base.extend<{ noJsPage: Page }>({
  /** A page in its own context with JavaScript off: proves a screen works as plain HTML forms. */
  noJsPage: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

/** Signs in through the login form at /login and waits for the dashboard. */
export async function login(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard(?:[/?#]|$)/);
}
