// The score screen's round actions with JavaScript on, as a host uses them on a phone: the cut panel's forms answer
// where the host is working.
import type { APIRequestContext } from "@playwright/test";
import { expect, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName, type ApiSetup } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

async function drawRoundOne(request: APIRequestContext, setup: ApiSetup) {
  const generated = await request.post(`/api/tournaments/${setup.id}/lobbies/generate`, {
    headers: setup.headers,
    data: { roundNumber: 1 },
  });
  expect(generated.ok(), `generate: ${await generated.text()}`).toBeTruthy();
  const lobbies: { id: number; name: string; playerIds: number[] }[] = await (
    await request.get(`/api/tournaments/${setup.id}/lobbies`, { headers: setup.headers })
  ).json();
  return lobbies;
}

async function score(request: APIRequestContext, setup: ApiSetup, lobby: { id: number; playerIds: number[] }) {
  const scores = lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
  const saved = await request.post(`/api/lobbies/${lobby.id}/matches`, { headers: setup.headers, data: { scores } });
  expect(saved.ok(), `save lobby ${lobby.id}: ${await saved.text()}`).toBeTruthy();
}

test("the cut panel's preview, round-down and Close answer where the host is, not at the top of the page", async ({
  page,
  request,
}) => {
  const username = uniqueName("hrc");
  await login(page, username, PASSWORD);
  const setup = await tournamentWithCheckedInPlayers(request, username, 24);
  for (const lobby of await drawRoundOne(request, setup)) await score(request, setup, lobby);

  await page.goto(`/scores/${setup.id}`);
  await page.getByRole("link", { name: "Cut Players" }).click();
  const cut = page.locator("#cut");
  const heading = cut.getByRole("heading", { name: "Cut Players Before Next Round" });
  await expect(heading).toBeInViewport();

  await cut.getByLabel("Players to cut").fill("13");
  await cut.getByRole("button", { name: "Round Down to Multiple of 8" }).click();
  await expect(page).toHaveURL(/roundDown=1#cut$/);
  await expect(cut.getByLabel("Players to cut")).toHaveValue("8");
  await expect(heading, "the panel is still on screen after rounding down").toBeInViewport();

  await cut.getByRole("button", { name: "Preview Cut" }).click();
  await expect(page).toHaveURL(/count=8#cut$/);
  await expect(heading, "the panel is still on screen after the preview").toBeInViewport();
  // The elimination form answers at the panel too (a refused tie pick is shown there).
  await expect(cut.locator('form[method="post"]')).toHaveAttribute("action", /\?cut=1&count=8#cut$/);

  await cut.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(new RegExp(`/scores/${setup.id}#round-actions$`));
  await expect(page.locator("#cut")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Round 1", exact: true })).toBeInViewport();
});
