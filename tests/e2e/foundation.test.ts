// The foundation in a real browser: sign-in and sign-out with and without JavaScript, guards, theme, 404, security.
import { expect, login, test, E2E_MASTER, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

const unique = () => `u${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test.describe("login and logout through the real form", () => {
  for (const javaScript of [true, false]) {
    test(`works with JavaScript ${javaScript ? "enabled" : "disabled"}`, async ({ page, noJsPage }) => {
      const p = javaScript ? page : noJsPage;
      const username = unique();
      await p.goto("/login");
      await expect(p.getByText("Tournament Manager - Admin Access")).toBeVisible();
      await expect(p.getByPlaceholder("Enter admin username")).toBeVisible();
      await expect(p.getByPlaceholder("Enter password")).toHaveAttribute("type", "password");
      await expect(p.getByText("Demo: Use any username/password combination")).toBeVisible();
      await login(p, username, "password123");
      await expect(p.getByRole("heading", { name: "Tournament Dashboard" })).toBeVisible();
      await expect(p.getByText("Login successful")).toBeVisible();

      // The user menu: initials avatar, username, role label.
      // A disclosure, not an ARIA menu (WCAG: role=menu needs menuitem children and arrow keys), so
      // its Logout is a plain button; the initials are text, part of its name.
      await p.locator(".user-menu > summary").click();
      await expect(p.getByText("Tournament Organizer")).toBeVisible();
      await expect(p.locator(".avatar")).toHaveText(username.slice(0, 2).toUpperCase());
      await p.getByRole("button", { name: "Logout" }).click();
      await p.waitForURL((url) => url.pathname === "/");
      await expect(p.getByText("Logout successful")).toBeVisible();
      await expect(p.getByRole("link", { name: "Login" })).toBeVisible();

      // Signed out again: the dashboard sends us to /auth.
      await p.goto("/dashboard");
      await expect(p).toHaveURL(/\/auth\?redirectTo=%2Fdashboard/);
    });
  }

  test("an empty field shows Missing credentials (JavaScript on: nothing is sent)", async ({ page }) => {
    await page.goto("/login");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Missing credentials")).toBeVisible();
    await expect(page.getByText("Please enter both username and password.")).toBeVisible();
    expect(posted).toBe(false);
  });

  test("an empty field shows Missing credentials (JavaScript off: the server answers it)", async ({ noJsPage }) => {
    await noJsPage.goto("/login");
    await noJsPage.locator('input[name="username"]').fill("someone");
    await noJsPage.getByRole("button", { name: "Sign In" }).click();
    await expect(noJsPage.getByText("Missing credentials")).toBeVisible();
    await expect(noJsPage.locator('input[name="username"]')).toHaveValue("someone");
  });

  test("a wrong password is refused", async ({ noJsPage }) => {
    const username = unique();
    await login(noJsPage, username, "password123");
    await noJsPage.context().clearCookies();
    await noJsPage.goto("/login");
    await noJsPage.locator('input[name="username"]').fill(username);
    await noJsPage.locator('input[name="password"]').fill("not-the-password");
    await noJsPage.getByRole("button", { name: "Sign In" }).click();
    await expect(noJsPage.getByText("Login failed")).toBeVisible();
    await expect(noJsPage.getByText("Please check your credentials and try again.")).toBeVisible();
    expect(new URL(noJsPage.url()).pathname).toBe("/login");
  });

  test("the master sees the Master badge and role label", async ({ noJsPage }) => {
    await login(noJsPage, E2E_MASTER.username, E2E_MASTER.password);
    await noJsPage.locator(".user-menu > summary").click();
    await expect(noJsPage.getByText("Master Administrator")).toBeVisible();
    await expect(noJsPage.locator(".badge", { hasText: "Master" })).toBeVisible();
  });
});

test.describe("guards", () => {
  test("protected pages send visitors to /auth", async ({ noJsPage }) => {
    // /guide is public (docs/rules.md "Spectator pages").
    for (const path of ["/dashboard", "/create-tournament", "/tournaments/1/settings", "/scores/1", "/leaderboard/1"]) {
      await noJsPage.goto(path);
      expect(new URL(noJsPage.url()).pathname, `visitor at ${path}`).toBe("/auth");
    }
  });

  test("the master-only page sends visitors and organizers to / and lets the master in", async ({
    noJsPage,
    request,
  }) => {
    const organizer = await request.post("/api/auth/login", { data: { username: unique(), password: "password123" } });
    const { token } = await organizer.json();
    const created = await request.post("/api/tournaments", {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: "Guarded Cup", maxPlayers: 16, totalRounds: 3 },
    });
    expect(created.status()).toBe(200);
    const { id } = await created.json();

    // SPEC "Master only (non-masters are sent to /)": a visitor too, not to the sign-in page.
    await noJsPage.goto(`/tournaments/${id}/master-override`);
    expect(new URL(noJsPage.url()).pathname).toBe("/");

    await login(noJsPage, unique(), "password123");
    await noJsPage.goto(`/tournaments/${id}/master-override`);
    expect(new URL(noJsPage.url()).pathname).toBe("/");

    await noJsPage.context().clearCookies();
    await login(noJsPage, E2E_MASTER.username, E2E_MASTER.password);
    await noJsPage.goto(`/tournaments/${id}/master-override`);
    expect(new URL(noJsPage.url()).pathname).toBe(`/tournaments/${id}/master-override`);
    await expect(noJsPage.getByText("ADMIN ONLY")).toBeVisible();
  });
});

test("the auth page has a Login tab and a disabled Create Account tab", async ({ noJsPage }) => {
  await noJsPage.goto("/auth?tab=register");
  await expect(noJsPage.getByText("Coming Soon").first()).toBeVisible();
  await expect(noJsPage.getByRole("button", { name: "Create Account" })).toBeDisabled();
  await noJsPage.goto("/auth/create-account");
  await expect(noJsPage.getByText("Coming Soon").first()).toBeVisible();
  // SPEC.md section 2: "A path containing create-account also opens the register tab".
  for (const path of ["/register/create-account", "/create-account/now", "/my-create-account?x=1"]) {
    const response = await noJsPage.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(noJsPage.getByRole("button", { name: "Create Account" })).toBeDisabled();
  }
  await noJsPage.goto("/auth?tab=login");
  await expect(noJsPage.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("both login screens say who may do what and that the application is experimental (SPEC.md, section 1)", async ({
  noJsPage,
}) => {
  for (const path of ["/login", "/auth?tab=login", "/auth?tab=register"]) {
    await noJsPage.goto(path);
    await expect(
      noJsPage.getByText(
        "Regular users create and manage their own tournaments. Master admins have full access to every tournament.",
      ),
      path,
    ).toBeVisible();
    await expect(
      noJsPage.getByText("This application is experimental. Features and data may change."),
      path,
    ).toBeVisible();
  }
});

test("the theme toggle works without JavaScript and persists", async ({ noJsPage }) => {
  await noJsPage.goto("/");
  await expect(noJsPage.locator("html")).toHaveClass("dark");
  // The theme menu is a <details>: it opens without JavaScript.
  await noJsPage.locator("summary[aria-label='Theme']").click();
  await noJsPage.getByTitle("Light theme").click();
  await expect(noJsPage.locator("html")).toHaveClass("light");
  expect(new URL(noJsPage.url()).pathname).toBe("/");
  await noJsPage.goto("/login");
  await expect(noJsPage.locator("html")).toHaveClass("light");
  await noJsPage.locator("summary[aria-label='Theme']").click();
  await noJsPage.getByTitle("System theme").click();
  await expect(noJsPage.locator("html")).toHaveClass("system");
});

test("unknown paths show the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  const api = await page.request.get("/api/no-such-endpoint");
  expect(api.status()).toBe(404);
});

test("the shell: footer badge, page titles, security headers", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/");
  await expect(page.getByText("v2.0 • Production Ready")).toBeVisible();
  await expect(page).toHaveTitle(/Tournament Manager/);
  const headers = response!.headers();
  // The landing page is cached and the same bytes for every visitor: its CSP names its inline scripts' hashes, never a
  // nonce (every visitor would share it).
  expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(headers["content-security-policy"]).not.toContain("nonce-");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();
  expect(headers["x-frame-options"]).toBe("DENY");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // A page that is not cached carries a fresh nonce on every inline script.
  const guide = await page.goto("/auth");
  const guideHeaders = guide!.headers();
  expect(guideHeaders["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[0-9a-f]+'/);
  const nonce = guideHeaders["content-security-policy"].match(/nonce-([0-9a-f]+)/)![1];
  // Browsers hide the attribute after parsing; the `nonce` property keeps it.
  const scripts = await page
    .locator("script")
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).nonce || n.getAttribute("nonce")));
  expect(scripts.length).toBeGreaterThan(0);
  for (const value of scripts) expect(value).toBe(nonce);
  expect(violations, "no Content-Security-Policy violations").toEqual([]);
  // docs/rules.md "Spectator pages": /guide is readable by everyone (it used to send visitors to /auth).
  await page.goto("/guide");
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole("heading", { name: "Tournament Guide" })).toBeVisible();
  // SPEC.md 9: "the guide says 16 to 256".
  await expect(page.getByText(/16 to 256 players/)).toBeVisible();
  // SPEC.md 4: "Completion per the guide: automatic when fewer than 4 players remain, by manual force completion, or at
  // the round limit."
  await expect(page.getByText(/completes in one of three ways.*forced completion.*round limit/)).toBeVisible();
  // DECISIONS.md: a visitor never meets a login wall from a public page; the host's links are for signed-in users.
  const main = page.getByRole("main");
  await expect(main.locator('a[href="/create-tournament"], a[href="/dashboard"]')).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
});

test("a document carries the stylesheet inline ahead of every script; a script's fetch gets it linked; hydration keeps it", async ({
  page,
  request,
}) => {
  // docs/decisions/016-inline-stylesheet.md: a navigation gets the stylesheet inline, so the page paints from its first
  // bytes without a second round trip; a script's fetch of a page (Sec-Fetch-Dest: empty, the live script's re-fetch)
  // gets the link. Pages with React: the stylesheet before their modulepreloads and scripts, so CSS never queues
  // behind JavaScript. Public pages ship no React (docs/decisions/013-public-pages-without-react.md): no modulepreloads.
  const linked = /<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/[\w-]+\.css)"/;
  const headOf = async (path: string, headers?: Record<string, string>) =>
    (await (await request.get(path, { headers })).text()).split("</head>")[0];
  const sheet = linked.exec(await headOf("/login", { "Sec-Fetch-Dest": "empty" }))![1];
  const sheetText = (await (await request.get(sheet)).text()).trim();
  expect(sheetText.length, "the built stylesheet").toBeGreaterThan(10_000);
  for (const [path, react] of [
    ["/login", true],
    ["/auth", true],
    ["/", false],
    ["/guide", false],
  ] as const) {
    const head = await headOf(path);
    expect(head, `${path}: no stylesheet link on a navigation`).not.toMatch(/rel="stylesheet"/);
    const inline = /<style id="app-stylesheet">([\s\S]*?)<\/style>/.exec(head);
    expect(inline?.[1].trim(), `${path}: the built stylesheet inline in the head`).toBe(sheetText);
    // Inline, nothing waits for it: only no script may come before it (modulepreloads do not block the paint).
    expect(head.slice(0, inline!.index), `${path}: no script before the stylesheet`).not.toContain("<script");
    if (!react) expect(head, `${path}: no modulepreload links`).not.toContain("modulepreload");
    else expect(head, `${path}: modulepreload links`).toContain("modulepreload");
    const fetched = await headOf(path, { "Sec-Fetch-Dest": "empty" });
    expect(fetched, `${path}: a script's fetch links the stylesheet`).toMatch(linked);
    expect(fetched, `${path}: a script's fetch carries no inline stylesheet`).not.toContain("<style");
    // Linked, the browser must ask for it before any JavaScript.
    const firstScript = fetched.search(/<link[^>]*rel="modulepreload"|<script/);
    if (react) expect(fetched.search(linked), `${path}: the link before the first script`).toBeLessThan(firstScript);
  }
  // Hydration keeps the server's <style> (React reads it back from the document) and fetches no stylesheet: no
  // restyle of the page mid-hydration, no hydration warning; a client navigation keeps it too.
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const fetchedSheets: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "stylesheet") fetchedSheets.push(r.url());
  });
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await page.evaluate(() => performance.getEntriesByName("tm:hydrated").length)).toBe(1);
  const styling = () =>
    page.evaluate(() => ({
      inline: document.querySelectorAll("style#app-stylesheet").length,
      links: document.querySelectorAll('link[rel="stylesheet"]').length,
      // The stylesheet applies: the sticky header.
      header: getComputedStyle(document.querySelector(".site-header")!).position,
    }));
  expect(await styling()).toEqual({ inline: 1, links: 0, header: "sticky" });
  await page.getByRole("link", { name: "Create Account" }).first().click();
  await expect(page).toHaveURL(/\/auth/);
  expect(await styling()).toEqual({ inline: 1, links: 0, header: "sticky" });
  expect(fetchedSheets, "no stylesheet file fetched").toEqual([]);
  expect(problems, "no hydration warnings or errors").toEqual([]);
});

