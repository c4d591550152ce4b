// Host flows a real product gets right (docs/rules.md "Host flows"): swapping saved placements, the round's one primary action, one confirmation to complete, disabled forms that look it, quiet deletes, errors shown once, toasts that leave and cover nothing, a menu that closes, human error screens.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName, type ApiSetup } from "./fixtures";

test.describe.configure({ mode: "parallel" });

type ApiLobby = { id: number; name: string; playerIds: number[] };

/** Round 1 drawn through the API; answers its lobbies. */
async function generate(request: APIRequestContext, setup: ApiSetup): Promise<ApiLobby[]> {
  const generated = await request.post(`/api/tournaments/${setup.id}/lobbies/generate`, {
    headers: setup.headers,
    data: { roundNumber: 1 },
  });
  expect(generated.ok(), `generate: ${await generated.text()}`).toBeTruthy();
  return (await request.get(`/api/tournaments/${setup.id}/lobbies`)).json();
}

/** Saves a lobby's placements 1..n in its player order through the API. */
async function score(request: APIRequestContext, setup: ApiSetup, lobby: ApiLobby) {
  const scores = lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
  const saved = await request.post(`/api/lobbies/${lobby.id}/matches`, { headers: setup.headers, data: { scores } });
  expect(saved.ok(), `save ${lobby.name}: ${await saved.text()}`).toBeTruthy();
}

/** Each player's saved placement in a lobby, by player id. */
async function placements(
  request: APIRequestContext,
  setup: ApiSetup,
  lobby: ApiLobby,
): Promise<Record<number, number>> {
  const matches: { lobbyId: number; playerId: number; placement: number }[] = await (
    await request.get(`/api/tournaments/${setup.id}/matches`, { headers: setup.headers })
  ).json();
  return Object.fromEntries(matches.filter((m) => m.lobbyId === lobby.id).map((m) => [m.playerId, m.placement]));
}

function lobbyCard(page: Page, name: string): Locator {
  return page.locator(`section.scores-lobby[data-lobby="${name}"]`);
}

/** A signed-in host (page and API) with a tournament whose Round 1 lobbies exist and Lobby 1 is scored 1..8. */
async function scoredLobby(page: Page, request: APIRequestContext, prefix: string) {
  const username = uniqueName(prefix);
  await login(page, username, PASSWORD);
  const setup = await tournamentWithCheckedInPlayers(request, username, 16);
  const lobbies = await generate(request, setup);
  const lobby = lobbies.find((l) => l.name === "Lobby 1")!;
  await score(request, setup, lobby);
  return { setup, lobby, lobbies };
}

test.describe("editing saved scores", () => {
  test("without JavaScript the saved placements are preselected and open, so a swap is two selects and one save", async ({
    noJsPage: page,
    request,
  }) => {
    const { setup, lobby } = await scoredLobby(page, request, "hfs");
    await page.goto(`/scores/${setup.id}`);
    const card = lobbyCard(page, "Lobby 1");
    // A saved lobby is folded to one line; its summary opens it.
    await card.locator("summary").click();
    await card.getByRole("link", { name: "Edit Scores" }).click();
    const selects = card.locator("select");
    await expect(selects.nth(0)).toHaveValue("1");
    await expect(selects.nth(1)).toHaveValue("2");
    await expect(card.locator("option:disabled"), "no placement is locked while editing").toHaveCount(0);

    // A swap left half-done is refused with the spec's message, and nothing changes.
    await selects.nth(0).selectOption("2");
    await card.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
    await expect(card.getByRole("alert")).toContainText("Duplicate placements");
    expect(await placements(request, setup, lobby)).toMatchObject({ [lobby.playerIds[0]]: 1, [lobby.playerIds[1]]: 2 });

    // The refused form kept the typed 2nd; changing the other player completes the swap.
    await expect(selects.nth(0)).toHaveValue("2");
    await selects.nth(1).selectOption("1");
    await card.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
    await expect(page.locator(".toast .title")).toHaveText("Scores Updated");
    expect(await placements(request, setup, lobby)).toMatchObject({ [lobby.playerIds[0]]: 2, [lobby.playerIds[1]]: 1 });
  });

  test("with JavaScript a swap takes two changes, and the lobby says when a placement is chosen twice", async ({
    page,
    request,
  }) => {
    const { setup, lobby } = await scoredLobby(page, request, "hfj");
    await page.goto(`/scores/${setup.id}`);
    const card = lobbyCard(page, "Lobby 1");
    // A saved lobby is folded to one line; its summary opens it.
    await card.locator("summary").click();
    await card.getByRole("link", { name: "Edit Scores" }).click();
    const selects = card.locator("select");
    await expect(selects.nth(2).locator('option[value="1"]')).toBeEnabled();
    await selects.nth(2).selectOption("1");
    await expect(card.locator(".scores-duplicates")).toHaveText(/1st is chosen twice/);
    // A placement picked anew in this edit is locked for the others.
    await expect(selects.nth(1).locator('option[value="1"]')).toBeDisabled();
    await selects.nth(0).selectOption("3");
    await expect(card.locator(".scores-duplicates")).toHaveText("");
    await card.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
    await expect(page.locator(".toast .title")).toHaveText("Scores Updated");
    expect(await placements(request, setup, lobby)).toMatchObject({ [lobby.playerIds[0]]: 3, [lobby.playerIds[2]]: 1 });
  });
});

