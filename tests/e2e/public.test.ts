// Spectator pages as plain HTML (JavaScript off): landing, public view, search, player profile, leaderboard, previous lobbies, bad ids, phone width.
import type { APIRequestContext } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const PASSWORD = "password123";
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type ApiPlayer = { id: number; name: string; riotTag: string };
type ApiLobby = { id: number; name: string; playerIds: number[]; roundNumber: number };

/** A thin JSON client for the API with the organizer's bearer token; a refused call fails the setup loudly. */
function apiClient(request: APIRequestContext, token: string) {
  return async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      data: body === undefined ? undefined : body,
    });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

async function apiLogin(request: APIRequestContext, username: string) {
  const response = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(response.ok(), `demo login of ${username}`).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

const NAMES = [
  ...Array.from({ length: 12 }, (_, i) => ({
    name: `Searcher${String(i + 1).padStart(2, "0")}`,
    riotTag: `SR${i + 1}`,
  })),
  { name: "Zed Quill", riotTag: "ZQ1" },
  { name: "Mira Vale", riotTag: "MV2" },
  { name: "Orin Task", riotTag: "OT3" },
  { name: "Lyra Moss", riotTag: "LM4" },
];

type World = {
  liveId: number;
  liveName: string;
  privateId: number;
  privateName: string;
  players: ApiPlayer[];
  /** Round 1 lobby winners: 8 points each. */
  winners: ApiPlayer[];
  /** A player cut after round 1. */
  eliminated: ApiPlayer;
  round1: ApiLobby[];
};

let world: World;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = await apiLogin(request, `pub_${suffix}`);
  const api = apiClient(request, token);

  const liveName = `Public Cup ${suffix}`;
  const live = await api<{ id: number }>("POST", "/api/tournaments", {
    name: liveName,
    format: "standard",
    maxPlayers: 24,
    totalRounds: 3,
    isPublic: true,
  });
  const players = await api<ApiPlayer[]>("POST", `/api/tournaments/${live.id}/players/bulk`, { players: NAMES });
  await api("POST", `/api/tournaments/${live.id}/start-checkin`);
  for (const p of players) await api("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });
  const generated = await api<{ lobbies: ApiLobby[] }>("POST", `/api/tournaments/${live.id}/lobbies/generate`, {});
  const round1 = generated.lobbies;
  expect(round1, "round 1 of 16 players is two lobbies").toHaveLength(2);
  // Placements in seat order: the first seat wins each lobby.
  for (const lobby of round1) {
    await api("POST", `/api/lobbies/${lobby.id}/matches`, {
      scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
    });
  }
  await api("POST", `/api/tournaments/${live.id}/advance-round`, { eliminationCount: 8 });
  await api("POST", `/api/tournaments/${live.id}/lobbies/generate`, {});

  const byId = new Map(players.map((p) => [p.id, p]));
  const privateName = `Private Cup ${suffix}`;
  const priv = await api<{ id: number }>("POST", "/api/tournaments", {
    name: privateName,
    maxPlayers: 16,
    totalRounds: 2,
    isPublic: false,
  });
  await api("POST", `/api/tournaments/${priv.id}/start-checkin`);

  world = {
    liveId: live.id,
    liveName,
    privateId: priv.id,
    privateName,
    players,
    winners: round1.map((l) => byId.get(l.playerIds[0])!),
    eliminated: byId.get(round1[0].playerIds[7])!,
    round1,
  };
  await request.dispose();
});

