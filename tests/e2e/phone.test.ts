// Phone layout at 360 px on every screen: no sideways scroll, no target under 24×24 px, no text under 12 px,
// nothing fixed over the content, and the sticky header never hides a jumped-to heading or a focused control.
import type { Browser, Page } from "@playwright/test";
import { E2E_MASTER, expect, login, test } from "./fixtures";
import { buildWorld, OPEN_ALL_DETAILS, PASSWORD, type Role, screens, type World } from "./a11y-world";

let world: World;
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  world = await buildWorld(request, `ph${suffix}`);
  await request.dispose();
});

async function phoneFor(browser: Browser, role: Role) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  if (role === "organizer") await login(page, world.organizer, PASSWORD);
  if (role === "scorekeeper") await login(page, world.scorekeeper, PASSWORD);
  if (role === "master") await login(page, E2E_MASTER.username, E2E_MASTER.password);
  return { context, page };
}

/** What is wrong with the page as laid out now, in words; empty when nothing is. */
function measure(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      const widest = Array.from(document.body.querySelectorAll("*")).filter(
        (el) => el.getBoundingClientRect().right > root.clientWidth + 1,
      );
      const culprit = widest[widest.length - 1];
      problems.push(
        `scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth}${culprit ? `, e.g. <${culprit.tagName.toLowerCase()} class="${culprit.className}">${(culprit.textContent ?? "").trim().slice(0, 40)}` : ""}`,
      );
    }

    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        r.width > 1 &&
        r.height > 1 &&
        style.visibility !== "hidden" &&
        !el.closest("[hidden], details:not([open]) > :not(summary)")
      );
    };
    const describe = (el: Element) => {
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.className ? ` class="${el.className}"` : ""}>${text}`;
    };

    // WCAG 2.5.8: a target is at least 24×24 px, unless it is a link inside a sentence.
    const targets = document.querySelectorAll('a[href], button, summary, select, textarea, input:not([type="hidden"])');
    for (const el of Array.from(targets)) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      if (el.tagName === "A" && style.display === "inline") {
        const parentText = (el.parentElement?.textContent ?? "").trim();
        if (parentText.length > (el.textContent ?? "").trim().length) continue;
      }
      const r = el.getBoundingClientRect();
      if (r.width < 24 || r.height < 24)
        problems.push(`target ${Math.round(r.width)}×${Math.round(r.height)} px: ${describe(el)}`);
    }

    // No text under 12 px.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const small = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent ?? "").trim() || small.has(parent)) continue;
      if (["SCRIPT", "STYLE", "NOSCRIPT", "TITLE"].includes(parent.tagName) || !visible(parent)) continue;
      if (parseFloat(getComputedStyle(parent).fontSize) < 12) small.add(parent);
    }
    for (const el of small) problems.push(`text at ${getComputedStyle(el).fontSize}: ${describe(el)}`);

    // Nothing fixed over the content but the toasts, at the bottom of the screen where the reader is, gone after 5 s
    // and dismissible (docs/decisions/028-phone-first-layouts.md); the sticky header is in the flow.
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (
        getComputedStyle(el).position === "fixed" &&
        visible(el) &&
        !el.closest(".nav-progress") &&
        !el.closest(".toast-region")
      ) {
        problems.push(`fixed over the content: ${describe(el)}`);
      }
    }

    // The sticky header never hides an #anchor's target or a focused control (WCAG 2.4.11).
    const header = document.querySelector(".site-header");
    if (header && getComputedStyle(header).position === "sticky") {
      const padding = parseFloat(getComputedStyle(root).scrollPaddingTop) || 0;
      const height = header.getBoundingClientRect().height;
      if (padding < height)
        problems.push(`scroll-padding-top ${padding} px is less than the sticky header's ${Math.round(height)} px`);
    }
    return problems;
  });
}

for (const role of ["visitor", "organizer", "scorekeeper", "master"] as const) {
  test(`at 360 px every ${role} screen fits: no sideways scroll, targets ≥ 24 px, text ≥ 12 px, nothing fixed over it`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { context, page } = await phoneFor(browser, role);
    const failures: string[] = [];
    for (const path of screens(world, role)) {
      await page.goto(path);
      for (const state of ["menus closed", "menus open"]) {
        if (state === "menus open") await page.evaluate(OPEN_ALL_DETAILS);
        const problems = await measure(page);
        if (problems.length) failures.push(`${path} (${state}):\n  ${[...new Set(problems)].join("\n  ")}`);
      }
    }
    await context.close();
    expect(failures, failures.join("\n")).toEqual([]);
  });
}

test("a jump to #lobby-N and a focused control land below the sticky header at 360 px", async ({ browser }) => {
  const { context, page } = await phoneFor(browser, "organizer");
  const lobby = world.round2[world.round2.length - 1];
  const anchor = `lobby-${lobby.name.replace(/\D+/g, "")}`;
  await page.goto(`/tournaments/${world.liveId}/scores#${anchor}`);
  const target = page.locator(`#${anchor}`);
  await expect(target).toBeAttached();
  const headerBottom = await page.locator(".site-header").evaluate((el) => el.getBoundingClientRect().bottom);
  const top = await target.evaluate((el) => el.getBoundingClientRect().top);
  expect(top, "the lobby's top is below the sticky header").toBeGreaterThanOrEqual(headerBottom - 1);

  // Tab backwards from the bottom of the page: each focused control is scrolled clear of the header
  // (by app/root.tsx's focus listener once the page has hydrated).
  await page.waitForFunction(() => document.documentElement.dataset.focusGuard === "on");
  await page.keyboard.press("End");
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Shift+Tab");
    const top = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body || el.closest(".site-header")) return Infinity;
        return el.getBoundingClientRect().top;
      });
    const who = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
    await expect
      .poll(top, { message: `a focused control is not hidden under the header: ${who}`, timeout: 2_000 })
      .toBeGreaterThanOrEqual(headerBottom - 1);
  }
  await context.close();
});
