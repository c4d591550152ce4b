// No-shows and drops in a browser without JavaScript, at phone width: a lobby saved with a DNP and a refused all-DNP save,
// then a player dropped with a reason from the host's player page, shown as Dropped, and the drop undone.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

type Lobby = { id: number; name: string; playerIds: number[] };

/** An organizer signed in on `page`, with 16 checked-in players and Round 1 drawn through the API. */
async function roundOne(page: Page, request: APIRequestContext, prefix: string) {
  const username = uniqueName(prefix);
  await login(page, username, PASSWORD);
  const setup = await tournamentWithCheckedInPlayers(request, username, 16);
  const generated = await request.post(`/api/tournaments/${setup.id}/lobbies/generate`, {
    headers: setup.headers,
    data: {},
  });
  expect(generated.ok(), `generate: ${await generated.text()}`).toBeTruthy();
  const { lobbies } = (await generated.json()) as { lobbies: Lobby[] };
  const names = new Map(setup.players.map((p) => [p.id, p.name]));
  return { ...setup, lobbies, names };
}

function lobbyCard(page: Page, name: string): Locator {
  return page.locator(`section.scores-lobby[data-lobby="${name}"]`);
}

test("a lobby saved with a DNP: the present players take 1st to 7th, the DNP shows everywhere; every player DNP is refused", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { id, lobbies, names } = await roundOne(page, request, "dnp");
  await page.goto(`/scores/${id}`);

  const lobby1 = lobbyCard(page, "Lobby 1");
  const selects = lobby1.locator("select");
  await expect(selects.first().locator("option").last()).toHaveText("DNP - did not play (0 pts)");
  // The first player did not show up; the other seven take 1st to 7th.
  await selects.nth(0).selectOption("dnp");
  for (let i = 1; i < 8; i++) await selects.nth(i).selectOption(String(i));
  await lobby1.getByRole("button", { name: "Save Lobby 1 Scores" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Scores Saved");
  const absent = names.get(lobbies[0].playerIds[0])!;
  const absentRow = lobby1.locator(".scores-player", { hasText: absent });
  await expect(absentRow.locator(".scores-place")).toHaveText("DNP");
  await expect(absentRow).toContainText("+0 pts");

  const matches = (await (await request.get(`/api/tournaments/${id}/matches`)).json()) as {
    playerId: number;
    placement: number | null;
    points: number;
    dnp: boolean;
  }[];
  expect(matches.find((m) => m.playerId === lobbies[0].playerIds[0])).toMatchObject({
    placement: null,
    points: 0,
    dnp: true,
  });

  // Every player of Lobby 2 DNP: refused, its message at the lobby, nothing saved.
  const lobby2 = lobbyCard(page, "Lobby 2");
  const selects2 = lobby2.locator("select");
  for (let i = 0; i < 8; i++) await selects2.nth(i).selectOption("dnp");
  await lobby2.getByRole("button", { name: "Save Lobby 2 Scores" }).click();
  await expect(lobby2.getByRole("alert")).toContainText("every player cannot be DNP");
  // The refused form keeps what was typed.
  await expect(lobby2.locator("select").first()).toHaveValue("dnp");
  const after = (await (await request.get(`/api/tournaments/${id}/matches`)).json()) as unknown[];
  expect(after).toHaveLength(8);

  // Spectators read "DNP" on the previous lobbies and the player's profile.
  await page.goto(`/tournaments/${id}/previous-lobbies`);
  await expect(page.locator("li", { hasText: absent }).locator(".placement-badge")).toHaveText("DNP");
  await page.goto(`/tournaments/${id}/public/player/${lobbies[0].playerIds[0]}`);
  await expect(page.locator(".public-history")).toContainText("DNP");
  // A game played, with no placement to average.
  await expect(page.locator(".stat-card", { hasText: "Average Finish" }).locator(".value")).toHaveText("-");
});

test("a player dropped with a reason from the player page: Dropped on the host and public pages, then undone", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { id, lobbies, names } = await roundOne(page, request, "drp");
  const leaver = lobbies[0].playerIds[0];
  const name = names.get(leaver)!;

  await page.goto(`/tournaments/${id}/players/${leaver}`);
  const form = page.locator("section", { has: page.getByRole("heading", { name: "Drop Player" }) });
  await form.getByLabel("Reason").fill("Left for a family emergency");
  await form.getByRole("button", { name: "Drop Player" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Player Dropped");
  await expect(page.getByRole("heading", { name: "Dropped", exact: true })).toBeVisible();
  await expect(page.getByText("Dropped in Round 1: Left for a family emergency")).toBeVisible();
  await expect(page.locator(".host-facts .badge")).toHaveText("Dropped");

  // The leaderboard puts them under a "Dropped" separator with the mark; the public view says so too.
  await page.goto(`/tournaments/${id}/leaderboard`);
  const row = page.locator(`tr[data-player-id="${leaver}"]`);
  await expect(row.locator(".badge").last()).toHaveText("Dropped");
  await expect(page.locator("tr.separator")).toHaveText("Dropped");
  await page.goto(`/tournaments/${id}/public/player/${leaver}`);
  await expect(page.getByText("Dropped from tournament")).toBeVisible();
  // The score screen marks the seat the dropped player still holds this round.
  await page.goto(`/scores/${id}`);
  await expect(lobbyCard(page, "Lobby 1").locator(".scores-player", { hasText: name })).toContainText("Dropped");

  // Undo, before any new draw.
  await page.goto(`/tournaments/${id}/players/${leaver}`);
  await page.getByRole("button", { name: "Undo Drop" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Drop Undone");
  await expect(page.getByRole("heading", { name: "Drop Player" })).toBeVisible();
  const player = (await (await request.get(`/api/players/${leaver}`)).json()) as { isDropped: boolean };
  expect(player.isDropped).toBe(false);
});
