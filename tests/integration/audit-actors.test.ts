// One audit writer on both databases (issue 37, "One owner per rule"): recordAudit names a user, a player acting with
// their pass, or the system, with the columns each wrote before; a pass check-in's webhook goes through it, once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditEntries, players, signupSettings, webhookDeliveries } from "#db/schema";
import type { WebhookPayload } from "~/models/audit/webhooks";
import { recordAudit } from "~/models/audit/audit.server";
import { createWebhook } from "~/models/audit/webhooks.server";
import { joinSchema, signupSettingsSchema } from "~/models/roster/signup-input";
import { passCheckin, signUp, updateSignupSettings } from "~/models/roster/signup.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser } from "./model-fixtures";

// The test's receiver address is a loopback one, as tests/integration/webhooks.test.ts allows it.
let savedFlag: string | undefined;
beforeAll(() => {
  savedFlag = process.env.WEBHOOK_ALLOW_PRIVATE;
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
});
afterAll(() => {
  if (savedFlag === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
  else process.env.WEBHOOK_ALLOW_PRIVATE = savedFlag;
});

describeEachDriver("audit actors", (getDb) => {
  test("a user, a pass and the system: the columns the trail keeps for each; no user is 401 and writes nothing", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const master = await makeUser(db, "master");
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    const write = (actor: Parameters<typeof recordAudit>[1]["actor"], summary: string) =>
      db.transaction((tx) => recordAudit(tx, { tournament: t, actor, action: "signup.updated", summary }));
    await write(owner, "by the owner");
    await write(master, "by a master");
    await write({ kind: "pass", player: { name: "Ana", riotTag: "EUW" } }, "by a player");
    await write({ kind: "system", name: "Agreed reports" }, "by the system");
    await expectRefused(write(null, "by nobody"), 401);
    const rows = await db.select().from(auditEntries).where(eq(auditEntries.tournamentId, t.id));
    const bySummary = new Map(rows.map((r) => [r.summary, r]));
    expect(bySummary.get("by the owner")).toMatchObject({
      actorId: owner.id,
      actorUsername: owner.username,
      actorRole: "owner",
    });
    expect(bySummary.get("by a master")).toMatchObject({
      actorId: master.id,
      actorUsername: master.username,
      actorRole: "master",
    });
    expect(bySummary.get("by a player")).toMatchObject({
      actorId: null,
      actorUsername: "Ana#EUW",
      actorRole: "player",
      before: null,
      after: null,
      reason: null,
    });
    expect(bySummary.get("by the system")).toMatchObject({
      actorId: null,
      actorUsername: "Agreed reports",
      actorRole: "system",
    });
    expect(bySummary.has("by nobody")).toBe(false);
  });

  test("a pass check-in is recorded under the player and queues one checkin.changed, as before", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    await addPlayers(db, owner, t.id, 15, 0);
    await updateSignupSettings(db, owner, t.id, signupSettingsSchema.parse({ isOpen: true }));
    const me = (await signUp(db, t.id, joinSchema.parse({ name: "Pass Holder", riotTag: "EUW" }), null)).result;
    await db
      .update(signupSettings)
      .set({ startsAt: new Date(Date.now() + 30 * 60_000) })
      .where(eq(signupSettings.tournamentId, t.id));
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: "http://127.0.0.1:9/hook",
      kind: "standard",
      events: ["checkin.changed"],
    });
    await passCheckin(db, me.pass, null, t.id, "checkin");
    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id));
    expect(rows.map((r) => r.event)).toEqual(["checkin.changed"]);
    const [player] = await db.select().from(players).where(eq(players.id, me.registration.playerId!));
    expect((JSON.parse(rows[0].body) as WebhookPayload).data).toMatchObject({
      checkedIn: true,
      pass: true,
      summary: "Pass Holder#EUW checked in (pass)",
      players: [{ playerId: player.id, name: "Pass Holder" }],
    });
    const trail = await db.select().from(auditEntries).where(eq(auditEntries.tournamentId, t.id));
    expect(trail.filter((e) => e.action === "player.checked_in")).toMatchObject([
      { actorId: null, actorUsername: "Pass Holder#EUW", actorRole: "player" },
    ]);
  });
});
