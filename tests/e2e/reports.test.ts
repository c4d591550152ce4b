// Players reporting results on their own phones, JavaScript off at 360 px (docs/decisions/036-player-reports.md): two
// players' whole-lobby reports agree and the staff confirm in one tap; own placements that clash are a dispute the score
// screen shows first, every version side by side, settled by the staff's save; a refusal keeps the page; axe on the pass
// page with its report form and on score entry with a dispute.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { axe, describeViolations } from "./axe";
import { expect, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

async function hostApi(request: APIRequestContext, username: string) {
  const response = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(response.ok(), "demo login").toBeTruthy();
  const token = ((await response.json()) as { token: string }).token;
  return async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
    if (!reply.ok()) throw new Error(`${method} ${path} answered ${reply.status()}: ${await reply.text()}`);
    return (await reply.json()) as T;
  };
}

/** A phone with JavaScript off at 360 px, opened on the player's personal link. */
async function phoneWithPass(browser: Browser, baseURL: string | undefined, passUrl: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(new URL(passUrl).pathname);
  return page;
}

async function expectAccessible(page: Page) {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

type Lobby = { id: number; name: string; playerIds: number[] };

test("without JavaScript at 360 px: report, agree, dispute, staff confirm in one tap and settle the dispute by saving", async ({
  noJsPage: host,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const owner = uniqueName("reports_");
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { id: tournamentId, players: roster } = await tournamentWithCheckedInPlayers(request, owner, 16, {
    totalRounds: 2,
  });
  const api = await hostApi(request, owner);
  const { lobbies } = await api<{ lobbies: Lobby[] }>("POST", `/api/tournaments/${tournamentId}/lobbies/generate`, {});
  const [a, b] = lobbies;
  const nameOf = new Map(roster.map((p) => [p.id, p.name]));
  const passOf = async (playerId: number) =>
    api<{ pass: string; passUrl: string }>("POST", `/api/players/${playerId}/pass`);

  // Lobby A: two players report the whole lobby the same way (seat order = placements) → reported, agreed.
  const first = await phoneWithPass(browser, baseURL, (await passOf(a.playerIds[0])).passUrl);
  await expect(first.getByRole("heading", { name: `Report results: ${a.name}` })).toBeVisible();
  await expect(first.getByTestId("report-state")).toContainText("No reports yet");
  // A refusal keeps the page: no placement chosen.
  await first.getByRole("button", { name: "Report My Placement" }).click();
  await expect(first.getByRole("alert").filter({ hasText: "Choose a placement" }).first()).toBeVisible();
  const reportWhole = async (page: Page) => {
    await page.getByText("Report the whole lobby").click();
    for (const [i, id] of a.playerIds.entries())
      await page.getByLabel(new RegExp(`^${nameOf.get(id)}#`)).selectOption(String(i + 1));
    await page.getByRole("button", { name: "Report Whole Lobby" }).click();
  };
  await reportWhole(first);
  await expect(first.getByTestId("report-state")).toContainText("Reported, waiting for more reports");
  await expect(first.getByTestId("my-report")).toContainText(`1st ${nameOf.get(a.playerIds[0])}#`);
  const second = await phoneWithPass(browser, baseURL, (await passOf(a.playerIds[3])).passUrl);
  await reportWhole(second);
  await expect(second.getByTestId("report-state")).toContainText("Reported, agreed");

  // Lobby B: two players both claim 1st → disputed.
  const third = await phoneWithPass(browser, baseURL, (await passOf(b.playerIds[0])).passUrl);
  await third.getByLabel("My placement").selectOption("1");
  await third.getByRole("button", { name: "Report My Placement" }).click();
  await expect(third.getByTestId("my-report")).toContainText("1st (your own placement)");
  const other = await passOf(b.playerIds[1]);
  const clash = await request.post("/api/pass/report", {
    headers: { Authorization: `Pass ${other.pass}` },
    data: { lobbyId: b.id, placement: 1 },
  });
  expect(clash.status()).toBe(200);
  expect(((await clash.json()) as { state: string }).state).toBe("disputed");
  await third.reload();
  await expect(third.getByTestId("report-state")).toContainText("Disputed");
  // Not their lobby: 403, nothing changed.
  const wrong = await request.post("/api/pass/report", {
    headers: { Authorization: `Pass ${other.pass}` },
    data: { lobbyId: a.id, placement: 2 },
  });
  expect(wrong.status()).toBe(403);

  // Score entry: the disputed lobby first, every version side by side; the agreed one confirmed in one tap.
  await host.setViewportSize({ width: 360, height: 740 });
  await login(host, owner, PASSWORD);
  await host.goto(`/tournaments/${tournamentId}/scores`);
  await expect(host.locator("section.scores-lobby").first()).toHaveAttribute("data-lobby", b.name);
  await expect(host.locator(`a[data-state="disputed"]`)).toHaveCount(1);
  await expect(host.locator(`a[data-state="agreed"]`)).toHaveCount(1);
  const disputed = host.locator(`section[data-lobby="${b.name}"]`);
  await expect(disputed.getByText("Disputed", { exact: true })).toBeVisible();
  await expect(disputed.getByRole("region", { name: /Players' reports \(2\)/ })).toBeVisible();
  await expect(disputed.getByRole("cell", { name: "1st" })).toHaveCount(2);
  const agreed = host.locator(`section[data-lobby="${a.name}"]`);
  await expect(agreed.getByText("Reported, agreed", { exact: true })).toBeVisible();
  await agreed.getByRole("button", { name: `Confirm ${a.name} Result` }).click();
  await expect(host.locator(`section[data-lobby="${a.name}"]`).getByText("✓ Scores Saved")).toBeVisible();
  await expect(host.locator(`a[data-state="agreed"]`)).toHaveCount(0);
  await first.reload();
  await expect(first.getByTestId("report-state")).toHaveText(`The result of ${a.name} is saved.`);

  // axe: score entry with a dispute, at 360 and 1280 px (JavaScript on, for axe itself).
  const hostAxe = await browser.newContext({
    baseURL,
    bypassCSP: true,
    storageState: await host.context().storageState(),
  });
  const hostPage = await hostAxe.newPage();
  for (const width of [360, 1280]) {
    await hostPage.setViewportSize({ width, height: 800 });
    await hostPage.goto(`/tournaments/${tournamentId}/scores`);
    await expect(hostPage.locator(`section[data-lobby="${b.name}"] .scores-reports`)).toBeVisible();
    await expectAccessible(hostPage);
  }
  // …and the pass page with its report form.
  const playerAxe = await browser.newContext({
    baseURL,
    bypassCSP: true,
    storageState: await third.context().storageState(),
  });
  const playerPage = await playerAxe.newPage();
  for (const width of [360, 1280]) {
    await playerPage.setViewportSize({ width, height: 800 });
    await playerPage.goto(`/tournaments/${tournamentId}/me`);
    await expect(playerPage.getByRole("button", { name: "Report My Placement" })).toBeVisible();
    await expectAccessible(playerPage);
  }

  // The staff settle the dispute by saving the lobby (typing the placements).
  for (const [i, id] of b.playerIds.entries())
    await disputed.getByLabel(`Placement for ${nameOf.get(id)}`, { exact: true }).selectOption(String(i + 1));
  await disputed.getByRole("button", { name: `Save ${b.name} Scores` }).click();
  await expect(host.locator(`section[data-lobby="${b.name}"]`).getByText("✓ Scores Saved")).toBeVisible();
  await expect(host.locator(`a[data-state="disputed"]`)).toHaveCount(0);
  await third.reload();
  await expect(third.getByTestId("report-state")).toHaveText(`The result of ${b.name} is saved.`);
  const reports = await api<{ state: string; isComplete: boolean }>("GET", `/api/lobbies/${b.id}/reports`);
  expect(reports).toMatchObject({ state: "none", isComplete: true });
});

test("without JavaScript the owner turns on 'Save agreed reports' on the sign-up page, and an agreed lobby saves itself", async ({
  noJsPage: host,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueName("autosave_");
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { id: tournamentId } = await tournamentWithCheckedInPlayers(request, owner, 16, { totalRounds: 2 });
  const api = await hostApi(request, owner);
  const { lobbies } = await api<{ lobbies: Lobby[] }>("POST", `/api/tournaments/${tournamentId}/lobbies/generate`, {});
  const [a] = lobbies;

  await host.setViewportSize({ width: 360, height: 740 });
  await login(host, owner, PASSWORD);
  await host.goto(`/tournaments/${tournamentId}/signup`);
  await host.getByLabel("Save agreed reports").selectOption("true");
  await host.getByRole("button", { name: "Save sign-up settings" }).click();
  await host.goto(`/tournaments/${tournamentId}/signup`);
  await expect(host.getByLabel("Save agreed reports")).toHaveValue("true");

  // Every player of lobby A gives their own placement (seat order); the eighth agreeing report saves the lobby.
  for (const [i, id] of a.playerIds.entries()) {
    const { passUrl } = await api<{ passUrl: string }>("POST", `/api/players/${id}/pass`);
    const phone = await phoneWithPass(browser, baseURL, passUrl);
    await phone
      .getByLabel(/placement/i)
      .first()
      .selectOption(String(i + 1));
    await phone.getByRole("button", { name: "Report My Placement" }).click();
    await phone.context().close();
  }
  const matches = await api<{ lobbyId: number }[]>("GET", `/api/tournaments/${tournamentId}/matches`);
  expect(matches.filter((m) => m.lobbyId === a.id)).toHaveLength(8);
  await host.goto(`/tournaments/${tournamentId}/scores`);
  await expect(host.locator(`section[data-lobby="${a.name}"] .scores-saved`)).toBeVisible();
});
