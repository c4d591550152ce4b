// The webhook outbox survives a restart mid-delivery (database and worker closed and reopened, on both databases), and two workers on one PostgreSQL share the queue without sending a row twice or out of order.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { openDatabase, type Database } from "#db/client.server";
import { webhookDeliveries } from "#db/schema";
import { startWebhookWorker, type WorkerOptions } from "~/lib/webhook-worker.server";
import { setCheckin } from "~/models/roster/checkin.server";
import { createWebhook } from "~/models/audit/webhooks.server";
import { postgresUnavailableReason, withAdmin, type Driver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser } from "./model-fixtures";
import { startReceiver } from "./webhook-receiver";

const migrationsDir = fileURLToPath(new URL("../../db/migrations", import.meta.url));
const FAST: WorkerOptions = { allowPrivate: true, pollMs: 20, baseMs: 30, maxMs: 120, timeoutMs: 10_000 };

/** A database that can be closed and opened again: a PGlite folder, or a PostgreSQL database of its own. */
async function reopenable(driver: Driver) {
  if (driver === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-webhooks-"));
    return {
      open: () => openDatabase({ dataDir: dir, migrationsDir }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = inject("pgAdminUrl")!;
  const name = `t_${randomBytes(8).toString("hex")}`;
  await withAdmin(adminUrl, (sql) => sql.unsafe(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ databaseUrl: url.toString(), migrationsDir, maxConnections: 5 }),
    drop: () => withAdmin(adminUrl, (sql) => sql.unsafe(`drop database if exists "${name}" with (force)`)),
  };
}

let savedFlag: string | undefined;
beforeAll(() => {
  savedFlag = process.env.WEBHOOK_ALLOW_PRIVATE;
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
});
afterAll(() => {
  if (savedFlag === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
  else process.env.WEBHOOK_ALLOW_PRIVATE = savedFlag;
});

const postgresSkip = process.env.CI === "true" ? undefined : postgresUnavailableReason();

for (const driver of ["pglite", "postgres"] as const) {
  const skip = driver === "postgres" ? postgresSkip : undefined;
  describe.skipIf(skip)(`webhook outbox across a restart [${driver}]${skip ? ` (skipped: ${skip})` : ""}`, () => {
    test("a delivery cut off mid-flight by a stop is sent again after the database and the worker reopen", async () => {
      const store = await reopenable(driver);
      const receiver = await startReceiver((_req, i) => (i === 0 ? "hang" : 200));
      let database: Database | undefined = await store.open();
      try {
        const db = database.db;
        const owner = await makeUser(db);
        const t = await makeTournament(db, owner);
        const [p] = await addPlayers(db, owner, t.id, 1, 0);
        const { result: hook } = await createWebhook(db, owner, t.id, {
          url: receiver.url,
          kind: "standard",
          events: ["checkin.changed"],
        });
        await setCheckin(db, owner, p.id, true);
        const first = startWebhookWorker(db, { ...FAST, leaseMs: 500 });
        await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
        // The process goes away mid-delivery: nothing about the attempt is recorded, the lease stays.
        await first.stop();
        await database.close();
        database = undefined;

        database = await store.open();
        const [held] = await database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, hook.id));
        expect(held).toMatchObject({ status: "pending", attempts: 1 });
        expect(held.leaseUntil).not.toBeNull();
        // PGlite has one process, so a restart frees leases at once; on PostgreSQL the lease runs out.
        const second = startWebhookWorker(database.db, { ...FAST, leaseMs: 500, releaseLeases: driver === "pglite" });
        try {
          const reopened = database.db;
          await vi.waitFor(
            async () => {
              const [row] = await reopened
                .select()
                .from(webhookDeliveries)
                .where(eq(webhookDeliveries.endpointId, hook.id));
              expect(row.status).toBe("delivered");
            },
            { timeout: 15_000 },
          );
        } finally {
          await second.stop();
        }
        expect(receiver.received).toHaveLength(2);
        expect(receiver.received[1].headers["webhook-id"]).toBe(receiver.received[0].headers["webhook-id"]);
        expect(receiver.received[1].body).toBe(receiver.received[0].body);
      } finally {
        await database?.close();
        await receiver.close();
        await store.drop();
      }
      // PGlite on disk migrates twice here: slow on a busy machine.
    }, 90_000);
  });
}

describe.skipIf(postgresSkip)(
  `two workers on one PostgreSQL${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  () => {
    test("claim with FOR UPDATE SKIP LOCKED: every delivery is sent once, in order per endpoint", async () => {
      const store = await reopenable("postgres");
      const receiver = await startReceiver(() => 200);
      const a = await store.open();
      const b = await store.open();
      try {
        const owner = await makeUser(a.db);
        const hooks: number[] = [];
        const tournamentsAndPlayers = [];
        for (let i = 0; i < 3; i++) {
          const t = await makeTournament(a.db, owner);
          const list = await addPlayers(a.db, owner, t.id, 6, 0);
          const { result } = await createWebhook(a.db, owner, t.id, {
            url: `${receiver.url}/${i}`,
            kind: "standard",
            events: ["checkin.changed"],
          });
          hooks.push(result.id);
          tournamentsAndPlayers.push(list);
        }
        for (const list of tournamentsAndPlayers) for (const p of list) await setCheckin(a.db, owner, p.id, true);
        const workers = [startWebhookWorker(a.db, FAST), startWebhookWorker(b.db, FAST)];
        try {
          await vi.waitFor(() => expect(receiver.received).toHaveLength(18), { timeout: 20_000 });
          // The receiver counts a request before it answers; a worker stopped before the answer reaches it records
          // nothing (its row is sent again later). Stop only once every attempt is recorded.
          await vi.waitFor(
            async () => {
              const pending = await a.db
                .select({ id: webhookDeliveries.id })
                .from(webhookDeliveries)
                .where(and(inArray(webhookDeliveries.endpointId, hooks), ne(webhookDeliveries.status, "delivered")));
              expect(pending).toEqual([]);
            },
            { timeout: 20_000 },
          );
        } finally {
          await Promise.all(workers.map((w) => w.stop()));
        }
        const ids = receiver.received.map((r) => r.headers["webhook-id"]);
        expect(new Set(ids).size).toBe(18);
        for (const hook of hooks) {
          const rows = await a.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.endpointId, hook))
            .orderBy(webhookDeliveries.id);
          const order = rows.map((r) => r.messageId);
          expect(ids.filter((id) => order.includes(id))).toEqual(order);
          expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
        }
      } finally {
        await a.close();
        await b.close();
        await receiver.close();
        await store.drop();
      }
    }, 60_000);
  },
);
