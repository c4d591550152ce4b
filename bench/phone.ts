// `npm run bench:phone`: the app on a low-end phone (Chromium, CPU throttled 6×, slow 4G, 360 px), beside a bare node:http page as the baseline.
// Also the page's height and the y of its first standings row (the spectator target: within 700 px).
// Starts the built app (embedded PGlite, or BENCH_DB=postgres), seeds a 64- and a 256-player tournament (round 1, every lobby but
// the last scored), and loads the two score screens (signed in as the host), the 256-player public view and its leaderboard with
// JavaScript on and off, cold (empty cache) then warm, BENCH_RUNS times; then saves one lobby's scores on each score screen, JS on and off.
// BENCH_COMPARE=<build dir> measures a second (older) build in turn with this one. Reports medians: time to first byte, first paint, first contentful paint, hydration, bytes of JavaScript and HTML as transferred (brotli or gzip, whichever the browser got), the save.
// Public pages ship no React (docs/decisions/013-public-pages-without-react.md): with JavaScript on they load no script file, only the
// inline live script inside their HTML, and need no hydration; their rows say "none" and 0 KB.
import { execFileSync, spawn } from "node:child_process";
import os from "node:os";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { freePort, waitUntilAnswering } from "../tests/setup/e2e-global";
import { benchDatabase, root, seedTournament, startBuiltApp } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const HOST = { username: "bench_host", password: "bench-pass-123" };
/** Slow 4G as Lighthouse defines it: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up (CDP wants bytes per second). */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 6;
const VIEWPORT = { width: 360, height: 780 };

type Load = {
  ttfb: number;
  fp: number;
  fcp: number;
  hydrated: number | null;
  jsLoaded: number;
  jsBytes: number;
  jsFiles: number;
  htmlBytes: number;
  htmlRaw: number;
  /** The page's height, and where its first standings row starts (null: the page has none), in CSS px at 360 px wide. */
  height: number;
  firstRowY: number | null;
};

