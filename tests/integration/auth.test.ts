// Accounts and sessions on both databases: hashing, demo login, master bootstrap, tokens, revocation, the login limit.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { users } from "#db/schema";
import {
  createSession,
  ensureMaster,
  getSessionUser,
  LOGIN_LIMIT,
  login,
  revokeSession,
} from "~/models/access/auth.server";
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from "~/models/messages";
import { describeEachDriver } from "../setup/databases";

describeEachDriver("accounts and sessions", (getDb) => {
  const demo = (username: string, password: string, address = "10.0.0.1") => ({
    username,
    password,
    address,
    demoLogin: true,
  });

  test("demo login creates an organizer with a hashed password, then needs that password", async () => {
    const { db } = getDb();
    const first = await login(db, demo("alice_1", "secret-1"));
    expect(first).toMatchObject({ ok: true, created: true, user: { username: "alice_1", role: "user" } });
    const [row] = await db.select().from(users).where(eq(users.username, "alice_1"));
    expect(row.password).not.toContain("secret-1");
    expect(row.password.startsWith("scrypt$")).toBe(true);

    expect(await login(db, demo("alice_1", "secret-1"))).toMatchObject({ ok: true, created: false });
    expect(await login(db, demo("alice_1", "wrong-password"))).toEqual({
      ok: false,
      status: 401,
      code: "invalid_credentials",
      message: INVALID_CREDENTIALS,
    });
  });

  test("without demo login an unknown username is refused and nothing is created", async () => {
    const { db } = getDb();
    const result = await login(db, { ...demo("nobody_here", "secret-1"), demoLogin: false });
    expect(result).toEqual({ ok: false, status: 401, code: "invalid_credentials", message: INVALID_CREDENTIALS });
    expect(await db.select().from(users).where(eq(users.username, "nobody_here"))).toHaveLength(0);
  });

  test("empty fields answer Missing credentials; a bad new username is refused", async () => {
    const { db } = getDb();
    expect(await login(db, demo("", "x"))).toMatchObject({
      ok: false,
      status: 400,
      code: "missing_credentials",
      message: "Missing credentials",
    });
    expect(await login(db, demo("bob", ""))).toMatchObject({ ok: false, status: 400, message: "Missing credentials" });
    expect(await login(db, demo("no spaces allowed", "secret-1"))).toMatchObject({ ok: false, status: 400 });
    expect(await login(db, demo("shortpw", "123"))).toMatchObject({ ok: false, status: 400 });
  });

  /** Signs `username` in (demo login) and opens a session: its token and the user's id. */
  async function signedIn(username: string) {
    const { db } = getDb();
    const result = await login(db, demo(username, "secret-1"));
    if (!result.ok) throw new Error("login failed");
    const { token } = await createSession(db, result.user.id);
    expect(await getSessionUser(db, token)).toMatchObject({ username });
    return { token, userId: result.user.id };
  }

  test("a session token maps to its user until it is revoked; only its hash is stored", async () => {
    const { db } = getDb();
    const { token } = await signedIn("carol_1");
    expect(await getSessionUser(db, token + "x")).toBeNull();
    await revokeSession(db, token);
    expect(await getSessionUser(db, token)).toBeNull();
  });

  test("an expired session maps to nobody, on the database's clock", async () => {
    const { db } = getDb();
    const { token, userId } = await signedIn("erin_1");
    await db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${userId}`);
    expect(await getSessionUser(db, token)).toBeNull();
  });

  test(`${LOGIN_LIMIT.failures} failures for one username from one address answer 429 there, even with the right password; the owner gets in from another address`, async () => {
    const { db } = getDb();
    await login(db, demo("dave_1", "secret-1", "10.2.0.1"));
    for (let i = 0; i < LOGIN_LIMIT.failures; i++) {
      expect(await login(db, demo("dave_1", `wrong-${i}`, "10.1.0.1"))).toMatchObject({ status: 401 });
    }
    expect(await login(db, demo("dave_1", "secret-1", "10.1.0.1"))).toEqual({
      ok: false,
      status: 429,
      code: "too_many_attempts",
      message: TOO_MANY_ATTEMPTS,
    });
    // A stranger cannot lock the owner out: the owner's own address is not failing.
    expect(await login(db, demo("dave_1", "secret-1", "10.2.0.1"))).toMatchObject({ ok: true, created: false });
    // And the other case of the name is the same account, limited the same way.
    expect(await login(db, demo("DAVE_1", "secret-1", "10.1.0.1"))).toMatchObject({ ok: false, status: 429 });
  });

  test("parallel wrong passwords are counted one after another: never more than the limit are checked", async () => {
    const { db } = getDb();
    await login(db, demo("gina_1", "secret-1", "10.3.0.1"));
    const results = await Promise.all(
      Array.from({ length: 3 * LOGIN_LIMIT.failures }, (_, i) => login(db, demo("gina_1", `wrong-${i}`, "10.3.0.2"))),
    );
    const statuses = results.map((r) => (r.ok ? 200 : r.status));
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT.failures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * LOGIN_LIMIT.failures);
    // The limited address stays limited, even for the right password.
    expect(await login(db, demo("gina_1", "secret-1", "10.3.0.2"))).toMatchObject({ status: 429 });
  });

  test("failures from one address are limited across usernames", async () => {
    const { db } = getDb();
    for (let i = 0; i < LOGIN_LIMIT.addressFailures; i++) {
      await login(db, { ...demo(`ghost_${i}`, "secret-1", "10.9.9.9"), demoLogin: false });
    }
    expect(await login(db, demo("erin_1", "secret-1", "10.9.9.9"))).toMatchObject({ ok: false, status: 429 });
    expect(await login(db, demo("erin_1", "secret-1", "10.9.9.10"))).toMatchObject({ ok: true });
  });

  test("without a known address, only that username's own tries count", async () => {
    const { db } = getDb();
    for (let i = 0; i < LOGIN_LIMIT.failures; i++) {
      await login(db, { ...demo(`nobody_${i}`, "secret-1", ""), address: null, demoLogin: false });
    }
    expect(await login(db, { ...demo("hank_1", "secret-1"), address: null })).toMatchObject({
      ok: true,
      created: true,
    });
  });

  test("usernames compare case-insensitively: another case signs in to the same account and never makes a second one", async () => {
    const { db } = getDb();
    const first = await login(db, demo("Ivy_Case", "secret-1"));
    expect(first).toMatchObject({ ok: true, created: true, user: { username: "Ivy_Case" } });
    expect(await login(db, demo("ivy_case", "secret-1"))).toMatchObject({
      ok: true,
      created: false,
      user: { username: "Ivy_Case" },
    });
    expect(await login(db, demo("IVY_CASE", "another-1"))).toMatchObject({ ok: false, status: 401 });
    const rows = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = 'ivy_case'`);
    expect(rows).toHaveLength(1);
  });

  test("a correct password clears that username's tries from its own address only", async () => {
    const { db } = getDb();
    await login(db, demo("jill_1", "secret-1", "10.4.0.1"));
    for (let i = 0; i < LOGIN_LIMIT.failures - 1; i++) await login(db, demo("jill_1", `wrong-${i}`, "10.4.0.2"));
    // The owner signs in from elsewhere: the stranger's tries from 10.4.0.2 are not forgiven.
    expect(await login(db, demo("jill_1", "secret-1", "10.4.0.1"))).toMatchObject({ ok: true });
    expect(await login(db, demo("jill_1", "wrong-last", "10.4.0.2"))).toMatchObject({ status: 401 });
    expect(await login(db, demo("jill_1", "secret-1", "10.4.0.2"))).toMatchObject({ status: 429 });
    // A correct password from a failing address that is still under the limit clears its tries there.
    await login(db, demo("jill_1", "wrong-0", "10.4.0.3"));
    expect(await login(db, demo("jill_1", "secret-1", "10.4.0.3"))).toMatchObject({ ok: true });
    for (let i = 0; i < LOGIN_LIMIT.failures; i++) {
      expect(await login(db, demo("jill_1", `wrong-${i}`, "10.4.0.3"))).toMatchObject({ status: 401 });
    }
  });

  test("the master account comes from the environment, or is generated once on the embedded default", async () => {
    const { db } = getDb();
    expect(await ensureMaster(db, { username: "boss", password: "boss-pass-1", generateIfMissing: false })).toBeNull();
    const [boss] = await db.select().from(users).where(eq(users.username, "boss"));
    expect(boss.role).toBe("master");
    expect(await login(db, { ...demo("boss", "boss-pass-1"), demoLogin: false })).toMatchObject({ ok: true });
    // The configured name takes over an account that differs only in case, instead of sitting beside it.
    expect(await ensureMaster(db, { username: "Boss", password: "boss-pass-2", generateIfMissing: false })).toBeNull();
    const bosses = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = 'boss'`);
    expect(bosses.map((u) => [u.id, u.username, u.role])).toEqual([[boss.id, "Boss", "master"]]);
    // A master exists now, so nothing is generated.
    expect(await ensureMaster(db, { generateIfMissing: true })).toBeNull();
  });
});

describeEachDriver("master bootstrap on an empty database", (getDb) => {
  test("prints a generated admin password once", async () => {
    const { db } = getDb();
    const generated = await ensureMaster(db, { generateIfMissing: true });
    expect(generated?.username).toBe("admin");
    expect(generated?.password.length).toBeGreaterThanOrEqual(12);
    expect(await ensureMaster(db, { generateIfMissing: true })).toBeNull();
    expect(
      await login(db, { username: "admin", password: generated!.password, address: "", demoLogin: false }),
    ).toMatchObject({
      ok: true,
      user: { role: "master" },
    });
  });
});
