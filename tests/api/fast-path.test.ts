// The public fast path (server/app.ts: a stored public page answered before React Router and its middleware run) sends
// what React Router would for the same request: the same status, headers (security headers included) and bytes.
// Each process renders a variant once through React Router and stores it; its next request for it takes the fast path.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { drawnTournament } from "./support/fixtures";

const reason = unavailableReason();

const ORIGIN = "https://cup.example";

/** Headers that say nothing about the answer: when it was sent, and how the connection is kept. */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

type Answer = { status: number; headers: Record<string, string>; body: string };

async function answer(app: App, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(app.baseURL + path, {
    method,
    // The host a page's stored variant is kept under: the same on both processes (their own ports differ).
    headers: { "X-Forwarded-Host": "cup.example", ...headers },
    redirect: "manual",
  });
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!TRANSPORT.has(name)) kept[name] = value;
  });
  // fetch undoes gzip: the body compared is the page's text either way; Content-Encoding and -Length are compared above.
  return { status: response.status, headers: kept, body: await response.text() };
}

describe.skipIf(reason !== undefined && process.env.CI !== "true")("the public fast path", () => {
  let first: App;
  let second: App;
  let token: string;

  beforeAll(async () => {
    // One public address for both processes, as behind one proxy: their pages (share links) and variants are the same.
    first = await startApp({ env: { PUBLIC_ORIGIN: ORIGIN } });
    second = await startApp({ shareWith: first, env: { PUBLIC_ORIGIN: ORIGIN } });
    token = await first.login(unique("host"));
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  test("a stored page and a 304 from the fast path are React Router's answers, header for header; a HEAD the GET's headers", async () => {
    const { tournament } = await drawnTournament(first, token, 16, { isPublic: true });
    const variants: Record<string, string>[] = [
      { "Accept-Encoding": "identity", "Sec-Fetch-Dest": "document" },
      { "Accept-Encoding": "gzip", "Sec-Fetch-Dest": "document" },
      { "Accept-Encoding": "gzip", "Sec-Fetch-Dest": "empty", Cookie: "ui-theme=dark" },
    ];
    for (const path of [`/tournaments/${tournament.id}/public`, `/tournaments/${tournament.id}/leaderboard`, "/"]) {
      for (const headers of variants) {
        const what = `${path} ${JSON.stringify(headers)}`;
        // The first process: React Router renders and stores, then the fast path answers from the store.
        const routed = await answer(first, "GET", path, headers);
        expect(routed.status, what).toBe(200);
        const fast = await answer(first, "GET", path, headers);
        expect(fast, `${what}: the fast path's 200`).toEqual(routed);

        // A HEAD has the GET's headers and no body (RFC 9110). (React Router's own HEAD of a page not yet stored sends
        // fewer: no Content-Type or -Length, as app/entry.server.tsx answers a HEAD without rendering.)
        const fastHead = await answer(first, "HEAD", path, headers);
        expect(fastHead, `${what}: the fast path's HEAD`).toEqual({ ...routed, body: "" });

        // The second process has not stored this variant: its 304 comes from React Router (which renders it first).
        const revalidate = { ...headers, "If-None-Match": routed.headers.etag };
        const routed304 = await answer(second, "GET", path, revalidate);
        expect(routed304.status, what).toBe(304);
        const fast304 = await answer(first, "GET", path, revalidate);
        expect(fast304, `${what}: the fast path's 304`).toEqual(routed304);
      }
    }
  });

  test("what the fast path does not answer (a session cookie, a token, a form post) goes on to React Router", async () => {
    const { tournament } = await drawnTournament(first, token, 16, { isPublic: true });
    const path = `/tournaments/${tournament.id}/public`;
    await answer(first, "GET", path, {});
    // A signed-in reader gets the private, uncached answer, never the stored public one.
    const signedIn = await answer(first, "GET", path, { Authorization: `Bearer ${token}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("private, no-cache");
    // A cross-site form post to the same address is refused by the root middleware, as without a stored page.
    const post = await fetch(first.baseURL + path, {
      method: "POST",
      headers: { Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=x",
    });
    expect(post.status).toBe(403);
  });
});