test("no validation library reaches a visitor's browser: the server validates, public pages ship React and our code only", async ({
  page,
  request,
}) => {
  const { id } = await tournamentWithCheckedInPlayers(request, uniqueName("zod"), 8, { maxPlayers: 16 });
  const scripts = new Map<string, string>();
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script")
      scripts.set(response.url(), await response.text().catch(() => ""));
  });
  for (const path of ["/", `/tournaments/${id}/public`, `/leaderboard/${id}`, `/tournaments/${id}/check-in`]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  }
  expect(scripts.size, "the pages loaded their scripts").toBeGreaterThan(0);
  // zod's error class: a route component importing a schema module (or a constant beside one) pulls ~27 KB gzip in.
  const withZod = [...scripts].filter(([, text]) => text.includes("ZodError")).map(([url]) => url);
  expect(withZod, "scripts carrying zod").toEqual([]);
});

test.describe("API sessions and security", () => {
  test("a token revoked by logout no longer works", async ({ request }) => {
    const response = await request.post("/api/auth/login", { data: { username: unique(), password: "password123" } });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.user.role).toBe("user");
    const auth = { Authorization: `Bearer ${body.token}` };
    expect((await request.get("/api/auth/me", { headers: auth })).status()).toBe(200);
    expect((await request.post("/api/auth/logout", { headers: auth })).status()).toBe(200);
    expect((await request.get("/api/auth/me", { headers: auth })).status()).toBe(401);
    expect((await request.get("/api/tournaments", { headers: auth })).status()).toBe(401);
  });

  test("registration is disabled", async ({ request }) => {
    const response = await request.post("/api/auth/register", {
      data: { username: unique(), password: "password123" },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe("Registration is currently disabled");
  });

  test("a cross-site form post is refused and signs nobody in", async ({ request, baseURL }) => {
    const username = unique();
    const page = await request.post("/login", {
      form: { username, password: "password123" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(page.status()).toBe(403);
    expect(page.headers()["set-cookie"] ?? "").not.toContain("tm_session");
    // The same post from a page of the site is fine, even behind a TLS proxy (Origin https, app on http).
    const host = new URL(baseURL!).host;
    const sameSite = await request.post("/login", {
      form: { username: unique(), password: "password123" },
      headers: { Origin: `https://${host}`, "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    expect(sameSite.status()).toBe(302);
    expect(sameSite.headers()["set-cookie"]).toMatch(/tm_session=[^;]+;.*HttpOnly/i);
    expect(sameSite.headers()["set-cookie"]).toMatch(/Secure/i);
    expect(sameSite.headers()["set-cookie"]).toMatch(/SameSite=Lax/i);

    const api = await request.post("/api/auth/login", {
      data: { username, password: "password123" },
      headers: { Origin: "https://evil.example" },
    });
    expect(api.status()).toBe(403);
    // The account was never created, so the real owner of that name can still pick a password.
    const same = await request.post("/api/auth/login", {
      data: { username, password: "another-password" },
      headers: { Origin: baseURL! },
    });
    expect(same.status()).toBe(200);
  });

  test("a page action sent something that is not a form answers 400, never 500", async ({ request }) => {
    const username = unique();
    for (const path of ["/login", "/auth", "/theme", "/logout", "/dashboard", "/create-tournament", "/scores/1"]) {
      const json = await request.post(path, {
        headers: { "Content-Type": "application/json" },
        data: `{"username":"${username}","password":"password123"`,
        maxRedirects: 0,
      });
      expect(json.status(), `JSON to ${path}`).toBe(400);
      expect((await json.json()).message).toBe("Invalid form submission");
      const multipart = await request.post(path, {
        headers: { "Content-Type": "multipart/form-data; boundary=xx" },
        data: "not multipart at all",
        maxRedirects: 0,
      });
      expect(multipart.status(), `broken multipart to ${path}`).toBe(400);
    }
    // Nothing happened: the login above did not create the account, so another password still can.
    const fresh = await request.post("/api/auth/login", { data: { username, password: "other-password" } });
    expect(fresh.status()).toBe(200);
  });

  test("the login limit answers 429 after 10 failures", async ({ request }) => {
    const username = unique();
    expect((await request.post("/api/auth/login", { data: { username, password: "password123" } })).status()).toBe(200);
    for (let i = 0; i < 10; i++) {
      const response = await request.post("/api/auth/login", { data: { username, password: `wrong-${i}` } });
      expect(response.status()).toBe(401);
    }
    const limited = await request.post("/api/auth/login", { data: { username, password: "password123" } });
    expect(limited.status()).toBe(429);
    expect((await limited.json()).message).toMatch(/Too many/);
  });
});
