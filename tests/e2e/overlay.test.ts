// The stream overlay: complete without JavaScript (no header or footer, transparent), and with JavaScript it follows a score save without a reload.
import type { APIRequestContext } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const PASSWORD = "password123";
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type ApiPlayer = { id: number; name: string; riotTag: string };
type ApiLobby = { id: number; name: string; playerIds: number[] };

/** A tournament with round 1 drawn (16 players, two lobbies), made through the API. */
async function drawnTournament(request: APIRequestContext, name: string) {
  const response = await request.post("/api/auth/login", {
    data: { username: `overlay_${suffix}`, password: PASSWORD },
  });
  expect(response.ok(), "demo login").toBeTruthy();
  const token = ((await response.json()) as { token: string }).token;
  const api = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
    if (!reply.ok()) throw new Error(`${method} ${path} answered ${reply.status()}: ${await reply.text()}`);
    return (await reply.json()) as T;
  };
  const t = await api<{ id: number }>("POST", "/api/tournaments", {
    name,
    maxPlayers: 16,
    totalRounds: 3,
    isPublic: true,
  });
  const players = await api<ApiPlayer[]>("POST", `/api/tournaments/${t.id}/players/bulk`, {
    players: Array.from({ length: 16 }, (_, i) => ({ name: `Streamer ${i + 1}`, riotTag: `OV${i + 1}` })),
  });
  await api("POST", `/api/tournaments/${t.id}/start-checkin`);
  for (const p of players) await api("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });
  const { lobbies } = await api<{ lobbies: ApiLobby[] }>("POST", `/api/tournaments/${t.id}/lobbies/generate`, {});
  return { api, id: t.id, players, lobbies };
}

test("without JavaScript the overlay's first render is complete: large type on a transparent page, no header or footer", async ({
  noJsPage: page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { id, players, lobbies } = await drawnTournament(request, `Overlay Cup ${suffix}`);

  await page.goto(`/tournaments/${id}/overlay?view=lobby&lobby=${encodeURIComponent(lobbies[0].name)}`);
  await expect(page.getByRole("heading", { level: 1, name: lobbies[0].name })).toBeVisible();
  const first = players.find((p) => p.id === lobbies[0].playerIds[0])!;
  await expect(page.getByText(`${first.name}#${first.riotTag}`)).toBeVisible();
  await expect(page.locator("header, footer, nav")).toHaveCount(0);

  await page.goto(`/tournaments/${id}/overlay?view=round`);
  await expect(page.getByRole("heading", { level: 1, name: "Round 1 of 3" })).toBeVisible();
  await expect(page.getByText(`Lobbies complete: 0/${lobbies.length}`)).toBeVisible();

  await page.goto(`/tournaments/${id}/overlay`);
  await expect(page.getByRole("heading", { level: 1, name: "Top 8" })).toBeVisible();
  await expect(page.getByText("No games played yet")).toBeVisible();
  const look = await page.locator("body").evaluate((body) => ({
    html: getComputedStyle(document.documentElement).backgroundColor,
    body: getComputedStyle(body).backgroundColor,
    heading: parseFloat(getComputedStyle(body.querySelector("h1")!).fontSize),
  }));
  expect(look.html).toBe("rgba(0, 0, 0, 0)");
  expect(look.body).toBe("rgba(0, 0, 0, 0)");
  expect(look.heading, "large type").toBeGreaterThanOrEqual(28);

  const bad = await page.goto(`/tournaments/${id}/overlay?view=nope`);
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("view must be one of standings, lobby, round")).toBeVisible();
  await request.dispose();
});

test("with JavaScript the overlay follows a score save without a reload", async ({ page, playwright }) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { api, id, players, lobbies } = await drawnTournament(request, `Overlay Live Cup ${suffix}`);
  const lobby = lobbies[0];
  const winner = players.find((p) => p.id === lobby.playerIds[0])!;

  const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto(`/tournaments/${id}/overlay?top=3`);
  await streamOpened;
  await expect(page.getByRole("heading", { level: 1, name: "Top 3" })).toBeVisible();
  await expect(page.getByText("No games played yet")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __overlay: string }).__overlay = "same document"));

  await api("POST", `/api/lobbies/${lobby.id}/matches`, {
    scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
  });
  await expect(page.getByText(`${winner.name}#${winner.riotTag}`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("8 pts")).toBeVisible();
  await expect(page.locator("li")).toHaveCount(3);
  expect(await page.evaluate(() => (window as unknown as { __overlay?: string }).__overlay), "no reload").toBe(
    "same document",
  );
  await request.dispose();
});

test("the settings page lists the overlay's addresses in read-only fields, without JavaScript", async ({
  noJsPage: page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { id } = await drawnTournament(request, `Overlay Settings Cup ${suffix}`);
  await login(page, `overlay_${suffix}`, PASSWORD);
  await page.goto(`/tournaments/${id}/settings`);
  const section = page.getByRole("region", { name: "Stream overlay" });
  const standings = section.getByLabel("Standings (top 8)");
  await expect(standings).toHaveAttribute("readonly", "");
  await expect(standings).toHaveValue(new RegExp(`/tournaments/${id}/overlay\\?view=standings&top=8$`));
  await expect(section.getByLabel("One lobby (Lobby 1)")).toHaveValue(
    new RegExp(`/tournaments/${id}/overlay\\?view=lobby&lobby=Lobby%201$`),
  );
  await expect(section.getByLabel("Round progress")).toHaveValue(
    new RegExp(`/tournaments/${id}/overlay\\?view=round$`),
  );
  // The Copy buttons need JavaScript: without it the fields are the way to copy.
  await expect(section.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  // The address in the field is the overlay itself.
  const url = new URL(await standings.inputValue());
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("heading", { level: 1, name: "Top 8" })).toBeVisible();
  await request.dispose();
});
