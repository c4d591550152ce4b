// The master override panel: only masters get in; settings and player data change through plain forms after a confirmation.
import type { APIRequestContext } from "@playwright/test";
import { E2E_MASTER, expect, login, test } from "./fixtures";

const PASSWORD = "password123";

function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 30);
}

/** An organizer's tournament with `count` registered players, through the API. */
async function organizerTournament(request: APIRequestContext, username: string, count: number, maxPlayers = 16) {
  const auth = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(auth.ok(), `API login: ${await auth.text()}`).toBeTruthy();
  const headers = { Authorization: `Bearer ${(await auth.json()).token}` };
  const created = await request.post("/api/tournaments", {
    headers,
    data: { name: `Master ${username}`, format: "standard", maxPlayers, totalRounds: 3, isPublic: true },
  });
  expect(created.ok(), `create tournament: ${await created.text()}`).toBeTruthy();
  const { id } = await created.json();
  const players = Array.from({ length: count }, (_, i) => ({
    name: `M${i + 1} ${username.slice(-4)}`,
    riotTag: `EU${i + 1}`,
    lp: 100 * i,
  }));
  if (count > 0) {
    const bulk = await request.post(`/api/tournaments/${id}/players/bulk`, { headers, data: { players } });
    expect(bulk.ok(), `bulk add: ${await bulk.text()}`).toBeTruthy();
  }
  return { id: id as number, players };
}

test("a non-master, even the owner, is sent to / from the master override panel", async ({
  noJsPage: page,
  request,
}) => {
  const username = uniqueName("mno");
  const { id } = await organizerTournament(request, username, 0);
  await login(page, username, PASSWORD);
  await page.goto(`/tournaments/${id}/master-override`);
  await expect(page).toHaveURL(/\/$/);
  // The action is guarded too: a forged post changes nothing.
  const response = await page.request.post(`/tournaments/${id}/master-override`, {
    form: { intent: "updateTournament", name: "Hijacked", confirmed: "1" },
    maxRedirects: 0,
  });
  expect(response.status(), "a non-master's post is redirected").toBe(302);
  const tournament = await (await request.get(`/api/tournaments/${id}`)).json();
  expect(tournament.name).toBe(`Master ${username}`);
});

