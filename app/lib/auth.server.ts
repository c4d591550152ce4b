// remix-auth with a form strategy: the login form's username and password, checked by the accounts model.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { login, type LoginResult } from "~/models/auth.server";
import { getApp } from "./db.server";
import { clientAddress } from "./session.server";

export const authenticator = new Authenticator<LoginResult>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const { env, database } = await getApp();
    const username = form.get("username");
    const password = form.get("password");
    return login(database.db, {
      username: typeof username === "string" ? username : "",
      password: typeof password === "string" ? password : "",
      address: clientAddress(request),
      demoLogin: env.demoLogin,
    });
  }),
  "form",
);
