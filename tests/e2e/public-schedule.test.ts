// The schedule on the public pages (issue #20 item 3): the public view and the leaderboard show the start with "starts
// in …" and "Check-in open until …" in the tournament's zone as plain HTML, and in the reader's own zone once the live
// script runs (a browser whose zone differs: `timezoneId`).
import type { Browser } from "@playwright/test";
import { axe, describeViolations } from "./axe";
import { expect, PASSWORD, test, uniqueName } from "./fixtures";

const TOURNAMENT_ZONE = "Asia/Tokyo";
const READER_ZONE = "America/New_York";

async function reader(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  // bypassCSP: axe is injected as a script.
  const context = await browser.newContext({ baseURL, javaScriptEnabled, timezoneId: READER_ZONE, bypassCSP: true });
  return { context, page: await context.newPage() };
}

test("the public view and the leaderboard show the schedule in the tournament's zone without JavaScript, the reader's with it", async ({
  request,
  browser,
  baseURL,
}) => {
  const username = uniqueName("sched");
  const login = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(login.ok(), "demo login").toBeTruthy();
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const created = await request.post("/api/tournaments", {
    headers,
    data: { name: `Schedule Cup ${username}`, maxPlayers: 16, totalRounds: 2, isPublic: true },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: number };
  // A start 90 minutes away in Tokyo's wall clock: check-in (60 to 10 minutes before) is not open yet.
  const start = new Date(Date.now() + 90 * 60_000);
  const tokyo = new Date(start.getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
  const patched = await request.patch(`/api/tournaments/${id}/signup`, {
    headers,
    data: { startsAt: tokyo, timeZone: TOURNAMENT_ZONE },
  });
  expect(patched.ok(), await patched.text()).toBeTruthy();

  for (const path of [`/tournaments/${id}/public`, `/tournaments/${id}/leaderboard`]) {
    const plain = await reader(browser, baseURL, false);
    await plain.page.goto(path);
    const schedule = plain.page.getByRole("region", { name: "Schedule", exact: true });
    await expect(schedule.locator("time[data-zoned]").first()).toHaveText(new RegExp(`\\(${TOURNAMENT_ZONE}\\)$`));
    await expect(schedule).toContainText(/\(starts in 1 h (29|30) min\)/);
    await expect(schedule).toContainText(`Check-in opens`);
    await plain.context.close();

    const live = await reader(browser, baseURL, true);
    await live.page.goto(path);
    await expect(live.page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const zoned = live.page.getByRole("region", { name: "Schedule", exact: true }).locator("time[data-zoned]").first();
    await expect(zoned).toHaveText(new RegExp(`\\(${READER_ZONE}\\)$`));
    // The tournament's own text stays as the title; the instant is the same.
    await expect(zoned).toHaveAttribute("title", new RegExp(`\\(${TOURNAMENT_ZONE}\\)$`));
    await expect(zoned).toHaveAttribute("datetime", start.toISOString().slice(0, 16) + ":00.000Z");
    const newYork = new Intl.DateTimeFormat("en-US", {
      timeZone: READER_ZONE,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(start.toISOString().slice(0, 16) + ":00Z"));
    await expect(zoned).toContainText(newYork);
    await expect(live.page.getByRole("region", { name: "Schedule", exact: true })).toContainText(
      /\(starts in 1 h (29|30) min\)/,
    );
    for (const width of [360, 1280]) {
      await live.page.setViewportSize({ width, height: 800 });
      const violations = await axe(live.page);
      expect(violations, `${path} at ${width} px: ${describeViolations(violations)}`).toEqual([]);
    }
    await live.context.close();
  }

  // Inside the window (a start 30 minutes away): "Check-in open until …", in the tournament's zone without JavaScript.
  const soon = new Date(Date.now() + 30 * 60_000);
  const soonTokyo = new Date(soon.getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
  const again = await request.patch(`/api/tournaments/${id}/signup`, { headers, data: { startsAt: soonTokyo } });
  expect(again.ok(), await again.text()).toBeTruthy();
  const plain = await reader(browser, baseURL, false);
  await plain.page.goto(`/tournaments/${id}/public`);
  const line = plain.page.getByRole("region", { name: "Schedule", exact: true });
  await expect(line).toContainText("Check-in open until");
  await expect(line).toContainText(/\(starts in (29|30) min\)/);
  await plain.context.close();
});
