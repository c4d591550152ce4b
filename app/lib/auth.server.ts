// remix-auth with a form strategy: the login form's username and password, checked by the accounts model.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { login, type LoginResult } from "~/models/auth.server";
import { firstError, formToObject, loginSchema } from "~/models/validation";
import { getApp } from "./db.server";
import { clientAddress } from "./session.server";

export const authenticator = new Authenticator<LoginResult>();

authenticator.use(
  new FormStrategy(async ({ form, request }): Promise<LoginResult> => {
    const { env, database } = await getApp();
    // The same schema as POST /api/auth/login: a refused username never reaches the database.
    const parsed = loginSchema.safeParse(formToObject(form));
    if (!parsed.success) return { ok: false, status: 400, message: firstError(parsed.error) };
    return login(database.db, { ...parsed.data, address: clientAddress(request), demoLogin: env.demoLogin });
  }),
  "form",
);
