// The built app starts and serves its home page.
import { expect, test } from "./fixtures";

test("the home page answers 200 and names the app", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status(), "status of GET /").toBe(200);
  await expect(page.getByText("Tournament Manager").first()).toBeVisible();
});
