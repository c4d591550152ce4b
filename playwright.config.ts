// Playwright config: the built app, started by tests/setup/e2e-global.ts, driven by the system Chromium.
import { defineConfig, devices } from "@playwright/test";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  globalSetup: "./tests/setup/e2e-global.ts",
  // The tests share one server and one database; two workers keep a 2-core machine responsive.
  workers: 2,
  fullyParallel: false,
  forbidOnly: process.env.CI === "true",
  // CI runs on a loaded 2-core machine: one retry there keeps a slow moment from failing a run,
  // and the report still names any test that needed it ("flaky").
  retries: process.env.CI === "true" ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI === "true" ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    // Set by the global setup; workers are started after it and re-read this file.
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          // Never download a browser: the system Chromium, without the calls home that stall on a closed network.
          executablePath: CHROMIUM_PATH,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
            "--disable-quic",
          ],
        },
      },
    },
  ],
});
