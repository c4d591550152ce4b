// The environment, parsed once by one zod schema; a bad value stops the server with a clear message.
import { z } from "zod";
import { USERNAME_PATTERN } from "~/models/access/account-input";
import { parseTrustProxy } from "./client-address.server";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "yes"].includes(v)));

export const envSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: z.coerce.number().int().min(1).max(65535).optional(),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
        message: "must be a postgres:// or postgresql:// URL",
      }),
    SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    MASTER_USERNAME: z.string().regex(USERNAME_PATTERN, "must be 3 to 30 letters, digits or underscores").optional(),
    MASTER_PASSWORD: z.string().min(6, "must be at least 6 characters").max(100).optional(),
    DEMO_LOGIN: flag,
    // Lets webhooks reach loopback and private addresses: local receivers and tests (README's configuration table).
    WEBHOOK_ALLOW_PRIVATE: flag,
    // The address people reach the app by, for the links pages show (README's configuration table).
    PUBLIC_ORIGIN: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === "") return undefined;
        let url: URL;
        try {
          url = new URL(value.trim());
        } catch {
          ctx.addIssue({
            code: "custom",
            message: "must be an http:// or https:// origin, e.g. https://cups.example.org",
          });
          return z.NEVER;
        }
        if (!/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search || url.hash || url.username) {
          ctx.addIssue({
            code: "custom",
            message: "must be an http:// or https:// origin, e.g. https://cups.example.org",
          });
          return z.NEVER;
        }
        return url.origin;
      }),
    // The share of requests logged, one line each (README's configuration table): 0 (off, the default) to 1.
    ACCESS_LOG: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v.trim() === "" ? 0 : Number(v)))
      .refine((rate) => Number.isFinite(rate) && rate >= 0 && rate <= 1, {
        message: "must be 1 (every request), a fraction such as 0.01, or 0 (off)",
      }),
    // Proxies whose X-Forwarded-For is believed for the client's address (README's configuration table).
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value);
        if (trust && "error" in trust) {
          ctx.addIssue({ code: "custom", message: `${trust.error} (a hop count, or addresses and CIDR ranges)` });
          return z.NEVER;
        }
        return trust;
      }),
  })
  .refine((env) => (env.MASTER_USERNAME === undefined) === (env.MASTER_PASSWORD === undefined), {
    message: "MASTER_USERNAME and MASTER_PASSWORD must be set together",
    path: ["MASTER_PASSWORD"],
  });

export type Env = z.infer<typeof envSchema> & { demoLogin: boolean };

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  // Demo login is the embedded default's convenience; against a real server it must be asked for.
  return { ...env, demoLogin: env.DEMO_LOGIN ?? env.DATABASE_URL === undefined };
}
