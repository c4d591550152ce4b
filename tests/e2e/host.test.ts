// Host screens end to end: create, register, check in and draw Round 1 with and without JavaScript; confirmations; view-only access.
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";

// Every test signs in as its own user with its own tournaments, so they may run side by side.
test.describe.configure({ mode: "parallel" });

let serial = 0;
/** A name no other test (or earlier run against the same server) uses. */
function unique(prefix: string) {
  serial++;
  return `${prefix}${Date.now().toString(36)}${serial}${Math.floor(Math.random() * 1000)}`;
}

/** Fills the create form and answers the new tournament's id (the page is then on its manage-players screen). */
async function createTournament(page: Page, name: string, options: { maxPlayers?: number; isPublic?: boolean } = {}) {
  await page.goto("/create-tournament");
  await page.getByLabel("Tournament Name").fill(name);
  await page.getByLabel("Max Players").fill(String(options.maxPlayers ?? 24));
  await page.getByLabel("Total Rounds").fill("3");
  if (options.isPublic) await page.getByLabel(/Public tournament/).check();
  await page.getByRole("button", { name: "Create Tournament" }).click();
  await page.waitForURL(/\/tournaments\/\d+\/manage-players$/);
  const id = Number(page.url().match(/tournaments\/(\d+)\//)![1]);
  expect(id, "the new tournament's id in the URL").toBeGreaterThan(0);
  return id;
}

function bulkLines(count: number, prefix: string) {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}#T${i + 1} ${1000 + i}`).join("\n");
}

async function dashboardRow(page: Page, name: string) {
  await page.goto("/dashboard");
  const row = page.locator("tr", { hasText: name });
  await expect(row, `dashboard row of ${name}`).toHaveCount(1);
  await row.locator("summary", { hasText: "Actions" }).click();
  return row;
}

test.describe("host screens without JavaScript", () => {
  test("create, add players, start check-in, check in 16 and generate Round 1", async ({ noJsPage: page }) => {
    test.setTimeout(90_000);
    await login(page, unique("host"), "password123");
    const name = unique("NoJs Cup ");

    // A refused create keeps what was typed and shows the schema's message.
    await page.goto("/create-tournament");
    await page.getByLabel("Max Players").fill("12");
    await page.getByRole("button", { name: "Create Tournament" }).click();
    await expect(page.getByText("Tournament name required").first()).toBeVisible();
    await expect(page.getByText("Please enter a name for your tournament")).toBeVisible();
    await expect(page.getByLabel("Max Players")).toHaveValue("12");

    const id = await createTournament(page, name);
    await expect(page.getByText("New Tournament Created")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Manage Players" })).toBeVisible();
    await expect(page.locator(".host-page-header")).toContainText(name);
    await expect(page.locator(".host-page-header")).toContainText("Setup");

    // One player by hand.
    await page.getByLabel("Player Name").fill("  Solo Player  ");
    await page.getByLabel("Riot Tag").fill("NA1");
    await page.getByLabel("LP (optional)").fill("1500");
    await page.getByRole("button", { name: "Add Player" }).click();
    await expect(page.getByText("Player Added")).toBeVisible();
    await expect(page.locator(".host-player-card", { hasText: "Solo Player" })).toContainText("#NA1");

    // A name over 50 characters is refused with docs/rules.md's message, keeping the input.
    const longName = "L".repeat(51);
    await page.getByLabel("Player Name").fill(longName);
    await page.getByLabel("Riot Tag").fill("EUW");
    await page.getByRole("button", { name: "Add Player" }).click();
    await expect(page.getByText("Player name must be 50 characters or less").first()).toBeVisible();
    await expect(page.getByLabel("Player Name")).toHaveValue(longName);
    await expect(page.getByLabel("Riot Tag")).toHaveValue("EUW");

    // Bulk import: a bad line refuses the whole list with the count and the first error; fixed, it imports.
    const good = bulkLines(17, "Bulk");
    await page.getByLabel("Players, one per line").fill(`no separator here\n${good}`);
    await page.getByRole("button", { name: "Import Players" }).click();
    await expect(page.getByText("1 line could not be read")).toBeVisible();
    await expect(page.getByText("Line 1: Missing # separator")).toBeVisible();
    await expect(page.getByLabel("Players, one per line")).toHaveValue(`no separator here\n${good}`);
    await page.getByLabel("Players, one per line").fill(good);
    await page.getByRole("button", { name: "Import Players" }).click();
    await expect(page.getByText("17 players have been added to the tournament.")).toBeVisible();
    await expect(page.locator(".stat-card", { hasText: "Total Players" })).toContainText("18");
    await expect(page.getByText("Ready to check in")).toBeVisible();

    // Search and filter are a GET form.
    await page.getByLabel("Search players").fill("Bulk1");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=Bulk1/);
    await expect(page.locator(".host-player-card")).toHaveCount(9); // Bulk1, Bulk10..Bulk17
    await expect(page.locator(".host-player-card", { hasText: "Solo Player" })).toHaveCount(0);

    // Start check-in from the dashboard asks once.
    const row = await dashboardRow(page, name);
    await row.locator("summary", { hasText: "Start Check-in" }).click();
    await expect(row.getByText(`Start check-in for ${name}?`)).toBeVisible();
    await row.getByRole("button", { name: "Start Check-in" }).click();
    await expect(page.getByText("Check-in started")).toBeVisible();
    await expect(page.getByText("Tournament has moved to check-in phase. Players can now check in.")).toBeVisible();
    await expect(page.locator("tr", { hasText: name })).toContainText("Check-in");

    // Check in 16 players by clicking their cards.
    await page.goto(`/tournaments/${id}/checkin`);
    await expect(page.getByRole("heading", { name: "Check-in" })).toBeVisible();
    await expect(page.locator(".stat-card", { hasText: "Available Players" })).toContainText("18");
    await expect(page.getByText("Generate First Lobbies")).toHaveCount(0);
    for (let i = 1; i <= 16; i++) {
      await page.getByRole("button", { name: `Check in Bulk${i}#T${i}`, exact: true }).click();
      await expect(page.getByRole("button", { name: `Check out Bulk${i}#T${i}`, exact: true })).toBeVisible();
    }
    await expect(page.locator(".stat-card", { hasText: "Checked In" })).toContainText("16/24");
    await expect(page.locator(".stat-card", { hasText: "Remaining Spots" })).toContainText("8");
    await expect(page.getByRole("button", { name: "Save Check-ins & Continue (16 players)" })).toBeVisible();

    // The filter shows only the checked-in cards.
    await page.getByLabel("Filter").selectOption("not-checked-in");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator(".host-checkin-card")).toHaveCount(2);
    await page.goto(`/tournaments/${id}/checkin`);

    await page.locator("summary", { hasText: "Generate First Lobbies" }).click();
    await expect(
      page.getByText("This will remove 2 unchecked players and generate Round 1 lobbies. Continue?"),
    ).toBeVisible();
    await page.getByRole("button", { name: "Generate Lobbies" }).click();
    await page.waitForURL(new RegExp(`/scores/${id}$`));
    await expect(page.getByText("First lobbies generated")).toBeVisible();

    // Check-ins are closed from now on.
    await page.goto(`/checkin/${id}`);
    await expect(page.getByText("Check-ins cannot be modified after lobby generation has started")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Check (in|out) / })).toHaveCount(0);

    // The read-only players table and a player's page.
    await page.goto(`/tournament-players/${id}`);
    await expect(page.getByRole("heading", { name: "Tournament Players" })).toBeVisible();
    for (const column of ["Player", "Riot Tag", "Seed", "Total Points", "Matches Played", "Avg Placement", "Status"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Manage Players" })).toBeVisible();
    const bulk1 = page.locator("tr", { has: page.getByRole("link", { name: "Bulk1", exact: true }) });
    await expect(bulk1).toContainText("Active");
    await expect(bulk1).toContainText("-");
    await page.getByRole("link", { name: "Bulk1", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/tournaments/${id}/players/\\d+$`));
    await expect(page.getByRole("heading", { name: "Bulk1#T1" })).toBeVisible();
    await expect(page.getByText("Player Info")).toBeVisible();
    await expect(page.getByText(/Active - Lobby \d/)).toBeVisible();
    await expect(page.getByText("No matches yet")).toBeVisible();
  });

  test("bad ids on tournament and player pages show docs/rules.md's messages", async ({ noJsPage: page }) => {
    await login(page, unique("host"), "password123");
    const cases: [string, string, number][] = [
      ["/tournaments/abc/manage-players", "Invalid tournament ID", 400],
      ["/manage-players", "No tournament ID provided", 400],
      ["/checkin/0", "Invalid tournament ID", 400],
      ["/tournament-settings/999999", "Tournament not found", 404],
      ["/tournaments/1/players/x", "Invalid player ID", 400],
    ];
    for (const [path, message, status] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), `status of ${path}`).toBe(status);
      await expect(page.getByRole("heading", { name: message }), `message of ${path}`).toBeVisible();
    }
  });

  test("import a spreadsheet from the dashboard, refusing anything but .xlsx or .xls", async ({ noJsPage: page }) => {
    await login(page, unique("host"), "password123");
    const name = unique("Exported ");
    const id = await createTournament(page, name);
    await page.getByLabel("Players, one per line").fill(bulkLines(3, "X"));
    await page.getByRole("button", { name: "Import Players" }).click();
    await expect(page.getByText("3 players have been added to the tournament.")).toBeVisible();
    const exported = await page.request.get(`/api/tournaments/${id}/export`);
    expect(exported.ok(), "export answer").toBe(true);
    const { excelData } = (await exported.json()) as { excelData: string };

    await page.goto("/dashboard");
    await page.locator("summary", { hasText: "Import Spreadsheet" }).click();
    await page.getByLabel("Excel file (.xlsx, .xls)").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a spreadsheet"),
    });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Import Failed").first()).toBeVisible();
    await expect(
      page.getByText("Failed to import tournament. Please check your Excel file format.").first(),
    ).toBeVisible();

    // A file over the upload limit (about 10 MB) is refused before it is read: a page to read, not the refusal's JSON.
    await page.locator("summary", { hasText: "Import Spreadsheet" }).click();
    await page.getByLabel("Excel file (.xlsx, .xls)").setInputFiles({
      name: "huge.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.alloc(11_000_000),
    });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("What was sent is too large. Please try again with less.")).toBeVisible();
    await page.goto("/dashboard");

    await page.locator("summary", { hasText: "Import Spreadsheet" }).click();
    await page.getByLabel("Excel file (.xlsx, .xls)").setInputFiles({
      name: "cup.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(excelData, "base64"),
    });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Import Successful")).toBeVisible();
    await expect(page.getByText(/was imported with 3 players/)).toBeVisible();
    await expect(page.locator("tr", { hasText: name })).toHaveCount(2);
  });

  test("complete asks twice and delete asks once, from the dashboard", async ({ noJsPage: page }) => {
    await login(page, unique("host"), "password123");
    const toComplete = unique("Complete Me ");
    const toDelete = unique("Delete Me ");
    await createTournament(page, toComplete);
    await createTournament(page, toDelete);

    let row = await dashboardRow(page, toComplete);
    await row.locator("summary", { hasText: "Complete Tournament" }).click();
    await expect(row.getByText(/calculates the final standings and makes the tournament read-only/)).toBeVisible();
    // Two confirmations, the same as the last round's advance on the score screen (docs/rules.md "Host flows").
    await expect(row.getByRole("button", { name: "Complete Tournament" })).toHaveCount(0);
    await row.locator("summary", { hasText: "Continue" }).click();
    await expect(row.getByText("This is the final confirmation.")).toBeVisible();
    await row.getByRole("button", { name: "Complete Tournament" }).click();
    await expect(page.getByText("Tournament completed")).toBeVisible();
    await expect(page.getByText("Final standings have been calculated with comprehensive tiebreaking.")).toBeVisible();
    row = await dashboardRow(page, toComplete);
    await expect(row).toContainText("Completed");
    await expect(row.getByRole("link", { name: "View Results" })).toBeVisible();
    await expect(row.locator("summary", { hasText: "Complete Tournament" })).toHaveCount(0);

    row = await dashboardRow(page, toDelete);
    await row.locator("summary", { hasText: "Delete Tournament" }).click();
    await expect(row.getByText(/This action cannot be undone/)).toBeVisible();
    await row.getByRole("button", { name: "Delete Tournament" }).click();
    await expect(page.getByText("Tournament deleted")).toBeVisible();
    await expect(page.getByText("Tournament and all related data have been removed.")).toBeVisible();
    await expect(page.locator("tr", { hasText: toDelete })).toHaveCount(0);
  });

  test("check-in management: lock needs 8, the Round 1 button waits for 16, late players and substitution forms", async ({
    noJsPage: page,
  }) => {
    await login(page, unique("host"), "password123");
    const id = await createTournament(page, unique("Mgmt Cup "));
    await page.getByLabel("Players, one per line").fill(bulkLines(6, "M"));
    await page.getByRole("button", { name: "Import Players" }).click();
    await expect(page.getByText("6 players have been added to the tournament.")).toBeVisible();

    await page.goto(`/tournament-checkin/${id}`);
    await expect(page.getByRole("heading", { name: "Check-in Management" })).toBeVisible();
    await expect(page.locator(".stat-card", { hasText: "Status" })).toContainText("Open");
    // Below 8 checked in, Lock is shown disabled with the reason (DECISIONS.md: never offer what can only be refused).
    await expect(page.getByRole("button", { name: "Lock Tournament" })).toBeDisabled();
    await expect(page.getByText("Need at least 8 checked-in players to lock tournament").first()).toBeVisible();

    for (let i = 1; i <= 4; i++) {
      await page.getByRole("button", { name: `Check in M${i}#T${i}`, exact: true }).click();
      await expect(page.getByRole("button", { name: `Check out M${i}#T${i}`, exact: true })).toBeVisible();
    }
    const roundOne = page.getByRole("button", { name: "Generate Round 1 Lobbies (4 players)" });
    await expect(roundOne).toBeDisabled();
    await expect(page.getByText("At least 16 players must be checked in to generate lobbies")).toBeVisible();
    await expect(page.getByRole("button", { name: "Substitute Player" })).toBeDisabled();

    await page.getByLabel("Player Name").fill("Late Comer");
    await expect(page.getByLabel("Riot Tag")).toHaveAttribute("placeholder", "NA1");
    await page.getByLabel("Riot Tag").fill("OCE");
    await page.getByRole("button", { name: "Add Player" }).click();
    await expect(page.getByText("Player Added")).toBeVisible();
    await expect(page.locator(".host-checkin-card", { hasText: "Late Comer" })).toBeVisible();
  });

  test("settings save with a toast and refuse an empty name", async ({ noJsPage: page }) => {
    await login(page, unique("hostset"), "password123");
    const id = await createTournament(page, unique("Settings Cup "));
    await page.goto(`/tournaments/${id}/settings`);
    await expect(page.getByRole("heading", { name: "Tournament Settings" })).toBeVisible();
    await page.getByLabel("Tournament Name").fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Tournament name is required").first()).toBeVisible();
    const renamed = unique("Renamed ");
    await page.getByLabel("Tournament Name").fill(renamed);
    await page.getByLabel("Max Players").selectOption("64");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Tournament updated successfully")).toBeVisible();
    await expect(page.locator(".host-page-header")).toContainText(renamed);
    await expect(page.getByLabel("Max Players")).toHaveValue("64");
  });
});

test("between rounds, manage players offers substitution and elimination", async ({ noJsPage: page }) => {
  test.setTimeout(60_000);
  await login(page, unique("hostsub"), "password123");
  // The round cycle itself belongs to the score screen; the API gets this tournament to Round 2 quickly.
  const api = page.request;
  const created = await api.post("/api/tournaments", {
    data: { name: unique("Sub Cup "), maxPlayers: 16, totalRounds: 3, format: "standard" },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const bulk = await api.post(`/api/tournaments/${id}/players/bulk`, {
    data: { players: Array.from({ length: 16 }, (_, i) => ({ name: `S${i + 1}`, riotTag: `T${i + 1}`, lp: 0 })) },
  });
  expect(bulk.status(), await bulk.text()).toBe(200);
  const roster = (await bulk.json()) as { id: number }[];
  for (const p of roster) {
    const res = await api.post(`/api/players/${p.id}/checkin`, { data: { checkedIn: true } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const generated = await api.post(`/api/tournaments/${id}/lobbies/generate`, { data: { roundNumber: 1 } });
  expect(generated.ok(), await generated.text()).toBe(true);
  const lobbies = (await (await api.get(`/api/tournaments/${id}/lobbies`)).json()) as {
    id: number;
    playerIds: number[];
  }[];
  for (const lobby of lobbies) {
    const res = await api.post(`/api/lobbies/${lobby.id}/matches`, {
      data: { scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })) },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const advanced = await api.post(`/api/tournaments/${id}/advance-round`, { data: { eliminationCount: 0 } });
  expect(advanced.ok(), await advanced.text()).toBe(true);

  await page.goto(`/manage-players/${id}`);
  await expect(page.getByRole("heading", { name: "Substitution & Management" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Substitute Player" })).toBeDisabled();
  await page.getByLabel("Active player", { exact: true }).selectOption({ label: "S3#T3" });
  await page.getByRole("button", { name: "Eliminate", exact: true }).click();
  await expect(page.getByText("S3 has been eliminated.")).toBeVisible();

  // Both players are needed; then S3 comes back in for S5.
  await page.getByLabel("Active player to replace").selectOption({ label: "S5#T5" });
  await page.getByRole("button", { name: "Substitute Player" }).click();
  await expect(page.getByText("Please select both players for substitution").first()).toBeVisible();
  await expect(page.getByLabel("Active player to replace")).toHaveValue(String(roster[4].id));
  await page.getByLabel("Eliminated player to bring in").selectOption({ label: "S3#T3" });
  await page.getByRole("button", { name: "Substitute Player" }).click();
  await expect(page.getByText("Substitution Complete")).toBeVisible();
  await expect(page.getByText("S3 has replaced S5.")).toBeVisible();
  await expect(page.locator(".host-player-card", { hasText: "S5#T5" })).toContainText("Eliminated");
});

test.describe("host screens with JavaScript", () => {
  test("a spreadsheet over 10 MB is refused on the dashboard before it is sent; a bad one by the server", async ({
    page,
  }) => {
    await login(page, unique("hostjs"), "password123");
    await page.goto("/dashboard");
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") uploads.push(request.url());
    });
    await page.locator("summary", { hasText: "Import Spreadsheet" }).click();
    const file = page.getByLabel("Excel file (.xlsx, .xls)");
    await file.setInputFiles({
      name: "huge.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.alloc(10_000_001),
    });
    await expect(page.getByRole("alert").filter({ hasText: "The file is too large: at most 10 MB." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tournament Dashboard" })).toBeVisible();
    expect(uploads, "nothing was sent").toEqual([]);

    await file.setInputFiles({ name: "notes.xlsx", mimeType: "text/plain", buffer: Buffer.from("not a spreadsheet") });
    await expect(
      page.getByText("Failed to import tournament. Please check your Excel file format.").first(),
    ).toBeVisible();
    await expect(page.getByText("The file is too large: at most 10 MB.")).toHaveCount(0);
  });

  test("create, bulk add, start check-in, check in 16 and generate Round 1", async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, unique("hostjs"), "password123");
    const name = unique("Js Cup ");
    const id = await createTournament(page, name, { maxPlayers: 16 });

    await page.getByLabel("Players, one per line").fill(bulkLines(16, "J"));
    await page.getByRole("button", { name: "Import Players" }).click();
    await expect(page.locator(".stat-card", { hasText: "Total Players" })).toContainText("16");
    await expect(page.getByLabel("Players, one per line")).toHaveValue("");

    // At capacity the single add is refused with the capacity message, unless manually overridden.
    await page.getByLabel("Player Name").fill("Extra");
    await page.getByLabel("Riot Tag").fill("X1");
    await page.getByRole("button", { name: "Add Player" }).click();
    await expect(
      page
        .locator(".host-add-player")
        .getByText("Tournament is at maximum capacity (16 players). Remove a player first."),
    ).toBeVisible();
    await expect(page.getByLabel("Player Name")).toHaveValue("Extra");
    await page.getByLabel(/Manual override: add beyond the player limit \(/).check();
    await page.getByRole("button", { name: "Add Player" }).click();
    await expect(page.locator(".host-player-card", { hasText: "Extra" })).toBeVisible();
    await expect(page.getByLabel("Player Name")).toHaveValue("");

    const row = await dashboardRow(page, name);
    await row.locator("summary", { hasText: "Start Check-in" }).click();
    await row.getByRole("button", { name: "Start Check-in" }).click();
    await expect(page.locator("tr", { hasText: name })).toContainText("Check-in");

    await page.goto(`/checkin/${id}`);
    for (let i = 1; i <= 16; i++) {
      await page.getByRole("button", { name: `Check in J${i}#T${i}`, exact: true }).click();
      await expect(page.getByRole("button", { name: `Check out J${i}#T${i}`, exact: true })).toBeVisible();
    }
    await expect(page.locator(".stat-card", { hasText: "Checked In" })).toContainText("16/16");
    await page.getByRole("button", { name: "Check in Extra#X1", exact: true }).click();
    await expect(page.getByRole("alert").getByText("Maximum 16 players can be checked in")).toBeVisible();
    await expect(page.getByRole("alert").getByText("Tournament full").first()).toBeVisible();
    await page.locator("summary", { hasText: "Generate First Lobbies" }).click();
    await expect(
      page.getByText("This will remove 1 unchecked players and generate Round 1 lobbies. Continue?"),
    ).toBeVisible();
    await page.getByRole("button", { name: "Generate Lobbies" }).click();
    await page.waitForURL(new RegExp(`/scores/${id}$`));

    // Export to Excel from the dashboard saves an .xlsx file.
    const exportRow = await dashboardRow(page, name);
    await exportRow.locator("summary", { hasText: "Export to Excel" }).click();
    await expect(exportRow.getByText("Export Ready")).toBeVisible();
    const download = page.waitForEvent("download");
    await exportRow.getByRole("link", { name: "Download Excel File" }).click();
    expect((await download).suggestedFilename(), "the exported file's name").toMatch(/_export\.xlsx$/);
    await expect(page.getByText("Download started")).toBeVisible();
  });
});

test("a second organizer sees View Only and no management on someone else's public tournament", async ({
  browser,
  baseURL,
}) => {
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await login(owner, unique("owner"), "password123");
  const name = unique("Shared Cup ");
  const id = await createTournament(owner, name, { isPublic: true });
  await ownerContext.close();

  const otherContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const other = await otherContext.newPage();
  await login(other, unique("other"), "password123");
  const row = await dashboardRow(other, name);
  await expect(row.locator(".badge", { hasText: "View Only" })).toBeVisible();
  await expect(row.getByRole("link", { name: "Public View" })).toBeVisible();
  await expect(row.getByRole("link", { name: "Tournament Settings" })).toHaveCount(0);
  await expect(row.locator("summary", { hasText: "Delete Tournament" })).toHaveCount(0);

  for (const path of [
    `/tournaments/${id}/manage-players`,
    `/checkin/${id}`,
    `/tournament-checkin/${id}`,
    `/tournament-settings/${id}`,
  ]) {
    await other.goto(path);
    await expect(other.locator(".host-view-only"), `View Only note on ${path}`).toBeVisible();
    await expect(
      other.getByRole("button", { name: /Add Player|Save Settings|Lock Tournament|Save Check-ins/ }),
    ).toHaveCount(0);
  }

  // The server refuses the mutation anyway.
  const response = await other.request.post(`/tournaments/${id}/manage-players`, {
    form: { intent: "add-player", name: "Intruder", riotTag: "BAD" },
  });
  expect(response.status(), "a non-owner's add-player answer").toBe(403);
  await otherContext.close();
});

for (const javaScript of [true, false]) {
  test(`a delete that fails says "Failed to delete tournament. Please try again." (JavaScript ${javaScript ? 'on: the toast "Error"' : "off: the alert"})`, async ({
    page: jsPage,
    noJsPage,
    request,
  }) => {
    const page = javaScript ? jsPage : noJsPage;
    const username = unique("host");
    await login(page, username, "password123");
    const name = unique("Gone Already ");
    const id = await createTournament(page, name);
    await page.goto("/dashboard");
    const row = await dashboardRow(page, name);
    await row.locator("summary", { hasText: "Delete Tournament" }).click();
    // Deleted meanwhile (another tab, the API): the page's delete is refused.
    const auth = await request.post("/api/auth/login", { data: { username, password: "password123" } });
    const token = (await auth.json()).token as string;
    expect(
      (await request.delete(`/api/tournaments/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status(),
    ).toBe(200);
    await row.getByRole("button", { name: "Delete Tournament" }).click();
    if (javaScript) {
      const toast = page.locator(".toast").filter({ hasText: "Failed to delete tournament. Please try again." });
      await expect(toast).toBeVisible();
      await expect(toast.locator(".title")).toHaveText("Error");
      await expect(toast).not.toContainText("Tournament not found");
    } else {
      await expect(page.getByRole("alert").first()).toContainText("Failed to delete tournament. Please try again.");
    }
  });
}
