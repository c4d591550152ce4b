// Accounts' input: logging in, a new username's rule, and the account added as a tournament's scorekeeper.
import { z } from "zod";
import { text } from "../fields";

/** Settings → Staff and POST /api/tournaments/{id}/staff: the account to add as scorekeeper. */
export const staffAddSchema = z.object({
  username: text("Username", "Username is required")
    .min(1, "Username is required")
    .max(30, "No account has that username"),
});

/** The login form and POST /api/auth/login. The password is only ever hashed, so any character may be in it. */
export const loginSchema = z.object({
  username: text("Username", "Missing credentials").min(1, "Missing credentials").max(200, "Missing credentials"),
  password: z.string({ error: "Missing credentials" }).min(1, "Missing credentials").max(200, "Missing credentials"),
});

/** A new account's username, the one rule for demo login and MASTER_USERNAME (docs/rules.md, "Fields and validation"). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
