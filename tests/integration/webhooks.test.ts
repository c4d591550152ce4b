// Webhooks on both databases: the outbox written in the change's own transaction, the worker delivering signed events (verified with the standardwebhooks package), retries, order per endpoint, disabling, refusals.
import { EventEmitter } from "node:events";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import type { AppDb } from "#db/client.server";
import { auditEntries, webhookAttempts, webhookDeliveries, webhookEndpoints } from "#db/schema";
import { saveAdmission } from "~/lib/save-admission.server";
import { saveRouteHandle } from "~/lib/save-route";
import { startWebhookWorker, postWebhook, type WebhookWorker, type WorkerOptions } from "~/lib/webhook-worker.server";
import { recordAudit } from "~/models/audit/audit.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { setCheckin } from "~/models/roster/checkin.server";
import { openSelfCheckin, selfCheckin } from "~/models/roster/self-checkin.server";
import { startCheckin } from "~/models/tournaments/tournaments.server";
import { selfCheckinSchema } from "~/models/roster/self-checkin-input";
import { saveScores } from "~/models/rounds/scores.server";
import {
  createWebhook,
  deleteWebhook,
  deliveryLog,
  listWebhooks,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from "~/models/audit/webhooks.server";
import { MAX_ENDPOINTS, type WebhookPayload } from "~/models/audit/webhooks";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser, placements } from "./model-fixtures";
import { startReceiver, type Receiver } from "./webhook-receiver";

const FAST: WorkerOptions = {
  allowPrivate: true,
  pollMs: 20,
  baseMs: 30,
  maxMs: 120,
  timeoutMs: 2_000,
  giveUpAfterMs: 60_000,
  disableAfterMs: 60_000,
};

