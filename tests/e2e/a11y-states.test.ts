// WCAG 2.2 AA (axe in the real Chromium) in states the world of a11y.test.ts does not reach: a refused score save, whose
// alert at the top links down to its lobby, and the score screen of a completed tournament, whose alert links to the
// final standings; and the public view with its Sign up link; both themes, 360 and 1280 px. A link inside a tinted
// alert was under 4.5:1 in the light theme.
import { axe, describeViolations } from "./axe";
import { setTheme } from "./a11y-world";
import { expect, fillPlacements, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

for (const theme of ["dark", "light"] as const) {
  test(`axe: a refused save and a completed tournament's score screen, ${theme} theme`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const baseURL = process.env.E2E_BASE_URL!;
    const username = uniqueName("a11ys");
    const live = await tournamentWithCheckedInPlayers(request, username, 16);
    const generated = await request.post(`/api/tournaments/${live.id}/lobbies/generate`, {
      headers: live.headers,
      data: {},
    });
    expect(generated.ok(), await generated.text()).toBeTruthy();
    const done = await tournamentWithCheckedInPlayers(request, username, 16);
    const completed = await request.post(`/api/tournaments/${done.id}/complete`, { headers: done.headers });
    expect(completed.ok(), await completed.text()).toBeTruthy();

    const signup = await tournamentWithCheckedInPlayers(request, username, 4, { maxPlayers: 16 });
    const opened = await request.patch(`/api/tournaments/${signup.id}/signup`, {
      headers: signup.headers,
      data: { isOpen: true },
    });
    expect(opened.ok(), await opened.text()).toBeTruthy();

    const context = await browser.newContext({ baseURL, bypassCSP: true });
    await setTheme(context, baseURL, theme);
    const page = await context.newPage();
    await login(page, username, PASSWORD);
    const failures: string[] = [];
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.goto(`/tournaments/${live.id}/scores`);
      const lobby2 = page.locator('section.scores-lobby[data-lobby="Lobby 2"]');
      await fillPlacements(lobby2, [1, 2, 3, 4, 5, 6, 7, 0]);
      await lobby2.getByRole("button", { name: "Save Lobby 2 Scores" }).click();
      await expect(page.getByRole("link", { name: "Go to Lobby 2" })).toBeVisible();
      const refused = await axe(page);
      if (refused.length) failures.push(`refused save @${width}px:\n${describeViolations(refused)}`);
      await page.goto(`/tournaments/${done.id}/scores`);
      await expect(page.getByRole("link", { name: /final standings/i })).toBeVisible();
      const final = await axe(page);
      if (final.length) failures.push(`completed score screen @${width}px:\n${describeViolations(final)}`);
      // The public view's Sign up link while the sign-up page takes sign-ups.
      await page.goto(`/tournaments/${signup.id}/public`);
      await expect(page.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute(
        "href",
        `/tournaments/${signup.id}/join`,
      );
      const open = await axe(page);
      if (open.length) failures.push(`public view, sign-up open @${width}px:\n${describeViolations(open)}`);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (sideways) failures.push(`public view, sign-up open @${width}px: scrolls sideways`);
    }
    await context.close();
    expect(failures, failures.join("\n\n")).toEqual([]);
  });
}
