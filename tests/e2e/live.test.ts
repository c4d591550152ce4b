// Live spectating with JavaScript on: a score saved through the API reaches an open public view by server-sent event, without reloads or polling.
import type { APIRequestContext, Request } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const PASSWORD = "password123";
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type ApiPlayer = { id: number; name: string; riotTag: string };
type ApiLobby = { id: number; name: string; playerIds: number[] };

function apiClient(request: APIRequestContext, token: string) {
  return async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/**
 * Requests that fetch page data: loader revalidations (.data), JSON API reads, and the re-fetch of the
 * page itself by the inline script of pages without React; the event stream itself is not one.
 */
function isDataFetch(request: Request) {
  const url = new URL(request.url());
  if (url.pathname === "/api/events") return false;
  return url.pathname.endsWith(".data") || url.pathname.startsWith("/api/") || request.resourceType() === "fetch";
}

test("a score saved through the API updates an open public view without reload or polling", async ({
  page,
  playwright,
}) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await request.post("/api/auth/login", { data: { username: `live_${suffix}`, password: PASSWORD } });
  expect(login.ok(), "demo login").toBeTruthy();
  const api = apiClient(request, ((await login.json()) as { token: string }).token);

  const tournament = await api<{ id: number }>("POST", "/api/tournaments", {
    name: `Live Cup ${suffix}`,
    maxPlayers: 16,
    totalRounds: 2,
    isPublic: true,
  });
  const players = await api<ApiPlayer[]>("POST", `/api/tournaments/${tournament.id}/players/bulk`, {
    players: Array.from({ length: 16 }, (_, i) => ({ name: `Live Player ${i + 1}`, riotTag: `LV${i + 1}` })),
  });
  await api("POST", `/api/tournaments/${tournament.id}/start-checkin`);
  for (const p of players) await api("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });
  const { lobbies } = await api<{ lobbies: ApiLobby[] }>(
    "POST",
    `/api/tournaments/${tournament.id}/lobbies/generate`,
    {},
  );
  const lobby = lobbies[0];
  const winner = players.find((p) => p.id === lobby.playerIds[0])!;

  // The spectator opens the page; the stream connects once its script runs.
  const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto(`/tournaments/${tournament.id}/public`);
  const stream = await streamOpened;
  expect(new URL(stream.url()).searchParams.get("tournamentId"), "the stream is narrowed to this tournament").toBe(
    String(tournament.id),
  );
  await expect(page.getByRole("article", { name: lobby.name }).getByText("Pending")).toBeVisible();
  const standings = page.getByRole("region", { name: "Top 8 Standings" });
  await expect(standings.getByText("No games played yet")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __spectator: string }).__spectator = "same document"));

  // Idle: no polling, no reconnect loop.
  const idle: string[] = [];
  const streams: string[] = [];
  const onIdleRequest = (r: Request) => {
    if (isDataFetch(r)) idle.push(r.url());
    if (new URL(r.url()).pathname === "/api/events") streams.push(r.url());
  };
  page.on("request", onIdleRequest);
  await page.waitForTimeout(5_000);
  page.off("request", onIdleRequest);
  expect(idle, "data fetched while nothing changed (polling?)").toEqual([]);
  expect(streams, "the event stream reconnected while idle").toEqual([]);

  // The host saves a lobby's scores through the API.
  const afterSave: string[] = [];
  const onSaveRequest = (r: Request) => {
    if (isDataFetch(r)) afterSave.push(r.url());
  };
  page.on("request", onSaveRequest);
  await api("POST", `/api/lobbies/${lobby.id}/matches`, {
    scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
  });

  // Generous: the event crosses the server and the re-validation renders on a busy test machine.
  const toast = page.getByRole("status").filter({ hasText: "Scores Updated" });
  await expect(toast).toBeVisible({ timeout: 10_000 });
  // Named as spectators know it, never by its database id.
  await expect(toast).toContainText(`${lobby.name} scores have been saved`);
  await expect(page.getByRole("article", { name: lobby.name }).getByText("Complete")).toBeVisible({ timeout: 10_000 });
  const top = standings.locator("tbody tr").first();
  await expect(top).toContainText(winner.name);
  await expect(top.locator("td").nth(2)).toHaveText("8");
  await expect(
    page.getByLabel("Tournament statistics").locator(".stat-item").filter({ hasText: "Games Played" }),
  ).toContainText("1");

  expect(
    await page.evaluate(() => (window as unknown as { __spectator?: string }).__spectator),
    "the page updated in place, without a reload",
  ).toBe("same document");
  await page.waitForTimeout(1_000);
  page.off("request", onSaveRequest);
  expect(afterSave.length, `one re-validation for one save, saw: ${afterSave.join(", ")}`).toBeGreaterThanOrEqual(1);
  expect(afterSave.length, `one re-validation for one save, saw: ${afterSave.join(", ")}`).toBeLessThanOrEqual(2);
  await request.dispose();
});

