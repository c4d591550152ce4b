// Webhook rules with no database: the SSRF guard's address classes (IPv4, IPv6, mapped, metadata) and its lookup, endpoint input, the retry schedule, the events an action sends, Discord messages and the signature.
import type { LookupAddress } from "node:dns";
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { expect, test } from "vitest";
import { addressAllowed, classifyAddress, guardedLookup } from "~/models/audit/webhook-guard.server";
import { bodyFor, signWebhook } from "~/lib/webhook-worker.server";
import {
  chosenEvents,
  DEFAULT_SCHEDULE,
  discordMessage,
  endpointRefusal,
  eventsFor,
  eventsOfAction,
  retryDelay,
  type WebhookPayload,
} from "~/models/audit/webhooks";

test.each([
  ["8.8.8.8", "public"],
  ["1.1.1.1", "public"],
  ["2606:4700:4700::1111", "public"],
  ["::ffff:8.8.8.8", "public"],
  ["127.0.0.1", "private"],
  ["127.255.0.9", "private"],
  ["10.0.0.1", "private"],
  ["172.16.5.4", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["169.254.1.1", "private"],
  ["100.64.0.1", "private"],
  ["100.127.255.254", "private"],
  ["::1", "private"],
  ["fc00::1", "private"],
  ["fd12:3456::1", "private"],
  ["fe80::1", "private"],
  ["::ffff:127.0.0.1", "private"],
  ["::ffff:7f00:1", "private"],
  ["::ffff:192.168.0.1", "private"],
  ["64:ff9b::10.0.0.1", "private"],
  ["169.254.169.254", "forbidden"],
  ["::ffff:169.254.169.254", "forbidden"],
  ["fd00:ec2::254", "forbidden"],
  ["0.0.0.0", "forbidden"],
  ["::", "forbidden"],
  ["224.0.0.1", "forbidden"],
  ["239.255.255.250", "forbidden"],
  ["ff02::1", "forbidden"],
  ["255.255.255.255", "forbidden"],
  ["240.0.0.1", "forbidden"],
  ["example.com", null],
  ["172.32.0.1", "public"],
])("classifyAddress(%s) is %s", (address, verdict) => {
  expect(classifyAddress(address)).toBe(verdict);
});

test("only public addresses pass, and private ones with WEBHOOK_ALLOW_PRIVATE; forbidden ones never", () => {
  expect(addressAllowed("public", false)).toBe(true);
  expect(addressAllowed("private", false)).toBe(false);
  expect(addressAllowed("private", true)).toBe(true);
  expect(addressAllowed("forbidden", true)).toBe(false);
  expect(addressAllowed(null, true)).toBe(false);
});

/** Runs the guarded lookup against a fake resolver answering `answer` for any name. */
function lookup(answer: LookupAddress[], allowPrivate: boolean, all = true) {
  const resolve = ((_host: string, _options: unknown, cb: (e: null, a: LookupAddress[]) => void) =>
    cb(null, answer)) as never;
  return new Promise<{ error: Error | null; address: unknown }>((done) =>
    guardedLookup(allowPrivate, resolve)("hooks.example", { all }, (error, address) => done({ error, address })),
  );
}

test("the guarded lookup refuses a name when any of its addresses is not allowed, and hands on exactly the checked ones", async () => {
  const pub = { address: "93.184.216.34", family: 4 };
  expect(await lookup([pub], false)).toEqual({ error: null, address: [pub] });
  const single = await lookup([pub], false, false);
  expect(single).toEqual({ error: null, address: pub.address });
  const mixed = await lookup([pub, { address: "10.0.0.7", family: 4 }], false);
  expect(mixed.error?.message).toBe("Refused: hooks.example resolves to 10.0.0.7, a private address");
  expect((await lookup([{ address: "::ffff:127.0.0.1", family: 6 }], false)).error).not.toBeNull();
  expect((await lookup([{ address: "127.0.0.1", family: 4 }], true)).error).toBeNull();
  expect((await lookup([{ address: "169.254.169.254", family: 4 }], true)).error?.message).toContain("forbidden");
  expect((await lookup([], true)).error?.message).toContain("no address");
});

const literal = (host: string) => classifyAddress(host);

test("endpoint input: http(s) only, at most 2,000 characters, no private literal without the flag, known kinds and events", () => {
  const check = (url: string, events: string[] = ["score.saved"], kind = "standard", allowPrivate = false) =>
    endpointRefusal({ url, kind, events }, { allowPrivate, literal })?.code ?? null;
  expect(check("https://discord.com/api/webhooks/1/abc")).toBeNull();
  expect(check("http://example.com:8080/hook?x=1")).toBeNull();
  expect(check("")).toBe("invalid_webhook_url");
  expect(check("ftp://example.com/")).toBe("invalid_webhook_url");
  expect(check("file:///etc/passwd")).toBe("invalid_webhook_url");
  expect(check("not a url")).toBe("invalid_webhook_url");
  expect(check(`https://example.com/${"x".repeat(1980)}`)).toBeNull();
  expect(check(`https://example.com/${"x".repeat(1981)}`)).toBe("invalid_webhook_url");
  expect(check("http://127.0.0.1/")).toBe("private_webhook_address");
  expect(check("http://127.0.0.1/", ["score.saved"], "standard", true)).toBeNull();
  expect(check("http://[::1]:3000/")).toBe("private_webhook_address");
  expect(check("http://0x7f.1/")).toBe("private_webhook_address");
  expect(check("http://2130706433/")).toBe("private_webhook_address");
  expect(check("http://LOCALHOST./")).toBe("private_webhook_address");
  expect(check("http://169.254.169.254/", ["score.saved"], "standard", true)).toBe("private_webhook_address");
  expect(check("https://example.com/", ["score.saved", "nope"])).toBe("unknown_webhook_event");
  expect(check("https://example.com/", [])).toBe("unknown_webhook_event");
  expect(check("https://example.com/", ["stage.changed"])).toBeNull();
  expect(check("https://example.com/", ["score.saved"], "slack")).toBe("invalid_input");
});

test("chosen events keep the product's order, once each, unknown names last", () => {
  expect(chosenEvents(["tournament.completed", "score.saved", "score.saved", "x"])).toEqual([
    "score.saved",
    "tournament.completed",
    "x",
  ]);
  expect(chosenEvents("round.advanced")).toEqual(["round.advanced"]);
  expect(chosenEvents(undefined)).toEqual([]);
});

test("retry delays double from the base up to the cap, within ±20 % jitter (property)", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 200 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (n, r) => {
      const plain = Math.min(DEFAULT_SCHEDULE.baseMs * 2 ** (n - 1), DEFAULT_SCHEDULE.maxMs);
      const d = retryDelay(n, DEFAULT_SCHEDULE, r);
      expect(d).toBeGreaterThanOrEqual(Math.floor(plain * 0.8));
      expect(d).toBeLessThanOrEqual(Math.ceil(plain * 1.2));
      // Without jitter, never shorter than the try before.
      expect(retryDelay(n + 1, DEFAULT_SCHEDULE)).toBeGreaterThanOrEqual(retryDelay(n, DEFAULT_SCHEDULE));
    }),
  );
  // 24 h of retries at these delays is about 30 tries, not thousands.
  let elapsed = 0;
  let tries = 0;
  while (elapsed < DEFAULT_SCHEDULE.giveUpAfterMs) elapsed += retryDelay(++tries, DEFAULT_SCHEDULE);
  expect(tries).toBeGreaterThan(20);
  expect(tries).toBeLessThan(40);
});

