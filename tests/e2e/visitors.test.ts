// Visitors and spectators meet no login wall (docs/rules.md "Spectator pages"), JavaScript off and on:
// guide, Back, Create Tournament/Account, leaderboard names, the check-in badge; the dashboard offers only what works.
import type { Page } from "@playwright/test";
import { E2E_MASTER, expect, login, test } from "./fixtures";
import { buildWorld, PASSWORD, type World } from "./a11y-world";

let world: World;
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  world = await buildWorld(request, `vis${suffix}`);
  await request.dispose();
});

/** Every address the page visits, to prove none of them is the login page. */
function visited(page: Page) {
  const paths: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

const back = (page: Page) => page.locator(".site-header").getByRole("link", { name: "Back" });

for (const js of [false, true]) {
  test.describe(`a visitor with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("public pages lead only to public pages, and Back stays on the tournament's public view", async ({ page }) => {
      const paths = visited(page);
      const t = world.liveId;
      await page.goto("/");
      await page.getByRole("link", { name: "Learn More" }).click();
      await expect(page.getByRole("heading", { name: "Tournament Guide" })).toBeVisible();
      await expect(page).toHaveURL(/\/guide$/);

      await page.goto(`/tournaments/${t}/public`);
      await page.getByRole("link", { name: "View Full Leaderboard" }).click();
      await expect(page).toHaveURL(`/tournaments/${t}/leaderboard`);
      // A leaderboard name opens the public profile, not the host's player detail.
      await page.locator("tbody").getByRole("link").first().click();
      await expect(page).toHaveURL(new RegExp(`/tournaments/${t}/public/player/\\d+$`));
      await expect(back(page)).toHaveAttribute("href", `/tournaments/${t}/public`);
      await back(page).click();
      await expect(page).toHaveURL(`/tournaments/${t}/public`);
      await expect(back(page), "Back from the public view goes home").toHaveAttribute("href", "/");

      await page.goto(`/tournaments/${t}/previous-lobbies`);
      await expect(back(page)).toHaveAttribute("href", `/tournaments/${t}/public`);
      await page
        .locator("main")
        .getByRole("link", { name: /Longername/ })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/tournaments/${t}/public/player/\\d+$`));

      await page.goto(`/tournaments/${t}/leaderboard`);
      await page.getByRole("link", { name: "Public View" }).click();
      await expect(page).toHaveURL(`/public/${t}`);
      await expect(back(page)).toHaveAttribute("href", "/");

      expect(
        paths.filter((p) => p === "/auth" || p === "/login"),
        `visited: ${paths.join(", ")}`,
      ).toEqual([]);
    });

    test("a mistyped public link's error screen leads home, never to the dashboard's login wall", async ({ page }) => {
      for (const path of ["/public/abc", "/tournaments/abc/public", "/tournaments/0/leaderboard"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: "Invalid tournament ID" }), path).toBeVisible();
        await expect(back(page), path).toHaveAttribute("href", "/");
        await expect(page.getByRole("link", { name: "Back to Dashboard" }), path).toHaveCount(0);
        await expect(page.locator("main").getByRole("link", { name: "Go Home" }), path).toHaveAttribute("href", "/");
      }
    });

    test("with demo login on, Create Tournament and Create Account lead to the login tab with the demo note", async ({
      page,
    }) => {
      await page.goto("/");
      await page.locator("main").getByRole("link", { name: "Create Tournament" }).click();
      await expect(page).toHaveURL("/auth?tab=login");
      await expect(page.getByText("Demo: Use any username/password combination")).toBeVisible();
      await page.goto(`/tournaments/${world.liveId}/public`);
      await page.locator(".site-header").getByRole("link", { name: "Create Account" }).click();
      await expect(page).toHaveURL("/auth?tab=login");
      await expect(page.getByText("Demo: Use any username/password combination")).toBeVisible();
    });

    test("a tournament in check-in is not TOURNAMENT LIVE and has no Top 8 of 0-point players", async ({ page }) => {
      await page.goto(`/tournaments/${world.checkinId}/public`);
      await expect(page.getByText("TOURNAMENT LIVE", { exact: true })).toHaveCount(0);
      await expect(page.locator(".public-banner .badge")).toHaveText("TOURNAMENT CHECK-IN");
      const standings = page.getByRole("region", { name: "Top 8 Standings" });
      await expect(standings.getByText("No games played yet")).toBeVisible();
      await expect(standings.locator("tbody tr")).toHaveCount(0);
    });
  });
}

test("signed in, Back on a public page goes to the dashboard", async ({ page }) => {
  await login(page, world.organizer, PASSWORD);
  await page.goto(`/tournaments/${world.liveId}/public/player/${world.player.id}`);
  await expect(back(page)).toHaveAttribute("href", "/dashboard");
});

test("the dashboard offers the Master Override Panel only to masters, and an owner's Delete of a completed tournament works", async ({
  noJsPage: page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (
    (await (
      await request.post("/api/auth/login", { data: { username: world.organizer, password: PASSWORD } })
    ).json()) as { token: string }
  ).token;
  const headers = { Authorization: `Bearer ${token}` };
  const name = `Done Cup ${suffix}`;
  const created = (await (
    await request.post("/api/tournaments", { headers, data: { name, maxPlayers: 16, totalRounds: 1, isPublic: true } })
  ).json()) as { id: number };
  expect((await request.post(`/api/tournaments/${created.id}/complete`, { headers })).ok()).toBeTruthy();
  await request.dispose();

  await login(page, world.organizer, PASSWORD);
  const row = page.locator("tr", { hasText: name });
  await row.locator("summary", { hasText: "Actions" }).click();
  await expect(row.getByRole("link", { name: "Master Override Panel" })).toHaveCount(0);
  await row.locator("summary", { hasText: "Delete Tournament" }).click();
  await row.getByRole("button", { name: "Delete Tournament" }).click();
  await expect(page.getByText("Tournament deleted")).toBeVisible();
  await expect(page.locator("tr", { hasText: name })).toHaveCount(0);

  await page.context().clearCookies();
  await login(page, E2E_MASTER.username, E2E_MASTER.password);
  const masterRow = page.locator("tr", { hasText: `Accessible Cup vis${suffix}` });
  await masterRow.locator("summary", { hasText: "Actions" }).click();
  await expect(masterRow.getByRole("link", { name: "Master Override Panel" })).toBeVisible();
});