let savedFlag: string | undefined;
beforeAll(() => {
  savedFlag = process.env.WEBHOOK_ALLOW_PRIVATE;
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
});
afterAll(() => {
  if (savedFlag === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
  else process.env.WEBHOOK_ALLOW_PRIVATE = savedFlag;
});

const open: { workers: WebhookWorker[]; receivers: Receiver[] } = { workers: [], receivers: [] };
afterEach(async () => {
  await Promise.all(open.workers.splice(0).map((w) => w.stop()));
  await Promise.all(open.receivers.splice(0).map((r) => r.close()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  open.receivers.push(r);
  return r;
}

function worker(db: AppDb, options: WorkerOptions = {}) {
  const w = startWebhookWorker(db, { ...FAST, ...options });
  open.workers.push(w);
  return w;
}

const deliveriesOf = (db: AppDb, endpointId: number) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);

describeEachDriver("webhooks", (getDb) => {
  async function round(playerCount = 16) {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 32, totalRounds: 2 });
    const players = await addPlayers(db, owner, t.id, playerCount);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    return { db, owner, t, players, lobbies: result.lobbies };
  }

  test("a score save writes its delivery in its own transaction; a refused save and a rolled-back one write none", async () => {
    const { db, owner, t, lobbies } = await round();
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: "http://127.0.0.1:9/hook",
      kind: "standard",
      events: ["score.saved"],
    });
    await saveScores(db, owner, lobbies[0].id, placements(lobbies[0].playerIds));
    const rows = await deliveriesOf(db, hook.id);
    expect(rows.map((r) => r.event)).toEqual(["score.saved"]);
    const payload = JSON.parse(rows[0].body) as WebhookPayload;
    expect(payload.data).toMatchObject({ tournamentId: t.id, lobbyId: lobbies[0].id, lobbyName: lobbies[0].name });
    expect((payload.data.results as unknown[]).length).toBe(8);

    // Refused (invalid placements): nothing is queued.
    await expectRefused(
      saveScores(db, owner, lobbies[1].id, [{ playerId: lobbies[1].playerIds[0], placement: 9 }]),
      400,
    );
    expect(await deliveriesOf(db, hook.id)).toHaveLength(1);

    // The audit hook inside a transaction that then fails: the outbox row goes with it.
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { tournament: t, actor: owner, action: "scores.saved", summary: "Lobby 2 scores saved" });
        expect(await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id))).toHaveLength(
          2,
        );
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await deliveriesOf(db, hook.id)).toHaveLength(1);
  });

  test("the worker delivers signed events that the standardwebhooks reference verifier accepts; a rotated secret signs what follows", async () => {
    const { db, owner, t, lobbies } = await round();
    const r = await receiver();
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: r.url,
      kind: "standard",
      events: ["score.saved", "checkin.changed"],
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    worker(db);
    await saveScores(db, owner, lobbies[0].id, placements(lobbies[0].playerIds));
    await vi.waitFor(() => expect(r.received).toHaveLength(1), { timeout: 10_000 });
    const first = r.received[0];
    const verified = new Webhook(hook.secret).verify(first.body, first.headers) as WebhookPayload;
    expect(verified.type).toBe("score.saved");
    expect(first.headers["webhook-id"]).toMatch(/^msg_/);
    expect(first.headers["content-type"]).toBe("application/json");
    // Another secret does not verify it.
    const { result: rotated } = await rotateWebhookSecret(db, owner, hook.id);
    expect(rotated.secret).not.toBe(hook.secret);
    expect(() => new Webhook(rotated.secret).verify(first.body, first.headers)).toThrow();

    await sendTestEvent(db, owner, hook.id);
    await vi.waitFor(() => expect(r.received).toHaveLength(2), { timeout: 10_000 });
    const test2 = new Webhook(rotated.secret).verify(r.received[1].body, r.received[1].headers) as WebhookPayload;
    expect(test2.type).toBe("webhook.test");
    await vi.waitFor(async () => expect((await deliveryLog(db, owner, hook.id)).attempts).toHaveLength(2));
    const log = await deliveryLog(db, owner, hook.id);
    expect(log.pending).toBe(0);
    expect(log.attempts.map((a) => [a.event, a.ok, a.statusCode, a.attempt])).toEqual([
      ["webhook.test", true, 200, 1],
      ["score.saved", true, 200, 1],
    ]);
  });

  test("while a score save is in progress in this process the worker sends nothing; it sends at the pause after it", async () => {
    const { db, owner, t, lobbies } = await round();
    const r = await receiver();
    await createWebhook(db, owner, t.id, { url: r.url, kind: "standard", events: ["score.saved"] });
    await saveScores(db, owner, lobbies[0].id, placements(lobbies[0].playerIds));
    // A save through the server's admission middleware, its answer not sent yet (docs/decisions/043).
    const answer = Object.assign(new EventEmitter(), { destroyed: false, writableEnded: false });
    const request = { method: "POST", url: `/api/lobbies/${lobbies[1].id}/matches`, socket: { destroyed: false } };
    saveAdmission({
      save: { id: "save", path: "api/lobbies/:id/matches", module: { handle: saveRouteHandle } },
    })(request as never, answer as never, () => {});
    worker(db);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(r.received).toHaveLength(0);
    answer.emit("finish");
    await vi.waitFor(() => expect(r.received).toHaveLength(1), { timeout: 1_500 });
  });

  test("a failing receiver is retried with growing delays until it answers 2xx; every attempt is logged", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const r = await receiver((_req, i) => (i < 3 ? [500, 302, "garbage"][i] : 204) as never);
    const t2 = await makeTournament(db, owner, { maxPlayers: 32 });
    const [p] = await addPlayers(db, owner, t2.id, 1, 0);
    const { result: hook2 } = await createWebhook(db, owner, t2.id, {
      url: r.url,
      kind: "standard",
      events: ["checkin.changed"],
    });
    worker(db);
    await setCheckin(db, owner, p.id, true);
    await vi.waitFor(async () => expect((await deliveriesOf(db, hook2.id))[0].status).toBe("delivered"), {
      timeout: 15_000,
    });
    const [delivery] = await deliveriesOf(db, hook2.id);
    expect(delivery.attempts).toBe(4);
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery.id))
      .orderBy(webhookAttempts.id);
    expect(attempts.map((a) => [a.attempt, a.ok, a.statusCode])).toEqual([
      [1, false, 500],
      [2, false, 302],
      [3, false, null],
      [4, true, 204],
    ]);
    expect(attempts[0].error).toContain("HTTP 500");
    expect(attempts[1].error).toContain("redirect");
    expect(attempts[2].error).toBeTruthy();
    // The same message every time: one webhook-id across the retries.
    expect(new Set(r.received.map((x) => x.headers["webhook-id"])).size).toBe(1);
    // Each retry waited at least its backoff (30, 60, 120 ms, less 20 % jitter): a lower bound, which a slow machine only exceeds.
    const gaps = attempts.slice(1).map((a, i) => a.at.getTime() - attempts[i].at.getTime());
    gaps.forEach((gap, i) =>
      expect(gap, `gap after attempt ${i + 1}`).toBeGreaterThanOrEqual(Math.floor(0.8 * 30 * 2 ** i) - 2),
    );
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook2.id));
    expect(endpoint).toMatchObject({ enabled: true, consecutiveFailures: 0, failingSince: null });
    expect(endpoint.lastSuccessAt).not.toBeNull();
  });

  test("deliveries to one endpoint go in order: n+1 waits until n has succeeded", async () => {
    const { db, owner } = await round();
    const t = await makeTournament(db, owner, { maxPlayers: 32 });
    const list = await addPlayers(db, owner, t.id, 3, 0);
    let firstId: string | undefined;
    const r = await receiver((req) => {
      firstId ??= req.headers["webhook-id"];
      const tries = r.received.filter((x) => x.headers["webhook-id"] === firstId).length;
      return req.headers["webhook-id"] === firstId && tries <= 2 ? 503 : 200;
    });
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: r.url,
      kind: "standard",
      events: ["checkin.changed"],
    });
    for (const p of list) await setCheckin(db, owner, p.id, true);
    worker(db, { concurrency: 4 });
    await vi.waitFor(
      async () => expect((await deliveriesOf(db, hook.id)).every((d) => d.status === "delivered")).toBe(true),
      { timeout: 15_000 },
    );
    const rows = await deliveriesOf(db, hook.id);
    const order = r.received.map((x) => rows.findIndex((d) => d.messageId === x.headers["webhook-id"]));
    expect(order).toEqual([0, 0, 0, 1, 2]);
    const names = r.received.map((x) => (JSON.parse(x.body) as WebhookPayload).data.players as { name: string }[]);
    expect(names.slice(2).map((n) => n[0].name)).toEqual(list.map((p) => p.name));
  });

  test("an endpoint failing for the whole window is disabled, its queue given up, and the owner told (settings and History)", async () => {
    const { db, owner } = await round();
    const t = await makeTournament(db, owner, { maxPlayers: 32 });
    const list = await addPlayers(db, owner, t.id, 2, 0);
    const r = await receiver(() => 500);
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: r.url,
      kind: "standard",
      events: ["checkin.changed"],
    });
    for (const p of list) await setCheckin(db, owner, p.id, true);
    worker(db, { giveUpAfterMs: 400, disableAfterMs: 400 });
    await vi.waitFor(
      async () => {
        const [e] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
        expect(e.enabled).toBe(false);
      },
      { timeout: 15_000 },
    );
    const [endpoint] = (await listWebhooks(db, owner, t.id)).filter((e) => e.id === hook.id);
    expect(endpoint.disabledReason).toMatch(/^Disabled after .* of failed deliveries \(last error: HTTP 500/);
    // At least the one attempt: on a busy machine the first attempt can already fall past the 400 ms window.
    expect(endpoint.consecutiveFailures).toBeGreaterThanOrEqual(1);
    const rows = await deliveriesOf(db, hook.id);
    expect(rows.map((d) => d.status)).toEqual(["failed", "failed"]);
    // The second waited behind the first: tried at most once, after the first was given up (on a busy machine the
    // first's give-up can come before the endpoint's own window has passed), then given up with the endpoint.
    expect(rows[1].attempts).toBeLessThanOrEqual(1);
    expect(rows[0].attempts).toBeGreaterThanOrEqual(1);
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.tournamentId, t.id));
    const disabled = audit.find((a) => a.action === "webhook.disabled");
    expect(disabled).toMatchObject({ actorRole: "system", actorUsername: "system", actorId: null });
    // Enabled again by the owner: clean state, new events flow.
    const { result: again } = await updateWebhook(db, owner, hook.id, { enabled: true });
    expect(again).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
    await expectRefused(
      sendTestEvent(db, owner, (await updateWebhook(db, owner, hook.id, { enabled: false })).result.id),
      409,
    );
  });

  test("a Discord endpoint gets the standings after a finalized round and at completion, in Discord's JSON, and short lines for the rest", async () => {
    const { db, owner, t, lobbies } = await round();
    const r = await receiver(() => 204);
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: r.url,
      kind: "discord",
      events: ["round.finalized", "tournament.completed", "round.advanced", "score.saved"],
    });
    worker(db);
    for (const lobby of lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    await advanceRound(db, owner, t.id);
    await vi.waitFor(() => expect(r.received).toHaveLength(4), { timeout: 15_000 });
    const bodies = r.received.map((x) => JSON.parse(x.body));
    expect(bodies[0].content).toContain("scores saved");
    expect(bodies[0].embeds).toBeUndefined();
    expect(bodies[2].content).toContain("Round 1 finalized");
    expect(bodies[2].embeds[0].title).toBe("Standings after Round 1");
    expect(bodies[2].embeds[0].description.split("\n")).toHaveLength(8);
    expect(bodies[2].allowed_mentions).toEqual({ parse: [] });
    expect(bodies[3].content).toContain("Advanced to Round 2");
    // Round 2, the last: one standings post at completion, not also the round's.
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    await updateWebhook(db, owner, hook.id, { events: ["round.finalized", "tournament.completed"] });
    for (const lobby of result.lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    await advanceRound(db, owner, t.id);
    await vi.waitFor(() => expect(r.received).toHaveLength(5), { timeout: 15_000 });
    const last = JSON.parse(r.received[4].body);
    expect(last.content).toContain("is complete");
    expect(last.embeds[0].title).toBe("Final standings");
  });

  test("a standard endpoint hears an advance as round.finalized, players.cut, round.advanced, each with the standings", async () => {
    const { db, owner, t, lobbies } = await round(16);
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: "http://127.0.0.1:9/hook",
      kind: "standard",
      events: ["round.finalized", "players.cut", "round.advanced", "tournament.completed", "stage.changed"],
    });
    for (const lobby of lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    await advanceRound(db, owner, t.id, { eliminationCount: 8 });
    const rows = await deliveriesOf(db, hook.id);
    expect(rows.map((d) => d.event)).toEqual(["round.finalized", "players.cut", "round.advanced"]);
    const [finalized, cut, advanced] = rows.map((d) => JSON.parse(d.body) as WebhookPayload);
    expect(finalized.data.standings).toHaveLength(8);
    expect(cut.data.eliminated).toHaveLength(8);
    expect(advanced.data).toMatchObject({ currentRound: 2, round: 1 });
    expect(new Set(rows.map((d) => d.messageId)).size).toBe(3);
  });

  test("a player's self check-in (no account, no audit entry) queues checkin.changed in its own transaction", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 32 });
    const [p] = await addPlayers(db, owner, t.id, 1, 0);
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: "http://127.0.0.1:9/hook",
      kind: "standard",
      events: ["checkin.changed"],
    });
    await startCheckin(db, owner, t.id);
    const { result: open } = await openSelfCheckin(db, owner, t.id);
    const input = (code: string) => selfCheckinSchema.parse({ playerId: p.id, riotTag: p.riotTag, code });
    await expectRefused(selfCheckin(db, t.id, input("WRONG1"), "203.0.113.9"), 400);
    expect(await deliveriesOf(db, hook.id)).toHaveLength(0);
    await selfCheckin(db, t.id, input(open.code!), "203.0.113.9");
    const rows = await deliveriesOf(db, hook.id);
    expect(rows.map((r) => r.event)).toEqual(["checkin.changed"]);
    expect((JSON.parse(rows[0].body) as WebhookPayload).data).toMatchObject({
      checkedIn: true,
      selfCheckin: true,
      players: [{ playerId: p.id, name: p.name }],
    });
  });

  test("bad input is a coded refusal and changes nothing", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const stranger = await makeUser(db);
    const t = await makeTournament(db, owner);
    const add = (url: string, events: string[] = ["score.saved"], kind = "standard") =>
      createWebhook(db, owner, t.id, { url, kind, events });
    await expectRefused(add("ftp://example.com/hook"), 400, /valid http/);
    await expectRefused(add("javascript:alert(1)"), 400, /valid http/);
    await expectRefused(add(`https://example.com/${"a".repeat(2000)}`), 400, /at most 2000/);
    await expectRefused(add("http://169.254.169.254/latest"), 400, /can never receive/);
    await expectRefused(add("http://[fd00:ec2::254]/"), 400, /can never receive/);
    await expectRefused(
      add("https://example.com/hook", ["score.saved", "score.deleted"]),
      400,
      /Unknown webhook event "score.deleted"/,
    );
    await expectRefused(add("https://example.com/hook", []), 400, /at least one event/);
    await expectRefused(add("https://example.com/hook", ["score.saved"], "slack"), 400);
    await expectRefused(
      createWebhook(db, stranger, t.id, { url: "https://example.com/", kind: "standard", events: ["score.saved"] }),
      403,
    );
    await expectRefused(
      createWebhook(db, null, t.id, { url: "https://example.com/", kind: "standard", events: ["score.saved"] }),
      401,
    );
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    try {
      await expectRefused(add("http://127.0.0.1:8080/hook"), 400, /private/);
      await expectRefused(add("http://[::ffff:10.0.0.1]/hook"), 400, /private/);
      await expectRefused(add("http://localhost:8080/hook"), 400, /private/);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    }
    expect(await listWebhooks(db, owner, t.id)).toEqual([]);
    for (let i = 0; i < MAX_ENDPOINTS; i++) await add(`https://example.com/hook/${i}`);
    await expectRefused(add("https://example.com/eleven"), 409, /at most 10/);
    const list = await listWebhooks(db, owner, t.id);
    expect(list).toHaveLength(MAX_ENDPOINTS);
    await expectRefused(updateWebhook(db, stranger, list[0].id, { enabled: false }), 403);
    await expectRefused(updateWebhook(db, owner, list[0].id, { url: "gopher://x" }), 400);
    await expectRefused(deleteWebhook(db, owner, 2_000_000_000), 404, "Webhook endpoint not found");
    await deleteWebhook(db, owner, list[0].id);
    expect(await listWebhooks(db, owner, t.id)).toHaveLength(MAX_ENDPOINTS - 1);
  });
});

test("a slow receiver times out, an unreachable one fails, a private address is refused without the flag: all as attempt results", async () => {
  const slow = await receiver(() => "hang");
  const timedOut = await postWebhook(slow.url, "{}", {}, { timeoutMs: 200, allowPrivate: true });
  expect(timedOut).toMatchObject({ ok: false, statusCode: null, error: "Timed out after 0.2 s" });
  const refused = await postWebhook(slow.url, "{}", {}, { timeoutMs: 200, allowPrivate: false });
  expect(refused.error).toMatch(/^Refused: 127\.0\.0\.1 is a private address/);
  const named = await postWebhook(
    slow.url.replace("127.0.0.1", "localhost"),
    "{}",
    {},
    { timeoutMs: 500, allowPrivate: false },
  );
  expect(named.error).toMatch(/^Refused: localhost resolves to/);
  const metadata = await postWebhook("http://169.254.169.254/", "{}", {}, { timeoutMs: 200, allowPrivate: true });
  expect(metadata.error).toMatch(/forbidden/);
  expect(slow.received).toHaveLength(1);
});
