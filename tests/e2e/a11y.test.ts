// WCAG 2.2 AA with axe-core (from npm, injected into the real Chromium): every screen, both themes, 1280 and 360 px,
// menus closed and open, for a visitor, an organizer, a scorekeeper and a master.
import type { Browser } from "@playwright/test";
import { axe, describeViolations } from "./axe";
import { E2E_MASTER, expect, login, test } from "./fixtures";
import {
  buildWorld,
  HEADER,
  OPEN_ALL_DETAILS,
  OPEN_PAGE_DETAILS,
  overlayScreens,
  PASSWORD,
  type Role,
  screens,
  setTheme,
  type World,
} from "./a11y-world";

const WIDTHS = [1280, 360];
const THEMES = ["dark", "light"] as const;

let world: World;
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  world = await buildWorld(request, suffix);
  await request.dispose();
});

/** A context for the role and theme; `bypassCSP` lets the axe script in beside the page's nonce policy. */
async function contextFor(browser: Browser, role: Role, theme: "light" | "dark") {
  const baseURL = process.env.E2E_BASE_URL!;
  const context = await browser.newContext({ baseURL, bypassCSP: true, viewport: { width: 1280, height: 900 } });
  await setTheme(context, baseURL, theme);
  const page = await context.newPage();
  if (role === "organizer") await login(page, world.organizer, PASSWORD);
  if (role === "scorekeeper") await login(page, world.scorekeeper, PASSWORD);
  if (role === "master") await login(page, E2E_MASTER.username, E2E_MASTER.password);
  return { context, page };
}

for (const role of ["visitor", "organizer", "scorekeeper", "master"] as const) {
  for (const theme of THEMES) {
    test(`axe: 0 WCAG 2.2 AA violations for a ${role}, ${theme} theme, 1280 and 360 px, menus closed and open`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const { context, page } = await contextFor(browser, role, theme);
      const failures: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
        const overlays = role === "visitor" ? overlayScreens(world) : [];
        for (const path of [...screens(world, role), ...overlays]) {
          await page.goto(path);
          // The overlay has no theme: it is drawn over a stream, in its own colours.
          if (!overlays.includes(path))
            await expect(page.locator("html"), `${path} renders the ${theme} theme`).toHaveClass(theme);
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
}
