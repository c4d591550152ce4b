// Makes sure the system Chromium used by the end-to-end tests is installed, installing it with apt when running as root.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (fs.existsSync(chromium)) {
  console.log(`Chromium found at ${chromium}.`);
  process.exit(0);
}

if (process.getuid?.() !== 0) {
  console.error(
    `Chromium is required for the end-to-end tests: run apt-get install -y chromium as root (expected at ${chromium}).`,
  );
  process.exit(1);
}

// CI has no stdin and no terminal: apt must never ask a question.
const apt = (...args) =>
  spawnSync("apt-get", args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  }).status === 0;

console.log(`Chromium is missing at ${chromium}: installing it with apt-get.`);
if (!apt("install", "-y", "chromium")) {
  console.log("apt-get install failed; refreshing the package lists and retrying.");
  if (!apt("update") || !apt("install", "-y", "chromium")) {
    console.error("Could not install Chromium with apt-get; the end-to-end tests cannot run.");
    process.exit(1);
  }
}
if (!fs.existsSync(chromium)) {
  console.error(`apt-get installed chromium, but there is still nothing at ${chromium}.`);
  process.exit(1);
}
console.log(`Chromium installed at ${chromium}.`);
