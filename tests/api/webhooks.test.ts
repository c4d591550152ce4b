// Webhooks over HTTP against PostgreSQL: the endpoints API (who may, refusals, limit, rotate, test, log), and the running server delivering signed events to a local receiver while a dead endpoint never fails a save.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  webhookDeliveryLogAnswer,
  webhookEndpointAnswer,
  webhookTestAnswer,
  webhookWithSecretAnswer,
} from "~/lib/api-schemas.server";
import { startReceiver, type Receiver } from "../integration/webhook-receiver";
import { MASTER, startApp, unavailableReason, unique, type App } from "./support/app";
import { expectRefusal, expectShape, expectStatus } from "./support/expect";
import { drawnTournament, expectOk, placements, type Lobby, type Tournament } from "./support/fixtures";

const skip = process.env.CI !== "true" ? unavailableReason() : undefined;

describe.skipIf(skip)(`webhooks API${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let app: App;
  let owner: string;
  let other: string;
  let master: string;
  let tournament: Tournament;
  let lobbies: Lobby[];
  let receiver: Receiver;

  beforeAll(async () => {
    app = await startApp({ env: { WEBHOOK_ALLOW_PRIVATE: "1" } });
    [owner, other, master] = await Promise.all([
      app.login(unique("hooker")),
      app.login(unique("other")),
      app.login(MASTER.username, MASTER.password),
    ]);
    ({ tournament, lobbies } = await drawnTournament(app, owner));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });

  const add = (body: unknown, token: string | null = owner) =>
    app.call("POST", `/api/tournaments/${tournament.id}/webhooks`, { token, body });

  test("only the owner and masters manage webhooks: 401 signed out, 403 for another organizer, 404 for unknown ids", async () => {
    const body = { url: "https://example.com/hook", events: ["score.saved"] };
    expectRefusal(await add(body, null), 401);
    expectRefusal(await add(body, other), 403);
    expectRefusal(await app.call("GET", `/api/tournaments/${tournament.id}/webhooks`, { token: other }), 403);
    expectRefusal(await app.call("GET", "/api/tournaments/999999/webhooks", { token: owner }), 404);
    expectRefusal(await app.call("GET", "/api/webhooks/999999", { token: owner }), 404, "Webhook endpoint not found");
    expectRefusal(await app.call("GET", "/api/webhooks/abc", { token: owner }), 400, "Invalid webhook ID");
    const byMaster = expectShape(webhookWithSecretAnswer, expectOk(await add(body, master), "master adds"));
    expectRefusal(await app.call("DELETE", `/api/webhooks/${byMaster.id}`, { token: other }), 403);
    expectOk(await app.call("DELETE", `/api/webhooks/${byMaster.id}`, { token: owner }), "owner deletes");
    expectRefusal(await app.call("GET", `/api/webhooks/${byMaster.id}`, { token: owner }), 404);
  });

  test("bad input is a 400 and adds nothing; an eleventh endpoint is a 409", async () => {
    const before = expectOk(
      await app.call("GET", `/api/tournaments/${tournament.id}/webhooks`, { token: owner }),
      "list",
    );
    expectRefusal(await add({ url: "ftp://example.com/", events: ["score.saved"] }), 400, /http/);
    expectRefusal(await add({ url: `https://example.com/${"a".repeat(2000)}`, events: ["score.saved"] }), 400);
    expectRefusal(await add({ url: "http://169.254.169.254/", events: ["score.saved"] }), 400);
    expectRefusal(await add({ url: "https://example.com/", events: ["score.exploded"] }), 400, /Unknown webhook event/);
    expectRefusal(await add({ url: "https://example.com/", kind: "teams", events: ["score.saved"] }), 400);
    expectRefusal(await add({ events: ["score.saved"] }), 400);
    expectRefusal(await add({ url: "https://example.com/", events: [7] }), 400);
    // A missing or over-long URL, however long, is refused with the URL's own code (docs/rules.md "Error codes").
    for (const [body, message] of [
      [{ events: ["score.saved"] }, "Webhook URL is required"],
      [
        { url: `https://example.com/${"a".repeat(2000)}`, events: ["score.saved"] },
        "Webhook URL must be at most 2000 characters",
      ],
      [
        { url: `https://example.com/${"a".repeat(20_000)}`, events: ["score.saved"] },
        "Webhook URL must be at most 2000 characters",
      ],
    ] as const) {
      const refused = await add(body);
      expectRefusal(refused, 400, message);
      expect(refused.body.code, message).toBe("invalid_webhook_url");
    }
    expectRefusal(
      await app.call("POST", `/api/tournaments/${tournament.id}/webhooks`, { token: owner, raw: "{" }),
      400,
    );
    expect(
      expectOk(await app.call("GET", `/api/tournaments/${tournament.id}/webhooks`, { token: owner }), "list"),
    ).toEqual(before);

    const t2 = expectOk(
      await app.call("POST", "/api/tournaments", {
        token: owner,
        body: { name: unique("Full"), maxPlayers: 16, totalRounds: 1 },
      }),
      "tournament",
    );
    for (let i = 0; i < 10; i++) {
      expectOk(
        await app.call("POST", `/api/tournaments/${t2.id}/webhooks`, {
          token: owner,
          body: { url: `https://example.com/${i}`, events: ["score.saved"] },
        }),
        `endpoint ${i}`,
      );
    }
    expectRefusal(
      await app.call("POST", `/api/tournaments/${t2.id}/webhooks`, {
        token: owner,
        body: { url: "https://example.com/11", events: ["score.saved"] },
      }),
      409,
      "A tournament can have at most 10 webhook endpoints",
    );
  });

  test("the server delivers signed events; test, rotate, disable and the delivery log work; a dead endpoint never fails a save", async () => {
    const hook = expectShape(
      webhookWithSecretAnswer,
      expectOk(await add({ url: receiver.url, kind: "standard", events: ["score.saved", "round.finalized"] }), "add"),
    );
    expect(hook.secret).toMatch(/^whsec_/);
    // Shown once (DECISIONS.md): no read of the endpoint answers its secret again (the answers are strict objects).
    const reads = [
      expectShape(
        webhookEndpointAnswer,
        expectOk(await app.call("GET", `/api/webhooks/${hook.id}`, { token: owner }), "get"),
      ),
      ...expectOk(
        await app.call<unknown[]>("GET", `/api/tournaments/${tournament.id}/webhooks`, { token: owner }),
        "list",
      ).map((e) => expectShape(webhookEndpointAnswer, e)),
    ];
    expect(JSON.stringify(reads)).not.toContain(hook.secret);
    // A dead endpoint (nothing listens on port 9) beside it.
    expectOk(await add({ url: "http://127.0.0.1:9/dead", events: ["score.saved"] }), "dead");
    const save = await app.call("POST", `/api/lobbies/${lobbies[0].id}/matches`, {
      token: owner,
      body: { scores: placements(lobbies[0]) },
    });
    expectStatus(save, 200);
    await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(1), { timeout: 15_000 });
    const got = receiver.received[0];
    const payload = new Webhook(hook.secret).verify(got.body, got.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe("score.saved");
    expect(payload.data).toMatchObject({ tournamentId: tournament.id, lobbyId: lobbies[0].id, round: 1 });

    const queued = expectShape(
      webhookTestAnswer,
      expectOk(await app.call("POST", `/api/webhooks/${hook.id}/test`, { token: owner }), "test"),
    );
    await vi.waitFor(
      () => expect(receiver.received.some((r) => r.headers["webhook-id"] === queued.messageId)).toBe(true),
      { timeout: 15_000 },
    );
    const log = expectShape(
      webhookDeliveryLogAnswer,
      expectOk(await app.call("GET", `/api/webhooks/${hook.id}/deliveries`, { token: owner }), "log"),
    );
    expect(log.attempts.map((a) => a.event)).toEqual(["webhook.test", "score.saved"]);
    expect(log.attempts.every((a) => a.ok && a.statusCode === 200)).toBe(true);
    expectRefusal(await app.call("GET", `/api/webhooks/${hook.id}/deliveries`, { token: other }), 403);

    // The page's one-time cookie cannot be forged or garbled into a 500 or into showing a secret of the client's.
    const forged = Buffer.from(JSON.stringify({ webhookId: hook.id, secret: "whsec_forged" })).toString("base64");
    for (const cookie of [`tm_reveal=${forged}`, "tm_reveal=%%%not-base64", `tm_reveal=${forged}.bad-signature`]) {
      const page = await app.call("GET", `/tournaments/${tournament.id}/webhooks`, {
        token: owner,
        headers: { cookie },
      });
      expect(page.status, cookie).toBe(200);
      expect(page.text).toContain("Signing secret: shown only when it is made.");
      expect(page.text).not.toContain("whsec_");
      expect(page.text).not.toContain("it is shown only once");
    }

    const rotated = expectShape(
      webhookWithSecretAnswer,
      expectOk(await app.call("POST", `/api/webhooks/${hook.id}/rotate-secret`, { token: owner }), "rotate"),
    );
    expect(rotated.secret).not.toBe(hook.secret);
    const off = expectOk(
      await app.call("PATCH", `/api/webhooks/${hook.id}`, { token: owner, body: { enabled: false } }),
      "disable",
    );
    expect(off).toMatchObject({ enabled: false, disabledReason: "Disabled by the owner" });
    expect(JSON.stringify(off)).not.toContain(rotated.secret);
    expectRefusal(await app.call("POST", `/api/webhooks/${hook.id}/test`, { token: owner }), 409);
    expectRefusal(
      await app.call("PATCH", `/api/webhooks/${hook.id}`, { token: owner, body: { events: ["nope"] } }),
      400,
    );
    expectOk(await app.call("PATCH", `/api/webhooks/${hook.id}`, { token: owner, body: { enabled: true } }), "enable");

    // More saves with the dead endpoint still queued: every one answers 200.
    for (const lobby of lobbies.slice(1)) {
      expectStatus(
        await app.call("POST", `/api/lobbies/${lobby.id}/matches`, {
          token: owner,
          body: { scores: placements(lobby) },
        }),
        200,
      );
    }
    const history = expectOk(
      await app.call("GET", `/api/tournaments/${tournament.id}/history?action=webhook.secret_rotated`, {
        token: owner,
      }),
      "history",
    );
    expect(history).toHaveLength(1);
  });
});
