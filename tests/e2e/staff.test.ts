// Staff without JavaScript: the owner adds a scorekeeper in Settings → Staff; the scorekeeper signs in, sees the badge,
// checks a player in, saves a lobby's scores, and can neither see nor post the settings (docs/rules.md, "Staff").
import type { APIRequestContext } from "@playwright/test";
import { expect, fillPlacements, login, test } from "./fixtures";

const PASSWORD = "password123";

function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 30);
}

async function apiLogin(request: APIRequestContext, username: string) {
  const auth = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(auth.ok(), `API login: ${await auth.text()}`).toBeTruthy();
  return { Authorization: `Bearer ${(await auth.json()).token}` };
}

test("without JavaScript a scorekeeper added in Settings checks a player in and saves a lobby, and nothing else", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const ownerName = uniqueName("owner");
  const keeperName = uniqueName("Keeper");
  const headers = await apiLogin(request, ownerName);
  // The scorekeeper's account exists before it is added (demo login creates it).
  await apiLogin(request, keeperName);

  // A private tournament in check-in: 16 players, 15 checked in.
  const name = uniqueName("Staffed Cup ");
  const created = await request.post("/api/tournaments", {
    headers,
    data: { name, maxPlayers: 16, totalRounds: 2, isPublic: true },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = await created.json();
  const list = Array.from({ length: 16 }, (_, i) => ({ name: `S${i + 1}`, riotTag: `T${i + 1}`, lp: 100 - i }));
  const players: { id: number; name: string; riotTag: string }[] = await (
    await request.post(`/api/tournaments/${id}/players/bulk`, { headers, data: { players: list } })
  ).json();
  expect((await request.post(`/api/tournaments/${id}/start-checkin`, { headers })).ok()).toBeTruthy();
  for (const p of players.slice(0, 15)) {
    expect(
      (await request.post(`/api/players/${p.id}/checkin`, { headers, data: { checkedIn: true } })).ok(),
    ).toBeTruthy();
  }

  // The owner adds the scorekeeper by username, typed in another case, in Settings → Staff.
  const ownerContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const owner = await ownerContext.newPage();
  await login(owner, ownerName, PASSWORD);
  await owner.goto(`/tournaments/${id}/settings`);
  const staff = owner.locator("section#staff");
  await expect(staff.getByRole("heading", { name: "Staff" })).toBeVisible();
  await expect(staff.getByText("No scorekeepers yet.")).toBeVisible();
  await staff.getByLabel("Username").fill("nobody_at_all");
  await staff.getByRole("button", { name: "Add Scorekeeper" }).click();
  await expect(
    owner.locator("section#staff").getByText('No account has the username "nobody_at_all"').first(),
  ).toBeVisible();
  await owner.locator("section#staff").getByLabel("Username").fill(keeperName.toLowerCase());
  await owner.locator("section#staff").getByRole("button", { name: "Add Scorekeeper" }).click();
  await expect(owner.locator("section#staff").getByRole("list", { name: "Scorekeepers" })).toContainText(keeperName);
  await expect(owner.locator("section#staff").getByRole("button", { name: `Remove ${keeperName}` })).toBeVisible();
  await ownerContext.close();

  // The scorekeeper signs in: the private tournament is on the dashboard with the badge and only their actions.
  const keeperContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const keeper = await keeperContext.newPage();
  await login(keeper, keeperName, PASSWORD);
  const row = keeper.locator("tr", { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.locator(".badge", { hasText: "Scorekeeper" })).toBeVisible();
  await expect(row.locator(".badge", { hasText: "View Only" })).toHaveCount(0);
  await row.locator("summary", { hasText: "Actions" }).click();
  await expect(row.getByRole("link", { name: "Tournament Settings" })).toHaveCount(0);
  await expect(
    row.locator("summary", { hasText: /Delete Tournament|Complete Tournament|Export to Excel/ }),
  ).toHaveCount(0);
  await row.getByRole("link", { name: "Check-in", exact: true }).click();

  // Check-in: the last player, by their card.
  await expect(keeper.getByRole("heading", { name: "Check-in" })).toBeVisible();
  await expect(keeper.locator(".host-scorekeeper-note")).toBeVisible();
  await expect(keeper.getByRole("button", { name: /Save Check-ins/ })).toHaveCount(0);
  const last = players[15];
  await keeper.getByRole("button", { name: `Check in ${last.name}#${last.riotTag}`, exact: true }).click();
  await expect(
    keeper.getByRole("button", { name: `Check out ${last.name}#${last.riotTag}`, exact: true }),
  ).toBeVisible();

  // Settings: shown read-only, without the Staff section; a posted change is refused and changes nothing.
  await keeper.goto(`/tournaments/${id}/settings`);
  await expect(keeper.getByRole("button", { name: "Save Settings" })).toHaveCount(0);
  await expect(keeper.locator("section#staff")).toHaveCount(0);
  await expect(keeper.getByRole("heading", { name: "Excel Export" })).toHaveCount(0);
  const refused = await keeper.request.post(`/tournaments/${id}/settings`, {
    form: { intent: "update", name: "Taken over" },
  });
  expect(refused.status(), "a scorekeeper's settings post").toBe(403);
  const addSelf = await keeper.request.post(`/tournaments/${id}/settings`, {
    form: { intent: "add-staff", username: ownerName },
  });
  expect(addSelf.status(), "a scorekeeper's add-staff post").toBe(403);
  expect((await (await request.get(`/api/tournaments/${id}`)).json()).name).toBe(name);

  // The owner draws round 1; the scorekeeper saves Lobby 1 and sees no round controls.
  expect((await request.post(`/api/tournaments/${id}/lobbies/generate`, { headers, data: {} })).ok()).toBeTruthy();
  await keeper.goto(`/tournaments/${id}/scores`);
  await expect(keeper.locator(".badge", { hasText: "Scorekeeper" })).toBeVisible();
  for (const control of ["Finalize Round", /Advance to Round/]) {
    await expect(keeper.getByRole("button", { name: control })).toHaveCount(0);
  }
  await expect(keeper.locator("summary", { hasText: "Undo Lobby Generation" })).toHaveCount(0);
  await expect(keeper.getByRole("link", { name: "Cut Players" })).toHaveCount(0);
  const lobby1 = keeper.locator('section.scores-lobby[data-lobby="Lobby 1"]');
  await fillPlacements(lobby1);
  await lobby1.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
  await expect(keeper.locator(".toast .title")).toHaveText("Scores Saved");
  const matches: { placement: number }[] = await (await request.get(`/api/tournaments/${id}/matches`)).json();
  expect(matches.map((m) => m.placement).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  await keeperContext.close();
});