test.describe("round actions", () => {
  test("Advance is not the filled button while lobbies are pending; once every lobby is scored it is", async ({
    noJsPage: page,
    request,
  }) => {
    const { setup, lobbies } = await scoredLobby(page, request, "hfa");
    await page.goto(`/scores/${setup.id}`);
    const advance = page.getByRole("button", { name: "Advance to Round 2" });
    await expect(advance).not.toHaveClass(/\bprimary\b/);
    await expect(page.getByText(/Next: save the scores of every lobby below \(1\/2 scores submitted\)/)).toBeVisible();
    // The pending lobby's Save is the filled button.
    await expect(lobbyCard(page, "Lobby 2").getByRole("button", { name: "Save Lobby 2 Scores" })).toHaveClass(
      /\bprimary\b/,
    );

    await score(
      request,
      setup,
      lobbies.find((l) => l.name === "Lobby 2")!,
    );
    await page.reload();
    await expect(advance).toHaveClass(/\bprimary\b/);
    await expect(page.getByText(/Next: save the scores/)).toHaveCount(0);
  });

  test("the last round's advance asks twice before completing, as the dashboard's Complete does", async ({
    noJsPage: page,
    request,
  }) => {
    const username = uniqueName("hfc");
    await login(page, username, PASSWORD);
    const setup = await tournamentWithCheckedInPlayers(request, username, 16, { totalRounds: 1 });
    for (const lobby of await generate(request, setup)) await score(request, setup, lobby);
    await page.goto(`/scores/${setup.id}`);
    await expect(page.getByRole("button", { name: "Complete Tournament" }), "nothing completes in one tap").toHaveCount(
      0,
    );
    const opener = page.locator("summary", { hasText: "Complete Tournament" });
    await expect(opener).toHaveClass(/\bprimary\b/);
    await opener.click();
    await expect(page.getByText(/calculates the final standings and makes the tournament read-only/)).toBeVisible();
    const tournament = await (await request.get(`/api/tournaments/${setup.id}`)).json();
    expect(tournament.status, "opening the confirmation changes nothing").toBe("active");
    await expect(
      page.getByRole("button", { name: "Complete Tournament" }),
      "a warning first, then the final confirmation",
    ).toHaveCount(0);
    await page.locator("summary", { hasText: "Continue" }).click();
    await expect(page.getByText("This is the final confirmation.")).toBeVisible();
    await page.getByRole("button", { name: "Complete Tournament" }).click();
    await expect(page).toHaveURL(new RegExp(`/leaderboard/${setup.id}$`));
    await expect(page.locator(".toast .title")).toHaveText("Tournament completed!");
  });
});

/** What makes a control look disabled here: no fill and a dashed border. */
async function looksDisabled(control: Locator) {
  return control.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, border: style.borderTopStyle, cursor: style.cursor };
  });
}

test.describe("disabled forms", () => {
  test("the locked add-player form is disabled, looks it and says why; Substitute is disabled with nobody to substitute", async ({
    noJsPage: page,
    request,
  }) => {
    const username = uniqueName("hfd");
    await login(page, username, PASSWORD);
    const setup = await tournamentWithCheckedInPlayers(request, username, 8, { maxPlayers: 16 });
    const locked = await request.post(`/api/tournaments/${setup.id}/lock`, {
      headers: setup.headers,
      data: { locked: true },
    });
    expect(locked.ok(), `lock: ${await locked.text()}`).toBeTruthy();

    await page.goto(`/tournaments/${setup.id}/manage-players`);
    const form = page.getByRole("form", { name: "Add player" });
    await expect(form.locator("fieldset")).toHaveAttribute("disabled", "");
    await expect(form.getByLabel("Player Name")).toBeDisabled();
    await expect(form.getByText(/The tournament is locked/)).toBeVisible();
    const button = form.getByRole("button", { name: "Add Player" });
    await expect(button).toBeDisabled();
    expect(await looksDisabled(button)).toEqual({
      background: "rgba(0, 0, 0, 0)",
      border: "dashed",
      cursor: "not-allowed",
    });
    expect((await looksDisabled(form.getByLabel("Player Name"))).border).toBe("dashed");
    await expect(
      page.getByRole("form", { name: "Bulk import" }).getByText(/players cannot be imported until it is unlocked/),
    ).toBeVisible();

    await page.goto(`/tournament-checkin/${setup.id}`);
    const substitution = page.getByRole("form", { name: "Player substitution" });
    await expect(substitution.getByRole("button", { name: "Substitute Player" })).toBeDisabled();
    await expect(substitution.getByText("No eliminated players are available to substitute in.")).toBeVisible();
    await expect(substitution.locator("fieldset")).toHaveAttribute("aria-describedby", "substitution-blocked");
  });
});

