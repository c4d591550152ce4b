// Score entry: the whole round cycle as plain HTML forms (JavaScript off), and the live placement and tie-breaker checks (JavaScript on).
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, fillPlacements, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

function lobbyCard(page: Page, name: string): Locator {
  return page.locator(`section.scores-lobby[data-lobby="${name}"]`);
}

async function generateRoundOne(page: Page, players: number) {
  await page.locator("summary", { hasText: "Generate Round 1 Lobbies" }).click();
  await expect(page.getByText(`Generate Round 1 lobbies with ${players} players?`)).toBeVisible();
  await page.getByRole("button", { name: "Generate Lobbies" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Lobbies Generated");
}

test("without JavaScript a host plays a whole round: generate, save scores, refuse duplicates, finalize, cut and advance", async ({
  noJsPage: page,
  request,
}) => {
  test.setTimeout(90_000);
  const username = uniqueName("scn");
  await login(page, username, PASSWORD);
  const { id, token } = await tournamentWithCheckedInPlayers(request, username, 16);

  await page.goto(`/scores/${id}`);
  await expect(page).toHaveTitle("Score Entry | Tournament Manager");
  await expect(page.getByText("Round 1 of 3")).toBeVisible();
  for (const href of [`/public/${id}`, `/manage-players/${id}`, "/dashboard", `/leaderboard/${id}`]) {
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }
  await generateRoundOne(page, 16);

  const lobby1 = lobbyCard(page, "Lobby 1");
  const lobby2 = lobbyCard(page, "Lobby 2");
  await expect(lobby1.locator(".badge")).toHaveText("Pending");
  await expect(lobby2.locator(".badge")).toHaveText("Pending");
  await expect(lobby1.locator("select")).toHaveCount(8);
  await expect(lobby1.locator("select").first().locator("option")).toHaveText([
    "Unscored",
    "1st (8 pts)",
    "2nd (7 pts)",
    "3rd (6 pts)",
    "4th (5 pts)",
    "5th (4 pts)",
    "6th (3 pts)",
    "7th (2 pts)",
    "8th (1 pts)",
    "DNP - did not play (0 pts)",
  ]);

  // Two players given 1st: refused, and nothing is saved.
  await fillPlacements(lobby1, [1, 1, 2, 3, 4, 5, 6, 7]);
  await lobby1.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
  await expect(lobby1.getByRole("alert")).toContainText("Duplicate placements");
  await expect(lobby1.getByRole("alert")).toContainText("Failed to save scores");
  await page.goto(`/scores/${id}`);
  await expect(lobby1.locator(".badge")).toHaveText("Pending");
  const matches = await request.get(`/api/tournaments/${id}/matches`);
  expect(await matches.json(), "no match saved after the refused save").toEqual([]);

  // A lobby with an unscored player is incomplete.
  await fillPlacements(lobby1, [1, 2, 3, 4, 5, 6, 7, 0]);
  await lobby1.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
  await expect(lobby1.getByRole("alert")).toContainText("Incomplete scores");

  await page.goto(`/scores/${id}`);
  const order1 = await fillPlacements(lobby1);
  await lobby1.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Scores Saved");
  await expect(lobby1.getByText("Scores Saved")).toBeVisible();
  await expect(lobby1.locator(".badge")).toHaveText("Complete");
  await expect(lobby1.locator("select")).toHaveCount(0);
  await expect(lobby1.locator(".scores-player").first()).toContainText(order1[0]);
  await expect(lobby1.locator(".scores-player").first()).toContainText("+8 pts");

  // Editing a saved lobby (folded to one line: its summary opens it) shows its saved placements, the others' open to
  // swap; Cancel Edit goes back.
  await lobby1.locator("summary").click();
  await lobby1.getByRole("link", { name: "Edit Scores" }).click();
  await expect(lobby1.locator("select").first()).toHaveValue("1");
  await expect(lobby1.locator("select").nth(1).locator("option", { hasText: "1st (8 pts)" })).toHaveText(
    `1st (8 pts) - swap with ${order1[0]}`,
  );
  await expect(lobby1.locator("select").nth(1).locator("option", { hasText: "1st (8 pts)" })).toBeEnabled();
  await lobby1.getByRole("link", { name: "Cancel Edit" }).click();
  await expect(lobby1.locator("select")).toHaveCount(0);

  const order2 = await fillPlacements(lobby2);
  await lobby2.getByRole("button", { name: "Save Lobby 2 Scores" }).click();
  await expect(lobby2.locator(".badge")).toHaveText("Complete");
  await expect(page.getByText("2/2 scores submitted")).toBeVisible();

  await page.getByRole("button", { name: "Finalize Round" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Round Finalized");
  await expect(page.getByText("Round finalized", { exact: true })).toBeVisible();
  // Finalized: the owner can no longer edit or undo.
  await expect(lobby1.getByRole("link", { name: "Edit Scores" })).toHaveCount(0);
  await expect(page.locator("summary", { hasText: "Undo Lobby Generation" })).toHaveCount(0);

  await page.getByRole("link", { name: "Cut Players" }).click();
  const cut = page.locator("#cut");
  await expect(cut.getByRole("heading", { name: "Cut Players Before Next Round" })).toBeVisible();
  await expect(cut.getByLabel("Players to cut")).toHaveValue("8");
  await expect(cut.getByText("8 players will be eliminated")).toBeVisible();
  // The bottom half (5th to 8th of each lobby) goes; the winners stay.
  for (const name of [...order1.slice(4), ...order2.slice(4)]) await expect(cut.getByText(name)).toBeVisible();
  await expect(cut.getByText(order1[0])).toHaveCount(0);
  await cut.getByRole("button", { name: "Eliminate 8 Players & Advance" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Round Advanced");
  await expect(page.getByText("Round 2 of 3")).toBeVisible();

  // Round 2 has no lobbies yet; round 1 stays readable, read-only.
  await expect(page.getByRole("button", { name: /Generate Round 2 Lobbies/ })).toBeVisible();
  await page.getByRole("link", { name: "Round 1", exact: true }).click();
  await expect(lobbyCard(page, "Lobby 1").locator(".badge")).toHaveText("Complete");
  await expect(lobbyCard(page, "Lobby 1").locator("select")).toHaveCount(0);

  const board = await (
    await request.get(`/api/tournaments/${id}/leaderboard`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const rows: { name: string; totalPoints: number; isEliminated: boolean }[] = Array.isArray(board)
    ? board
    : (board.leaderboard ?? board.rows);
  expect(rows.find((r) => r.name === order1[0])?.totalPoints).toBe(8);
  expect(rows.find((r) => r.name === order2[7])?.totalPoints).toBe(1);
  expect(rows.filter((r) => r.isEliminated)).toHaveLength(8);
  await page.goto(`/leaderboard/${id}`);
  await expect(page.getByText(order1[0]).first()).toBeVisible();
});

test("with JavaScript the placements other players hold become disabled and marked Taken as the host picks", async ({
  page,
  request,
}) => {
  const username = uniqueName("scj");
  await login(page, username, PASSWORD);
  const { id } = await tournamentWithCheckedInPlayers(request, username, 16);
  await page.goto(`/tournaments/${id}/scores`);
  await generateRoundOne(page, 16);

  const lobby1 = lobbyCard(page, "Lobby 1");
  const selects = lobby1.locator("select");
  await expect(selects).toHaveCount(8);
  const first = selects.nth(0);
  const second = selects.nth(1);
  await first.selectOption("1");
  const firstOnSecond = second.locator('option[value="1"]');
  await expect(firstOnSecond).toHaveText("1st (8 pts) - Taken");
  await expect(firstOnSecond).toBeDisabled();
  // The picker's own choice stays available to them.
  await expect(first.locator('option[value="1"]')).toBeEnabled();
  // Changing the pick frees the old placement at once.
  await first.selectOption("3");
  await expect(firstOnSecond).toHaveText("1st (8 pts)");
  await expect(firstOnSecond).toBeEnabled();
  await expect(second.locator('option[value="3"]')).toBeDisabled();

  await fillPlacements(lobby1);
  await lobby1.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
  await expect(lobby1.getByText("Scores Saved")).toBeVisible();
  await expect(lobby1.locator(".badge")).toHaveText("Complete");

  // Editing, the saved placements stay open, so a swap takes two changes; saving the edit says "Scores Updated".
  await lobby1.locator("summary").click();
  await lobby1.getByRole("link", { name: "Edit Scores" }).click();
  await expect(lobby1.getByRole("link", { name: "Cancel Edit" })).toBeVisible();
  await expect(lobby1.locator("select").nth(1).locator('option[value="1"]')).toBeEnabled();
  await lobby1.locator("select").nth(1).selectOption("1");
  await lobby1.locator("select").nth(0).selectOption("2");
  await lobby1.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
  await expect(page.locator(".toast .title").first()).toHaveText(/Scores (Updated|Saved)/);
  await lobby1.locator("summary").click();
  await expect(lobby1.getByRole("link", { name: "Edit Scores" })).toBeVisible();
  await expect(lobby1.locator(".scores-player").first()).toContainText("+8 pts");
});

/** 24 players in 3 lobbies, every lobby scored 1..8 through the API: three players share each placement. */
async function scoredTieTournament(request: APIRequestContext, page: Page, username: string) {
  await login(page, username, PASSWORD);
  const setup = await tournamentWithCheckedInPlayers(request, username, 24);
  const headers = { Authorization: `Bearer ${setup.token}` };
  const generated = await request.post(`/api/tournaments/${setup.id}/lobbies/generate`, {
    headers,
    data: { roundNumber: 1 },
  });
  expect(generated.ok(), `generate: ${await generated.text()}`).toBeTruthy();
  const lobbies: { id: number; playerIds: number[] }[] = await (
    await request.get(`/api/tournaments/${setup.id}/lobbies`)
  ).json();
  expect(lobbies).toHaveLength(3);
  for (const lobby of lobbies) {
    const scores = lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
    const saved = await request.post(`/api/lobbies/${lobby.id}/matches`, { headers, data: { scores } });
    expect(saved.ok(), `save lobby ${lobby.id}: ${await saved.text()}`).toBeTruthy();
  }
  return setup;
}

test("with JavaScript the tie-breaker's elimination button is enabled only when exactly the needed players are picked", async ({
  page,
  request,
}) => {
  const { id } = await scoredTieTournament(request, page, uniqueName("sct"));
  await page.goto(`/scores/${id}`);
  await page.getByRole("link", { name: "Cut Players" }).click();
  const cut = page.locator("#cut");
  await expect(cut.getByRole("heading", { name: "Cut Players Before Next Round" })).toBeVisible();
  await expect(cut.getByLabel("Players to cut")).toHaveValue("8");
  // 8th and 7th places (6 players) go for sure; the three 6th places tie at the line and 2 must be picked.
  const tie = cut.getByRole("group", { name: "Resolve Tie-breaker" });
  await expect(tie).toBeVisible();
  const boxes = tie.getByRole("checkbox");
  await expect(boxes).toHaveCount(3);
  const button = cut.getByRole("button", { name: "Eliminate 8 Players & Advance" });
  await expect(button).toBeDisabled();
  await boxes.nth(0).check();
  await expect(button).toBeDisabled();
  await boxes.nth(1).check();
  await expect(button).toBeEnabled();
  await boxes.nth(2).check();
  await expect(button).toBeDisabled();
  await boxes.nth(0).uncheck();
  await expect(button).toBeEnabled();
  await expect(tie.getByText("Selected 2/2")).toBeVisible();

  await button.click();
  await expect(page.locator(".toast .title").first()).toHaveText("Round Advanced");
  await expect(page.getByText("Round 2 of 3")).toBeVisible();
  const players: { isEliminated: boolean }[] = await (await request.get(`/api/tournaments/${id}/players`)).json();
  expect(players.filter((p) => p.isEliminated)).toHaveLength(8);
});

test("without JavaScript a wrong tie-breaker pick is refused by the server and the amount shortcut rounds down", async ({
  noJsPage: page,
  request,
}) => {
  const { id } = await scoredTieTournament(request, page, uniqueName("scw"));
  await page.goto(`/scores/${id}?cut=1&count=13&roundDown=1`);
  const cut = page.locator("#cut");
  await expect(cut.getByLabel("Players to cut")).toHaveValue("8");
  await cut.getByLabel("Players to cut").fill("19");
  await cut.getByRole("button", { name: "Round Down to Multiple of 8" }).click();
  await expect(cut.getByLabel("Players to cut")).toHaveValue("16");
  await cut.getByLabel("Players to cut").fill("8");
  await cut.getByRole("button", { name: "Preview Cut" }).click();

  const tie = cut.getByRole("group", { name: "Resolve Tie-breaker" });
  await tie.getByRole("checkbox").nth(0).check();
  await cut.getByRole("button", { name: "Eliminate 8 Players & Advance" }).click();
  await expect(page.locator("#cut").getByRole("alert").first()).toContainText("Failed to eliminate players");
  await expect(page.getByText("Round 1 of 3")).toBeVisible();
  const players: { isEliminated: boolean }[] = await (await request.get(`/api/tournaments/${id}/players`)).json();
  expect(
    players.filter((p) => p.isEliminated),
    "nothing eliminated after the refused cut",
  ).toHaveLength(0);
});

test("without JavaScript advancing an unscored round is refused, and undoing round 1 returns to check-in", async ({
  noJsPage: page,
  request,
}) => {
  const username = uniqueName("scu");
  await login(page, username, PASSWORD);
  const { id } = await tournamentWithCheckedInPlayers(request, username, 16);
  await page.goto(`/scores/${id}`);
  await generateRoundOne(page, 16);

  await page.getByRole("button", { name: "Advance to Round 2" }).click();
  const refusal = page.getByRole("region", { name: "Round actions" }).getByRole("alert");
  await expect(refusal).toContainText("Round not finalized");
  await expect(refusal).toContainText("0/2 scores submitted");
  await expect(page.getByText("Round 1 of 3")).toBeVisible();

  await page.locator("summary", { hasText: "Undo Lobby Generation" }).click();
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tournament-checkin/${id}$`));
  await expect(page.locator(".toast .title")).toHaveText("Lobby generation undone");
  const lobbies = await (await request.get(`/api/tournaments/${id}/lobbies/all`)).json();
  expect(lobbies).toEqual([]);
});

test("without JavaScript a later round with fewer than 4 players in play offers no draw that could only be refused", async ({
  noJsPage: page,
  request,
}) => {
  test.setTimeout(90_000);
  const username = uniqueName("scf");
  await login(page, username, PASSWORD);
  const { id, headers, players } = await tournamentWithCheckedInPlayers(request, username, 16);
  const generated = await request.post(`/api/tournaments/${id}/lobbies/generate`, { headers, data: {} });
  expect(generated.ok(), await generated.text()).toBeTruthy();
  const { lobbies } = (await generated.json()) as { lobbies: { id: number; playerIds: number[] }[] };
  for (const lobby of lobbies) {
    const scores = lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
    const saved = await request.post(`/api/lobbies/${lobby.id}/matches`, { headers, data: { scores } });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  expect((await request.post(`/api/tournaments/${id}/advance-round`, { headers, data: {} })).ok()).toBeTruthy();
  // Round 2: 13 of the 16 drop out, 3 are left in play (a Standard tournament needs 4 to draw).
  for (const p of players.slice(3)) {
    const dropped = await request.post(`/api/players/${p.id}/drop`, { headers, data: { reason: "left" } });
    expect(dropped.ok(), await dropped.text()).toBeTruthy();
  }
  await page.goto(`/scores/${id}`);
  const actions = page.getByRole("region", { name: "Round actions" });
  await expect(actions.getByRole("status")).toHaveText(
    "Not enough players: Round 2 needs at least 4 players in play (3 left). Complete the tournament from the dashboard.",
  );
  await expect(page.locator('input[name="intent"][value="generate"]')).toHaveCount(0);
  await expect(page.locator('input[name="intent"][value="draw"]')).toHaveCount(0);
});

test("without JavaScript Round 1 with fewer than 16 checked in shows Generate disabled with the reason, and no hand draw", async ({
  noJsPage: page,
  request,
}) => {
  const username = uniqueName("sc15");
  await login(page, username, PASSWORD);
  const { id } = await tournamentWithCheckedInPlayers(request, username, 15, { maxPlayers: 16 });
  await page.goto(`/scores/${id}`);
  const actions = page.getByRole("region", { name: "Round actions" });
  const button = actions.getByRole("button", { name: "Generate Round 1 Lobbies" });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription("At least 16 players must be checked in to generate lobbies");
  await expect(page.locator('input[name="intent"][value="generate"]')).toHaveCount(0);
  await expect(page.locator('input[name="intent"][value="draw"]')).toHaveCount(0);
});
