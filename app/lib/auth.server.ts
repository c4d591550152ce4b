// remix-auth with a form strategy: the login form's username and password, checked by the accounts model.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { login, MISSING_CREDENTIALS, type LoginResult } from "~/models/auth.server";
import { formToObject, loginSchema } from "~/models/validation";
import type { AppDb } from "#db/client.server";
import { getApp } from "./db.server";
import { deviceFor, type KnownDevice } from "./device.server";

const authenticator = new Authenticator<LoginResult>();
/**
 * What each login needs beyond the form: the request's database and the client address (the
 * per-address limit). The strategy sees only a copy of the request (remix-auth rebuilds it), so
 * the call is found by an id header the copy keeps.
 */
const calls = new Map<string, { db: AppDb; address: string | null; device: KnownDevice | null }>();
const CALL_HEADER = "x-login-call";

authenticator.use(
  new FormStrategy(async ({ form, request }): Promise<LoginResult> => {
    const { env } = await getApp();
    const call = calls.get(request.headers.get(CALL_HEADER) ?? "");
    if (!call) throw new Error("authenticateForm starts every login");
    // The same schema as POST /api/auth/login: a refused username never reaches the database.
    const parsed = loginSchema.safeParse(formToObject(form));
    if (!parsed.success) {
      // Its messages are "Missing credentials", except a control character's own.
      const issue = parsed.error.issues[0];
      return issue?.code === "invalid_format"
        ? { ok: false, status: 400, code: "invalid_input", message: issue.message }
        : MISSING_CREDENTIALS;
    }
    return login(call.db, {
      ...parsed.data,
      address: call.address,
      demoLogin: env.demoLogin,
      device: deviceFor(call.device, parsed.data.username),
    });
  }),
  "form",
);

/**
 * Checks a login form that the root middleware already read (once, within the page body limit):
 * the strategy gets a request built from that form, so the network body is never read again.
 */
export function authenticateForm(
  db: AppDb,
  url: string,
  form: FormData,
  address: string | null,
  device: KnownDevice | null = null,
) {
  const id = crypto.randomUUID();
  const request = new Request(url, { method: "POST", body: form, headers: { [CALL_HEADER]: id } });
  calls.set(id, { db, address, device });
  return authenticator.authenticate("form", request).finally(() => calls.delete(id));
}
