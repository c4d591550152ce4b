// remix-auth with a form strategy: the login form's username and password, checked by the accounts model.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { login, MISSING_CREDENTIALS, type LoginResult } from "~/models/auth.server";
import { formToObject, loginSchema } from "~/models/validation";
import type { AppDb } from "#db/client.server";
import { getApp } from "./db.server";

const authenticator = new Authenticator<LoginResult>();
/** The client address of each login request, for the per-address limit (the strategy sees only the request). */
const calls = new WeakMap<Request, { db: AppDb; address: string | null }>();

authenticator.use(
  new FormStrategy(async ({ form, request }): Promise<LoginResult> => {
    const { env } = await getApp();
    const call = calls.get(request);
    if (!call) throw new Error("authenticateForm starts every login");
    // The same schema as POST /api/auth/login: a refused username never reaches the database.
    const parsed = loginSchema.safeParse(formToObject(form));
    // Its every message is "Missing credentials".
    if (!parsed.success) return MISSING_CREDENTIALS;
    return login(call.db, { ...parsed.data, address: call.address, demoLogin: env.demoLogin });
  }),
  "form",
);

/**
 * Checks a login form that the root middleware already read (once, within the page body limit):
 * the strategy gets a request built from that form, so the network body is never read again.
 */
export function authenticateForm(db: AppDb, url: string, form: FormData, address: string | null) {
  const request = new Request(url, { method: "POST", body: form });
  calls.set(request, { db, address });
  return authenticator.authenticate("form", request);
}
