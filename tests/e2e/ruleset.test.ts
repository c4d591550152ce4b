// The ruleset form without JavaScript at 360 px: a preset at creation, a custom order in settings (a refused one keeps
// what was typed), the public pages' Rules section, and the order fixed once a round is finalized.
import type { Page } from "@playwright/test";
import { expect, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `${page.url()} scrolls sideways at 360 px`).toBeLessThanOrEqual(client + 1);
}

test("create with the Riot preset, change to a custom order in settings, read the rules on public pages", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, uniqueName("rules"), PASSWORD);
  const name = uniqueName("Rules Cup ");

  await page.goto("/create-tournament");
  await noSidewaysScroll(page);
  await page.getByLabel("Tournament Name").fill(name);
  await page.getByLabel("Max Players").fill("16");
  await page.getByLabel("Total Rounds").fill("3");
  await expect(page.getByRole("radio", { name: "Standard" }), "the default preset").toBeChecked();
  await page.getByRole("radio", { name: /Riot/ }).check();
  await page.getByRole("button", { name: "Create Tournament" }).click();
  await page.waitForURL(/\/tournaments\/\d+\/manage-players$/);
  const id = Number(page.url().match(/tournaments\/(\d+)\//)![1]);

  await page.goto(`/tournaments/${id}/settings`);
  await noSidewaysScroll(page);
  await expect(page.getByRole("radio", { name: /Riot/ })).toBeChecked();

  // Custom with the same criterion twice: refused, the typed choices kept, nothing saved.
  await page.getByRole("radio", { name: "Custom" }).check();
  await page.locator("details.ruleset-custom > summary").click();
  await page.getByLabel("1st tiebreaker").selectOption("wins");
  await page.getByLabel("2nd tiebreaker").selectOption("wins");
  await page.getByLabel("3rd tiebreaker").selectOption("");
  await page.getByLabel("4th tiebreaker").selectOption("");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText('The tiebreaker "wins" is listed twice').first()).toBeVisible();
  await expect(page.getByRole("radio", { name: "Custom" })).toBeChecked();
  await expect(page.getByLabel("2nd tiebreaker")).toHaveValue("wins");
  await noSidewaysScroll(page);

  await page.getByLabel("2nd tiebreaker").selectOption("seed");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Tournament updated successfully")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Custom" })).toBeChecked();
  await expect(page.getByLabel("1st tiebreaker")).toHaveValue("wins");
  await expect(page.getByLabel("2nd tiebreaker")).toHaveValue("seed");
  await expect(page.getByLabel("3rd tiebreaker")).toHaveValue("");

  // The leaderboard and the public view say which rules are in force.
  for (const path of [`/tournaments/${id}/leaderboard`, `/tournaments/${id}/public`]) {
    await page.goto(path);
    const rules = page.locator("details.rules-section");
    await rules.locator("summary").click();
    await expect(rules.locator("summary")).toHaveText("Rules (Custom tiebreaks)");
    await expect(rules.locator(".rules-tiebreakers li")).toHaveText([
      /^Total points: /,
      /^Wins: More 1st places ranks higher/,
      /^Seed: /,
      /^Registration order: /,
    ]);
    await expect(rules.locator(".rules-points li").first()).toHaveText("1st 8 pts");
    await noSidewaysScroll(page);
  }
});

test("once a round is finalized the order is fixed: the fields are disabled with the reason", async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const username = uniqueName("fixed");
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const setup = await tournamentWithCheckedInPlayers(request, username, 16);
  const { headers, id } = setup;
  const generated = await request.post(`/api/tournaments/${id}/lobbies/generate`, { headers, data: {} });
  expect(generated.ok(), await generated.text()).toBeTruthy();
  const { lobbies } = (await generated.json()) as { lobbies: { id: number; playerIds: number[] }[] };
  for (const lobby of lobbies) {
    const saved = await request.post(`/api/lobbies/${lobby.id}/matches`, {
      headers,
      data: { scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })) },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  const finalized = await request.post(`/api/tournaments/${id}/finalize-round`, { headers });
  expect(finalized.ok(), await finalized.text()).toBeTruthy();
  await request.dispose();

  await login(page, username, PASSWORD);
  await page.goto(`/tournaments/${id}/settings`);
  await expect(page.getByText(/cannot be changed after a round is finalized/)).toBeVisible();
  await expect(page.getByRole("radio", { name: "Standard" })).toBeDisabled();
  await expect(page.getByRole("radio", { name: "Standard" })).toBeChecked();
  // The rest of the form still saves; the disabled order is not sent, so nothing about it changes.
  await page.getByLabel("Tournament Name").fill(`${username} renamed`);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Tournament updated successfully")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Standard" })).toBeChecked();
});