test("the landing page picks up a new public tournament without reload", async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await request.post("/api/auth/login", { data: { username: `live2_${suffix}`, password: PASSWORD } });
  const api = apiClient(request, ((await login.json()) as { token: string }).token);

  const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto("/");
  await streamOpened;
  const name = `Fresh Cup ${suffix}`;
  await expect(page.getByText(name)).toHaveCount(0);
  const created = await api<{ id: number }>("POST", "/api/tournaments", {
    name,
    maxPlayers: 16,
    totalRounds: 2,
    isPublic: true,
  });
  // Setup status is not live yet; starting check-in makes it so.
  await api("POST", `/api/tournaments/${created.id}/start-checkin`);
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
    "href",
    `/tournaments/${created.id}/public`,
  );
  await request.dispose();
});

test("a refused form keeps what the host typed when a live event arrives", async ({ page, playwright }) => {
  test.setTimeout(60_000);
  const username = `keeper_${suffix}`;
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const reply = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  const api = apiClient(request, ((await reply.json()) as { token: string }).token);
  const tournament = await api<{ id: number }>("POST", "/api/tournaments", {
    name: `Keep Cup ${suffix}`,
    maxPlayers: 16,
    totalRounds: 2,
    isPublic: true,
  });
  await api("POST", `/api/tournaments/${tournament.id}/players/bulk`, {
    players: Array.from({ length: 16 }, (_, i) => ({ name: `Keeper ${i + 1}`, riotTag: `KP${i + 1}` })),
  });

  await login(page, username, PASSWORD);
  const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto(`/tournaments/${tournament.id}/manage-players`);
  await streamOpened;
  await page.getByLabel("Player Name").fill("Extra");
  await page.getByLabel("Riot Tag").fill("X1");
  await page.getByRole("button", { name: "Add Player" }).click();
  await expect(
    page
      .getByRole("form", { name: "Add player" })
      .getByText("Tournament is at maximum capacity (16 players). Remove a player first."),
  ).toBeVisible();

  // Someone else changes the tournament: the page re-validates on the event and shows the change,
  // while the refused form keeps its input and its message (components/ui.tsx, useKeptActionData).
  const revalidated = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith(".data") && r.request().method() === "GET",
  );
  await api("PATCH", `/api/tournaments/${tournament.id}`, { name: `Keep Cup ${suffix} renamed` });
  await revalidated;
  await expect(page.locator(".host-tournament-name")).toHaveText(`Keep Cup ${suffix} renamed`);
  await expect(page.getByLabel("Player Name")).toHaveValue("Extra");
  await expect(page.getByLabel("Riot Tag")).toHaveValue("X1");
  await expect(
    page
      .getByRole("form", { name: "Add player" })
      .getByText("Tournament is at maximum capacity (16 players). Remove a player first."),
  ).toBeVisible();
  await request.dispose();
});
