// Every route of the route table (docs/rules.md "Pages and addresses") answers, for a real tournament and for bad ids.
import { expect, login, test, E2E_MASTER } from "./fixtures";

test("every page of the route table answers with its screen", async ({ noJsPage, request }) => {
  const auth = await (await request.post("/api/auth/login", { data: E2E_MASTER })).json();
  const headers = { Authorization: `Bearer ${auth.token}` };
  const created = await request.post("/api/tournaments", {
    headers,
    data: { name: "Route Table Cup", maxPlayers: 16, totalRounds: 3, isPublic: true },
  });
  expect(created.status()).toBe(200);
  const t = await created.json();
  const player = await request.post(`/api/tournaments/${t.id}/players`, {
    headers,
    data: { name: "Route Runner", riotTag: "NA1", lp: 10 },
  });
  expect(player.status()).toBe(200);
  const p = await player.json();

  const publicPaths = [
    "/",
    "/login",
    "/auth",
    "/auth?tab=login",
    "/auth?tab=register",
    "/auth/create-account",
    `/tournaments/${t.id}/public`,
    `/public/${t.id}`,
    `/tournaments/${t.id}/public/player/${p.id}`,
    `/public/${t.id}/player/${p.id}`,
    `/tournaments/${t.id}/leaderboard`,
    `/tournaments/${t.id}/previous-lobbies`,
    // docs/rules.md "Spectator pages": the guide is public.
    "/guide",
  ];
  const protectedPaths = [
    "/dashboard",
    "/create-tournament",
    `/tournaments/${t.id}/settings`,
    `/tournaments/${t.id}/manage-players`,
    `/tournaments/${t.id}/players`,
    `/tournaments/${t.id}/scores`,
    `/tournaments/${t.id}/checkin`,
    `/tournaments/${t.id}/players/${p.id}`,
    `/tournament-settings/${t.id}`,
    `/manage-players/${t.id}`,
    `/tournament-players/${t.id}`,
    `/scores/${t.id}`,
    `/leaderboard/${t.id}`,
    `/previous-lobbies/${t.id}`,
    `/checkin/${t.id}`,
    `/tournament-checkin/${t.id}`,
    `/tournaments/${t.id}/master-override`,
  ];
  for (const path of publicPaths) {
    const response = await noJsPage.goto(path);
    expect(response?.status(), `visitor GET ${path}`).toBe(200);
  }
  await login(noJsPage, E2E_MASTER.username, E2E_MASTER.password);
  for (const path of protectedPaths) {
    const response = await noJsPage.goto(path);
    expect(response?.status(), `master GET ${path}`).toBe(200);
    expect(new URL(noJsPage.url()).pathname, `no redirect from ${path}`).toBe(path);
    if (path.includes(String(t.id))) {
      await expect(noJsPage.getByText("Route Table Cup").first(), `${path} names its tournament`).toBeVisible();
    }
  }
});

test("bad tournament ids show docs/rules.md's messages, never a server error", async ({ noJsPage }) => {
  await login(noJsPage, E2E_MASTER.username, E2E_MASTER.password);
  const cases: [string, string][] = [
    ["/tournament-settings", "No tournament ID provided"],
    ["/tournament-settings/abc", "Invalid tournament ID"],
    ["/scores/-4", "Invalid tournament ID"],
    ["/tournaments/0/public", "Invalid tournament ID"],
    ["/public/99999999/player/abc", "Invalid player ID"],
    ["/tournaments/2147483647/leaderboard", "Tournament not found"],
  ];
  for (const [path, message] of cases) {
    const response = await noJsPage.goto(path);
    expect(response!.status(), path).toBeLessThan(500);
    await expect(noJsPage.getByText(message).first(), path).toBeVisible();
  }
});
