// Accounts and sessions: hashed passwords, demo login, the master account, opaque session tokens, the login limit.
import crypto from "node:crypto";
import { promisify } from "node:util";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { loginAttempts, sessions, users, type User } from "#db/schema";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };
export const SESSION_DAYS = 30;
export const LOGIN_LIMIT = { failures: 10, windowMinutes: 15 };
export const TOO_MANY_ATTEMPTS = "Too many failed login attempts. Please wait 15 minutes and try again.";
export const INVALID_CREDENTIALS = "Invalid username or password";

export type PublicUser = { id: number; username: string; role: User["role"]; createdAt: Date };

export function toPublicUser(user: User): PublicUser {
  return { id: user.id, username: user.username, role: user.role, createdAt: user.createdAt };
}

export async function hashPassword(password: string) {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string) {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return crypto.timingSafeEqual(actual, expected);
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
export const USERNAME_MESSAGE = "Username must be 3 to 30 characters: letters, digits or underscores";
export const PASSWORD_MESSAGE = "Password must be 6 to 100 characters";

export type LoginResult =
  | { ok: true; user: PublicUser; created: boolean }
  | { ok: false; status: 400 | 401 | 429; message: string };

/**
 * Checks a username and password. With demo login on, an unknown valid username becomes a new
 * organizer account; an existing username always needs its own password.
 */
export async function login(
  db: Executor,
  input: { username: string; password: string; address: string; demoLogin: boolean },
): Promise<LoginResult> {
  const username = input.username.trim();
  if (!username || !input.password) return { ok: false, status: 400, message: "Missing credentials" };
  if (await isLoginLimited(db, username, input.address)) {
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }
  const [existing] = await db.select().from(users).where(eq(users.username, username));
  if (existing) {
    if (await verifyPassword(input.password, existing.password)) {
      await clearFailures(db, username);
      return { ok: true, user: toPublicUser(existing), created: false };
    }
    await recordFailure(db, username, input.address);
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  if (!input.demoLogin) {
    await recordFailure(db, username, input.address);
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  if (!USERNAME_PATTERN.test(username)) return { ok: false, status: 400, message: USERNAME_MESSAGE };
  if (input.password.length < 6 || input.password.length > 100) {
    return { ok: false, status: 400, message: PASSWORD_MESSAGE };
  }
  const password = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({ username, password, role: "user" })
    .onConflictDoNothing({ target: users.username })
    .returning();
  // A concurrent demo login of the same new name: the other request created it, so check its password.
  if (!created) return login(db, input);
  return { ok: true, user: toPublicUser(created), created: true };
}

async function isLoginLimited(db: Executor, username: string, address: string) {
  const since = new Date(Date.now() - LOGIN_LIMIT.windowMinutes * 60_000);
  const [row] = await db
    .select({
      byName: sql<number>`count(*) filter (where ${loginAttempts.username} = ${username})`,
      byAddress: sql<number>`count(*) filter (where ${loginAttempts.address} = ${address})`,
    })
    .from(loginAttempts)
    .where(
      and(gt(loginAttempts.at, since), or(eq(loginAttempts.username, username), eq(loginAttempts.address, address))),
    );
  // Without a known address (no proxy telling it) only the per-username limit applies.
  const byAddress = address ? Number(row?.byAddress ?? 0) : 0;
  return Number(row?.byName ?? 0) >= LOGIN_LIMIT.failures || byAddress >= LOGIN_LIMIT.failures;
}

async function recordFailure(db: Executor, username: string, address: string) {
  await db.insert(loginAttempts).values({ username, address });
  // Old attempts only matter inside the window; trim them as we go.
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(Date.now() - 24 * 3600_000)));
}

async function clearFailures(db: Executor, username: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.username, username));
}

function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Opens a session; the token is returned once and only its hash is stored. */
export async function createSession(db: Executor, userId: number) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function getSessionUser(db: Executor, token: string | null | undefined): Promise<PublicUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row ? toPublicUser(row.user) : null;
}

export async function revokeSession(db: Executor, token: string | null | undefined) {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * The master account: from MASTER_USERNAME/MASTER_PASSWORD (kept in step with them), or on the
 * embedded default a generated `admin` whose password is printed once.
 */
export async function ensureMaster(
  db: Executor,
  options: { username?: string; password?: string; generateIfMissing: boolean },
): Promise<{ username: string; password: string } | null> {
  if (options.username && options.password) {
    const [existing] = await db.select().from(users).where(eq(users.username, options.username));
    if (existing && existing.role === "master" && (await verifyPassword(options.password, existing.password))) {
      return null;
    }
    const password = await hashPassword(options.password);
    await db
      .insert(users)
      .values({ username: options.username, password, role: "master" })
      .onConflictDoUpdate({ target: users.username, set: { password, role: "master" } });
    return null;
  }
  if (!options.generateIfMissing) return null;
  const [anyMaster] = await db.select({ id: users.id }).from(users).where(eq(users.role, "master")).limit(1);
  if (anyMaster) return null;
  const password = crypto.randomBytes(12).toString("base64url");
  const [created] = await db
    .insert(users)
    .values({ username: "admin", password: await hashPassword(password), role: "master" })
    .onConflictDoNothing({ target: users.username })
    .returning();
  return created ? { username: "admin", password } : null;
}

/** A user's name by id, for pages that show who owns a tournament; null when the account is gone. */
export async function getUsername(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}