test("the events an audited action sends", () => {
  const of = (action: string, finalizedBefore = 1, finalizedAfter = 1, cut = 0) =>
    eventsOfAction({ action, finalizedBefore, finalizedAfter, cut });
  expect(of("scores.saved")).toEqual(["score.saved"]);
  expect(of("round.finalized")).toEqual(["round.finalized"]);
  expect(of("round.advanced")).toEqual(["round.advanced"]);
  expect(of("round.advanced", 0, 1, 8)).toEqual(["round.finalized", "players.cut", "round.advanced"]);
  expect(of("tournament.completed", 1, 2)).toEqual(["round.finalized", "tournament.completed"]);
  expect(of("player.checked_out")).toEqual(["checkin.changed"]);
  expect(of("players.checked_in")).toEqual(["checkin.changed"]);
  expect(of("settings.updated")).toEqual([]);
  expect(of("webhook.added")).toEqual([]);
  const discord = { kind: "discord" as const, events: ["round.finalized", "tournament.completed"] };
  expect(eventsFor(discord, ["round.finalized", "tournament.completed"])).toEqual(["tournament.completed"]);
  expect(eventsFor({ ...discord, kind: "standard" }, ["round.finalized", "tournament.completed"])).toEqual([
    "round.finalized",
    "tournament.completed",
  ]);
  expect(eventsFor({ kind: "standard", events: [] }, ["webhook.test"])).toEqual(["webhook.test"]);
});

