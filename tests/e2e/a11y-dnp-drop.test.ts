// WCAG 2.2 AA (axe in the real Chromium) on the screens that show a DNP or a drop: the score form with its DNP option and
// a dropped player's mark, the player page's drop form and dropped section, and the spectator pages with both, in both
// themes at 1280 and 360 px with every <details> closed and open.
import { E2E_MASTER, expect, login, test } from "./fixtures";
import { HEADER, OPEN_ALL_DETAILS, OPEN_PAGE_DETAILS, PASSWORD, setTheme } from "./a11y-world";
import { axe, describeViolations } from "./axe";

type Lobby = { id: number; name: string; playerIds: number[] };

let tournamentId: number;
let organizer: string;
let dnpPlayer: number;
let droppedPlayer: number;
let activePlayer: number;
let dnpLobby: number;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  organizer = `a11y_dnp_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const login = await request.post("/api/auth/login", { data: { username: organizer, password: PASSWORD } });
  expect(login.ok()).toBeTruthy();
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const response = await request.fetch(path, { method, headers, data });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const t = await call<{ id: number }>("POST", "/api/tournaments", {
    name: `DNP Cup ${organizer}`,
    maxPlayers: 16,
    totalRounds: 3,
    isPublic: true,
  });
  tournamentId = t.id;
  const players = await call<{ id: number }[]>("POST", `/api/tournaments/${t.id}/players/bulk`, {
    players: Array.from({ length: 16 }, (_, i) => ({ name: `Dee Longername${i + 1}`, riotTag: `EUW${i + 1}` })),
  });
  await call("POST", `/api/tournaments/${t.id}/start-checkin`);
  for (const p of players) await call("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });
  const { lobbies } = await call<{ lobbies: Lobby[] }>("POST", `/api/tournaments/${t.id}/lobbies/generate`, {});
  const [first, second] = lobbies;
  dnpPlayer = first.playerIds[0];
  dnpLobby = first.id;
  await call("POST", `/api/lobbies/${first.id}/matches`, {
    scores: first.playerIds.map((playerId, i) => (i === 0 ? { playerId, dnp: true } : { playerId, placement: i })),
  });
  droppedPlayer = second.playerIds[0];
  activePlayer = second.playerIds[1];
  await call("POST", `/api/players/${droppedPlayer}/drop`, { reason: "Left the event" });
  await request.dispose();
});

for (const theme of ["dark", "light"] as const) {
  test(`axe: 0 violations on the DNP and drop screens, ${theme} theme, 1280 and 360 px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const baseURL = process.env.E2E_BASE_URL!;
    const context = await browser.newContext({ baseURL, bypassCSP: true });
    await setTheme(context, baseURL, theme);
    const page = await context.newPage();
    await login(page, organizer, PASSWORD);
    const t = tournamentId;
    const paths = [
      `/tournaments/${t}/scores`,
      // The saved lobby as its form again: the DNP selected.
      `/tournaments/${t}/scores?edit=${dnpLobby}`,
      `/tournaments/${t}/players/${droppedPlayer}`,
      `/tournaments/${t}/players/${activePlayer}`,
      `/tournaments/${t}/players`,
      `/tournaments/${t}/leaderboard`,
      `/tournaments/${t}/public`,
      `/tournaments/${t}/public/player/${dnpPlayer}`,
      `/tournaments/${t}/public/player/${droppedPlayer}`,
      `/tournaments/${t}/previous-lobbies`,
      `/tournaments/${t}/history`,
    ];
    const failures: string[] = [];
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      for (const path of paths) {
        await page.goto(path);
        const closed = await axe(page);
        if (closed.length) failures.push(`${path} @${width}px, menus closed:\n${describeViolations(closed)}`);
        await page.evaluate(OPEN_PAGE_DETAILS);
        const open = await axe(page);
        if (open.length) failures.push(`${path} @${width}px, details open:\n${describeViolations(open)}`);
        await page.evaluate(OPEN_ALL_DETAILS);
        const menus = await axe(page, HEADER);
        if (menus.length) failures.push(`${path} @${width}px, header menus open:\n${describeViolations(menus)}`);
      }
    }
    await context.close();
    expect(failures, failures.join("\n\n")).toEqual([]);
  });
}

test("a master sees the same player page with its drop controls", async ({ browser }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  const page = await context.newPage();
  await login(page, E2E_MASTER.username, E2E_MASTER.password);
  await page.goto(`/tournaments/${tournamentId}/players/${droppedPlayer}`);
  await expect(page.getByRole("button", { name: "Undo Drop" })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await context.close();
});
