// A 64-player event of three stages run start to finish through the pages with JavaScript off (issue 18): created on
// the Create page (Day 1: 2 snake games, carried, cut to 32; Day 2: 2 swiss games, carried, the best 2 of each lobby
// go through; Final: reset, checkmate at 20), 64 players bulk-imported, checked in on the host check-in screen, every
// lobby scored on the score entry page, the stage ends applied by Advance, and the winner decided by checkmate.
import type { Locator, Page } from "@playwright/test";
import { expect, login, PASSWORD, test, uniqueName } from "./fixtures";
import { axe, describeViolations } from "./axe";

/** The player's number in "S07" style names (the bulk order, so also registration order). */
function numberOf(label: string): number {
  const m = label.match(/S(\d{2})/);
  if (!m) throw new Error(`no player number in ${label}`);
  return Number(m[1]);
}

/**
 * Scores every pending lobby of the current round on the score entry page: each lobby's rows ranked by `rank`
 * (player numbers, best first). Answers each lobby's player numbers in placement order.
 */
async function scoreRound(page: Page, rank: (numbers: number[]) => number[]): Promise<number[][]> {
  const lobbies = page.locator("section.scores-lobby");
  // The page streams in without JavaScript: count the cards once all of them have arrived (the "Lobbies (k/N saved)"
  // heading above them says how many), not while the document is still coming (a count of 1 of 4 failed a run).
  const heading = page.getByRole("heading", { name: /^Lobbies \(\d+\/\d+ saved\)$/ });
  const count = Number((await heading.textContent())?.match(/\/(\d+)/)?.[1]);
  await expect(lobbies).toHaveCount(count);
  const placed: number[][] = [];
  for (let i = 0; i < count; i++) {
    const card: Locator = lobbies.nth(i);
    const name = (await card.getAttribute("data-lobby")) ?? "";
    const selects = card.locator("select");
    const n = await selects.count();
    const numbers: number[] = [];
    for (let j = 0; j < n; j++) numbers.push(numberOf((await selects.nth(j).getAttribute("aria-label")) ?? ""));
    const order = rank(numbers);
    for (let j = 0; j < n; j++) await selects.nth(j).selectOption(String(order.indexOf(numbers[j]!) + 1));
    await card.getByRole("button", { name: `Save ${name} Scores` }).click();
    await expect(page.locator(`section.scores-lobby[data-lobby="${name}"] .badge`)).toHaveText("Complete");
    placed.push(order);
  }
  await expect(page.getByText(`${count}/${count} scores submitted`)).toBeVisible();
  return placed;
}

async function drawNext(page: Page, round: number, players: number) {
  await page.getByRole("button", { name: `Generate Round ${round} Lobbies (${players} players)` }).click();
  await expect(page.locator(".toast .title")).toHaveText("Lobbies Generated");
}

async function advance(page: Page, round: number) {
  await page.getByRole("button", { name: `Advance to Round ${round + 1}` }).click();
  await expect(page.locator(".toast .title")).toHaveText("Round Advanced");
}

// A wrong step fails in seconds, not at the test's long timeout.
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

const ascending = (list: number[]) => [...list].sort((a, b) => a - b);
const descending = (list: number[]) => [...list].sort((a, b) => b - a);