const payload = (type: WebhookPayload["type"], extra: Partial<WebhookPayload["data"]> = {}): WebhookPayload => ({
  type,
  timestamp: "2026-11-25T18:00:00.000Z",
  data: {
    tournamentId: 7,
    tournamentName: "Friday *Cup*",
    version: 12,
    status: "active",
    currentRound: 2,
    finalizedRound: 1,
    round: 1,
    summary: "Lobby 3 scores saved",
    ...extra,
  },
});

test("Discord messages: standings as an embed, markdown and mentions defused, within Discord's limits", () => {
  const standings = Array.from({ length: 8 }, (_, i) => ({
    rank: i + 1,
    playerId: i + 1,
    name: i === 0 ? "@everyone" : `Player_${i}`,
    riotTag: "EUW",
    totalPoints: 40 - i * 3,
    averagePlacement: 1 + i * 0.5,
    matchesPlayed: 2,
    isEliminated: false,
  }));
  const finalized = discordMessage(payload("round.finalized", { standings }));
  expect(finalized.content).toBe("**Friday \\*Cup\\***: Round 1 finalized");
  expect(finalized.embeds?.[0].title).toBe("Standings after Round 1");
  const lines = finalized.embeds![0].description.split("\n");
  expect(lines).toHaveLength(8);
  expect(lines[0]).toBe("**1.** @\u200beveryone#EUW: 40 pts, avg 1.0");
  expect(lines[1]).toContain("Player\\_1#EUW");
  expect(finalized.allowed_mentions).toEqual({ parse: [] });
  expect(discordMessage(payload("tournament.completed", { standings })).embeds?.[0].title).toBe("Final standings");
  const line = discordMessage(payload("score.saved"));
  expect(line).toEqual({ content: "**Friday \\*Cup\\***: Lobby 3 scores saved", allowed_mentions: { parse: [] } });
  const long = discordMessage(payload("checkin.changed", { summary: "x".repeat(5000) }));
  expect(long.content.length).toBeLessThanOrEqual(2000);
  expect(JSON.parse(bodyFor("discord", JSON.stringify(payload("webhook.test")))).content).toContain("test message");
  expect(bodyFor("standard", '{"a":1}')).toBe('{"a":1}');
});

test("our signature is the one the standardwebhooks package verifies (property over bodies and ids)", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const wh = new Webhook(secret);
  fc.assert(
    fc.property(fc.string(), fc.stringMatching(/^msg_[A-Za-z0-9]{1,20}$/), (body, id) => {
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = signWebhook(secret, id, timestamp, body);
      expect(signature).toBe(wh.sign(id, new Date(timestamp * 1000), body));
      wh.verify(
        body,
        { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signature },
        { jsonParse: false },
      );
    }),
    { numRuns: 50 },
  );
});
