// The stage builder with JavaScript off: the "Two days and a checkmate final" preset fills the rows, "Add stage" adds
// one, Create stores the stages; the leaderboard's stage selector is plain links. axe on the builder at 360 and 1280 px.
import { expect, login, PASSWORD, test, uniqueName } from "./fixtures";
import { axe, describeViolations } from "./axe";

test("stage builder without JavaScript: preset, add stage, create, settings, leaderboard selector", async ({
  noJsPage: page,
}) => {
  test.setTimeout(120_000);
  const organizer = uniqueName("stages_");
  await login(page, organizer, PASSWORD);
  await page.goto("/create-tournament");
  await page.locator('input[name="name"]').fill(`Circuit ${organizer}`);
  await page.locator('input[name="maxPlayers"]').fill("64");
  await page.getByRole("button", { name: "Use preset" }).click();
  await expect(page.locator('input[name="stage.2.name"]')).toHaveValue("Final");
  await expect(page.locator('select[name="stage.2.end"]')).toHaveValue("checkmate");
  await expect(page.locator('input[name="stage.0.value"]')).toHaveValue("32");
  await page.getByRole("button", { name: "Add stage" }).click();
  await expect(page.locator('input[name="stage.3.name"]')).toHaveValue("");
  await page.getByRole("button", { name: "Create Tournament" }).last().click();
  await page.waitForURL(/\/manage-players/);
  const id = page.url().match(/tournaments\/(\d+)/)![1];
  await page.goto(`/tournaments/${id}/settings`);
  await expect(page.locator('input[name="stage.0.name"]')).toHaveValue("Day 1");
  await expect(page.locator('input[name="stage.2.name"]')).toHaveValue("Final");
  await page.goto(`/tournaments/${id}/leaderboard`);
  const selector = page.getByRole("navigation", { name: "Standings by stage" });
  await expect(selector.getByRole("link", { name: "Final" })).toBeVisible();
});

test("axe: 0 violations on the stage builder at 360 and 1280 px", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, bypassCSP: true });
  const page = await context.newPage();
  await login(page, uniqueName("stages_axe_"), PASSWORD);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.goto("/create-tournament");
    await page.getByRole("button", { name: "Use preset" }).click();
    await expect(page.locator('input[name="stage.2.name"]')).toHaveValue("Final");
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  }
  await context.close();
});