test("64 players, three stages, JavaScript off: cuts at the stage ends, a reset final won by checkmate", async ({
  noJsPage: page,
}) => {
  test.setTimeout(420_000);
  const organizer = uniqueName("stev_");
  await login(page, organizer, PASSWORD);

  // Create: the preset's three rows, edited to this event's stages.
  await page.goto("/create-tournament");
  const title = `Circuit ${organizer}`;
  await page.locator('input[name="name"]').fill(title);
  await page.locator('input[name="maxPlayers"]').fill("64");
  await page.getByRole("button", { name: "Use preset" }).click();
  await expect(page.locator('input[name="stage.2.name"]')).toHaveValue("Final");
  await page.locator('input[name="stage.0.games"]').fill("2");
  await page.locator('select[name="stage.0.draw"]').selectOption("snake");
  await page.locator('input[name="stage.0.value"]').fill("32");
  await page.locator('input[name="stage.1.games"]').fill("2");
  await page.locator('select[name="stage.1.draw"]').selectOption("swiss");
  await page.locator('select[name="stage.1.end"]').selectOption("topPerLobby");
  await page.locator('input[name="stage.1.value"]').fill("2");
  await page.locator('input[name="stage.2.games"]').fill("3");
  await page.locator('select[name="stage.2.draw"]').selectOption("snake");
  await page.locator('select[name="stage.2.points"]').selectOption("reset");
  await expect(page.locator('select[name="stage.2.end"]')).toHaveValue("checkmate");
  await page.locator('input[name="stage.2.value"]').fill("20");
  await page.getByRole("button", { name: "Create Tournament" }).last().click();
  await page.waitForURL(/\/manage-players/);
  const id = Number(page.url().match(/tournaments\/(\d+)/)![1]);

  // 64 players in one bulk import (S01 has the most LP).
  const lines = Array.from({ length: 64 }, (_, i) => `S${String(i + 1).padStart(2, "0")}#T${i + 1} ${2000 - i}`);
  await page.getByLabel("Players, one per line").fill(lines.join("\n"));
  await page.getByRole("button", { name: "Import Players" }).click();
  await expect(page.getByText("64 players have been added to the tournament.")).toBeVisible();

  // Check-in: select all, check in, draw Round 1.
  await page.goto(`/tournaments/${id}/checkin`);
  await page.getByRole("link", { name: "Select all visible" }).click();
  await page.getByRole("button", { name: "Check in selected" }).click();
  await expect(page.locator(".stat-card", { hasText: "Checked In" })).toContainText("64/64");
  await page.locator("summary", { hasText: "Generate First Lobbies" }).click();
  await page.getByRole("button", { name: "Generate Lobbies" }).click();
  await page.waitForURL(new RegExp(`/scores/${id}$`));

  // Day 1, game 1: in every lobby the lower number places better.
  await expect(page.locator(".scores-round-header")).toContainText("Day 1");
  await expect(page.locator("section.scores-lobby")).toHaveCount(8);
  await scoreRound(page, ascending);
  await advance(page, 1);

  // Day 1, game 2, the last before the cut to 32: the score page says what the stage end does, and the spectators
  // read what each player needs.
  await drawNext(page, 2, 64);
  await expect(page.locator(".scores-round-header")).toContainText("Day 1 · Game 2 of 2");
  await expect(page.getByText("Day 1 ends here: the best 32 go through")).toBeVisible();
  const spectator = await page.context().newPage();
  await spectator.goto(`/public/${id}`);
  await expect(spectator.locator(".need-note").first()).toHaveText(/keeps you|whatever|Out unless|Any placement/);
  await spectator.goto(`/leaderboard/${id}`);
  await expect(spectator.getByText("What do I need?")).toBeVisible();
  await expect(spectator.locator(".need-note").first()).toBeVisible();
  await scoreRound(page, ascending);
  await advance(page, 2);
  await expect(page.locator(".scores-round-header")).toContainText("Day 2 · Game 1 of 2");

  // Day 2: 32 players in 4 lobbies; its last game keeps the best 2 of each lobby.
  await drawNext(page, 3, 32);
  await expect(page.locator("section.scores-lobby")).toHaveCount(4);
  await scoreRound(page, ascending);
  await advance(page, 3);
  await drawNext(page, 4, 32);
  await expect(page.getByText("Day 2 ends here: the best 2 of each lobby go through")).toBeVisible();
  const lastDay2 = await scoreRound(page, descending);
  const finalists = lastDay2.flatMap((order) => order.slice(0, 2));
  await advance(page, 4);
  await expect(page.locator(".scores-round-header")).toContainText("Final · Game 1 of 3");

  // The leaderboard's stage selector: Day 2's standings hold 32, the final's 8 at 0 points (reset).
  await spectator.goto(`/leaderboard/${id}`);
  const selector = spectator.getByRole("navigation", { name: "Standings by stage" });
  await selector.getByRole("link", { name: "Day 2" }).click();
  await expect(spectator).toHaveURL(/stage=2/);
  await selector.getByRole("link", { name: "Final" }).click();
  await expect(spectator).toHaveURL(/stage=3/);
  for (const n of finalists) await expect(spectator.getByText(`S${String(n).padStart(2, "0")}`).first()).toBeVisible();

  // Final: the hero wins games 1-3 (24 points; reaching 20 in game 3 does not win it), is marked Checkmate, places
  // 2nd in game 4 (no win: the stage plays one more game) and wins game 5: checkmate.
  const hero = Math.max(...finalists);
  const heroFirst = (list: number[]) => [hero, ...ascending(list.filter((n) => n !== hero))];
  await drawNext(page, 5, 8);
  await expect(page.getByText(/Checkmate final/)).toBeVisible();
  await scoreRound(page, heroFirst);
  await advance(page, 5);
  await drawNext(page, 6, 8);
  await scoreRound(page, heroFirst);
  await advance(page, 6);
  await drawNext(page, 7, 8);
  await scoreRound(page, heroFirst);
  await advance(page, 7);
  await expect(page.locator(".scores-round-header")).toContainText("Final · Game 4");

  const heroName = `S${String(hero).padStart(2, "0")}`;
  await spectator.goto(`/leaderboard/${id}`);
  const heroRow = spectator.locator(".standings-row, tr, li", { hasText: heroName }).filter({ hasText: "Checkmate" });
  await expect(heroRow.first()).toBeVisible();

  // Game 4 drawn: the hero is told a win now wins it (leaderboard), and the public view marks them Checkmate.
  await drawNext(page, 8, 8);
  await spectator.goto(`/leaderboard/${id}`);
  await expect(spectator.getByText("A win now wins the tournament").first()).toBeVisible();
  await spectator.goto(`/public/${id}`);
  await expect(spectator.locator(".badge", { hasText: "Checkmate" }).first()).toBeVisible();
  const other = finalists.find((n) => n !== hero)!;
  await scoreRound(page, (list) => [other, hero, ...ascending(list.filter((n) => n !== hero && n !== other))]);
  await advance(page, 8);
  await drawNext(page, 9, 8);
  await scoreRound(page, heroFirst);
  await page.getByRole("button", { name: "Advance to Round 10" }).click();
  await page.waitForURL(new RegExp(`/leaderboard/${id}`));
  await expect(page.getByText("Tournament completed!").first()).toBeVisible();
  await expect(page.locator(".badge", { hasText: "Completed" }).first()).toBeVisible();

  const board = await (await page.request.get(`/api/tournaments/${id}/leaderboard`)).json();
  const rows: { name: string; rank: number }[] = Array.isArray(board) ? board : board.rows;
  expect(rows[0]!.name).toBe(heroName);
  expect(rows).toHaveLength(64);
  const state = await (await page.request.get(`/api/tournaments/${id}`)).json();
  expect(state.status).toBe("completed");
  expect(state.checkmateWinnerId).not.toBeNull();
  await spectator.close();
});

