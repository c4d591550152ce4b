// Phone-first layouts at 360 px (issue 22, docs/decisions/028-phone-first-layouts.md), with JavaScript on and off: a
// 256-player public view and leaderboard show a standings row in the first 700 px and never scroll sideways inside the
// standings; opening a header menu moves nothing; history entries are cards with Before → After inside the screen.
// The pictures in docs/screens are written by `npm run screens` (scripts/screens.ts), not by a test.
import type { Browser, Page } from "@playwright/test";
import { seedTournament } from "../../bench/support";
import { expect, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

const PHONE = { width: 360, height: 740 };
let tournamentId = 0;
const host = { username: uniqueName("sl"), password: PASSWORD };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const seeded = await seedTournament(process.env.E2E_BASE_URL!, { size: 256, name: uniqueName("Phone 256 "), host });
  tournamentId = seeded.id;
});

async function phone(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: PHONE, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

/** Where the first standings row starts on the page, and how wide the standings and the page are against their boxes. */
function standingsLayout(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector("[data-standings-row]");
    const wraps = Array.from(document.querySelectorAll(".standings-wrap"));
    return {
      firstRowY: row ? row.getBoundingClientRect().top + window.scrollY : Infinity,
      inner: wraps.map((w) => ({ scroll: w.scrollWidth, client: w.clientWidth })),
      page: { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth },
    };
  });
}

for (const javaScript of [true, false]) {
  test.describe(`at 360 px with JavaScript ${javaScript ? "on" : "off"}`, () => {
    for (const screen of ["public", "leaderboard"] as const) {
      test(`the 256-player ${screen === "public" ? "public view" : "leaderboard"} shows a standings row within 700 px and no inner sideways scroll`, async ({
        browser,
      }) => {
        const { context, page } = await phone(browser, javaScript);
        await page.goto(`/tournaments/${tournamentId}/${screen}`);
        const layout = await standingsLayout(page);
        expect(layout.firstRowY, "the first standings row's y").toBeLessThanOrEqual(700);
        expect(layout.inner.length).toBeGreaterThan(0);
        for (const box of layout.inner)
          expect(box.scroll, "standings scrollWidth ≤ clientWidth").toBeLessThanOrEqual(box.client);
        expect(layout.page.scroll).toBeLessThanOrEqual(layout.page.client);

        // "More" opens a row's other figures without JavaScript.
        const first = page.locator("[data-standings-row]").first();
        await first.locator(".standings-more > summary").click();
        await expect(first.locator(".standings-facts")).toBeVisible();
        // Each figure is labelled in the HTML itself (not by the stylesheet), so text readers and copies keep it.
        await expect(first.locator(".standings-facts dt").first()).toHaveText(/^(Avg Placement|Games)$/);
        const after = await standingsLayout(page);
        for (const box of after.inner) expect(box.scroll).toBeLessThanOrEqual(box.client);
        await context.close();
      });
    }

    test("opening a header menu shifts nothing on the page", async ({ browser }) => {
      const { context, page } = await phone(browser, javaScript);
      await page.goto(`/tournaments/${tournamentId}/public`);
      if (javaScript) {
        await page.evaluate(() => {
          const w = window as unknown as { cls: number };
          w.cls = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.cls += entry.value;
          }).observe({ type: "layout-shift" });
        });
      }
      const positions = () =>
        page.evaluate(() => ({
          header: document.querySelector(".site-header")!.getBoundingClientRect().height,
          main: document.querySelector("main")!.getBoundingClientRect().top,
          summary: document.querySelector(".site-header details.menu > summary")!.getBoundingClientRect().toJSON(),
        }));
      const before = await positions();
      const menu = page.locator(".site-header details.menu").first();
      await menu.locator("summary").click();
      await expect(menu).toHaveAttribute("open", "");
      const panel = menu.locator(".menu-panel");
      await expect(panel).toBeVisible();
      expect(await positions(), "header height, page top and the menu button stay put").toEqual(before);
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      if (javaScript) {
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => (window as unknown as { cls: number }).cls), "CLS when opening").toBe(0);
      }
      await context.close();
    });

    test("history entries are cards with Before → After inside the screen", async ({ browser }) => {
      const { context, page } = await phone(browser, javaScript);
      await login(page, host.username, host.password);
      await page.goto(`/tournaments/${tournamentId}/history`);
      const cells = page.locator('.history-table td[data-label="Before → After"]');
      await expect(cells.first()).toBeVisible();
      const withChange = page.locator(".history-changes li").first();
      await expect(withChange).toContainText("→");
      const rect = (await withChange.boundingBox())!;
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width, "Before → After within the viewport width").toBeLessThanOrEqual(PHONE.width);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await context.close();
    });
  });
}

test("check-in cards at 360 px keep their pill inside and their size when a player is checked in", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const organizer = uniqueName("slc");
  await request.post("/api/auth/login", { data: { username: organizer, password: PASSWORD } });
  const setup = await tournamentWithCheckedInPlayers(request, organizer, 16);
  const out = setup.players[0];
  const r = await request.post(`/api/players/${out.id}/checkin`, {
    headers: setup.headers,
    data: { checkedIn: false },
  });
  expect(r.ok()).toBeTruthy();
  const { context, page } = await phone(browser, false);
  await login(page, organizer, PASSWORD);
  await page.goto(`/tournament-checkin/${setup.id}`);
  const card = (id: number) => page.locator(`li[data-player-id="${id}"]`);
  const box = async (id: number) => (await card(id).locator("form").boundingBox())!;
  const before = await box(out.id);
  const pill = (await card(out.id).locator(".badge").boundingBox())!;
  expect(pill.y + pill.height, "the pill sits inside its card").toBeLessThanOrEqual(before.y + before.height - 2);
  await card(out.id)
    .getByRole("button", { name: `Check in ${out.name}` })
    .click();
  await expect(card(out.id).locator(".badge")).toHaveText("Checked In");
  const after = await box(out.id);
  expect(Math.abs(after.height - before.height), "no jump when checked in").toBeLessThanOrEqual(1);
  expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
  await context.close();
});