function median(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A fresh page (empty cache, own cookies) with the phone's CPU and network. */
async function phonePage(
  browser: Browser,
  javaScriptEnabled: boolean,
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>,
) {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    storageState,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { page, close: () => context.close() };
}

/** Paint, hydration and transfer figures of the document now in `page`, once it has painted (and hydrated, with JS). */
async function readLoad(page: Page, javaScript: boolean): Promise<Load> {
  await page.waitForLoadState("load");
  // Polled from here: waitForFunction needs the page's own JavaScript, which may be off.
  for (let waited = 0; ; waited += 100) {
    const ready = await page.evaluate(
      (hydration) =>
        performance.getEntriesByName("first-contentful-paint").length > 0 &&
        (!hydration || document.documentElement.dataset.hydrated === "true"),
      javaScript,
    );
    if (ready) break;
    if (waited > 60_000)
      throw new Error(`${page.url()}: no first contentful paint${javaScript ? " or hydration" : ""} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) =>
      /\.m?js(\?|$)/.test(r.name),
    );
    return {
      ttfb: navigation.responseStart,
      fp: performance.getEntriesByName("first-paint")[0]?.startTime ?? NaN,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      hydrated: performance.getEntriesByName("tm:hydrated")[0]?.startTime ?? null,
      jsLoaded: Math.max(0, ...scripts.map((r) => r.responseEnd)),
      jsBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
      jsFiles: scripts.length,
      htmlBytes: navigation.encodedBodySize,
      htmlRaw: navigation.decodedBodySize,
      height: document.documentElement.scrollHeight,
      firstRowY: (() => {
        const row = document.querySelector("[data-standings-row]");
        return row ? row.getBoundingClientRect().top + window.scrollY : null;
      })(),
    };
  });
}

/** Signs the host in through the login form (no throttling) and answers the cookies. */
async function hostSession(browser: Browser, base: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').fill(HOST.username);
  await page.locator('input[name="password"]').fill(HOST.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * One lobby save on the score screen: opens the last lobby's edit form from "Unscored", picks a permutation of places
 * (shifted by `shift`, so each save is a real change), presses Save. JS off: the form post → redirect → the next page's
 * first contentful paint (navigation timing starts at the post). JS on: the click → the lobby shown saved, in the page's clock.
 */
async function timeSave(page: Page, url: string, lobbyName: string, shift: number, javaScript: boolean) {
  await page.goto(url);
  await readLoad(page, javaScript);
  const lobby = page.locator(`section[data-lobby="${lobbyName}"]`);
  const selects = lobby.locator("select");
  const count = await selects.count();
  for (let i = 0; i < count; i++) await selects.nth(i).selectOption(String(((i + shift) % count) + 1));
  const button = lobby.getByRole("button", { name: `Save ${lobbyName} Scores` });
  if (!javaScript) {
    await Promise.all([page.waitForURL((u) => !u.search.includes("edit=")), button.click()]);
    return (await readLoad(page, false)).fcp;
  }
  await button.evaluate((element) => {
    const selector = `section[data-lobby="${element.closest("section")!.dataset.lobby}"] .scores-saved`;
    (window as unknown as { saveTime: Promise<number> }).saveTime = new Promise((resolve) => {
      const started = performance.now();
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        // The frame that shows it.
        requestAnimationFrame(() => resolve(performance.now() - started));
      });
      observer.observe(document.body, { childList: true, subtree: true });
      (element as HTMLButtonElement).click();
    });
  });
  return page.evaluate(() => (window as unknown as { saveTime: Promise<number> }).saveTime);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null || Number.isNaN(value) ? "—" : `${Math.round(value)} ms`);

/** One build under test: its server, its two tournaments and the host's cookies. */
type Subject = Awaited<ReturnType<typeof startSubject>>;

async function startSubject(
  browser: Browser,
  name: string,
  buildDir: string | undefined,
  databaseUrl: string | undefined,
) {
  const app = await startBuiltApp({ databaseUrl, buildDir });
  const small = await seedTournament(app.base, { size: 64, name: "Phone Cup 64", host: HOST });
  const large = await seedTournament(app.base, { size: 256, name: "Phone Cup 256", host: HOST });
  const host = await hostSession(browser, app.base);
  return { name, ...app, small, large, host };
}

function loadRow(label: string, javaScript: boolean, cache: string, loads: Load[], baselineFcp: number) {
  const of = (pick: (l: Load) => number) => median(loads.map(pick));
  const sample = loads[0];
  const fcp = of((l) => l.fcp);
  // A page without script files (the public pages) has nothing to hydrate: its inline script's mark is not hydration.
  const react = javaScript && sample.jsFiles > 0;
  return (
    `  ${label.padEnd(50)}${(javaScript ? "on" : "off").padEnd(5)}${cache}${ms(of((l) => l.ttfb)).padStart(8)}${ms(of((l) => l.fp)).padStart(13)}${ms(fcp).padStart(9)}` +
    `${ms(react ? of((l) => l.jsLoaded) : null).padStart(11)}${(react ? ms(of((l) => l.hydrated ?? NaN)) : javaScript ? "none" : "—").padStart(10)}` +
    `${(javaScript ? `${kb(sample.jsBytes)} in ${sample.jsFiles}` : "—").padStart(18)}${`${kb(sample.htmlBytes)} / ${kb(sample.htmlRaw)}`.padStart(22)}` +
    `${`${Math.round(sample.height)} px`.padStart(10)}${(sample.firstRowY === null ? "—" : `${Math.round(sample.firstRowY)} px`).padStart(10)}` +
    `${Number.isNaN(baselineFcp) ? "" : `  FCP ×${(fcp / baselineFcp).toFixed(1)}`}`
  );
}

async function main() {
  const db = await benchDatabase();
  const plainPort = await freePort();
  const plainBase = `http://127.0.0.1:${plainPort}`;
  const plain = spawn(process.execPath, ["bench/plain-server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(plainPort) },
    stdio: "ignore",
  });
  process.on("exit", () => plain.kill("SIGTERM"));
  const browser = await chromium.launch({
    executablePath: execFileSync("which", ["chromium"], { encoding: "utf8" }).trim(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
    ],
  });
  const subjects: Subject[] = [];
  try {
    await waitUntilAnswering(plainBase, plain, 60_000);
    subjects.push(await startSubject(browser, "this build", process.env.BUILD_DIR, db.url));
    // BENCH_COMPARE=<build dir>: a second build (e.g. an older commit's) measured in turn with this one, so both meet the
    // same load; on PostgreSQL both use the one database (their tournaments are their own).
    if (process.env.BENCH_COMPARE)
      subjects.push(await startSubject(browser, process.env.BENCH_COMPARE, process.env.BENCH_COMPARE, db.url));
    console.log(
      `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} cores, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}, Chromium ${browser.version()}; database: ${db.url ? "PostgreSQL" : "embedded PGlite"}`,
    );
    console.log(
      `Phone: ${VIEWPORT.width}×${VIEWPORT.height} px, CPU ${CPU_SLOWDOWN}× slower, network ${NETWORK.latency} ms latency, ` +
        `${((NETWORK.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s down, ${((NETWORK.uploadThroughput * 8) / 1024).toFixed(0)} kbit/s up; ` +
        `each page loaded cold (a new browser context) then warm (again, cached), right after a cold load of the baseline; median of ${RUNS} runs.\n`,
    );

    const screens: { label: string; url: (s: Subject) => string; signedIn: boolean }[] = [
      {
        label: "score screen, 64 players (host)",
        url: (s) => `${s.base}/tournaments/${s.small.id}/scores`,
        signedIn: true,
      },
      {
        label: "score screen, 256 players (host)",
        url: (s) => `${s.base}/tournaments/${s.large.id}/scores`,
        signedIn: true,
      },
      { label: "public view, 256 players", url: (s) => `${s.base}/tournaments/${s.large.id}/public`, signedIn: false },
      {
        label: "leaderboard, 256 players",
        url: (s) => `${s.base}/tournaments/${s.large.id}/leaderboard`,
        signedIn: false,
      },
      {
        label: "player profile, 256 players",
        url: (s) => `${s.base}/tournaments/${s.large.id}/public/player/${s.large.lobbies[0].playerIds[0]}`,
        signedIn: false,
      },
    ];
    console.log(
      "Page loads".padEnd(52) +
        "JS   cache" +
        "TTFB".padStart(8) +
        "first paint".padStart(13) +
        "FCP".padStart(9) +
        "JS loaded".padStart(11) +
        "hydrated".padStart(10) +
        "JS (gzip)".padStart(18) +
        "HTML (gzip / raw)".padStart(22) +
        "height".padStart(10) +
        "1st row y".padStart(10) +
        "  ratio to the baseline",
    );
    for (const screen of screens) {
      for (const javaScript of [true, false]) {
        const baseline: Load[] = [];
        // Cold: a first visit (empty cache); warm: the same page again, its files cached (assets are immutable for a year).
        const loads = subjects.map(() => ({ cold: [] as Load[], warm: [] as Load[] }));
        for (let run = 0; run < RUNS; run++) {
          const plainPage = await phonePage(browser, false);
          await plainPage.page.goto(`${plainBase}/page`, { waitUntil: "commit" });
          baseline.push(await readLoad(plainPage.page, false));
          await plainPage.close();
          for (const [i, subject] of subjects.entries()) {
            const { page, close } = await phonePage(browser, javaScript, screen.signedIn ? subject.host : undefined);
            for (const cache of ["cold", "warm"] as const) {
              await page.goto(screen.url(subject), { waitUntil: "commit" });
              loads[i][cache].push(await readLoad(page, javaScript));
            }
            await close();
          }
        }
        const baselineFcp = median(baseline.map((l) => l.fcp));
        console.log(loadRow(`baseline: plain node:http, 20 KB HTML`, false, "cold", baseline, NaN));
        for (const [i, subject] of subjects.entries()) {
          const label = subjects.length > 1 ? `${screen.label} [${subject.name}]` : screen.label;
          for (const cache of ["cold", "warm"] as const)
            console.log(loadRow(label, javaScript, cache, loads[i][cache], baselineFcp));
        }
      }
    }

    console.log("\nOne lobby save (JS off: post → redirect → next page's FCP; JS on: click → lobby shown saved)");
    let shift = 1;
    for (const size of ["small", "large"] as const) {
      for (const javaScript of [true, false]) {
        const times = subjects.map(() => [] as number[]);
        for (let run = 0; run < RUNS; run++) {
          for (const [i, subject] of subjects.entries()) {
            const t = subject[size];
            const url = `${subject.base}/tournaments/${t.id}/scores?edit=${t.last.id}&clear=1#lobby-${t.lobbies.length}`;
            const { page, close } = await phonePage(browser, javaScript, subject.host);
            times[i].push(await timeSave(page, url, `Lobby ${t.lobbies.length}`, shift++, javaScript));
            await close();
          }
        }
        for (const [i, subject] of subjects.entries()) {
          const label = `score screen, ${size === "small" ? 64 : 256} players${subjects.length > 1 ? ` [${subject.name}]` : ""}`;
          console.log(
            `  ${label.padEnd(50)}${(javaScript ? "on" : "off").padEnd(4)}${ms(median(times[i])).padStart(12)}  (${times[i].map((x) => Math.round(x)).join(", ")} ms)`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    plain.kill("SIGTERM");
    for (const subject of subjects) await subject.stop();
    await db.stop?.();
  }
}

await main();
process.exit(0);