test("axe: 0 violations on the score page at a stage end (the stage line and what its end does) at 360 and 1280 px", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, bypassCSP: true });
  const page = await context.newPage();
  const organizer = uniqueName("stax_");
  await login(page, organizer, PASSWORD);
  const api = page.request;
  const created = await api.post("/api/tournaments", {
    data: {
      name: `Stage axe ${organizer}`,
      maxPlayers: 16,
      stages: [
        { name: "Day 1", games: 1, draw: "snake", points: "carry", end: { cutTo: 8 } },
        {
          name: "Final",
          games: 2,
          draw: "snake",
          points: "reset",
          end: { checkmate: { threshold: 20, maxGames: null } },
        },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: number };
  const list = Array.from({ length: 16 }, (_, i) => ({ name: `X${i + 1}`, riotTag: `T${i + 1}`, lp: 100 - i }));
  const bulk = await api.post(`/api/tournaments/${id}/players/bulk`, { data: { players: list } });
  expect(bulk.ok(), await bulk.text()).toBeTruthy();
  for (const p of (await bulk.json()) as { id: number }[]) {
    const r = await api.post(`/api/players/${p.id}/checkin`, { data: { checkedIn: true } });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  const drawn = await api.post(`/api/tournaments/${id}/lobbies/generate`, { data: {} });
  expect(drawn.ok(), await drawn.text()).toBeTruthy();
  await page.goto(`/scores/${id}`);
  await expect(page.locator(".scores-round-header")).toContainText("Day 1 · Game 1 of 1");
  await expect(page.getByText("Day 1 ends here: the best 8 go through to Final.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cut Players" })).toHaveCount(0);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.reload();
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  }
  await context.close();
});
