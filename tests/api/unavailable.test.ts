// PostgreSQL going away under a running app: pages and the API answer 503 "Service temporarily unavailable" (not 500), and recover when it is back.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { startApp, unavailableReason, type App } from "./support/app";
import { expectStatus } from "./support/expect";

const reason = unavailableReason();

/** A TCP relay to the database that the test can cut (as if the server went down) and restore on the same port. */
class CuttableRelay {
  port = 0;
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  constructor(private target: { host: string; port: number }) {}

  async open(port = 0) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async cut() {
    if (!this.server?.listening) return;
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

describe.skipIf(reason !== undefined && process.env.CI !== "true")("the database goes down under a running app", () => {
  let app: App;
  let relay: CuttableRelay;

  beforeAll(async () => {
    const server = new URL(inject("pgAdminUrl")!);
    relay = new CuttableRelay({ host: server.hostname, port: Number(server.port) });
    await relay.open();
    app = await startApp({
      connectVia: (databaseUrl) => {
        const url = new URL(databaseUrl);
        url.host = `127.0.0.1:${relay.port}`;
        return url.toString();
      },
    });
  }, 120_000);

  afterAll(async () => {
    await relay?.cut();
    await app?.stop();
  });

  test("pages and the API answer 503 while PostgreSQL cannot be reached, then work again", async () => {
    // A page that must read the database: the landing page may be answered from the spectators'
    // snapshot (docs/rules.md, "Versions and live pages"), which keeps serving while it is fresh.
    const page = () => fetch(`${app.baseURL}/tournaments/987654/public`, { redirect: "manual" });
    expect((await page()).status).toBe(404);
    expect((await app.call("GET", "/api/tournaments/public")).status).toBe(200);
    const landing = () => fetch(`${app.baseURL}/`, { redirect: "manual" });
    expect((await landing()).status).toBe(200);

    await relay.cut();
    // Spectators' kept pages are still served from memory for a moment (their snapshot is fresh).
    expect((await landing()).status).toBe(200);
    const down = await page();
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).toContain("text/html");
    expect(down.headers.get("retry-after")).toBe("5");
    const downPage = await down.text();
    expect(downPage).toContain("Service temporarily unavailable");
    expect(downPage).toContain("The database is restarting. Try again in a moment.");
    const apiDown = await app.call("GET", "/api/tournaments/public");
    expectStatus(apiDown, 503);
    expect(apiDown.headers.get("retry-after")).toBe("5");
    expect(apiDown.body).toEqual({ message: "Service temporarily unavailable", code: "database_unavailable" });
    // A signed-in request reaches the database in the root middleware already.
    expect((await app.call("GET", "/api/auth/me", { token: "any-token" })).status).toBe(503);

    await relay.open(relay.port);
    // postgres.js reconnects on the next query.
    await expect.poll(async () => (await page()).status, { timeout: 15_000 }).toBe(404);
    expect((await app.call("GET", "/api/tournaments/public")).status).toBe(200);
  });
});
