// The API tests' world: the built app started on a fresh PostgreSQL database, an HTTP client, signed-in users, and a database snapshot for "nothing changed".
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { inject } from "vitest";
import { withAdmin } from "../../setup/databases";
import { freePort, kill, waitUntilAnswering } from "../../setup/e2e-global";

const root = fileURLToPath(new URL("../../..", import.meta.url));

export const MASTER = { username: "api_master", password: "master-pass-123" };

/** A JSON answer as the tests read it: field by field, checked by their assertions rather than by a type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the assertions are what checks a JSON answer
export type Json = any;

export type Reply<T = Json> = { status: number; body: T; text: string; headers: Headers };

export type CallOptions = {
  token?: string | null;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with a JSON content type (malformed JSON and the like). */
  raw?: string;
  headers?: Record<string, string>;
};

export type App = {
  baseURL: string;
  /** The server process (with WEB_CONCURRENCY, the cluster's primary), for measuring its memory. */
  pid: number;
  databaseName: string;
  /** A second connection to the app's database, for reading what a call did. */
  sql: postgres.Sql;
  /** Whether the server process (with WEB_CONCURRENCY, the cluster's primary) is still running. */
  running(): boolean;
  /** What the server process wrote so far (stdout and stderr). */
  output(): string;
  call<T = Json>(method: string, path: string, options?: CallOptions): Promise<Reply<T>>;
  /** Signs in (demo login creates organizers) and answers the token. */
  login(username: string, password?: string): Promise<string>;
  /** Every row the API can change, for before/after comparisons. */
  snapshot(): Promise<Record<string, unknown[]>>;
  stop(): Promise<void>;
};

/** Why the API tests cannot run here (no PostgreSQL server), or undefined. */
export function unavailableReason(): string | undefined {
  if (inject("pgAdminUrl")) return undefined;
  return inject("pgUnavailableReason") ?? "no PostgreSQL server was provided by tests/setup/postgres-global.ts";
}

/**
 * Starts `node server.js` from the api build on a new database of the test PostgreSQL server,
 * or, given `shareWith`, a second app process on that app's database (which the first one owns).
 */
export async function startApp(
  options: {
    shareWith?: App;
    /** The address the app is given for its database, e.g. through a proxy the test can cut (the database is made first). */
    connectVia?: (databaseUrl: string) => string;
    /** More environment for the server; a name given `undefined` is left out (e.g. `SESSION_SECRET`). */
    env?: Record<string, string | undefined>;
    /** The PostgreSQL server to make the database on (default: the test server of tests/setup/postgres-global.ts). */
    adminUrl?: string;
  } = {},
): Promise<App> {
  const adminUrl = options.adminUrl ?? inject("pgAdminUrl");
  if (!adminUrl) throw new Error(`PostgreSQL is not available: ${unavailableReason()}`);
  const buildDir = inject("apiBuildDir");
  const shared = options.shareWith?.databaseName;
  const name = shared ?? `api_${randomBytes(6).toString("hex")}`;
  if (!shared) await withAdmin(adminUrl, (sql) => sql.unsafe(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "tm-api-"));
  const logPath = path.join(logDir, "server.log");
  const log = fs.openSync(logPath, "a");
  const { DATABASE_URL: _u, DEMO_LOGIN: _d, DATA_DIR: _dd, ...inherited } = process.env;
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      DATABASE_URL: options.connectVia ? options.connectVia(databaseUrl) : databaseUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      MASTER_USERNAME: MASTER.username,
      MASTER_PASSWORD: MASTER.password,
      DEMO_LOGIN: "1",
      SESSION_SECRET: "api-tests-session-secret-0123456789",
      ...options.env,
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const onExit = () => server.exitCode === null && server.kill("SIGKILL");
  process.once("exit", onExit);

  const dropDatabase = async () => {
    if (shared) return;
    await withAdmin(adminUrl, (sql) => sql.unsafe(`drop database if exists "${name}" with (force)`)).catch(() => {});
  };
  try {
    await waitUntilAnswering(baseURL, server, 60_000);
  } catch (error) {
    const output = fs.existsSync(logPath) ? fs.readFileSync(logPath, "utf8") : "";
    await kill(server);
    await dropDatabase();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }

  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });

  async function call<T = Json>(method: string, route: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    // fetch refuses a body on GET and HEAD.
    if (method === "GET" || method === "HEAD") body = undefined;
    else if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] ??= "application/json";
    const response = await fetch(baseURL + route, { method, headers, body, redirect: "manual" });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get("content-type")?.includes("application/json")) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // Left as text: the assertion on it will say what came back.
      }
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  return {
    baseURL,
    pid: server.pid!,
    databaseName: name,
    sql,
    running: () => server.exitCode === null && server.signalCode === null,
    output: () => (fs.existsSync(logPath) ? fs.readFileSync(logPath, "utf8") : ""),
    call,
    async login(username, password = "password123") {
      const reply = await call("POST", "/api/auth/login", { body: { username, password } });
      if (reply.status !== 200) throw new Error(`Login of ${username} failed: ${reply.status} ${reply.text}`);
      return reply.body.token as string;
    },
    async snapshot() {
      const [users, tournaments, players, lobbies, matches, staff, auditEntries, webhooks, deliveries] =
        await Promise.all([
          sql`select id, username, role from users order by id`,
          sql`select * from tournaments order by id`,
          sql`select * from players order by id`,
          sql`select * from lobbies order by id`,
          sql`select * from matches order by id`,
          sql`select * from tournament_staff order by id`,
          sql`select * from audit_entries order by id`,
          // Only what a call sets: the delivery worker updates failures, attempts and statuses on its own time.
          sql`select id, tournament_id, url, kind, events, secret, enabled from webhook_endpoints order by id`,
          sql`select id, endpoint_id, message_id, event from webhook_deliveries order by id`,
        ]);
      return {
        users: [...users],
        tournaments: [...tournaments],
        players: [...players],
        lobbies: [...lobbies],
        matches: [...matches],
        staff: [...staff],
        auditEntries: [...auditEntries],
        webhooks: [...webhooks],
        deliveries: [...deliveries],
      };
    },
    async stop() {
      process.removeListener("exit", onExit);
      await sql.end({ timeout: 2 });
      await kill(server);
      await dropDatabase();
      fs.rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** An app with three signed-in callers: an owner-to-be, another organizer and the master. */
export async function startAppWithCallers(otherName = "other") {
  const app = await startApp();
  const [owner, other, master] = await Promise.all([
    app.login(unique("owner")),
    app.login(unique(otherName)),
    app.login(MASTER.username, MASTER.password),
  ]);
  return { app, owner, other, master };
}

/** A name no other test uses. */
export function unique(prefix: string) {
  return `${prefix}_${randomBytes(4).toString("hex")}`;
}
