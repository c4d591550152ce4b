// Player self check-in with JavaScript off: the owner opens it and reads the code, a visitor checks in with it (a wrong code is
// refused, what they chose is kept), the host sees it; closing stops it. With JavaScript, the host's page updates live.
import type { APIRequestContext } from "@playwright/test";
import { expect, login, test } from "./fixtures";

const PASSWORD = "password123";
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type ApiPlayer = { id: number; name: string; riotTag: string };

async function hostApi(request: APIRequestContext, username: string) {
  const response = await request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(response.ok(), "demo login").toBeTruthy();
  const token = ((await response.json()) as { token: string }).token;
  return async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data: body });
    if (!reply.ok()) throw new Error(`${method} ${path} answered ${reply.status()}: ${await reply.text()}`);
    return (await reply.json()) as T;
  };
}

/** A tournament in check-in with six registered players, made through the API. */
async function tournamentInCheckin(request: APIRequestContext, owner: string, name: string) {
  const api = await hostApi(request, owner);
  const t = await api<{ id: number }>("POST", "/api/tournaments", {
    name,
    maxPlayers: 16,
    totalRounds: 2,
    isPublic: true,
  });
  const players = await api<ApiPlayer[]>("POST", `/api/tournaments/${t.id}/players/bulk`, {
    players: Array.from({ length: 6 }, (_, i) => ({ name: `Self Player ${i + 1}`, riotTag: `SC${i + 1}` })),
  });
  await api("POST", `/api/tournaments/${t.id}/start-checkin`);
  return { api, id: t.id, players };
}

test("without JavaScript: the owner opens self check-in, a visitor checks in with the code, a wrong code is refused", async ({
  noJsPage: host,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const owner = `selfhost_${suffix}`;
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { id, players } = await tournamentInCheckin(request, owner, `Self Cup ${suffix}`);

  await login(host, owner, PASSWORD);
  await host.goto(`/tournament-checkin/${id}`);
  const panel = host.getByRole("region", { name: "Player Self Check-in" });
  await panel.getByRole("button", { name: "Open self check-in" }).click();
  const code = (await panel.locator(".self-checkin-code-display").textContent())!.trim();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
  await expect(panel.getByLabel("Player check-in link")).toHaveValue(new RegExp(`/tournaments/${id}/check-in$`));

  const visitorContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/tournaments/${id}/check-in`);
  await expect(visitor.getByRole("heading", { name: "Player Check-in" })).toBeVisible();
  const me = players[2];
  await visitor.getByLabel("Your name").selectOption({ label: me.name });
  await visitor.getByLabel("Your game tag").fill(me.riotTag);
  await visitor.getByLabel("Check-in code").fill(code === "AAAAAA" ? "BBBBBB" : "AAAAAA");
  await visitor.getByRole("button", { name: "Check In" }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: "Wrong check-in code" }).first()).toBeVisible();
  // The chosen name is kept; the code is not.
  await expect(visitor.getByLabel("Your name")).toHaveValue(String(me.id));

  // The tag must be exact: another case is another tag.
  await visitor.getByLabel("Your game tag").fill(me.riotTag.toLowerCase());
  await visitor.getByLabel("Check-in code").fill(code.toLowerCase());
  await visitor.getByRole("button", { name: "Check In" }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: "This game tag does not match" }).first()).toBeVisible();
  await visitor.getByLabel("Your game tag").fill(me.riotTag);
  await visitor.getByLabel("Check-in code").fill(code.toLowerCase());
  await visitor.getByRole("button", { name: "Check In" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/tournaments/${id}/check-in\\?checkedIn=${me.id}$`));
  await expect(visitor.locator(".alert.success").filter({ hasText: `${me.name} is checked in` })).toBeVisible();
  // The list names players only, never their tags (the tag is the proof).
  await expect(visitor.getByLabel("Your name").locator("option", { hasText: "#" })).toHaveCount(0);
  await expect(visitor.getByLabel("Your name").locator("option", { hasText: `${me.name} (checked in)` })).toHaveCount(
    1,
  );

  // Typing Name#Tag works too (the name in any case, the tag exact).
  const other = players[4];
  await visitor.getByLabel("Or type it as Name#Tag").fill(`${other.name.toUpperCase()}#${other.riotTag}`);
  await visitor.getByLabel("Check-in code").fill(code);
  await visitor.getByRole("button", { name: "Check In" }).click();
  await expect(visitor.locator(".alert.success").filter({ hasText: `${other.name} is checked in` })).toBeVisible();

  // A player takes their own check-in back.
  await visitor.getByLabel("Or type it as Name#Tag").fill(`${other.name}#${other.riotTag}`);
  await visitor.getByLabel("Check-in code").fill(code);
  await visitor.getByRole("button", { name: "Check Out" }).click();
  await expect(
    visitor.locator(".alert.success").filter({ hasText: `${other.name} is no longer checked in` }),
  ).toBeVisible();
  await visitor.getByLabel("Or type it as Name#Tag").fill(`${other.name}#${other.riotTag}`);
  await visitor.getByLabel("Check-in code").fill(code);
  await visitor.getByRole("button", { name: "Check In" }).click();

  // The owner sees the tries per address and may change the code.
  await host.reload();
  await expect(
    host.getByRole("table", { name: "Self check-in tries in the last 15 minutes, by address" }),
  ).toBeVisible();
  await host.getByRole("button", { name: "Change code" }).click();
  await expect(host.locator(".self-checkin-code-display")).not.toHaveText(code);

  await host.reload();
  await expect(host.getByRole("button", { name: `Check out ${me.name}#${me.riotTag}` })).toBeVisible();
  await expect(host.getByRole("region", { name: "Check-in status" }).getByText("2/16")).toBeVisible();

  await host.getByRole("button", { name: "Close self check-in" }).click();
  await expect(host.getByRole("button", { name: "Open self check-in" })).toBeVisible();
  await visitor.goto(`/tournaments/${id}/check-in`);
  await expect(visitor.getByText("Self check-in is not open")).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Check In" })).toHaveCount(0);
  await visitorContext.close();
  await request.dispose();
});

