// Sign-up, the waitlist and the pass over HTTP against PostgreSQL: a sign-up answers a pass, the waitlist fills in order
// and a withdrawal promotes, `Authorization: Pass` acts for its own player only, a replaced pass is 401 everywhere,
// refusals change nothing, the documented shapes hold (docs/decisions/029-sign-up-and-passes.md).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { passViewAnswer, signUpAnswer } from "~/lib/signup-api.server";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { expectRefusal, expectShape, expectStatus } from "./support/expect";
import { addPlayers, createTournament, expectOk } from "./support/fixtures";

const reason = unavailableReason();

describe.skipIf(reason !== undefined && process.env.CI !== "true")("sign-up and passes over HTTP", () => {
  let app: App;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await app.login(unique("host"));
    stranger = await app.login(unique("stranger"));
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  /** 16 seats, `free` of them left, registration open with a waitlist of `cap`. */
  async function openTournament(free: number, cap = 2) {
    const t = await createTournament(app, owner, { maxPlayers: 16 });
    await addPlayers(app, owner, t.id, 16 - free);
    expectOk(
      await app.call("PATCH", `/api/tournaments/${t.id}/signup`, {
        token: owner,
        body: { isOpen: true, waitlistCap: cap },
      }),
      "open registration",
    );
    return t;
  }
  const join = (id: number, name: string, headers: Record<string, string> = {}) =>
    app.call("POST", `/api/tournaments/${id}/registrations`, { body: { name, riotTag: "EUW" }, headers });
  const asPass = (pass: string) => ({ Authorization: `Pass ${pass}` });

  test("sign-up answers a pass; seats, then the waitlist in order; a full waitlist refuses and changes nothing; withdrawing promotes", async () => {
    const t = await openTournament(1, 2);
    const first = expectShape(signUpAnswer, expectOk(await join(t.id, "Seat"), "sign up"));
    expect(first.registration.status).toBe("registered");
    expect(first.pass).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.passUrl).toContain(`/tournaments/${t.id}/pass/${first.pass}`);
    const second = expectShape(signUpAnswer, expectOk(await join(t.id, "Wait1"), "waitlist"));
    expect(second.registration).toMatchObject({ status: "waitlisted", position: 1 });
    expectOk(await join(t.id, "Wait2"), "waitlist 2");
    const before = await app.snapshot();
    expectRefusal(await join(t.id, "Wait3"), 409, "The tournament and its waitlist are full");
    // The sign-up page does not offer what would be refused: it says so instead of showing the form.
    const fullPage = await (await fetch(`${app.baseURL}/tournaments/${t.id}/join`)).text();
    expect(fullPage).toContain("Waitlist full");
    expect(fullPage).toContain("The tournament and its waitlist are full");
    expect(fullPage).not.toContain("Join the waitlist");
    expect(fullPage).not.toContain('name="riotTag"');
    expectRefusal(await join(t.id, "seat"), 409, "This name and game tag are already registered");
    expectRefusal(
      await app.call("POST", `/api/tournaments/${t.id}/registrations`, { body: { name: "", riotTag: "EUW" } }),
      400,
    );
    expect(await app.snapshot()).toEqual(before);

    const view = expectShape(
      passViewAnswer,
      expectOk(await app.call("GET", "/api/pass", { headers: asPass(second.pass) }), "view"),
    );
    expect(view.statusLabel).toBe("Waitlisted #1");
    expectOk(await app.call("POST", "/api/pass/withdraw", { headers: asPass(first.pass) }), "withdraw");
    const promoted = expectOk(await app.call("GET", "/api/pass", { headers: asPass(second.pass) }), "promoted");
    expect(promoted).toMatchObject({ statusLabel: "Registered", registration: { via: "promoted" } });

    // The owner sees the queue with addresses; others do not.
    const list = expectOk(await app.call("GET", `/api/tournaments/${t.id}/registrations`, { token: owner }), "list");
    expect(list.map((e: { status: string }) => e.status)).toEqual(["withdrawn", "registered", "waitlisted"]);
    expectRefusal(await app.call("GET", `/api/tournaments/${t.id}/registrations`, { token: stranger }), 403);
    expectRefusal(await app.call("GET", `/api/tournaments/${t.id}/registrations`), 401);
    // The public answer of the tournament never carries a pass or its hash.
    const publicText = (await app.call("GET", `/api/tournaments/${t.id}/signup`)).text;
    expect(publicText).not.toContain(second.pass);

    // The pass link and the player's page never send their address on as a referrer: it is the secret.
    const link = await fetch(`${app.baseURL}/tournaments/${t.id}/pass/${second.pass}`, { redirect: "manual" });
    expect(link.status).toBe(302);
    expect(link.headers.get("referrer-policy")).toBe("no-referrer");
    const cookie = link.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const page = await fetch(`${app.baseURL}/tournaments/${t.id}/me`, { headers: { cookie } });
    expect(page.status).toBe(200);
    // Nothing to another site; its own forms still post with their origin (no-referrer would send "null").
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    // Every other page keeps the site's policy.
    const publicPage = await fetch(`${app.baseURL}/tournaments/${t.id}/public`);
    expect(publicPage.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  test("on a tournament that is not public, a player's page offers only what opens for them: their calendar, no public view", async () => {
    const t = await createTournament(app, owner, { maxPlayers: 16, isPublic: false });
    expectOk(
      await app.call("PATCH", `/api/tournaments/${t.id}/signup`, {
        token: owner,
        body: { isOpen: true, startsAt: "2027-06-05T18:00", timeZone: "Europe/Paris" },
      }),
      "open registration with a start",
    );
    // A player the host added, given their personal link (an unlisted tournament's join page needs its share link).
    const [player] = await addPlayers(app, owner, t.id, 1);
    const { pass } = expectOk(await app.call("POST", `/api/players/${player.id}/pass`, { token: owner }), "make link");
    const link = await fetch(`${app.baseURL}/tournaments/${t.id}/pass/${pass}`, { redirect: "manual" });
    const cookie = link.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const page = await (await fetch(`${app.baseURL}/tournaments/${t.id}/me`, { headers: { cookie } })).text();
    expect(page).toContain("Add to calendar (.ics)");
    expect(page).not.toContain(`href="/tournaments/${t.id}/public"`);
    const calendar = await fetch(`${app.baseURL}/tournaments/${t.id}/calendar.ics`, { headers: { cookie } });
    expect(calendar.status).toBe(200);
    expect(await calendar.text()).toContain("BEGIN:VEVENT");
    // Without the pass (or a share link) the tournament does not exist for the visitor.
    expect((await fetch(`${app.baseURL}/tournaments/${t.id}/calendar.ics`)).status).toBe(404);
    expect((await fetch(`${app.baseURL}/tournaments/${t.id}/public`, { headers: { cookie } })).status).toBe(404);
  });

  test("a replaced pass is 401 on every pass call; no pass or a malformed one too; check-in outside the window is refused", async () => {
    const t = await openTournament(4, 2);
    const players = expectOk(await app.call("GET", `/api/tournaments/${t.id}/players`), "players");
    const hand = players[0];
    expectRefusal(await app.call("POST", `/api/players/${hand.id}/pass`, { token: stranger }), 403);
    const old = expectOk(await app.call("POST", `/api/players/${hand.id}/pass`, { token: owner }), "issue").pass;
    const fresh = expectOk(await app.call("POST", `/api/players/${hand.id}/pass`, { token: owner }), "reissue").pass;
    for (const [method, path] of [
      ["GET", "/api/pass"],
      ["POST", "/api/pass/checkin"],
      ["POST", "/api/pass/withdraw"],
    ] as const) {
      expectRefusal(await app.call(method, path, { headers: asPass(old) }), 401);
      expectRefusal(await app.call(method, path), 401);
    }
    expectOk(await app.call("GET", "/api/pass", { headers: asPass(fresh) }), "fresh pass works");
    // No start set and self check-in not open: refused, nothing changed.
    const before = await app.snapshot();
    expectRefusal(
      await app.call("POST", "/api/pass/checkin", { headers: asPass(fresh), body: { action: "checkin" } }),
      409,
      "Check-in is not open for your pass",
    );
    expectRefusal(
      await app.call("POST", "/api/pass/checkin", { headers: asPass(fresh), body: { action: "dance" } }),
      400,
    );
    expect(await app.snapshot()).toEqual(before);

    // A start 30 minutes away opens the 60-to-10-minute window: the check-in goes through.
    const start = new Date(Date.now() + 30 * 60_000).toISOString().slice(0, 16);
    expectOk(
      await app.call("PATCH", `/api/tournaments/${t.id}/signup`, {
        token: owner,
        body: { startsAt: start, timeZone: "UTC" },
      }),
      "schedule",
    );
    const done = expectOk(
      await app.call("POST", "/api/pass/checkin", { headers: asPass(fresh), body: { action: "checkin" } }),
      "check in",
    );
    expect(done).toMatchObject({ statusLabel: "Checked in", canCheckIn: true });
    const info = expectOk(await app.call("GET", `/api/tournaments/${t.id}/signup`), "signup info");
    expect(info.checkinWindow.state).toBe("open");
    // Completed: the player's page says so, as their public profile does (DECISIONS "Visitors and spectators").
    expectOk(await app.call("POST", `/api/tournaments/${t.id}/complete`, { token: owner }), "complete");
    const over = expectOk(await app.call("GET", "/api/pass", { headers: asPass(fresh) }), "pass after completion");
    expect(over.statusLabel).toBe("Tournament completed");
    // Its schedule still says when it started, without counting down to it.
    const joinPage = await (await fetch(`${app.baseURL}/tournaments/${t.id}/join`)).text();
    expect(joinPage).toContain("Check-in has closed");
    expect(joinPage).not.toContain("(starts in");
    expect(joinPage).not.toContain("data-starts-in=");
  });

  test("the public view links the sign-up page while it takes sign-ups, and not once it is closed", async () => {
    const t = await openTournament(4);
    const view = async () =>
      (
        await fetch(`${app.baseURL}/tournaments/${t.id}/public`, { headers: { authorization: `Bearer ${owner}` } })
      ).text();
    expect(await view()).toContain(`href="/tournaments/${t.id}/join"`);
    expectOk(
      await app.call("PATCH", `/api/tournaments/${t.id}/signup`, { token: owner, body: { isOpen: false } }),
      "close registration",
    );
    expect(await view()).not.toContain(`href="/tournaments/${t.id}/join"`);
  });

  // Issue 37: the fifth sign-up from one address was refused (429) for an hour, stopping a venue on one Wi-Fi; now every
  // one goes through and the owner sees them by address, removes one address's in one call, or clears the waitlist.
  test("one address signs up many; the owner lists them by address and removes that address's sign-ups in one call", async () => {
    const t = await openTournament(2, 50);
    // Behind no trusted proxy the header is ignored: every call comes from the test's loopback address.
    const flood = { "X-Forwarded-For": "203.0.113.9" };
    for (let i = 0; i < 6; i++) expectStatus(await join(t.id, `Venue ${i}`, flood), 200);
    const page = await fetch(`${app.baseURL}/tournaments/${t.id}/join`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({ intent: "join", name: "Venue 6", riotTag: "EUW" }),
      redirect: "manual",
    });
    expect(page.status).toBeLessThan(400);
    type Row = { name: string; status: string; address: string; addressCount: number };
    const rows = expectOk(
      await app.call<Row[]>("GET", `/api/tournaments/${t.id}/registrations`, { token: owner }),
      "list",
    );
    expect(rows).toHaveLength(7);
    const address = rows[0].address;
    expect(address).not.toBe("");
    expect(rows.every((r) => r.address === address && r.addressCount === 7)).toBe(true);
    // Nobody else removes them, and the address stays the owner's to see.
    expectRefusal(
      await app.call("DELETE", `/api/tournaments/${t.id}/registrations`, { token: stranger, body: { address } }),
      403,
    );
    const removed = expectOk(
      await app.call<{ removed: Row[]; kept: Row[]; promoted: Row[] }>(
        "DELETE",
        `/api/tournaments/${t.id}/registrations`,
        { token: owner, body: { address } },
      ),
      "remove the address's sign-ups",
    );
    expect([removed.removed.length, removed.kept.length, removed.promoted.length]).toEqual([7, 0, 0]);
    expectRefusal(
      await app.call("DELETE", `/api/tournaments/${t.id}/registrations`, { token: owner, body: { address } }),
      404,
      "No active sign-ups from this address",
    );
    for (let i = 0; i < 4; i++) expectStatus(await join(t.id, `Again ${i}`), 200);
    const cleared = expectOk(
      await app.call("DELETE", `/api/tournaments/${t.id}/waitlist`, { token: owner, body: {} }),
      "clear",
    );
    expect(cleared).toEqual({ cleared: 2 });
    expectRefusal(await app.call("DELETE", `/api/tournaments/${t.id}/waitlist`, { token: stranger, body: {} }), 403);
  });

  test("a completed tournament's sign-up page and a check-in page below 8 offer no form that could only be refused", async () => {
    const t = await createTournament(app, owner, { maxPlayers: 16 });
    await addPlayers(app, owner, t.id, 4);
    const page = async (path: string) => {
      const reply = await fetch(`${app.baseURL}${path}`, { headers: { authorization: `Bearer ${owner}` } });
      expect(reply.status, path).toBe(200);
      return reply.text();
    };
    // Check-in with 4 players checked in: Lock is shown disabled with its reason (locking needs 8).
    expectOk(await app.call("POST", `/api/tournaments/${t.id}/start-checkin`, { token: owner }), "start check-in");
    const players = (await app.call<{ id: number }[]>("GET", `/api/tournaments/${t.id}/players`)).body;
    for (const p of players)
      expectOk(
        await app.call("POST", `/api/players/${p.id}/checkin`, { token: owner, body: { checkedIn: true } }),
        "check in",
      );
    const checkin = await page(`/tournament-checkin/${t.id}`);
    expect(checkin).not.toMatch(/name="intent" value="lock"/);
    expect(checkin).toMatch(
      /<button type="button" class="btn" disabled="" aria-describedby="lock-hint">Lock Tournament/,
    );
    expect(checkin).toContain("Need at least 8 checked-in players to lock tournament");

    expectOk(await app.call("POST", `/api/tournaments/${t.id}/complete`, { token: owner }), "complete");
    const signup = await page(`/tournaments/${t.id}/signup`);
    for (const intent of ["open", "close", "clear", "issue-pass", "lobby-password", "decide"])
      expect(signup, intent).not.toMatch(new RegExp(`name="intent" value="${intent}"`));
    expect(signup).not.toContain("Save sign-up settings");
    expect(signup).toMatch(/<fieldset class="host-plain-fieldset" disabled="">/);
  });
});
