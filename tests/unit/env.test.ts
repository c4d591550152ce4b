// The environment schema: defaults, the demo-login rule, and clear messages for bad values.
import { describe, expect, test } from "vitest";
import { EnvError, parseEnv } from "~/lib/env.server";

describe("parseEnv", () => {
  test("defaults: embedded database in ./data with demo login on", () => {
    const env = parseEnv({});
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.demoLogin).toBe(true);
  });

  test("demo login is off against PostgreSQL unless DEMO_LOGIN asks for it", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@localhost/db" }).demoLogin).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://u@localhost/db", DEMO_LOGIN: "1" }).demoLogin).toBe(true);
    expect(parseEnv({ DEMO_LOGIN: "0" }).demoLogin).toBe(false);
  });

  test("ACCESS_LOG: off unless set; 1 logs every request, a fraction samples", () => {
    expect(parseEnv({}).ACCESS_LOG).toBe(0);
    expect(parseEnv({ ACCESS_LOG: "" }).ACCESS_LOG).toBe(0);
    expect(parseEnv({ ACCESS_LOG: "1" }).ACCESS_LOG).toBe(1);
    expect(parseEnv({ ACCESS_LOG: "0.01" }).ACCESS_LOG).toBe(0.01);
  });

  test("TRUST_PROXY: unset trusts no proxy; a hop count or a list of ranges is parsed", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeNull();
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toMatchObject({
      ranges: [{ network: "127.0.0.0" }, { network: "::1" }],
    });
  });

  test.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ MASTER_USERNAME: "boss" }, "MASTER_PASSWORD"],
    [{ MASTER_USERNAME: "no spaces", MASTER_PASSWORD: "secret-1" }, "MASTER_USERNAME"],
    [{ DEMO_LOGIN: "maybe" }, "DEMO_LOGIN"],
    [{ TRUST_PROXY: "proxy.example" }, "TRUST_PROXY"],
    [{ ACCESS_LOG: "abc" }, "ACCESS_LOG"],
    [{ ACCESS_LOG: "true" }, "ACCESS_LOG"],
    [{ ACCESS_LOG: "2" }, "ACCESS_LOG"],
  ])("%o is refused with a message naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });
});
