// The flash toast's cookie is Secure exactly when the session cookie is: over HTTPS, or behind a TLS proxy that says so.
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

  test("over plain HTTP neither cookie is Secure (a browser would drop it)", async () => {
    const response = await signIn();
    expect(cookieNamed(response, "tm_session")).not.toMatch(/secure/i);
    expect(cookieNamed(response, "tm_toast")).toBeDefined();
    expect(cookieNamed(response, "tm_toast")).not.toMatch(/secure/i);
  });
});
