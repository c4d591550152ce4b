// Public pages without React (docs/decisions/013-public-pages-without-react.md): with JavaScript on they load no bundle, only their inline script, and still update live on a host save.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, PASSWORD, test, uniqueName } from "./fixtures";

type ApiPlayer = { id: number; name: string; riotTag: string };
type ApiLobby = { id: number; name: string; playerIds: number[] };

async function liveTournament(request: APIRequestContext) {
  const username = uniqueName("lite");
  const login = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(login.ok(), "demo login").toBeTruthy();
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const response = await request.fetch(path, { method, headers, data });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { id } = await call<{ id: number }>("POST", "/api/tournaments", {
    name: `Lite Cup ${username}`,
    maxPlayers: 16,
    totalRounds: 2,
    isPublic: true,
  });
  const players = await call<ApiPlayer[]>("POST", `/api/tournaments/${id}/players/bulk`, {
    players: Array.from({ length: 16 }, (_, i) => ({ name: `Lite Player ${i + 1}`, riotTag: `LT${i + 1}` })),
  });
  await call("POST", `/api/tournaments/${id}/start-checkin`);
  for (const p of players) await call("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });
  const { lobbies } = await call<{ lobbies: ApiLobby[] }>("POST", `/api/tournaments/${id}/lobbies/generate`, {});
  const lobby = lobbies[0];
  const saveScores = () =>
    call("POST", `/api/lobbies/${lobby.id}/matches`, {
      scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
    });
  return { id, lobby, winner: players.find((p) => p.id === lobby.playerIds[0])!, saveScores };
}

/** Opens `path` and collects every script the page asks for; resolves once its event stream is open. */
async function openCounting(page: Page, path: string) {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" || /\/assets\/.*\.js(\?|$)/.test(r.url())) scripts.push(r.url());
  });
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto(path);
  await stream;
  await expect(page.locator("html"), "the inline script marks the page ready").toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => ((window as unknown as { __same: string }).__same = "same document"));
  return scripts;
}

test("the public view, leaderboard and player page load no JavaScript files and still update live on a host save", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL });
  const { id, lobby, winner, saveScores } = await liveTournament(request);
  const context = await browser.newContext({ baseURL });
  const view = await context.newPage();
  const leaderboard = await context.newPage();
  const profile = await context.newPage();
  const scripts = [
    ...(await openCounting(view, `/tournaments/${id}/public`)),
    ...(await openCounting(leaderboard, `/tournaments/${id}/leaderboard`)),
    ...(await openCounting(profile, `/tournaments/${id}/public/player/${winner.id}`)),
  ];
  const html = await (await request.get(`/tournaments/${id}/public`)).text();
  expect(html, "no modulepreload links").not.toContain("modulepreload");
  const lobbyCard = view.getByRole("article", { name: lobby.name });
  const copyButton = lobbyCard.getByRole("button", { name: /^Copy / }).first();
  await expect(lobbyCard.getByText("Pending")).toBeVisible();
  await expect(copyButton, "the inline script builds the Copy buttons").toBeVisible();

  // A spectator types a search without submitting it: the page waits for them before swapping.
  const search = view.getByRole("searchbox", { name: "Search by name or tag" });
  await search.fill("Lite Player 1");
  await saveScores();

  for (const page of [view, leaderboard, profile]) {
    const toast = page.getByRole("status").filter({ hasText: "Scores Updated" });
    await expect(toast).toBeVisible({ timeout: 10_000 });
    await expect(toast).toContainText(`${lobby.name} scores have been saved`);
  }
  await expect(leaderboard.locator(`tr[data-player-id="${winner.id}"] td`).nth(2)).toHaveText("8", { timeout: 10_000 });
  await expect(profile.locator(".stat-card").filter({ hasText: "Games Played" })).toContainText("1", {
    timeout: 10_000,
  });
  await expect(lobbyCard.getByText("Pending"), "no swap under typed text").toBeVisible();
  await expect(search).toBeFocused();

  // Once the field is left, the page catches up and keeps what was typed.
  await view.getByRole("heading", { name: "Find Player Profile" }).click();
  await expect(lobbyCard.getByText("Complete")).toBeVisible({ timeout: 10_000 });
  await expect(search).toHaveValue("Lite Player 1");
  await expect(copyButton, "and builds them again after a swap").toBeVisible();

  // The toast leaves after 5 s, as on the React pages.
  await expect(view.getByRole("status").filter({ hasText: "Scores Updated" })).toHaveCount(0, { timeout: 8_000 });
  for (const page of [view, leaderboard, profile]) {
    expect(await page.evaluate(() => (window as unknown as { __same?: string }).__same), "updated in place").toBe(
      "same document",
    );
  }
  expect(scripts, "script files requested by the public pages").toEqual([]);
  await context.close();
  await request.dispose();
});
