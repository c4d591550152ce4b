// Shared Playwright fixtures: `test` with a JavaScript-less page, a login helper, and a tournament built through the API.
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

export { expect };
export { E2E_MASTER } from "../setup/e2e-global";

export const test = base.extend<{ noJsPage: Page }>({
  /** A page in its own context with JavaScript off: proves a screen works as plain HTML forms. */
  noJsPage: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

/** Signs in through the login form at /login and waits for the dashboard. */
export async function login(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard(?:[/?#]|$)/);
}

export const PASSWORD = "password123";

/**
 * Picks placements 1..n (or `placements`, row by row) through a score card's selects, and answers the players' names
 * in row order. It waits for the card's save button first, the card's last control: a page just navigated to by a
 * click may still be arriving, and counting its selects earlier would fill none of them.
 */
export async function fillPlacements(card: Locator, placements?: number[]): Promise<string[]> {
  await expect(card.getByRole("button", { name: /^Save .+ Scores$/ })).toBeVisible();
  const selects = card.locator("select");
  const n = await selects.count();
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const select = selects.nth(i);
    names.push(((await select.getAttribute("aria-label")) ?? "").replace("Placement for ", ""));
    await select.selectOption(String(placements ? placements[i] : i + 1));
  }
  return names;
}

/** A username (and name stem) no other test or earlier run against the same server uses. */
export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 30);
}

export type ApiSetup = {
  id: number;
  token: string;
  headers: Record<string, string>;
  players: { id: number; name: string }[];
};

/** An organizer's tournament with `count` checked-in players, built through the API to save time. */
export async function tournamentWithCheckedInPlayers(
  request: APIRequestContext,
  username: string,
  count: number,
  options: { maxPlayers?: number; totalRounds?: number } = {},
): Promise<ApiSetup> {
  const auth = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(auth.ok(), `API login: ${await auth.text()}`).toBeTruthy();
  const { token } = await auth.json();
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/tournaments", {
    headers,
    data: {
      name: `Scores ${username}`,
      format: "standard",
      maxPlayers: options.maxPlayers ?? count,
      totalRounds: options.totalRounds ?? 3,
      isPublic: true,
    },
  });
  expect(created.ok(), `create tournament: ${await created.text()}`).toBeTruthy();
  const { id } = await created.json();
  const list = Array.from({ length: count }, (_, i) => ({
    name: `P${String(i + 1).padStart(2, "0")} ${username.slice(-4)}`,
    riotTag: `T${i + 1}`,
    lp: 1000 - i,
  }));
  const bulk = await request.post(`/api/tournaments/${id}/players/bulk`, { headers, data: { players: list } });
  expect(bulk.ok(), `bulk add: ${await bulk.text()}`).toBeTruthy();
  const players: { id: number; name: string }[] = await bulk.json();
  const checkin = await request.post(`/api/tournaments/${id}/start-checkin`, { headers });
  expect(checkin.ok(), `start check-in: ${await checkin.text()}`).toBeTruthy();
  for (const p of players) {
    const r = await request.post(`/api/players/${p.id}/checkin`, { headers, data: { checkedIn: true } });
    expect(r.ok(), `check in ${p.name}: ${await r.text()}`).toBeTruthy();
  }
  return { id, token, headers, players };
}
