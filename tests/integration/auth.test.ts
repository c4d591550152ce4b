// Accounts and sessions on both databases: hashing, demo login, master bootstrap, tokens, revocation, the login limit.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { users } from "#db/schema";
import {
  createSession,
  ensureMaster,
  getSessionUser,
  INVALID_CREDENTIALS,
  LOGIN_LIMIT,
  login,
  revokeSession,
  TOO_MANY_ATTEMPTS,
} from "~/models/auth.server";
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
      message: INVALID_CREDENTIALS,
    });
  });

  test("without demo login an unknown username is refused and nothing is created", async () => {
    const { db } = getDb();
    const result = await login(db, { ...demo("nobody_here", "secret-1"), demoLogin: false });
    expect(result).toEqual({ ok: false, status: 401, message: INVALID_CREDENTIALS });
    expect(await db.select().from(users).where(eq(users.username, "nobody_here"))).toHaveLength(0);
  });

  test("empty fields answer Missing credentials; a bad new username is refused", async () => {
    const { db } = getDb();
    expect(await login(db, demo("", "x"))).toMatchObject({ ok: false, status: 400, message: "Missing credentials" });
    expect(await login(db, demo("bob", ""))).toMatchObject({ ok: false, status: 400, message: "Missing credentials" });
    expect(await login(db, demo("no spaces allowed", "secret-1"))).toMatchObject({ ok: false, status: 400 });
    expect(await login(db, demo("shortpw", "123"))).toMatchObject({ ok: false, status: 400 });
  });

  test("a session token maps to its user until it is revoked; only its hash is stored", async () => {
    const { db } = getDb();
    const result = await login(db, demo("carol_1", "secret-1"));
    if (!result.ok) throw new Error("login failed");
    const { token } = await createSession(db, result.user.id);
    expect(await getSessionUser(db, token)).toMatchObject({ username: "carol_1" });
    expect(await getSessionUser(db, token + "x")).toBeNull();
    await revokeSession(db, token);
    expect(await getSessionUser(db, token)).toBeNull();
  });

  test(`${LOGIN_LIMIT.failures} failures for one username answer 429, even with the right password`, async () => {
    const { db } = getDb();
    await login(db, demo("dave_1", "secret-1"));
    for (let i = 0; i < LOGIN_LIMIT.failures; i++) {
      expect(await login(db, demo("dave_1", `wrong-${i}`, `10.1.0.${i}`))).toMatchObject({ status: 401 });
    }
    expect(await login(db, demo("dave_1", "secret-1", "10.2.0.1"))).toEqual({
      ok: false,
      status: 429,
      message: TOO_MANY_ATTEMPTS,
    });
  });

  test("failures from one address are limited across usernames", async () => {
    const { db } = getDb();
    for (let i = 0; i < LOGIN_LIMIT.failures; i++) {
      await login(db, { ...demo(`ghost_${i}`, "secret-1", "10.9.9.9"), demoLogin: false });
    }
    expect(await login(db, demo("erin_1", "secret-1", "10.9.9.9"))).toMatchObject({ ok: false, status: 429 });
    expect(await login(db, demo("erin_1", "secret-1", "10.9.9.10"))).toMatchObject({ ok: true });
  });

  test("the master account comes from the environment, or is generated once on the embedded default", async () => {
    const { db } = getDb();
    expect(await ensureMaster(db, { username: "boss", password: "boss-pass-1", generateIfMissing: false })).toBeNull();
    const [boss] = await db.select().from(users).where(eq(users.username, "boss"));
    expect(boss.role).toBe("master");
    expect(await login(db, { ...demo("boss", "boss-pass-1"), demoLogin: false })).toMatchObject({ ok: true });
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
    expect(await login(db, { username: "admin", password: generated!.password, address: "", demoLogin: false })).toMatchObject({
      ok: true,
      user: { role: "master" },
    });
  });
});
