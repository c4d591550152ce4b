// The host's score entry and check-in served without React (docs/decisions/039-host-pages-without-react.md): no script
// file with JavaScript on, the inline script ready; a lobby saved elsewhere arrives live while the host's picks in
// another lobby stay; a client navigation from a React page (the dashboard) still renders the score screen with React.
import type { Page, Request } from "@playwright/test";
import { expect, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

const PHONE = { width: 360, height: 780 };

async function drawn(request: Parameters<typeof tournamentWithCheckedInPlayers>[0], username: string, count: number) {
  const setup = await tournamentWithCheckedInPlayers(request, username, count);
  const reply = await request.post(`/api/tournaments/${setup.id}/lobbies/generate`, {
    headers: setup.headers,
    data: {},
  });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  const lobbies: { id: number; name: string; playerIds: number[] }[] = await (
    await request.get(`/api/tournaments/${setup.id}/lobbies`)
  ).json();
  return { ...setup, lobbies };
}

/** The script files a page loaded (none on a page served without React). */
function scriptsOf(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((r) => /\.m?js(\?|$)/.test(r.name))
      .map((r) => r.name),
  );
}

test("score entry and both check-in screens load no script file with JavaScript on, and are ready", async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const username = uniqueName("hl");
  await login(page, username, PASSWORD);
  const { id } = await drawn(request, username, 16);
  for (const path of [
    `/tournaments/${id}/scores`,
    `/scores/${id}`,
    `/tournaments/${id}/checkin`,
    `/tournament-checkin/${id}`,
  ]) {
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]"), path).toHaveCount(1);
    expect(await scriptsOf(page), path).toEqual([]);
    expect(await page.locator("script[type=module]").count(), path).toBe(0);
    await expect(page.locator("main[data-live-region]"), path).toHaveCount(1);
  }
  await context.close();
});

test("a lobby saved elsewhere arrives live on the score screen; the host's picks in another lobby stay", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const username = uniqueName("hll");
  await login(page, username, PASSWORD);
  const setup = await drawn(request, username, 16);
  const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto(`/tournaments/${setup.id}/scores`);
  await streamOpened;
  const [first, second] = setup.lobbies;
  const mine = page.locator(`section.scores-lobby[data-lobby="${first.name}"] select`);
  await mine.nth(0).selectOption("1");
  await expect(mine.nth(1).locator('option[value="1"]')).toHaveText("1st (8 pts) - Taken");

  const scores = second.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
  const saved = await request.post(`/api/lobbies/${second.id}/matches`, { headers: setup.headers, data: { scores } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  await expect(page.locator(`section.scores-lobby[data-lobby="${second.name}"] .scores-saved`)).toBeVisible();
  await expect(mine.nth(0), "the pick is kept across the live swap").toHaveValue("1");
  await expect(mine.nth(1).locator('option[value="1"]')).toHaveText("1st (8 pts) - Taken");
  await context.close();
});

test("from the dashboard (React) the score screen renders with React and a save is still one request", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const username = uniqueName("hlr");
  await login(page, username, PASSWORD);
  const setup = await drawn(request, username, 16);
  await page.goto("/dashboard");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const actions = page.locator("details.host-actions", {
    has: page.locator(`a[href="/tournaments/${setup.id}/scores"]`),
  });
  await actions.locator(":scope > summary").click();
  await actions.getByRole("link", { name: "Enter Scores" }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${setup.id}/scores$`));
  const lobby = page.locator(`section.scores-lobby[data-lobby="${setup.lobbies[0].name}"]`);
  await expect(lobby.locator("select")).toHaveCount(8);

  const requests: Request[] = [];
  const onRequest = (r: Request) => {
    const path = new URL(r.url()).pathname;
    // The event stream and React Router's lazy route discovery (/__manifest, fetched whenever a link
    // comes into view) are not the save.
    if (path.startsWith("/api/events") || path === "/__manifest") return;
    if (["document", "fetch", "xhr"].includes(r.resourceType())) requests.push(r);
  };
  page.on("request", onRequest);
  const selects = lobby.locator("select");
  for (let i = 0; i < 8; i++) await selects.nth(i).selectOption(String(i + 1));
  await lobby.getByRole("button", { name: `Save ${setup.lobbies[0].name} Scores` }).click();
  await expect(lobby.locator(".scores-saved")).toBeVisible();
  await page.waitForTimeout(2_000);
  page.off("request", onRequest);
  expect(requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`)).toEqual([
    `POST /tournaments/${setup.id}/scores.data`,
  ]);
  await context.close();
});
