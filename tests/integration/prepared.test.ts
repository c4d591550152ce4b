// Statements built once and run in the caller's transaction (db/prepared.server.ts), on both drivers: what the score
// save relies on (docs/decisions/042). If a drizzle upgrade changes where a prepared query keeps its client, these fail.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { users } from "#db/schema";
import { preparedStatements } from "#db/prepared.server";
import { describeEachDriver } from "../setup/databases";

describeEachDriver("prepared statements", (getDb, driver) => {
  let builds = 0;
  const statements = preparedStatements((db, shape: number) => {
    builds++;
    return {
      add: db
        .insert(users)
        .values(
          Array.from({ length: shape }, (_, i) => ({
            username: sql.placeholder(`name${i}`),
            password: "scrypt$prepared",
            role: "user" as const,
          })),
        )
        .returning({ id: users.id, username: users.username })
        .prepare("prepared_test_add"),
      find: db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.username, sql.placeholder("name")))
        .prepare("prepared_test_find"),
    };
  });
  const names = (prefix: string, count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`name${i}`, `${prefix}_${driver}_${i}`]));

  test("built once per shape; each run takes its own values", async () => {
    const { db } = getDb();
    const before = builds;
    const one = await statements(db, 1).add.execute(names("once", 1));
    const two = await statements(db, 2).add.execute(names("twice", 2));
    const again = await statements(db, 2).add.execute(names("again", 2));
    expect(builds - before).toBe(2);
    expect(one.map((r) => r.username)).toEqual([`once_${driver}_0`]);
    expect(two.map((r) => r.username)).toEqual([`twice_${driver}_0`, `twice_${driver}_1`]);
    expect(again.map((r) => r.username)).toEqual([`again_${driver}_0`, `again_${driver}_1`]);
  });

  test("a statement runs in the caller's transaction: seen inside it, gone with its rollback", async () => {
    const { db } = getDb();
    const name = `rolled_${driver}`;
    await expect(
      db.transaction(async (tx) => {
        await statements(tx, 1).add.execute({ name0: name });
        expect(await statements(tx, 1).find.execute({ name })).toEqual([{ username: name }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await statements(db, 1).find.execute({ name })).toEqual([]);
  });

  test("two transactions at once each keep their statements on their own connection", async () => {
    const { db } = getDb();
    const run = (name: string, fail: boolean) =>
      db.transaction(async (tx) => {
        await statements(tx, 1).add.execute({ name0: name });
        // Yield, so the other transaction's statements go out in between (PGlite queues them; PostgreSQL runs both).
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await statements(tx, 1).find.execute({ name })).toEqual([{ username: name }]);
        if (fail) throw new Error("roll back");
      });
    const [kept, rolledBack] = await Promise.allSettled([run(`kept_${driver}`, false), run(`dropped_${driver}`, true)]);
    expect(kept.status).toBe("fulfilled");
    expect(rolledBack.status).toBe("rejected");
    expect(await statements(db, 1).find.execute({ name: `kept_${driver}` })).toHaveLength(1);
    expect(await statements(db, 1).find.execute({ name: `dropped_${driver}` })).toEqual([]);
  });
});
