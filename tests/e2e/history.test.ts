// The audit trail without JavaScript: the owner saves scores and edits settings and finds both on History with its filters; a master's override with its reason shows there too; the master's integrity check and Repair.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { E2E_MASTER, expect, login, test } from "./fixtures";

const PASSWORD = "password123";

function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 30);
}

/** An organizer's tournament with 16 checked-in players and round 1 drawn, through the API. */
async function drawnTournament(request: APIRequestContext, username: string) {
  const auth = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(auth.ok(), `API login: ${await auth.text()}`).toBeTruthy();
  const headers = { Authorization: `Bearer ${(await auth.json()).token}` };
  const post = async (path: string, data: unknown = {}) => {
    const reply = await request.post(path, { headers, data });
    expect(reply.ok(), `${path}: ${await reply.text()}`).toBeTruthy();
    return reply.json();
  };
  const name = `History ${username}`;
  const { id } = await post("/api/tournaments", {
    name,
    format: "standard",
    maxPlayers: 16,
    totalRounds: 3,
    isPublic: true,
  });
  const list = Array.from({ length: 16 }, (_, i) => ({
    name: `H${String(i + 1).padStart(2, "0")} ${username.slice(-4)}`,
    riotTag: `T${i + 1}`,
    lp: 1000 - i,
  }));
  const players: { id: number; name: string }[] = await post(`/api/tournaments/${id}/players/bulk`, { players: list });
  await post(`/api/tournaments/${id}/start-checkin`);
  for (const p of players) await post(`/api/players/${p.id}/checkin`, { checkedIn: true });
  await post(`/api/tournaments/${id}/lobbies/generate`);
  return { id: id as number, name, players };
}

async function noJsPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  return context.newPage();
}

const rows = (page: Page) => page.locator("table.history-table tbody tr");

test("without JavaScript the owner's score save and settings change, and a master's override with its reason, are on History with filters", async ({
  noJsPage: page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueName("hst");
  await login(page, owner, PASSWORD);
  const { id, name } = await drawnTournament(request, owner);

  // Scores for Lobby 1 through the score form.
  await page.goto(`/tournaments/${id}/scores`);
  const lobby1 = page.locator('section.scores-lobby[data-lobby="Lobby 1"]');
  const selects = lobby1.locator("select");
  const firstName = ((await selects.first().getAttribute("aria-label")) ?? "").replace("Placement for ", "");
  for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption(String(i + 1));
  await lobby1.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Scores Saved");

  // A settings change, then History from the settings page's link.
  await page.goto(`/tournaments/${id}/settings`);
  await page.getByLabel("Tournament Name").fill(`${name} Renamed`);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Tournament updated successfully");
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${id}/history$`));
  await expect(page).toHaveTitle(`History - ${name} Renamed | Tournament Manager`);

  // Newest first: the settings change with its before → after, then the scores.
  const newest = rows(page).first();
  await expect(newest).toHaveAttribute("data-action", "settings.updated");
  await expect(newest).toContainText(owner);
  await expect(newest).toContainText("Owner");
  await expect(newest).toContainText(`name: ${name} → ${name} Renamed`);
  const scores = rows(page).nth(1);
  await expect(scores).toHaveAttribute("data-action", "scores.saved");
  await expect(scores).toContainText("Lobby 1 scores saved");
  await expect(scores).toContainText(new RegExp(`${firstName}#T\\d+: - → 1st \\(8 pts\\)`));
  await expect(scores).toContainText("Round 1");

  // Filters are a GET form: by action, then by round and actor, then cleared.
  await page.getByLabel("Action", { exact: true }).selectOption({ label: "Scores saved" });
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/action=scores\.saved/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute("data-action", "scores.saved");
  await page.getByLabel("Action", { exact: true }).selectOption("");
  await page.getByLabel("Round", { exact: true }).selectOption("1");
  await page.getByLabel("Who", { exact: true }).selectOption(owner);
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/round=1/);
  // Retried: the address changes as the new page starts to arrive, before its rows are parsed.
  await expect.poll(() => rows(page).count()).toBeGreaterThan(2);
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${id}/history$`));

  // Another organizer may not read it.
  const stranger = await noJsPage(browser, baseURL);
  await login(stranger, uniqueName("hsx"), PASSWORD);
  const refused = await stranger.goto(`/tournaments/${id}/history`);
  expect(refused?.status(), "another organizer is refused").toBe(403);
  await stranger.context().close();

  // The master overrides a player's points with a reason, and runs the integrity check and Repair.
  const master = await noJsPage(browser, baseURL);
  await login(master, E2E_MASTER.username, E2E_MASTER.password);
  await master.goto(`/tournaments/${id}/master-override?tab=players`);
  await master.getByRole("link", { name: `Edit ${firstName}` }).click();
  const edit = master.getByRole("form", { name: `Edit ${firstName}` });
  await edit.getByLabel("Total Points").fill("20");
  await edit.locator("summary", { hasText: "Save Player" }).click();
  await edit.getByLabel("Reason").fill("Judge ruling after a disconnect");
  await edit.getByRole("button", { name: "Confirm Save" }).click();
  await expect(master.locator(".toast .title")).toHaveText("Player updated successfully");

  await master.getByRole("link", { name: "System Data" }).click();
  const integrity = master.locator("section", { has: master.getByRole("heading", { name: "Integrity Check" }) });
  // A master's change is an adjustment on top of the matches, not a discrepancy.
  await expect(integrity.getByRole("status")).toHaveText("All stored totals match the saved matches.");
  await integrity.locator("summary", { hasText: "Repair" }).click();
  await integrity.getByLabel("Reason").fill("Routine check");
  await integrity.getByRole("button", { name: "Confirm Repair" }).click();
  await expect(master.locator(".toast .title")).toHaveText("Totals repaired");
  await expect(master.locator(".toast")).toContainText("Every stored total already matched the saved matches.");

  await master.getByRole("link", { name: "History", exact: true }).click();
  const override = rows(master).first();
  await expect(override).toHaveAttribute("data-action", "override.player.updated");
  await expect(override).toContainText("Override: Player updated");
  await expect(override).toContainText("Reason: Judge ruling after a disconnect");
  await expect(override).toContainText("Master");
  await expect(override).toContainText("totalPoints: 8 → 20");
  await master.context().close();

  // The owner sees the master's override on their History too, and can filter by the master.
  await page.goto(`/tournaments/${id}/history`);
  await page.getByLabel("Who", { exact: true }).selectOption(E2E_MASTER.username);
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Reason: Judge ruling after a disconnect");
});
