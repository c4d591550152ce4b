// What a stranger can make the server do: hostile spreadsheets and oversized bodies are refused with bounded memory (how fast is measured by npm run bench:hostile, not asserted here), and the login limit holds under parallel tries.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, unavailableReason, unique, type App } from "./support/app";
import { expectRefusal } from "./support/expect";
import {
  deflatedBlanks,
  floodPost,
  memoryOf,
  resetPeak,
  tallSheet,
  withParts,
  workbookParts,
  writeZip,
  type ZipPart,
} from "./support/hostile";

const reason = unavailableReason();
const IMPORT_FAILED = "Failed to import tournament. Please check your Excel file format.";
const SHEET = "xl/worksheets/sheet1.xml";
/** How much the server's resident memory may grow while it refuses a hostile request. */
const MEMORY_GROWTH_MB = 150;

describe.skipIf(reason !== undefined && process.env.CI !== "true")("limits against a stranger", () => {
  let app: App;
  let token: string;
  let parts: ZipPart[];

  beforeAll(async () => {
    app = await startApp();
    token = await app.login(unique("importer"));
    parts = await workbookParts();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  /** Runs `send` and answers its reply and how far the server's memory rose above where it was. */
  async function measured<T>(send: () => Promise<T>) {
    const before = memoryOf(app.pid).rss;
    const peakReset = resetPeak(app.pid);
    const reply = await send();
    const after = memoryOf(app.pid);
    // Without a resettable peak, the memory now is the best measure there is.
    return { reply, growthMb: (peakReset ? after.peak : after.rss) - before };
  }

  const importZip = (zip: Buffer) =>
    app.call("POST", "/api/tournaments/import", { token, body: { excelData: zip.toString("base64") } });

  test("a real workbook still imports", async () => {
    const reply = await importZip(writeZip(parts));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.importedPlayers).toBe(2);
  });

  test.runIf(process.platform === "linux")(
    "a sheet of two million tiny rows (a few MB zipped) answers 400 without the server's memory growing",
    async () => {
      const zip = writeZip(withParts(parts, [{ name: SHEET, data: tallSheet(2_000_000) }]));
      expect(zip.length, "the upload fits the import's body limit").toBeLessThan(10_000_000);
      const before = await app.snapshot();
      const { reply, growthMb } = await measured(() => importZip(zip));
      expectRefusal(reply, 400, IMPORT_FAILED);
      expect(growthMb, `the server's memory grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(MEMORY_GROWTH_MB);
      expect(await app.snapshot(), "a refusal changes nothing").toEqual(before);
    },
  );

  test("a sheet within the size limit but longer than a roster stops being read at the row cap", async () => {
    // About 3 MB of XML: under the per-part limit, so the rows are streamed and the cap stops them.
    const zip = writeZip(withParts(parts, [{ name: SHEET, data: tallSheet(180_000) }]));
    const { reply } = await measured(() => importZip(zip));
    expectRefusal(reply, 400, IMPORT_FAILED);
  });

  test.runIf(process.platform === "linux")(
    "a sheet whose zip declares a small size but inflates to 200 MB answers 400 without inflating it",
    async () => {
      const blanks = deflatedBlanks(200_000_000);
      const lying = { ...blanks, size: 1000 };
      const { reply, growthMb } = await measured(() =>
        importZip(writeZip(withParts(parts, [{ name: SHEET, deflated: lying }]))),
      );
      expectRefusal(reply, 400, IMPORT_FAILED);
      expect(growthMb, `the server's memory grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(MEMORY_GROWTH_MB);
    },
  );

  test.runIf(process.platform === "linux")(
    "twenty junk entries of 200 MB each are never inflated: the workbook imports with bounded memory",
    async () => {
      const junk = deflatedBlanks(200_000_000);
      const zip = writeZip([
        ...parts,
        ...Array.from({ length: 20 }, (_, i) => ({ name: `junk/${i}.bin`, deflated: junk })),
      ]);
      const { reply, growthMb } = await measured(() => importZip(zip));
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.importedPlayers).toBe(2);
      expect(growthMb, `the server's memory grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(MEMORY_GROWTH_MB);
    },
  );

  describe("page bodies", () => {
    test("a page form over 1 MB is refused with 413 by its Content-Length, before it is sent", async () => {
      const reply = await floodPost(`${app.baseURL}/login`, { total: 200_000_000, declareLength: true });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body)).toEqual({ message: expect.stringMatching(/too large/i), code: "body_too_large" });
    });

    test.runIf(process.platform === "linux")(
      "a chunked page form (no Content-Length) is refused with 413 once 1 MB has arrived, and the rest is never read",
      async () => {
        const { reply, growthMb } = await measured(() => floodPost(`${app.baseURL}/login`, { total: 300_000_000 }));
        expect(reply.status).toBe(413);
        expect(growthMb, `the server's memory grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(MEMORY_GROWTH_MB);
      },
    );

    test("a form under the limit is read as before", async () => {
      const body = new URLSearchParams({ username: unique("nobody"), password: "x".repeat(900_000) }).toString();
      const response = await fetch(`${app.baseURL}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
      // Too long to be a password: refused as bad credentials, not as a body too large.
      expect(response.status).toBe(400);
    });

    test("the import's larger limit holds only on its own route, for a signed-in user", async () => {
      const twoMb = { total: 2_000_000, declareLength: true };
      expect(
        (await floodPost(`${app.baseURL}/dashboard`, { ...twoMb, headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).not.toBe(413);
      expect((await floodPost(`${app.baseURL}/dashboard`, twoMb)).status).toBe(413);
      expect(
        (
          await floodPost(`${app.baseURL}/create-tournament`, {
            ...twoMb,
            headers: { authorization: `Bearer ${token}` },
          })
        ).status,
      ).toBe(413);
    });

    test.runIf(process.platform === "linux")(
      "a chunked API body over its limit is refused with 413 too, once 1 MB has arrived",
      async () => {
        const { reply, growthMb } = await measured(() =>
          floodPost(`${app.baseURL}/api/tournaments`, {
            total: 300_000_000,
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          }),
        );
        expect(reply.status).toBe(413);
        expect(growthMb, `the server's memory grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(MEMORY_GROWTH_MB);
      },
    );
  });

  describe("the login limit", () => {
    test("100 parallel wrong passwords for one account: exactly 10 are checked, the rest answer 429", async () => {
      const username = unique("target");
      await app.login(username, "right-password-1");
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          app.call("POST", "/api/auth/login", { body: { username, password: `wrong-${i}` } }),
        ),
      );
      const counts = new Map<number, number>();
      for (const r of replies) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual({ 401: 10, 429: 90 });
      const attempts =
        await app.sql`select count(*)::int as n from login_attempts where username = ${username.toLowerCase()}`;
      expect(attempts[0].n).toBe(10);
    });

    test("usernames are case-insensitive: another case signs in to the same account", async () => {
      const username = unique("CaseUser");
      const first = await app.call("POST", "/api/auth/login", { body: { username, password: "password-1" } });
      const second = await app.call("POST", "/api/auth/login", {
        body: { username: username.toUpperCase(), password: "password-1" },
      });
      expect(second.status, second.text).toBe(200);
      expect(second.body.user.id).toBe(first.body.user.id);
      const other = await app.call("POST", "/api/auth/login", {
        body: { username: username.toLowerCase(), password: "another-2" },
      });
      expect(other.status).toBe(401);
    });
  });
});