test("with JavaScript: the host's check-in page shows a player's own check-in without a reload", async ({
  page,
  playwright,
}) => {
  test.setTimeout(60_000);
  const owner = `selflive_${suffix}`;
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { api, id, players } = await tournamentInCheckin(request, owner, `Self Live Cup ${suffix}`);
  const { code } = await api<{ code: string }>("POST", `/api/tournaments/${id}/self-checkin/code`);

  await login(page, owner, PASSWORD);
  const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto(`/tournament-checkin/${id}`);
  await streamOpened;
  await expect(page.locator(".self-checkin-code-display")).toHaveText(code);
  await page.evaluate(() => ((window as unknown as { __host: string }).__host = "same document"));

  const me = players[0];
  const reply = await request.post(`/api/tournaments/${id}/self-checkin`, {
    data: { nameTag: `${me.name}#${me.riotTag}`, code },
  });
  expect(reply.status()).toBe(200);
  await expect(page.getByRole("button", { name: `Check out ${me.name}#${me.riotTag}` })).toBeVisible({
    timeout: 20_000,
  });
  expect(await page.evaluate(() => (window as unknown as { __host?: string }).__host)).toBe("same document");
  await request.dispose();
});

test("with JavaScript, the player's page (no React) toasts a wrong code and a check-in, loading no script files", async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { api, id, players } = await tournamentInCheckin(request, `selfjs_${suffix}`, `Self JS Cup ${suffix}`);
  const { code } = await api<{ code: string }>("POST", `/api/tournaments/${id}/self-checkin/code`);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  const me = players[1];
  await page.goto(`/tournaments/${id}/check-in`);
  await page.getByLabel("Your name").selectOption({ label: me.name });
  await page.getByLabel("Your game tag").fill(me.riotTag);
  await page.getByLabel("Check-in code").fill(code === "AAAAAA" ? "BBBBBB" : "AAAAAA");
  await page.getByRole("button", { name: "Check In" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Wrong code" })).toContainText("Wrong check-in code");
  await page.getByLabel("Your game tag").fill(me.riotTag);
  await page.getByLabel("Check-in code").fill(code);
  await page.getByRole("button", { name: "Check In" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check-in Updated" })).toContainText(
    `${me.name} is checked in.`,
  );
  expect(scripts, "script files requested").toEqual([]);
  await request.dispose();
});