test("without JavaScript the master edits a setting and a player's stats after confirming, and adds and deletes players", async ({
  noJsPage: page,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = uniqueName("mow");
  const { id, players } = await organizerTournament(request, owner, 15);
  await login(page, E2E_MASTER.username, E2E_MASTER.password);

  await page.goto(`/tournaments/${id}/master-override`);
  await expect(page).toHaveTitle("Master Override | Tournament Manager");
  await expect(page.locator(".danger-banner")).toBeVisible();
  await expect(page.getByText("ADMIN ONLY")).toBeVisible();
  for (const tab of ["Tournament Settings", "Player Data", "System Data"]) {
    await expect(
      page.getByRole("navigation", { name: "Master override sections" }).getByRole("link", { name: tab }),
    ).toBeVisible();
  }

  // Settings: the confirmation step comes before the save.
  const newName = `Renamed ${owner}`;
  await page.getByLabel("Tournament Name").fill(newName);
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Total Rounds").fill("5");
  await page.getByLabel("Current Round").fill("2");
  await page.getByLabel("Locked").check();
  await page.locator("summary", { hasText: "Save Settings" }).click();
  await expect(page.getByText("Override these settings?")).toBeVisible();
  // The override needs a reason (the browser asks for it; the server refuses a post without one).
  await expect(page.getByLabel("Reason")).toHaveAttribute("required", "");
  const noReason = await page.request.post(`/tournaments/${id}/master-override`, {
    form: { intent: "updateTournament", confirmed: "1", name: "No reason given" },
  });
  expect(noReason.status(), "an override without a reason is refused").toBe(400);
  await page.getByLabel("Reason").fill("Organizer asked for five rounds");
  await page.getByRole("button", { name: "Confirm Save" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Tournament updated successfully");
  await expect(page.getByLabel("Tournament Name")).toHaveValue(newName);
  await expect(page.getByLabel("Status")).toHaveValue("active");
  await expect(page.getByLabel("Current Round")).toHaveValue("2");
  await expect(page.getByLabel("Locked")).toBeChecked();
  const saved = await (await request.get(`/api/tournaments/${id}`)).json();
  expect(saved).toMatchObject({ name: newName, status: "active", currentRound: 2, totalRounds: 5, isLocked: true });

  // Player data: edit one player's stats.
  await page.getByRole("link", { name: "Player Data" }).click();
  const target = players[2].name;
  await page.getByRole("link", { name: `Edit ${target}` }).click();
  const edit = page.getByRole("form", { name: `Edit ${target}` });
  await edit.getByLabel("Total Points").fill("42");
  await edit.getByLabel("Matches Played").fill("3");
  await edit.getByLabel("Average Placement").fill("2.5");
  await edit.getByLabel("Seed").fill("7");
  await edit.locator("summary", { hasText: "Save Player" }).click();
  await edit.getByLabel("Reason").fill("Score sheet correction");
  await edit.getByRole("button", { name: "Confirm Save" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Player updated successfully");
  const row = page.locator(`tr[data-player="${target}"]`);
  await expect(row.locator("td").nth(3)).toHaveText("42");
  await expect(row.locator("td").nth(4)).toHaveText("3");
  await expect(row.locator("td").nth(5)).toHaveText("2.5");
  await expect(row.locator("td").nth(2)).toHaveText("7");

  // A submission that skipped the confirmation is not applied; the step opens instead.
  const response = await page.request.post(`/tournaments/${id}/master-override?tab=players`, {
    form: { intent: "updatePlayer", playerId: "0", totalPoints: "1" },
  });
  expect(response.status()).toBe(400);

  // Add: one free place (15 of 16), then the capacity message.
  await page.locator("summary", { hasText: "Add Player" }).first().click();
  const add = page.getByRole("form", { name: "Add player" });
  await add.getByLabel("Player Name").fill("Late Entry");
  await add.getByLabel("Riot Tag").fill("KR1");
  await add.locator("summary", { hasText: "Add Player" }).click();
  await add.getByLabel("Reason").fill("Late registration approved");
  await add.getByRole("button", { name: "Confirm Add" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Player added successfully");
  await expect(page.locator('tr[data-player="Late Entry"]')).toBeVisible();
  await expect(page.getByText("Tournament is at maximum capacity (16 players). Remove a player first.")).toBeVisible();
  await expect(page.locator('form[aria-label="Add player"] summary')).toHaveAttribute("aria-disabled", "true");
  await expect(page.locator('form[aria-label="Add player"] button[name="confirmed"]')).toBeDisabled();

  // Delete, with its confirmation.
  const late = page.locator('tr[data-player="Late Entry"]');
  await late.locator("summary", { hasText: "Delete" }).click();
  await expect(late.getByText("Delete Late Entry?")).toBeVisible();
  await late.getByLabel("Reason").fill("Duplicate entry");
  await late.getByRole("button", { name: "Delete Player" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Player deleted successfully");
  await expect(page.locator('tr[data-player="Late Entry"]')).toHaveCount(0);

  await page.getByRole("link", { name: "System Data" }).click();
  await expect(page.getByRole("row", { name: /Tournament ID/ })).toContainText(String(id));
  await expect(page.getByRole("row", { name: /^Players/ })).toContainText("15");
  await expect(page.locator(".master-raw")).toContainText(`"name": "${newName}"`);
});

test("with JavaScript the add-player button stays disabled while the name is blank", async ({ page, request }) => {
  const { id } = await organizerTournament(request, uniqueName("mjs"), 2);
  await login(page, E2E_MASTER.username, E2E_MASTER.password);
  await page.goto(`/tournaments/${id}/master-override?tab=players&add=1`);
  const add = page.getByRole("form", { name: "Add player" });
  const step = add.locator("summary", { hasText: "Add Player" });
  const confirm = add.locator('button[name="confirmed"]');
  await expect(step).toHaveAttribute("aria-disabled", "true");
  await expect(confirm).toBeDisabled();
  // A blank name cannot even open the confirmation.
  await step.click();
  await expect(add.getByText("Add this player to the tournament?")).toBeHidden();
  await add.getByLabel("Player Name").fill("   ");
  await expect(confirm).toBeDisabled();
  await add.getByLabel("Player Name").fill("Script Player");
  await add.getByLabel("Riot Tag").fill("JP1");
  await expect(step).not.toHaveAttribute("aria-disabled", "true");
  await expect(confirm).toBeEnabled();
  await step.click();
  await expect(add.getByText("Add Script Player to the tournament?")).toBeVisible();
  await add.getByLabel("Reason").fill("Walk-in player");
  await confirm.click();
  await expect(page.locator('tr[data-player="Script Player"]')).toBeVisible();
});
