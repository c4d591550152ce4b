// The Webhooks settings page without JavaScript, at 360 px: add an endpoint (a refusal keeps what was typed), send a test event that a local receiver gets signed and the delivery log shows, rotate the secret, disable, enable, edit and delete; and with JavaScript, a new secret shown once.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { setTheme } from "./a11y-world";
import { axe } from "./axe";
import { expect, login, PASSWORD, test, uniqueName } from "./fixtures";

type Received = { headers: Record<string, string>; body: string };

/** A receiver on 127.0.0.1 (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=1). */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/receiver`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const toast = (page: Page) => page.locator(".toast .title");

/** A new organizer signed in on `page`, their API headers and a tournament of theirs. */
async function ownerWithTournament(page: Page, request: APIRequestContext, prefix: string) {
  const owner = uniqueName(prefix);
  await login(page, owner, PASSWORD);
  const auth = await request.post("/api/auth/login", { data: { username: owner, password: PASSWORD } });
  const headers = { Authorization: `Bearer ${(await auth.json()).token}` };
  const created = await request.post("/api/tournaments", {
    headers,
    data: { name: `Hooks ${owner}`, format: "standard", maxPlayers: 16, totalRounds: 2 },
  });
  const { id } = (await created.json()) as { id: number };
  return { headers, id };
}
const secretOf = async (card: ReturnType<Page["locator"]>) =>
  (await card.locator(".webhook-secret").textContent())?.trim() ?? "";

test("without JavaScript at 360 px the owner adds a webhook, tests it, rotates its secret, disables, edits and deletes it", async ({
  noJsPage: page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const receiver = await startReceiver();
  try {
    const { headers, id } = await ownerWithTournament(page, request, "whk");

    // Settings links to the sub-page.
    await page.goto(`/tournaments/${id}/settings`);
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(new RegExp(`/tournaments/${id}/webhooks$`));
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByText("No webhooks yet")).toBeVisible();

    // A refusal: 400 with the message next to the field and the typed URL kept.
    const add = page.getByRole("form", { name: "Add webhook" });
    await add.getByLabel("Endpoint URL").fill("ftp://files.example.com/hook");
    await add.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(page.getByRole("form", { name: "Add webhook" }).locator(".alert.error")).toContainText(
      "Webhook URL must be a valid http:// or https:// address",
    );
    await expect(page.getByRole("form", { name: "Add webhook" }).getByLabel("Endpoint URL")).toHaveValue(
      "ftp://files.example.com/hook",
    );

    // Added: standard kind, the default events plus "Score saved".
    const form = page.getByRole("form", { name: "Add webhook" });
    await form.getByLabel("Endpoint URL").fill(receiver.url);
    await form.getByLabel(/Score saved/).check();
    await form.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(toast(page)).toHaveText("Webhook added");
    const card = page.locator("section.host-webhook");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(receiver.url);
    await expect(card.locator(".badge")).toHaveText("Enabled");
    await expect(card.locator(".webhook-facts")).toContainText("Score saved, Round finalized, Tournament completed");
    // The secret is shown on this one page, then never again (DECISIONS.md: "secrets shown once").
    await expect(card.locator(".webhook-new-secret")).toContainText("Copy it now: it is shown only once.");
    const secret = await secretOf(card);
    expect(secret).toMatch(/^whsec_/);

    // Send a test event: the receiver gets it signed with the secret, and the log shows the attempt.
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(toast(page)).toHaveText("Test event queued");
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const got = receiver.received[0];
    const verified = new Webhook(secret).verify(got.body, got.headers) as { type: string };
    expect(verified.type).toBe("webhook.test");
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator("table.webhook-log tbody tr").count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const row = page.locator("table.webhook-log tbody tr").first();
    await expect(row).toContainText("webhook.test");
    await expect(row).toContainText("200");
    await expect(row.locator("td").nth(4)).toHaveText("1");
    expect(await page.content()).not.toContain(secret);
    await expect(page.locator("section.host-webhook")).toContainText("Signing secret: shown only when it is made.");

    // Rotate the secret.
    await page.locator("section.host-webhook").getByRole("button", { name: "Rotate secret" }).click();
    await expect(toast(page)).toHaveText("Secret rotated");
    const rotated = await secretOf(page.locator("section.host-webhook"));
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    // Disable, then enable.
    await page.locator("section.host-webhook").getByRole("button", { name: "Disable" }).click();
    await expect(toast(page)).toHaveText("Webhook disabled");
    await expect(page.locator("section.host-webhook .badge")).toHaveText("Disabled");
    await expect(page.locator("section.host-webhook")).toContainText("Disabled by the owner");
    await expect(page.locator("section.host-webhook").getByRole("button", { name: "Send test event" })).toHaveCount(0);
    await page.locator("section.host-webhook").getByRole("button", { name: "Enable" }).click();
    await expect(toast(page)).toHaveText("Webhook enabled");
    await expect(page.locator("section.host-webhook .badge")).toHaveText("Enabled");

    // Edit: no event ticked is refused; then a Discord kind with one event.
    await page.locator("section.host-webhook summary", { hasText: "Edit endpoint" }).click();
    const edit = page.getByRole("form", { name: `Edit the webhook to ${receiver.url}` });
    for (const box of await edit.getByRole("checkbox").all()) await box.uncheck();
    await edit.getByRole("button", { name: "Save Endpoint" }).click();
    await expect(
      page.getByRole("form", { name: `Edit the webhook to ${receiver.url}` }).locator(".alert.error"),
    ).toContainText("Choose at least one event");
    const again = page.getByRole("form", { name: `Edit the webhook to ${receiver.url}` });
    await again.getByLabel("Kind").selectOption("discord");
    await again.getByLabel(/Tournament completed/).check();
    await again.getByRole("button", { name: "Save Endpoint" }).click();
    await expect(toast(page)).toHaveText("Webhook updated");
    await expect(page.locator("section.host-webhook .webhook-facts")).toContainText("Discord");

    // Nothing is wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Delete.
    await page
      .locator("section.host-webhook")
      .getByRole("button", { name: /^Delete the webhook/ })
      .click();
    await expect(toast(page)).toHaveText("Webhook deleted");
    await expect(page.getByText("No webhooks yet")).toBeVisible();

    // Another organizer is refused the page: the tournament is not public, so to them it does not exist
    // (docs/decisions/021-check-in-and-share-links.md); a public one would answer 403.
    const stranger = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
    const strangerPage = await stranger.newPage();
    await login(strangerPage, uniqueName("whs"), PASSWORD);
    const answer = await strangerPage.goto(`/tournaments/${id}/webhooks`);
    expect(answer?.status()).toBe(404);
    expect((await request.patch(`/api/tournaments/${id}`, { headers, data: { isPublic: true } })).status()).toBe(200);
    expect((await strangerPage.goto(`/tournaments/${id}/webhooks`))?.status()).toBe(403);
    await stranger.close();
  } finally {
    await receiver.close();
  }
});

/** Axe finds nothing and nothing is wider than the phone (the new secret is one long word). */
async function expectFitsAndAccessible(page: Page, when: string) {
  expect(await axe(page), when).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, when).toBeLessThanOrEqual(0);
}

test("with JavaScript at 360 px the new secret is shown once after adding and after rotating, and not after a reload", async ({
  browser,
  baseURL,
  request,
}) => {
  // bypassCSP: axe-core is injected as a script.
  const context = await browser.newContext({ baseURL, bypassCSP: true, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  try {
    await secretShownOnce(page, context, baseURL!, request);
  } finally {
    await context.close();
  }
});

async function secretShownOnce(page: Page, context: BrowserContext, baseURL: string, request: APIRequestContext) {
  const { headers, id } = await ownerWithTournament(page, request, "whj");
  await page.goto(`/tournaments/${id}/webhooks`);
  const form = page.getByRole("form", { name: "Add webhook" });
  await form.getByLabel("Endpoint URL").fill("https://example.com/hooks");
  await form.getByRole("button", { name: "Add Endpoint" }).click();
  await expect(toast(page)).toHaveText("Webhook added");
  const card = page.locator("section.host-webhook");
  await expect(card.locator(".webhook-new-secret")).toBeVisible();
  const secret = await secretOf(card);
  expect(secret).toMatch(/^whsec_/);
  await expectFitsAndAccessible(page, "the new secret, dark theme");
  // The API's reads of the endpoint do not carry it either.
  const list = await request.get(`/api/tournaments/${id}/webhooks`, { headers });
  expect(await list.text()).not.toContain(secret);

  await page.reload();
  await expect(card.locator(".webhook-secret")).toHaveCount(0);
  await expect(card).toContainText("Signing secret: shown only when it is made.");

  await setTheme(context, baseURL, "light");
  await card.getByRole("button", { name: "Rotate secret" }).click();
  await expect(toast(page)).toHaveText("Secret rotated");
  await expect(card.locator(".webhook-new-secret")).toBeVisible();
  const rotated = await secretOf(card);
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await expectFitsAndAccessible(page, "the rotated secret, light theme");
  await page.reload();
  await expect(card.locator(".webhook-secret")).toHaveCount(0);
}
