// The flash toast's cookie is signed (a client cannot forge a toast) and Secure exactly when the session cookie is: over
// HTTPS, or behind a TLS proxy that says so.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

describe.skipIf(skip)(`toast cookie${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  const cookieNamed = (response: Response, name: string) =>
    response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

  async function signIn(headers: Record<string, string> = {}, path = "/login") {
    return fetch(app.baseURL + path, {
      method: "POST",
      headers,
      body: new URLSearchParams({ username: unique("toast"), password: "password123" }),
      redirect: "manual",
    });
  }

  test("behind a TLS proxy the toast cookie is Secure like the session cookie (form post and .data)", async () => {
    for (const path of ["/login", "/login.data"]) {
      const response = await signIn({ "x-forwarded-proto": "https" }, path);
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(400);
      expect(cookieNamed(response, "tm_session"), path).toMatch(/;\s*Secure/i);
      const toast = cookieNamed(response, "tm_toast");
      expect(toast, `${path}: no toast cookie`).toBeDefined();
      expect(toast, path).toMatch(/;\s*Secure/i);
      expect(toast, path).toMatch(/;\s*HttpOnly/i);
      expect(toast!.match(/secure/gi), "the attribute appears once").toHaveLength(1);
    }
  });

  test("the header that clears a shown toast is Secure too", async () => {
    const login = await signIn({ "x-forwarded-proto": "https" });
    const cookies = ["tm_session", "tm_toast"].map((name) => cookieNamed(login, name)!.split(";")[0]).join("; ");
    const page = await fetch(`${app.baseURL}/dashboard`, {
      headers: { cookie: cookies, "x-forwarded-proto": "https" },
    });
    expect(page.status).toBe(200);
    const clear = cookieNamed(page, "tm_toast");
    expect(clear, "the toast is cleared once shown").toMatch(/Max-Age=0/i);
    expect(clear).toMatch(/;\s*Secure/i);
  });

  test("a signed flash toast is shown once on the next page; a forged or tampered one is never shown", async () => {
    const login = await signIn();
    const session = cookieNamed(login, "tm_session")!.split(";")[0];
    const toast = cookieNamed(login, "tm_toast")!.split(";")[0];
    const page = await fetch(`${app.baseURL}/dashboard`, { headers: { cookie: `${session}; ${toast}` } });
    expect(await page.text()).toContain("Login successful");

    const [, value] = toast.split("=");
    const forged = (data: unknown) => encodeURIComponent(btoa(JSON.stringify(data)));
    const attempts = {
      // The old, unsigned format: base64url JSON inside the cookie's own encoding.
      unsigned: forged(Buffer.from(JSON.stringify({ title: "Forged toast" })).toString("base64url")),
      "a flash without a signature": forged({ __flash_toast__: { title: "Forged toast" } }),
      "another signature": `${value.split(".")[0]}.${"A".repeat(43)}`,
    };
    for (const [label, cookie] of Object.entries(attempts)) {
      const answer = await fetch(`${app.baseURL}/login`, { headers: { cookie: `tm_toast=${cookie}` } });
      expect(answer.status, label).toBe(200);
      const html = await answer.text();
      expect(html, label).not.toContain("Forged toast");
      expect(html, label).not.toContain("Login successful");
      expect(cookieNamed(answer, "tm_toast"), `${label}: cleared`).toMatch(/Max-Age=0/i);
    }
  });

  test("over plain HTTP neither cookie is Secure (a browser would drop it)", async () => {
    const response = await signIn();
    expect(cookieNamed(response, "tm_session")).not.toMatch(/secure/i);
    expect(cookieNamed(response, "tm_toast")).toBeDefined();
    expect(cookieNamed(response, "tm_toast")).not.toMatch(/secure/i);
  });
});
