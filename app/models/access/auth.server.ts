// Accounts and sessions: hashed passwords, demo login, the master account, opaque session tokens, the login limit.
import crypto from "node:crypto";
import { promisify } from "node:util";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { sessions, users, type User } from "#db/schema";
import { clearAttempts, forgetAttempt, recordAttempt, trimAttempts, type AttemptLimit } from "./attempts.server";
import type { RefusalCode } from "../errors";
import { USERNAME_PATTERN } from "./account-input";
import { INVALID_CREDENTIALS, MISSING_CREDENTIALS_MESSAGE, TOO_MANY_ATTEMPTS } from "../messages";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };
export const SESSION_DAYS = 30;
/**
 * Wrong passwords allowed in the window: per username and address (or per known device), per address across usernames,
 * and per username from unknown devices across addresses (docs/decisions/008-login-limits.md and 018).
 */
export const LOGIN_LIMIT: AttemptLimit = {
  family: "login",
  failures: 10,
  addressFailures: 30,
  keyFailures: 20,
  windowMinutes: 15,
};
/** How long a known device waits before its password is checked while its username is locked for unknown devices. */
export const DEVICE_SLOWDOWN_MS = 1000;

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

export const USERNAME_MESSAGE = "Username must be 3 to 30 characters: letters, digits or underscores";
export const PASSWORD_MESSAGE = "Password must be 6 to 100 characters";

export type LoginResult =
  | { ok: true; user: PublicUser; created: boolean }
  | { ok: false; status: 400 | 401 | 429; code: RefusalCode; message: string };

export const MISSING_CREDENTIALS = {
  ok: false,
  status: 400,
  code: "missing_credentials",
  message: MISSING_CREDENTIALS_MESSAGE,
} as const;

/** Longer input cannot be an account's (usernames 3-30, passwords 6-100 characters); the API refuses it the same way. */
const MAX_INPUT = 200;

/** The user whose name matches case-insensitively (at most one: users_username_lower_uq). */
export async function findUser(db: Executor, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

/**
 * Checks a username and password from a client address (null when unknown). With demo login on,
 * an unknown valid username becomes a new organizer account; an existing username always needs
 * its own password. Usernames compare case-insensitively. The attempt is recorded before the
 * password is checked and kept when it was wrong; 429 once the username from this address, the
 * address across usernames, or the username from unknown devices everywhere has used its tries; a
 * known device is slowed down instead of locked out (docs/decisions/008-login-limits.md, 018).
 */
export async function login(
  db: Executor,
  input: {
    username: string;
    password: string;
    address: string | null;
    demoLogin: boolean;
    /** The known device the try comes from (the nonce of a valid device cookie for this username), if any. */
    device?: string | null;
  },
): Promise<LoginResult> {
  const username = input.username.trim();
  if (!username || !input.password) return MISSING_CREDENTIALS;
  if (username.length > MAX_INPUT || input.password.length > MAX_INPUT) {
    return MISSING_CREDENTIALS;
  }
  const attempt = { key: username.toLowerCase(), address: input.address ?? "", device: input.device ?? null };
  const recorded = await recordAttempt(db, attempt, LOGIN_LIMIT);
  if (recorded === null) return { ok: false, status: 429, code: "too_many_attempts", message: TOO_MANY_ATTEMPTS };
  const attemptId = recorded.id;
  // The username is under attack from elsewhere: its owner's known device gets in, only more slowly.
  if (recorded.slowDown) await new Promise((resolve) => setTimeout(resolve, DEVICE_SLOWDOWN_MS));

  const existing = await findUser(db, username);
  if (existing) {
    if (await verifyPassword(input.password, existing.password)) {
      await clearAttempts(db, attempt);
      return { ok: true, user: toPublicUser(existing), created: false };
    }
    await trimAttempts(db);
    return { ok: false, status: 401, code: "invalid_credentials", message: INVALID_CREDENTIALS };
  }
  if (!input.demoLogin) {
    // As slow as a wrong password for a real account, so the answer's timing does not tell which names exist.
    await verifyPassword(input.password, await dummyHash());
    await trimAttempts(db);
    return { ok: false, status: 401, code: "invalid_credentials", message: INVALID_CREDENTIALS };
  }
  // Demo login of a new name: refusing its shape checks no password, so it is not a try.
  if (!USERNAME_PATTERN.test(username) || input.password.length < 6 || input.password.length > 100) {
    await forgetAttempt(db, attemptId);
    return {
      ok: false,
      status: 400,
      code: "invalid_input",
      message: USERNAME_PATTERN.test(username) ? PASSWORD_MESSAGE : USERNAME_MESSAGE,
    };
  }
  const password = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({ username, password, role: "user" })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    // A concurrent demo login of the same new name (in any case): the other request created it, so check its password.
    await forgetAttempt(db, attemptId);
    return login(db, input);
  }
  await clearAttempts(db, attempt);
  return { ok: true, user: toPublicUser(created), created: true };
}

let dummy: Promise<string> | undefined;
function dummyHash() {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummy;
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

/** The session lookup, built once per database (every request runs it): drizzle's prepared query takes the hash as a placeholder. */
function sessionUserQuery(db: Executor) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql`now()`)))
    .prepare("session_user");
}
const sessionUserQueries = new WeakMap<Executor, ReturnType<typeof sessionUserQuery>>();

export async function getSessionUser(db: Executor, token: string | null | undefined): Promise<PublicUser | null> {
  if (!token || token.length > 200) return null;
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ tokenHash: hashToken(token) });
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
    const existing = await findUser(db, options.username);
    if (existing && existing.role === "master" && (await verifyPassword(options.password, existing.password))) {
      return null;
    }
    const password = await hashPassword(options.password);
    const set = { username: options.username, password, role: "master" as const };
    // The configured name takes over an account that differs from it only in case.
    if (existing) await db.update(users).set(set).where(eq(users.id, existing.id));
    else {
      const [created] = await db.insert(users).values(set).onConflictDoNothing().returning();
      // Another process starting at the same time made it first: set it as configured.
      if (!created)
        await db
          .update(users)
          .set(set)
          .where(sql`lower(${users.username}) = lower(${options.username})`);
    }
    return null;
  }
  if (!options.generateIfMissing) return null;
  const [anyMaster] = await db.select({ id: users.id }).from(users).where(eq(users.role, "master")).limit(1);
  if (anyMaster) return null;
  const password = crypto.randomBytes(12).toString("base64url");
  const [created] = await db
    .insert(users)
    .values({ username: "admin", password: await hashPassword(password), role: "master" })
    .onConflictDoNothing()
    .returning();
  return created ? { username: "admin", password } : null;
}

/** A user's name by id, for pages that show who owns a tournament; null when the account is gone. */
export async function getUsername(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}