test.describe("manage players", () => {
  test("Delete is a quiet outline button and still asks before deleting", async ({ noJsPage: page, request }) => {
    const username = uniqueName("hfx");
    await login(page, username, PASSWORD);
    const setup = await tournamentWithCheckedInPlayers(request, username, 3, { maxPlayers: 16 });
    await page.goto(`/tournaments/${setup.id}/manage-players`);
    const card = page.locator(`li[data-player-id="${setup.players[0].id}"]`);
    const del = card.locator("summary", { hasText: "Delete" });
    await expect(del).toHaveClass(/danger-quiet/);
    expect((await looksDisabled(del)).background, "no red fill").toBe("rgba(0, 0, 0, 0)");
    await del.click();
    await expect(card.getByText(/Their scores are removed too/)).toBeVisible();
    await card.getByRole("button", { name: "Delete Player" }).click();
    await expect(page.locator(`li[data-player-id="${setup.players[0].id}"]`)).toHaveCount(0);
  });
});

for (const js of [false, true]) {
  test(`a refused create shows each message once (JavaScript ${js ? "on" : "off"})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
    const page = await context.newPage();
    await login(page, uniqueName("hfe"), PASSWORD);
    await page.goto("/create-tournament");
    await page.getByLabel("Max Players").fill("12");
    await page.getByRole("button", { name: "Create Tournament" }).click();
    await expect(page.getByText("Please enter a name for your tournament")).toHaveCount(1);
    await expect(page.getByText("Tournament name required", { exact: true })).toHaveCount(1);
    await expect(page.getByText(/Must have at least 16 players|Max players must be a multiple of 8/)).toHaveCount(1);
    // The field's own message is tied to it; the summary points down instead of repeating it.
    await expect(page.getByLabel("Tournament Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: "Check the" })).toHaveCount(1);
    await expect(page.locator(".toast")).toHaveCount(0);
    await context.close();
  });
}

test("without JavaScript a refused add-player or settings form shows the field's message once, beside the field", async ({
  noJsPage: page,
  request,
}) => {
  const username = uniqueName("hf1");
  await login(page, username, PASSWORD);
  const { id } = await tournamentWithCheckedInPlayers(request, username, 2, { maxPlayers: 16 });
  await page.goto(`/tournaments/${id}/manage-players`);
  const add = page.getByRole("form", { name: "Add player" });
  await add.getByLabel("Player Name").fill("N".repeat(51));
  await add.getByLabel("Riot Tag").fill("EUW");
  await add.getByRole("button", { name: "Add Player" }).click();
  await expect(page.getByText("Player name must be 50 characters or less")).toHaveCount(1);
  await expect(page.getByLabel("Player Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Check the highlighted field below." })).toHaveCount(1);

  await page.goto(`/tournaments/${id}/settings`);
  const settings = page.getByRole("form", { name: "Tournament settings" });
  await settings.getByLabel("Tournament Name").fill("");
  await settings.getByRole("button", { name: /Save/ }).click();
  await expect(page.getByText("Tournament name is required")).toHaveCount(1);
  await expect(page.getByRole("alert").filter({ hasText: "Check the highlighted field below." })).toHaveCount(1);
});

/**
 * The visible buttons and link-buttons the toast overlaps with the page scrolled to its end. The toast sits at the
 * bottom of the screen (docs/decisions/028-phone-first-layouts.md) and the page gets room below its last control while
 * one shows, so no control stays under it.
 */
async function coveredControlsAtTheEnd(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const toast = document.querySelector(".toast");
    if (!toast) return [];
    const t = toast.getBoundingClientRect();
    return Array.from(document.querySelectorAll("button, .btn, summary, a"))
      .filter((el) => !toast.contains(el) && el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      })
      .map((el) => el.textContent?.trim() ?? el.tagName);
  });
}

test.describe("toasts", () => {
  test("without JavaScript a toast sits at the bottom of the screen, covers no button and leaves by itself; its close link works", async ({
    noJsPage: page,
  }) => {
    await login(page, uniqueName("hft"), PASSWORD);
    const toast = page.locator(".toast");
    await expect(toast).toBeVisible();
    // Where the reader is (docs/decisions/028-phone-first-layouts.md): fixed, inside the screen.
    expect(await toast.evaluate((el) => getComputedStyle(el.parentElement!).position)).toBe("fixed");
    await expect(toast).toBeInViewport();
    expect(await coveredControlsAtTheEnd(page)).toEqual([]);
    // The CSS animation hides it after 5 s, with no script at all.
    await expect(toast).toBeHidden({ timeout: 9_000 });

    await page.goto("/create-tournament");
    await page.getByLabel("Tournament Name").fill(uniqueName("Toast Cup "));
    await page.getByRole("button", { name: "Create Tournament" }).click();
    await expect(page.locator(".toast .title")).toHaveText("New Tournament Created");
    await page.getByRole("link", { name: "Dismiss notification" }).click();
    await expect(page.locator(".toast")).toHaveCount(0);
  });

  test("with JavaScript a toast is dismissible and leaves every button reachable", async ({ page }) => {
    await login(page, uniqueName("hfu"), PASSWORD);
    await expect(page.locator(".toast")).toBeVisible();
    await expect(page.locator(".toast")).toBeInViewport();
    expect(await coveredControlsAtTheEnd(page)).toEqual([]);
    await page.getByRole("link", { name: "Dismiss notification" }).click();
    await expect(page.locator(".toast")).toHaveCount(0);
  });
});

test("the user menu closes after navigating", async ({ page }) => {
  await login(page, uniqueName("hfm"), PASSWORD);
  const menu = page.locator("details.user-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await menu.getByRole("link", { name: "Guide" }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(menu).not.toHaveAttribute("open");
});

for (const js of [false, true]) {
  test(`error screens keep the header and footer and speak plainly (JavaScript ${js ? "on" : "off"})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
    const page = await context.newPage();
    await login(page, uniqueName("hfr"), PASSWORD);

    // A page message of docs/rules.md: its own words as the heading, inside the site's frame.
    await page.goto("/tournaments/abc/scores");
    await expect(page.getByRole("heading", { name: "Invalid tournament ID" })).toBeVisible();
    await expect(page.locator(".site-header")).toBeVisible();
    await expect(page.locator(".site-footer")).toBeVisible();

    // A form posted to a page that takes none: React Router's own answer, shown as plain words.
    await page.goto("/guide");
    await page.setContent(
      `<form method="post" action="${baseURL}/guide"><input name="x" value="1"><button>Send</button></form>`,
    );
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.locator(".site-header")).toBeVisible();
    await expect(page.locator(".site-footer")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/Unexpected Server Error|POST request|Method Not Allowed/);
    await context.close();
  });
}

