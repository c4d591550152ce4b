// `npm run screens`: writes docs/screens/*.png, the phone layouts at 360 px (docs/decisions/028-phone-first-layouts.md):
// the 256-player leaderboard and public view, and the score entry page (top, and its last, unscored lobby) signed in as
// the host. Starts the built app on a free loopback port with its own embedded database (bench/support.ts), seeds the
// tournament through the API, drives Debian's Chromium, and stops the app. Not a test: it asserts nothing and only
// rewrites the pictures the docs show; the layouts themselves are tested by tests/e2e/spectator-layout.test.ts.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { chromium } from "playwright-core";
import { root, seedTournament, startBuiltApp } from "../bench/support";

const PHONE = { width: 360, height: 740 };
const HOST = { username: "screens_host", password: "screens-pass-123" };
const OUT = path.join(root, "docs/screens");

async function main() {
  const app = await startBuiltApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? execFileSync("which", ["chromium"], { encoding: "utf8" }).trim(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-sync"],
  });
  try {
    const seeded = await seedTournament(app.base, { size: 256, name: "Phone Cup 256", host: HOST });
    const context = await browser.newContext({ baseURL: app.base, viewport: PHONE });
    const page = await context.newPage();
    const shot = async (name: string, address: string) => {
      await page.goto(address);
      await page.screenshot({ path: path.join(OUT, `${name}.png`) });
      console.log(`docs/screens/${name}.png  ${address}`);
    };
    await shot("leaderboard-360", `/tournaments/${seeded.id}/leaderboard`);
    await shot("public-view-360", `/tournaments/${seeded.id}/public`);
    await page.goto("/login");
    await page.locator('input[name="username"]').fill(HOST.username);
    await page.locator('input[name="password"]').fill(HOST.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/dashboard(?:[/?#]|$)/);
    await shot("score-entry-360", `/tournaments/${seeded.id}/scores`);
    await shot("score-entry-unscored-lobby-360", `/tournaments/${seeded.id}/scores#lobby-${seeded.lobbies.length}`);
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
