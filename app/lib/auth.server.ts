// The one login path (docs/decisions/032): remix-auth's Authenticator with remix-auth-form's strategy, built per
// request from the router context, checks the login form's and POST /api/auth/login's credentials alike with the
// accounts model (app/models/access/auth.server.ts, which alone decides the login limits).
import type { RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { login, MISSING_CREDENTIALS, type LoginResult } from "~/models/access/auth.server";
import { formToObject } from "~/lib/form";
import { loginSchema } from "~/models/access/account-input";
import { dbContext } from "./context";
import { getApp } from "./db.server";
import { deviceFor, readDevice, type KnownDevice } from "./device.server";
import { clientAddress } from "./session.server";

/** The strategy's name: the credentials always reach it as a form. */
const STRATEGY = "form";

/**
 * This request's authenticator: its strategy checks a username and password against this request's database, from
 * its client address (the per-address limit) and with its known-device cookie (docs/decisions/021). Nothing outlives
 * the request, so concurrent logins share no state.
 */
export async function loginAuthenticator(request: Request, context: Readonly<RouterContextProvider>) {
  const db = context.get(dbContext);
  const [{ env }, address, device] = await Promise.all([
    getApp(),
    clientAddress(request, context),
    readDevice(request),
  ]);
  const strategy = new FormStrategy<LoginResult>(async ({ form }) => {
    // The same schema as POST /api/auth/login: a refused username never reaches the database.
    const parsed = loginSchema.safeParse(formToObject(form));
    if (!parsed.success) {
      // Its messages are "Missing credentials", except a control character's own.
      const issue = parsed.error.issues[0];
      return issue?.code === "invalid_format"
        ? { ok: false, status: 400, code: "invalid_input", message: issue.message }
        : MISSING_CREDENTIALS;
    }
    return login(db, {
      ...parsed.data,
      address,
      demoLogin: env.demoLogin,
      device: deviceFor(device, parsed.data.username),
    });
  });
  return { authenticator: new Authenticator<LoginResult>().use(strategy, STRATEGY), device };
}

/** What a login answers: the accounts model's result, and the device cookie it was checked with (to remember it). */
export type LoginAttempt = { result: LoginResult; device: KnownDevice | null };

/**
 * Checks credentials through this request's authenticator. The page form arrives as the FormData the root
 * middleware already read (once, within the page body limit), the API's as its validated JSON body; either way
 * the strategy gets a fresh request carrying them url-encoded (which, unlike multipart, keeps a password's line
 * breaks as they were), so the network body is never read twice.
 */
export async function authenticateLogin(
  request: Request,
  context: Readonly<RouterContextProvider>,
  credentials: FormData | { username: string; password: string },
): Promise<LoginAttempt> {
  const { authenticator, device } = await loginAuthenticator(request, context);
  // Only the credentials: the page form's other fields (redirectTo) are the caller's.
  const body = new URLSearchParams();
  const entries = credentials instanceof FormData ? credentials.entries() : Object.entries(credentials);
  for (const [name, value] of entries) {
    if ((name === "username" || name === "password") && typeof value === "string") body.append(name, value);
  }
  const result = await authenticator.authenticate(STRATEGY, new Request(request.url, { method: "POST", body }));
  return { result, device };
}