test("without JavaScript check-in management's Add New Player is closed at capacity, with the reason", async ({
  noJsPage: page,
  request,
}) => {
  const username = uniqueName("full");
  await login(page, username, PASSWORD);
  const { id } = await tournamentWithCheckedInPlayers(request, username, 16, { maxPlayers: 16 });
  await page.goto(`/tournament-checkin/${id}`);
  const form = page.getByRole("form", { name: "Add player" });
  await expect(form.getByRole("textbox", { name: "Player Name" })).toBeDisabled();
  await expect(form).toContainText("Tournament is at maximum capacity (16 players). Remove a player first.");
  await expect(form.getByRole("button")).toBeDisabled();
});

test("with JavaScript a refused settings save or add shows the field's message once: beside the field, no toast", async ({
  page,
  request,
}) => {
  const username = uniqueName("hf2");
  await login(page, username, PASSWORD);
  const { id } = await tournamentWithCheckedInPlayers(request, username, 2, { maxPlayers: 16 });
  await page.goto(`/tournaments/${id}/settings`);
  const settings = page.getByRole("form", { name: "Tournament settings" });
  await settings.getByLabel("Tournament Name").fill("");
  await settings.getByRole("button", { name: /Save/ }).click();
  await expect(page.getByText("Tournament name is required")).toHaveCount(1);
  await expect(page.getByRole("alert").filter({ hasText: "Check the highlighted field below." })).toHaveCount(1);
  await expect(page.locator(".toast")).toHaveCount(0);

  await page.goto(`/tournaments/${id}/manage-players`);
  const add = page.getByRole("form", { name: "Add player" });
  await add.getByLabel("Player Name").fill("N".repeat(51));
  await add.getByLabel("Riot Tag").fill("EUW");
  await add.getByRole("button", { name: "Add Player" }).click();
  await expect(page.getByText("Player name must be 50 characters or less")).toHaveCount(1);
  await expect(page.locator(".toast")).toHaveCount(0);
});