test.describe("with JavaScript disabled", () => {
  test("the landing page lists the live public tournament and not the private one", async ({ noJsPage: page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Tournament Manager");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Host and Track");
    // docs/rules.md "Spectator pages": with demo login on (the e2e server's default), it leads to the
    // login tab with the demo note, not to the "Coming Soon" register tab it used to.
    await expect(page.getByRole("link", { name: "Create Tournament" })).toHaveAttribute("href", "/auth?tab=login");
    await expect(page.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/guide");
    await expect(page.getByRole("heading", { name: "Live Tournaments" })).toBeVisible();

    const card = page.getByRole("link", { name: new RegExp(world.liveName) });
    await expect(card).toHaveAttribute("href", `/tournaments/${world.liveId}/public`);
    await expect(card.getByText("Live", { exact: true })).toBeVisible();
    await expect(page.getByText(world.privateName), "a private tournament is not listed").toHaveCount(0);
    await expect(page.getByLabel("Tournament statistics"), "the stats block exists but is hidden").toBeHidden();
  });

  test("the public view shows the banner, progress, current lobbies, top 8 and the share box", async ({
    noJsPage: page,
    baseURL,
  }) => {
    const response = await page.goto(`/tournaments/${world.liveId}/public`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Public View/);
    await expect(page.getByRole("heading", { level: 1, name: world.liveName })).toBeVisible();
    await expect(page.getByText("TOURNAMENT LIVE", { exact: true })).toBeVisible();
    const banner = page.locator(".public-banner");
    await expect(banner).toContainText("Standard");
    await expect(banner).toContainText("Round 2 of 3");
    await expect(banner.locator("dd").nth(2), "active players after the cut").toHaveText("8");

    await expect(page.getByRole("progressbar", { name: "Tournament progress" })).toHaveAttribute("aria-valuenow", "67");
    await expect(page.locator(".round-circle.done")).toHaveCount(1);
    await expect(page.locator(".round-circle.current")).toHaveCount(1);
    const stats = page.getByLabel("Tournament statistics");
    await expect(stats.locator(".stat-item").filter({ hasText: "Games Played" })).toContainText("2");
    await expect(stats.locator(".stat-item").filter({ hasText: "Active Players" })).toContainText("8");
    await expect(stats.locator(".stat-item").filter({ hasText: "Eliminated" })).toContainText("8");

    await expect(page.getByRole("heading", { name: "Round 2 Lobbies" })).toBeVisible();
    const lobby = page.getByRole("article", { name: "Lobby 1" });
    await expect(lobby.locator("li")).toHaveCount(8);
    await expect(lobby.getByText("Pending")).toBeVisible();
    await expect(lobby.locator(".rank-badge").first()).toHaveText(/^#\d+$/);
    await expect(lobby.getByRole("button"), "copy buttons need JavaScript, so none without it").toHaveCount(0);

    const standings = page.getByRole("table");
    await expect(standings.locator("tbody tr")).toHaveCount(8);
    await expect(standings.locator("tbody tr").first()).toContainText("8");
    await expect(page.getByRole("link", { name: "View Full Leaderboard" })).toHaveAttribute(
      "href",
      `/tournaments/${world.liveId}/leaderboard`,
    );
    await expect(page.getByRole("link", { name: "Previous Lobbies" })).toHaveAttribute(
      "href",
      `/tournaments/${world.liveId}/previous-lobbies`,
    );

    await expect(page.getByText(`Search Players (${world.players.length})`)).toBeVisible();
    const grid = page.locator("details.collapsible");
    await grid.locator("summary").click();
    await expect(grid.locator(".player-card")).toHaveCount(world.players.length);
    await expect(grid.locator(".player-card").filter({ hasText: world.eliminated.name })).toContainText("Eliminated");

    await expect(page.getByLabel("Public link")).toHaveValue(`${baseURL}/tournaments/${world.liveId}/public`);
    await expect(page.getByRole("link", { name: "Share" })).toHaveAttribute("href", "#share");
    await expect(page.getByRole("link", { name: "Export" })).toHaveAttribute(
      "href",
      `/api/tournaments/${world.liveId}/export?download=1`,
    );

    const short = await page.goto(`/public/${world.liveId}`);
    expect(short?.status(), "the /public/{id} alias").toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: world.liveName })).toBeVisible();
  });

  test("the share URL ignores a client's X-Forwarded-Proto and X-Forwarded-Host (no trusted proxy)", async ({
    browser,
    baseURL,
  }) => {
    // A cached public page must not carry a host a client made up (docs/decisions/021-check-in-and-share-links.md).
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "cups.example.org" },
    });
    const page = await context.newPage();
    await page.goto(`/public/${world.liveId}`);
    await expect(page.getByLabel("Public link")).toHaveValue(`${new URL(baseURL!).origin}/public/${world.liveId}`);
    await context.close();
  });

  test("Find Player Profile searches by name or tag, shows at most 10, and links to the profile", async ({
    noJsPage: page,
  }) => {
    await page.goto(`/tournaments/${world.liveId}/public`);
    await page.getByRole("searchbox", { name: "Search by name or tag" }).fill("searcher");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\?q=searcher$/);
    const results = page.getByRole("list", { name: "Search results" }).locator("li");
    await expect(results, "12 players match; the list stops at 10").toHaveCount(10);
    await expect(results.first().locator(".badge").first()).toHaveText(/^#\d+$/);
    await expect(page.getByText("Showing the first 10 matches")).toBeVisible();

    await page.goto(`/tournaments/${world.liveId}/public?q=${encodeURIComponent(world.eliminated.riotTag)}`);
    const byTag = page.getByRole("list", { name: "Search results" }).locator("li");
    await expect(byTag.filter({ hasText: world.eliminated.name })).toContainText("Eliminated");

    await page.goto(`/tournaments/${world.liveId}/public?q=${encodeURIComponent(world.winners[0].name)}`);
    const hit = page
      .getByRole("list", { name: "Search results" })
      .getByRole("link", { name: new RegExp(world.winners[0].name) });
    await expect(hit).toContainText("8 pts");
    await hit.click();
    await expect(page).toHaveURL(`/tournaments/${world.liveId}/public/player/${world.winners[0].id}`);

    await page.goto(`/tournaments/${world.liveId}/public?q=nobody-by-this-name`);
    await expect(page.getByText("No players found")).toBeVisible();
  });

  test("the player profile shows info, stats, current status and match history", async ({ noJsPage: page }) => {
    const winner = world.winners[0];
    const response = await page.goto(`/tournaments/${world.liveId}/public/player/${winner.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`${winner.name} - Player Profile`));
    const info = page.locator("section", { has: page.getByRole("heading", { name: "Player Info" }) });
    await expect(info).toContainText(winner.name);
    await expect(info).toContainText(`#${winner.riotTag}`);
    await expect(info).toContainText(/Active - Lobby \d/);
    await expect(info.locator("dd").nth(1)).toHaveText(/^#[12]$/);

    const stats = page.locator("section", { has: page.getByRole("heading", { name: "Tournament Stats" }) });
    await expect(stats.locator(".stat-card").filter({ hasText: "Total Points" })).toContainText("8");
    await expect(stats.locator(".stat-card").filter({ hasText: "Games Played" })).toContainText("1");
    await expect(stats.locator(".stat-card").filter({ hasText: "Best Finish" })).toContainText("1st");
    await expect(stats.locator(".stat-card").filter({ hasText: "Average Finish" })).toContainText("1.0");
    await expect(stats.locator(".stat-card").filter({ hasText: "Points Behind First" })).toContainText(
      /1st Place|^.*0$/,
    );

    const current = page.locator("section", { has: page.getByRole("heading", { name: "Current Status" }) });
    await expect(current).toContainText("Round 2 of 3");
    await expect(current).toContainText("Ready to Play");

    const history = page.locator("section", { has: page.getByRole("heading", { name: "Match History" }) });
    const row = history.locator("li");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Round 1");
    await expect(row).toContainText("1st");
    await expect(row).toContainText("+8");

    await page.goto(`/public/${world.liveId}/player/${world.eliminated.id}`);
    await expect(page.locator("section", { has: page.getByRole("heading", { name: "Player Info" }) })).toContainText(
      "Eliminated",
    );
    await expect(page.getByText("Eliminated from tournament")).toBeVisible();
    await expect(page.locator(".stat-card").filter({ hasText: "Best Finish" })).toContainText("8th");
  });

  test("a player without matches shows the empty history", async ({ noJsPage: page, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const api = apiClient(request, await apiLogin(request, `pub_${suffix}`));
    const [fresh] = await api<ApiPlayer[]>("POST", `/api/tournaments/${world.privateId}/players/bulk`, {
      players: [{ name: "Newcomer", riotTag: "NEW1" }],
    });
    // A private tournament opens through its share link only (docs/decisions/021-check-in-and-share-links.md).
    const { key } = await api<{ key: string }>("GET", `/api/tournaments/${world.privateId}/share-link`);
    await request.dispose();
    const hidden = await page.goto(`/tournaments/${world.privateId}/public/player/${fresh.id}`);
    expect(hidden?.status(), "without the share link").toBe(404);
    await page.goto(`/tournaments/${world.privateId}/public/player/${fresh.id}?key=${key}`);
    await expect(page.getByText("No matches yet")).toBeVisible();
    await expect(page.getByText("Not Checked In")).toBeVisible();
    await expect(page.getByText("Waiting for lobby assignment")).toBeVisible();
  });

  test("the player grid pages on the server, and live pages refresh themselves without JavaScript", async ({
    noJsPage: page,
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const api = apiClient(request, await apiLogin(request, `grid_${suffix}`));
    const big = await api<{ id: number }>("POST", "/api/tournaments", {
      name: `Grid Cup ${suffix}`,
      maxPlayers: 32,
      totalRounds: 2,
      isPublic: true,
    });
    await api("POST", `/api/tournaments/${big.id}/players/bulk`, {
      players: Array.from({ length: 30 }, (_, i) => ({
        name: `Gridder${String(i + 1).padStart(2, "0")}`,
        riotTag: `GR${i + 1}`,
      })),
    });
    await request.dispose();

    await page.goto(`/tournaments/${big.id}/public`);
    await expect(page.getByText("Search Players (30)")).toBeVisible();
    const grid = page.locator("details.collapsible");
    await grid.locator("summary").click();
    await expect(grid.locator(".player-card"), "one page of 24, not the whole field").toHaveCount(24);
    await expect(grid.getByText("Page 1 of 2")).toBeVisible();
    await grid.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/players=2#search-players$/);
    await expect(grid, "the asked page opens the grid").toHaveAttribute("open", "");
    await expect(grid.locator(".player-card")).toHaveCount(6);
    await expect(grid.getByText("Page 2 of 2")).toBeVisible();
    await grid.getByRole("link", { name: "Previous" }).click();
    await expect(grid.locator(".player-card")).toHaveCount(24);

    // A running tournament's spectator pages reload every 30 s without scripts; the landing page does not.
    const refresh = page.locator('head meta[http-equiv="refresh"]');
    for (const path of ["public", "leaderboard", "previous-lobbies"]) {
      await page.goto(`/tournaments/${big.id}/${path}`);
      await expect(refresh, path).toHaveAttribute("content", "30");
    }
    await page.goto("/");
    await expect(refresh).toHaveCount(0);
    // Nor does an error page of those routes: nothing live on it.
    for (const path of ["/public/0", "/tournaments/2147483647/leaderboard"]) {
      await page.goto(path);
      await expect(refresh, path).toHaveCount(0);
    }
  });

  test("the leaderboard ranks active players first and the eliminated after the separator", async ({
    noJsPage: page,
  }) => {
    const response = await page.goto(`/tournaments/${world.liveId}/leaderboard`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Leaderboard/);
    await expect(page.getByRole("heading", { level: 1, name: world.liveName })).toBeVisible();
    await expect(page.getByText("Round 2 of 3")).toBeVisible();
    // SPEC.md's five stat cards as one line of facts (docs/decisions/028-phone-first-layouts.md).
    for (const label of ["Tournament", "Current Round", "Active Players", "Eliminated", "Format"]) {
      await expect(page.locator(".stat-line dt", { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    await expect(page.locator(".stat-line .stat-item").first()).toContainText(world.liveName);
    await expect(page.getByLabel("Podium").locator("li")).toHaveCount(3);

    const headers = page.locator("thead th");
    await expect(headers).toHaveText([
      "Rank",
      "Player",
      "Total Points",
      "Avg Placement",
      "Rounds Played",
      "Best Finish",
      "Status",
    ]);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(17);
    await expect(rows.nth(8), "the separator follows the 8 active players").toHaveClass(/separator/);
    await expect(rows.nth(8)).toHaveText("Eliminated");
    for (let i = 0; i < 17; i++) {
      if (i === 8) continue;
      const expected = i < 8 ? i + 1 : i;
      await expect(rows.nth(i).locator(".rank-badge")).toHaveText(`#${expected}`);
      await expect(rows.nth(i)).toContainText(i < 8 ? "Active" : "Eliminated");
    }
    await expect(rows.first()).toContainText("1.0");
    await expect(rows.first()).toContainText("1st");
    // A visitor follows a name to the public profile, never to the host's page behind a login.
    await expect(rows.first().getByRole("link")).toHaveAttribute("href", /\/tournaments\/\d+\/public\/player\/\d+$/);
    // The two lobby winners tie on points and everything up to seed: the second says why it is second.
    await expect(rows.nth(1).locator(".tiebreak-note")).toHaveText(/^by /);
    await expect(rows.nth(1).locator("td").first()).toHaveAttribute("title", /Placed below the row above by/);

    await expect(page.getByRole("link", { name: "Public View" })).toHaveAttribute("href", `/public/${world.liveId}`);
    await expect(page.getByRole("link", { name: "Refresh" })).toHaveAttribute(
      "href",
      `/tournaments/${world.liveId}/leaderboard`,
    );
    await expect(page.getByRole("link", { name: "Back to Tournament" })).toHaveAttribute(
      "href",
      `/tournaments/${world.liveId}/public`,
    );
    await expect(page.getByRole("link", { name: "Export" })).toBeVisible();
  });

  test("previous lobbies: the round selector, the lobby count and placements or No score", async ({
    noJsPage: page,
  }) => {
    const response = await page.goto(`/tournaments/${world.liveId}/previous-lobbies`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Previous Lobbies/);
    const selector = page.getByRole("navigation", { name: "Round" });
    await expect(selector.getByRole("link")).toHaveText(["Round 1", "Round 2"]);
    await expect(selector.getByRole("link", { name: "Round 2" }), "the latest round is shown first").toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByLabel("Lobby count")).toHaveText("1 lobby");
    await expect(page.getByText("No score")).toHaveCount(8);

    await selector.getByRole("link", { name: "Round 1" }).click();
    await expect(page).toHaveURL(/\?round=1$/);
    await expect(page.getByLabel("Lobby count")).toHaveText("2 lobbies");
    const first = page.getByRole("region", { name: "Lobby 1, Round 1" });
    await expect(first.locator("li")).toHaveCount(8);
    await expect(first.locator("li").first()).toContainText("1st");
    await expect(first.locator("li").first()).toContainText("+8 pts");
    await expect(first.locator("li").last()).toContainText("8th");
    await expect(first.locator("li").last()).toContainText("+1 pts");

    await page.goto(`/tournaments/${world.liveId}/previous-lobbies?round=5`);
    await expect(page.getByText("No lobbies for Round 5")).toBeVisible();

    // The private tournament's pages answer its readers only: a visitor without its share link finds nothing.
    const hidden = await page.goto(`/tournaments/${world.privateId}/previous-lobbies`);
    expect(hidden?.status()).toBe(404);
    await expect(page.getByText("Tournament not found")).toBeVisible();
  });

  test("bad ids show the page messages", async ({ noJsPage: page }) => {
    const cases: [string, number, string][] = [
      ["/tournaments/abc/public", 400, "Invalid tournament ID"],
      ["/public/0", 400, "Invalid tournament ID"],
      ["/public", 400, "No tournament ID provided"],
      ["/tournaments/99999999/public", 404, "Tournament not found"],
      [`/tournaments/${world.liveId}/public/player/abc`, 400, "Invalid player ID"],
      [`/public/${world.liveId}/player`, 400, "Missing required parameters"],
      [`/tournaments/x/public/player/1`, 400, "Invalid tournament ID"],
      [`/tournaments/${world.liveId}/public/player/99999999`, 404, "Player not found"],
      [`/tournaments/abc/leaderboard`, 400, "Invalid tournament ID"],
      [`/tournaments/abc/previous-lobbies`, 400, "Invalid tournament ID"],
    ];
    for (const [path, status, message] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), `status of ${path}`).toBe(status);
      await expect(page.getByRole("heading", { name: message }), `message of ${path}`).toBeVisible();
    }
  });

  test("a player of another tournament is not found under this one", async ({ noJsPage: page, playwright }) => {
    // The private tournament opens through its share link; its pages still know only its own players.
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const api = apiClient(request, await apiLogin(request, `pub_${suffix}`));
    const { key } = await api<{ key: string }>("GET", `/api/tournaments/${world.privateId}/share-link`);
    await request.dispose();
    const response = await page.goto(`/tournaments/${world.privateId}/public/player/${world.winners[0].id}?key=${key}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Player not found" })).toBeVisible();
  });
});

test.describe("with JavaScript enabled", () => {
  test("no spectator page scrolls sideways on a 360 px phone", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const paths = [
      "/",
      `/tournaments/${world.liveId}/public`,
      `/tournaments/${world.liveId}/public?q=searcher`,
      `/tournaments/${world.liveId}/public/player/${world.winners[0].id}`,
      `/tournaments/${world.liveId}/leaderboard`,
      `/tournaments/${world.liveId}/previous-lobbies?round=1`,
    ];
    const documentWidths: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      if (path.endsWith("/public")) await page.locator("details.collapsible > summary").click();
      const content = await page.evaluate(() => document.querySelector("main")!.scrollWidth);
      expect(content, `page content width of ${path} at 360 px`).toBeLessThanOrEqual(360);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) documentWidths.push(`${path}: ${width}px`);
    }
    // Checked after the content of every page, so a header problem does not hide a page's own.
    expect(documentWidths, "documents wider than 360 px (header included)").toEqual([]);
    await context.close();
  });

  test("the search works with JavaScript on and copy buttons copy name and tag", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    await page.goto(`/tournaments/${world.liveId}/public`);
    const lobby = page.getByRole("article", { name: "Lobby 1" });
    const copy = lobby.getByRole("button", { name: /^Copy / }).first();
    await expect(copy, "copy buttons appear once scripts run").toBeVisible();
    const label = (await copy.getAttribute("aria-label"))!.replace(/^Copy /, "");
    await copy.click();
    await expect(page.getByRole("status")).toContainText("Copied!");
    await expect(page.getByRole("status")).toContainText(`${label.split("#")[0]} copied to clipboard`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(label);

    await page.getByRole("link", { name: "Share" }).click();
    await expect(page.getByRole("status")).toContainText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/tournaments/${world.liveId}/public`,
    );

    await page.getByRole("searchbox", { name: "Search by name or tag" }).fill("Mira");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("list", { name: "Search results" }).locator("li")).toHaveCount(1);
    await context.close();
  });

  test("signed in: the landing buttons and the protected leaderboard and previous-lobbies aliases", async ({
    page,
  }) => {
    await login(page, `pub_${suffix}`, PASSWORD);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("main").getByRole("link", { name: "Create Tournament" })).toHaveAttribute(
      "href",
      "/create-tournament",
    );

    const response = await page.goto(`/leaderboard/${world.liveId}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: world.liveName })).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Back to Tournament" }),
      "the owner goes back to score entry",
    ).toHaveAttribute("href", `/tournaments/${world.liveId}/scores`);
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page).toHaveURL(`/leaderboard/${world.liveId}`);
    await expect(page.locator("tbody tr")).toHaveCount(17);

    await page.goto(`/previous-lobbies/${world.liveId}?round=1`);
    await expect(page.getByLabel("Lobby count")).toHaveText("2 lobbies");
  });

  test("visitors are sent to sign in for the protected leaderboard alias", async ({ noJsPage: page }) => {
    await page.goto(`/leaderboard/${world.liveId}`);
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  });

  test("Export downloads the spreadsheet", async ({ page }) => {
    await page.goto(`/tournaments/${world.liveId}/public`);
    await expect(page.getByRole("article", { name: "Lobby 1" }).getByRole("button").first()).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
