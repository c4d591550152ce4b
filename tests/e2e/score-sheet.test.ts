// The score sheet at 360 px (issue 22; docs/decisions/027-manual-draw-and-score-sheet.md): the lobby index, the jump to
// the next unscored lobby after a save (JavaScript on and off), saved lobbies folded to one line, the "unscored only"
// filter, exactly one request per save with JavaScript; and the manual draw: lobbies entered by hand, two players swapped.
import type { Locator, Page, Request } from "@playwright/test";
import { axe, describeViolations } from "./axe";
import { expect, fillPlacements, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

const PHONE = { width: 360, height: 780 };

function lobbyCard(page: Page, name: string): Locator {
  return page.locator(`section.scores-lobby[data-lobby="${name}"]`);
}

async function save(page: Page, name: string) {
  const card = lobbyCard(page, name);
  await fillPlacements(card);
  await card.getByRole("button", { name: `Save ${name} Scores` }).click();
}

/** A host's tournament of `count` checked-in players with Round 1 drawn through the API. */
async function drawn(request: Parameters<typeof tournamentWithCheckedInPlayers>[0], username: string, count: number) {
  const setup = await tournamentWithCheckedInPlayers(request, username, count);
  const reply = await request.post(`/api/tournaments/${setup.id}/lobbies/generate`, {
    headers: setup.headers,
    data: {},
  });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  return setup;
}

test.describe("score sheet without JavaScript at 360 px", () => {
  test("index, next unscored after each save, folded saved lobbies, the unscored-only filter", async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const username = uniqueName("shn");
    await login(page, username, PASSWORD);
    const { id } = await drawn(request, username, 24);

    await page.goto(`/scores/${id}`);
    const index = page.getByRole("navigation", { name: "Lobbies" });
    await expect(index.locator(".scores-index-item")).toHaveCount(3);
    await expect(index.locator('.scores-index-item[data-state="pending"]')).toHaveCount(3);
    await expect(index.getByRole("link", { name: "Next unscored: Lobby 1" })).toBeVisible();

    // Saving Lobby 1 lands on Lobby 2, the next unscored one.
    await save(page, "Lobby 1");
    await expect(page).toHaveURL(new RegExp(`/scores/${id}#lobby-2$`));
    await expect(page.locator(".toast .title")).toHaveText("Scores Saved");
    await expect(index.getByRole("link", { name: "Lobby 1: Saved" })).toBeVisible();
    await expect(index.getByRole("link", { name: "Next unscored: Lobby 2" })).toBeVisible();

    // Lobby 1 is one line: its placements open from the summary, without JavaScript.
    const lobby1 = lobbyCard(page, "Lobby 1");
    expect((await lobby1.boundingBox())!.height).toBeLessThan(120);
    await expect(lobby1.locator(".scores-player").first()).toBeHidden();
    await expect(lobby1.getByText("Scores Saved")).toBeVisible();
    await lobby1.locator("summary").click();
    await expect(lobby1.locator(".scores-player")).toHaveCount(8);
    await expect(lobby1.locator(".scores-player").first()).toBeVisible();
    await expect(lobby1.getByRole("link", { name: "Edit Scores" })).toBeVisible();

    // The filter: only the lobbies still to score; saving keeps it and moves on.
    await index.getByRole("link", { name: "Unscored only (2)" }).click();
    await expect(page).toHaveURL(/unscored=1/);
    await expect(lobbyCard(page, "Lobby 1")).toHaveCount(0);
    await expect(lobbyCard(page, "Lobby 2")).toBeVisible();
    await save(page, "Lobby 2");
    await expect(page).toHaveURL(new RegExp(`/scores/${id}\\?unscored=1#lobby-3$`));
    await expect(lobbyCard(page, "Lobby 2")).toHaveCount(0);

    // The last save lands on the round's actions (finalize / advance).
    await save(page, "Lobby 3");
    await expect(page).toHaveURL(/#round-actions$/);
    await expect(page.getByText("Every lobby of Round 1 is saved.")).toBeVisible();
    await index.getByRole("link", { name: "Show all lobbies" }).click();
    await expect(page.locator("section.scores-lobby.folded")).toHaveCount(3);
    await expect(index.locator('.scores-index-item[data-state="saved"]')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  test("lobbies entered by hand (refused whole when wrong), then two players swapped", async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const username = uniqueName("mdh");
    await login(page, username, PASSWORD);
    const { id, headers, players } = await tournamentWithCheckedInPlayers(request, username, 16);
    const names = players.map((p) => p.name);

    await page.goto(`/scores/${id}`);
    await page.locator("summary", { hasText: "Enter lobbies by hand" }).click();
    const box = page.getByLabel(/Round 1 lobbies: one lobby per line/);
    // One player left out: refused, nothing drawn.
    await box.fill(`${names.slice(0, 8).join(", ")}\n${names.slice(8, 15).join(", ")}`);
    await page.getByRole("button", { name: "Use These Lobbies" }).click();
    await expect(page.getByRole("alert").first()).toContainText(
      "Every active player must be in exactly one lobby: 1 missing",
    );
    await expect(page.getByText("No lobbies for Round 1")).toBeVisible();
    // What was typed is kept.
    await expect(page.getByLabel(/Round 1 lobbies: one lobby per line/)).toHaveValue(/P01/);

    const given = [names.slice(8).reverse(), names.slice(0, 8)];
    await page.getByLabel(/Round 1 lobbies: one lobby per line/).fill(given.map((l) => l.join(", ")).join("\n"));
    await page.getByRole("button", { name: "Use These Lobbies" }).click();
    await expect(page.locator(".toast .title")).toHaveText("Lobbies Generated");
    // Polled: the toast is early in the streamed page, and the lobby cards may still be arriving when it shows.
    const labels = (name: string) =>
      lobbyCard(page, name)
        .locator("select")
        .evaluateAll((els) => els.map((e) => (e.getAttribute("aria-label") ?? "").replace("Placement for ", "")));
    await expect.poll(() => labels("Lobby 1")).toEqual(given[0]);
    await expect.poll(() => labels("Lobby 2")).toEqual(given[1]);

    // Swap the first of each lobby.
    await page.locator("summary", { hasText: "Swap players" }).click();
    const idOf = (name: string) => String(players.find((p) => p.name === name)!.id);
    await page.getByLabel("First player").selectOption(idOf(given[0][0]));
    await page.getByLabel("Second player").selectOption(idOf(given[1][0]));
    await page.getByRole("button", { name: "Swap Players" }).click();
    await expect(page.locator(".toast .title")).toHaveText("Players Swapped");
    await expect.poll(async () => (await labels("Lobby 1"))[0]).toBe(given[1][0]);
    await expect.poll(async () => (await labels("Lobby 2"))[0]).toBe(given[0][0]);

    // Two players of one lobby: refused with its message, nothing changed.
    await page.locator("summary", { hasText: "Swap players" }).click();
    await page.getByLabel("First player").selectOption(idOf(given[0][1]));
    await page.getByLabel("Second player").selectOption(idOf(given[0][2]));
    await page.getByRole("button", { name: "Swap Players" }).click();
    await expect(page.getByRole("alert").first()).toContainText("are both in Lobby 1");
    const lobbies = await (await request.get(`/api/tournaments/${id}/lobbies`, { headers })).json();
    expect(lobbies[0].playerIds[1]).toBe(Number(idOf(given[0][1])));

    // Once a lobby is scored, only one unscored lobby is left: nothing to swap with.
    await page.goto(`/scores/${id}`);
    await save(page, "Lobby 1");
    await expect(page.locator("summary", { hasText: "Swap players" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("score sheet with JavaScript at 360 px", () => {
  test("one request per save, the jump to the next unscored lobby, the filter; axe finds nothing", async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL, viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    const username = uniqueName("shj");
    await login(page, username, PASSWORD);
    const { id } = await drawn(request, username, 24);

    await page.goto(`/scores/${id}`);
    // Ready: the page is served without React (docs/decisions/039); its inline script runs the placement checks and
    // sends the save, answered in place, as a plain form post to the page's own address.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.waitForFunction(() => document.querySelector("select") !== null);
    await page.waitForLoadState("networkidle").catch(() => undefined);

    // The index, pending lobbies and the open swap form pass axe.
    await page.locator("summary", { hasText: "Swap players" }).click();
    const before = await axe(page);
    expect(before, describeViolations(before)).toEqual([]);

    const requests: Request[] = [];
    const onRequest = (r: Request) => {
      const url = new URL(r.url());
      // The live stream stays open; the browser's own favicon fetch is no round trip of the page's.
      if (url.pathname.startsWith("/api/events")) return;
      if (!["document", "fetch", "xhr"].includes(r.resourceType())) return;
      requests.push(r);
    };
    page.on("request", onRequest);
    await save(page, "Lobby 1");
    await expect(lobbyCard(page, "Lobby 1").locator(".scores-saved")).toBeVisible();
    await expect(page.locator(".toast .title")).toHaveText(/Scores (Saved|Updated)/);
    await expect(page.locator("#lobby-2")).toBeFocused();
    // Long enough for the save's own live event (and a re-validation it would have caused) to arrive.
    await page.waitForTimeout(2_500);
    page.off("request", onRequest);
    expect(
      requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`),
      "one round trip per save",
    ).toEqual([expect.stringMatching(new RegExp(`^POST /scores/${id}$`))]);

    // The saved lobby is one line; the index says so.
    const index = page.getByRole("navigation", { name: "Lobbies" });
    await expect(index.getByRole("link", { name: "Lobby 1: Saved" })).toBeVisible();
    await expect(lobbyCard(page, "Lobby 1").locator(".scores-player").first()).toBeHidden();

    // The filter with JavaScript; the next save jumps again.
    await index.getByRole("link", { name: "Unscored only (2)" }).click();
    await expect(page).toHaveURL(/unscored=1/);
    // A new page: its script answers the next save in place once it has run.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(lobbyCard(page, "Lobby 1")).toHaveCount(0);
    await save(page, "Lobby 2");
    await expect(lobbyCard(page, "Lobby 2")).toHaveCount(0);
    await expect(page.locator("#lobby-3")).toBeFocused();

    // An edit of a saved lobby, answered in place too, folds it again.
    await page.goto(`/scores/${id}`);
    await lobbyCard(page, "Lobby 1").locator("summary").click();
    await lobbyCard(page, "Lobby 1").getByRole("link", { name: "Edit Scores" }).click();
    await expect(lobbyCard(page, "Lobby 1").locator("select")).toHaveCount(8);
    await lobbyCard(page, "Lobby 1").getByRole("button", { name: "Save Lobby 1 Scores" }).click();
    await expect(lobbyCard(page, "Lobby 1").locator("select")).toHaveCount(0);
    await expect(page.locator("#lobby-3")).toBeFocused();

    await lobbyCard(page, "Lobby 1").locator("summary").click();
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
