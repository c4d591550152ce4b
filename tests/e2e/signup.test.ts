// Players on their own phones with JavaScript off at 360 px: the owner opens registration, a player signs up and gets a
// seat, another is waitlisted and promoted when the first withdraws, check-in is refused outside the window and taken
// inside it, a hand-added player's link is made and replaced (the old one 401), the lobby shows on the pass page; axe on
// the new pages (docs/decisions/029-sign-up-and-passes.md).
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { axe, describeViolations } from "./axe";
import { setTheme } from "./a11y-world";
import { expect, login, PASSWORD, test, uniqueName } from "./fixtures";

async function hostApi(request: APIRequestContext, username: string) {
  const response = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(response.ok(), "demo login").toBeTruthy();
  const token = ((await response.json()) as { token: string }).token;
  return async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
    if (!reply.ok()) throw new Error(`${method} ${path} answered ${reply.status()}: ${await reply.text()}`);
    return (await reply.json()) as T;
  };
}

/** A phone: its own cookies, JavaScript off, 360 px wide. */
async function phone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
    bypassCSP: true,
  });
  return context.newPage();
}

async function expectAccessible(page: Page) {
  // axe is injected as a script: JavaScript must be on for it, so the check runs in a JS context over the same page.
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function signUp(page: Page, id: number, name: string) {
  await page.goto(`/tournaments/${id}/join`);
  await page.getByLabel("Player name").fill(name);
  await page.getByLabel("Riot tag").fill("EUW");
  await page.getByRole("button", { name: /Sign up|Join the waitlist/ }).click();
  await page.waitForURL(new RegExp(`/tournaments/${id}/me$`));
}

test("without JavaScript at 360 px: sign up, be waitlisted, be promoted, check in inside the window only, see the lobby; links replaced", async ({
  noJsPage: host,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueName("signup_");
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const api = await hostApi(request, owner);
  const t = await api<{ id: number }>("POST", "/api/tournaments", {
    name: `Phone Cup ${owner}`,
    maxPlayers: 16,
    totalRounds: 2,
    isPublic: true,
  });
  const hand = await api<{ id: number; name: string }[]>("POST", `/api/tournaments/${t.id}/players/bulk`, {
    players: Array.from({ length: 15 }, (_, i) => ({ name: `Hand ${i + 1}`, riotTag: `H${i + 1}` })),
  });
  for (const p of hand) await api("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });

  await host.setViewportSize({ width: 360, height: 740 });
  await login(host, owner, PASSWORD);
  await host.goto(`/tournaments/${t.id}/signup`);
  await host.getByRole("button", { name: "Open registration" }).click();
  await expect(host.getByText("Registration is open")).toBeVisible();

  // The first player takes the last seat; the second is waitlisted.
  const ann = await phone(browser, baseURL);
  await signUp(ann, t.id, "Ann");
  await expect(ann.getByTestId("pass-status")).toHaveText("Registered");
  const bob = await phone(browser, baseURL);
  await signUp(bob, t.id, "Bob");
  await expect(bob.getByTestId("pass-status")).toHaveText("Waitlisted #1");
  // A taken Name#Tag is refused on the form, what was typed kept.
  const carl = await phone(browser, baseURL);
  await carl.goto(`/tournaments/${t.id}/join`);
  await carl.getByLabel("Player name").fill("ann");
  await carl.getByLabel("Riot tag").fill("euw");
  await carl.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(
    carl.getByRole("alert").filter({ hasText: "This name and game tag are already registered" }).first(),
  ).toBeVisible();
  await expect(carl.getByLabel("Player name")).toHaveValue("ann");

  // Ann withdraws: Bob is promoted, and his page says so.
  await ann.getByRole("button", { name: "Withdraw" }).click();
  await expect(ann.getByTestId("pass-status")).toHaveText("Withdrawn");
  await bob.reload();
  await expect(bob.getByTestId("pass-status")).toHaveText("Registered");
  await expect(bob.getByText("You were promoted from the waitlist.")).toBeVisible();

  // No start yet: check-in is refused. A start 30 minutes away opens the 60-to-10-minute window.
  await expect(bob.getByText("Check-in is not open for your pass")).toBeVisible();
  await expect(bob.getByRole("button", { name: "Check In" })).toHaveCount(0);
  const start = new Date(Date.now() + 30 * 60_000).toISOString().slice(0, 16);
  await host.goto(`/tournaments/${t.id}/signup`);
  await host.getByLabel("Start (in the time zone below; empty for none)").fill(start);
  await host.getByRole("button", { name: "Save sign-up settings" }).click();
  await expect(host.getByRole("status").filter({ hasText: "Sign-up updated" }).first()).toBeVisible();
  await bob.reload();
  await expect(bob.getByText(/Check-in open until/)).toBeVisible();
  await bob.getByRole("button", { name: "Check In" }).click();
  await expect(bob.getByTestId("pass-status")).toHaveText("Checked in");
  await expect(bob.locator("time[datetime]").first()).toHaveAttribute("datetime", /Z$/);

  // A hand-added player's link: made by the host, opened on a phone; replacing it stops the old one.
  await host.goto(`/tournaments/${t.id}/signup`);
  await host.getByRole("button", { name: "Make link for Hand 1", exact: true }).click();
  const first = (await host.getByTestId("issued-link").textContent())!.trim();
  const handPhone = await phone(browser, baseURL);
  await handPhone.goto(new URL(first).pathname);
  await expect(handPhone).toHaveURL(new RegExp(`/tournaments/${t.id}/me$`));
  await expect(handPhone.getByTestId("pass-status")).toHaveText("Checked in");
  await host.getByRole("button", { name: "Replace link for Hand 1", exact: true }).click();
  const second = (await host.getByTestId("issued-link").textContent())!.trim();
  expect(second).not.toBe(first);
  const old = await handPhone.goto(new URL(first).pathname);
  expect(old?.status()).toBe(401);
  const stale = await handPhone.goto(`/tournaments/${t.id}/me`);
  expect(stale?.status()).toBe(401);

  // Lobbies drawn: Bob sees his lobby and seat, and can no longer withdraw.
  await api("POST", `/api/tournaments/${t.id}/lobbies/generate`, {});
  await bob.reload();
  await expect(bob.getByRole("heading", { name: /Your lobby: .* \(Round 1\)/ })).toBeVisible();
  await expect(bob.getByText(/^Seat \d+$/)).toBeVisible();
  await expect(bob.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  await expect(bob.getByRole("listitem").filter({ hasText: "Bob#EUW" })).toBeVisible();
  await expect(bob.getByText(/^Lobby host:/)).toBeVisible();

  // The owner generates the lobby's password: Bob sees it on his page; the public view never shows it.
  await host.goto(`/tournaments/${t.id}/signup`);
  const lobbyName = (await bob.getByRole("heading", { name: /Your lobby:/ }).textContent())!.match(
    /Your lobby: (.*) \(Round 1\)/,
  )![1];
  await host.getByRole("button", { name: `Generate a password for ${lobbyName}` }).click();
  await expect(host.getByRole("status").filter({ hasText: "Lobby password saved" }).first()).toBeVisible();
  await bob.reload();
  const password = (await bob.getByTestId("lobby-password").textContent())!.trim();
  expect(password).toMatch(/^[a-z2-9]{8}$/);
  const spectator = await phone(browser, baseURL);
  await spectator.goto(`/tournaments/${t.id}/public`);
  expect(await spectator.content()).not.toContain(password);
  const ics = await request.get(`/tournaments/${t.id}/calendar.ics`);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect(await ics.text()).toContain("BEGIN:VEVENT");

  // axe on the new pages, at 360 and 1280 px (JavaScript on, for axe itself).
  const axeContext = await browser.newContext({
    baseURL,
    bypassCSP: true,
    storageState: await bob.context().storageState(),
  });
  const axePage = await axeContext.newPage();
  for (const width of [360, 1280]) {
    await axePage.setViewportSize({ width, height: 800 });
    for (const path of [`/tournaments/${t.id}/join`, `/tournaments/${t.id}/me`]) {
      await axePage.goto(path);
      await expectAccessible(axePage);
    }
  }
  const hostAxe = await browser.newContext({
    baseURL,
    bypassCSP: true,
    storageState: await host.context().storageState(),
  });
  const hostPage = await hostAxe.newPage();
  for (const width of [360, 1280]) {
    await hostPage.setViewportSize({ width, height: 800 });
    await hostPage.goto(`/tournaments/${t.id}/signup`);
    await expectAccessible(hostPage);
  }
});

test("without JavaScript the owner sees two sign-ups from one address and removes them in one action; axe on the list in both themes at 360 and 1280 px", async ({
  noJsPage: host,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueName("venue_");
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const api = await hostApi(request, owner);
  const t = await api<{ id: number }>("POST", "/api/tournaments", {
    name: `Venue Cup ${owner}`,
    maxPlayers: 16,
    totalRounds: 2,
    isPublic: true,
  });
  await login(host, owner, PASSWORD);
  await host.goto(`/tournaments/${t.id}/signup`);
  await host.getByRole("button", { name: "Open registration" }).click();
  await expect(host.getByText("Registration is open")).toBeVisible();
  // Two phones on one network (every browser here comes from the loopback address): both take a seat.
  for (const name of ["Dee", "Eve"]) {
    const player = await phone(browser, baseURL);
    await signUp(player, t.id, name);
    await expect(player.getByTestId("pass-status")).toHaveText("Registered");
  }

  for (const theme of ["dark", "light"] as const) {
    const context = await browser.newContext({
      baseURL,
      bypassCSP: true,
      storageState: await host.context().storageState(),
    });
    await setTheme(context, baseURL!, theme);
    const page = await context.newPage();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/tournaments/${t.id}/signup`);
      await expect(page.getByRole("button", { name: /^Remove these sign-ups: 2 from / })).toBeVisible();
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll").toBe(
        true,
      );
    }
    await context.close();
  }

  await host.setViewportSize({ width: 360, height: 740 });
  await host.goto(`/tournaments/${t.id}/signup`);
  await host.getByRole("button", { name: /^Remove these sign-ups: 2 from / }).click();
  await expect(host.getByText("No address has more than one sign-up.")).toBeVisible();
  const rows = await api<{ name: string; status: string }[]>("GET", `/api/tournaments/${t.id}/registrations`);
  expect(rows.filter((r) => r.status === "registered" || r.status === "waitlisted")).toEqual([]);
});
