// Self check-in against strangers on both databases: a flood of wrong codes from many addresses never shuts it for the
// players; the player proves who they are (exact game tag), may check out; right codes are limited per address; the owner
// sees the tries per address and changes the code; opening again changes nothing (docs/decisions/021).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { players, tournaments } from "#db/schema";
import { getPlayer } from "~/models/roster/roster.server";
import { SELF_CHECKIN_LIMIT } from "~/models/roster/self-checkin";
import {
  PASS_REQUIRED,
  TOO_MANY_CHECKINS,
  TOO_MANY_CODES,
  TOO_MANY_FOR_PLAYER,
  WRONG_CODE,
  WRONG_TAG,
} from "~/models/messages";
import { issuePass } from "~/models/roster/signup.server";
import {
  openSelfCheckin,
  rotateSelfCheckinCode,
  selfCheckin,
  selfCheckinOverview,
  selfCheckinTries,
} from "~/models/roster/self-checkin.server";
import { startCheckin } from "~/models/tournaments/tournaments.server";
import { selfCheckinSchema } from "~/models/roster/self-checkin-input";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser } from "./model-fixtures";

let seq = 0;
const freshAddress = () => `10.88.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;
const wrongFor = (code: string) => (code === "AAAAAA" ? "BBBBBB" : "AAAAAA");
const as = (p: { id: number; riotTag: string }, code: string, extra: Record<string, unknown> = {}) =>
  selfCheckinSchema.parse({ playerId: p.id, riotTag: p.riotTag, code, ...extra });

describeEachDriver("self check-in against strangers", (getDb) => {
  async function setUp(registered = 20) {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 32 });
    const list = await addPlayers(db, owner, t.id, registered, 0);
    await startCheckin(db, owner, t.id);
    const code = (await openSelfCheckin(db, owner, t.id)).result.code!;
    return { db, owner, t, list, code };
  }
  const versionOf = async (db: ReturnType<typeof getDb>["db"], id: number) =>
    (await db.select({ v: tournaments.version }).from(tournaments).where(eq(tournaments.id, id)))[0].v;

  test("the stranger flood (10 addresses x 10 wrong codes, aimed at every player) leaves a player with the right code able to check in", async () => {
    const { db, t, list, code } = await setUp();
    const strangers = Array.from({ length: 10 }, freshAddress);
    const refusals = await Promise.allSettled(
      strangers.flatMap((address) =>
        Array.from({ length: 10 }, (_, i) => selfCheckin(db, t.id, as(list[i], wrongFor(code)), address)),
      ),
    );
    expect(refusals.every((r) => r.status === "rejected")).toBe(true);
    // Every stranger used up their own address's tries, and only theirs.
    await expectRefused(selfCheckin(db, t.id, as(list[0], code), strangers[0]), 429, TOO_MANY_CODES);
    for (const p of list.slice(0, 10)) {
      const { result } = await selfCheckin(db, t.id, as(p, code), freshAddress());
      expect(result.player.isCheckedIn).toBe(true);
    }
  });

  test("the code alone proves nothing: the exact game tag is needed, a wrong one changes nothing and counts against the player", async () => {
    const { db, t, list, code } = await setUp();
    const before = await versionOf(db, t.id);
    const p = list[3];
    await expectRefused(selfCheckin(db, t.id, as({ ...p, riotTag: "na4" }, code), freshAddress()), 400, WRONG_TAG);
    await expectRefused(
      selfCheckin(db, t.id, selfCheckinSchema.parse({ nameTag: "Player 4#XX", code }), freshAddress()),
      400,
      WRONG_TAG,
    );
    expect(await versionOf(db, t.id)).toBe(before);
    expect((await getPlayer(db, p.id)).isCheckedIn).toBe(false);
    // Without a tag the input is refused before anything is tried.
    expect(selfCheckinSchema.safeParse({ playerId: p.id, code }).success).toBe(false);

    // Ten wrong tags for one player from ten addresses hold that player (the host still checks them in), no one else.
    for (let i = 2; i < SELF_CHECKIN_LIMIT.playerFailures; i++)
      await expectRefused(selfCheckin(db, t.id, as({ ...p, riotTag: `X${i}` }, code), freshAddress()), 400, WRONG_TAG);
    await expectRefused(selfCheckin(db, t.id, as(p, code), freshAddress()), 429, TOO_MANY_FOR_PLAYER);
    expect((await selfCheckin(db, t.id, as(list[4], code), freshAddress())).result.player.isCheckedIn).toBe(true);
  });

  test("a player checks themselves out while check-in is open, with the same proof", async () => {
    const { db, t, list, code } = await setUp();
    const p = list[1];
    await selfCheckin(db, t.id, as(p, code), freshAddress());
    const before = await versionOf(db, t.id);
    await expectRefused(
      selfCheckin(db, t.id, as({ ...p, riotTag: "WRONG" }, code, { action: "checkout" }), freshAddress()),
      400,
      WRONG_TAG,
    );
    expect((await getPlayer(db, p.id)).isCheckedIn).toBe(true);
    const out = await selfCheckin(db, t.id, as(p, code, { action: "checkout" }), freshAddress());
    expect(out.result).toMatchObject({ action: "checkout", unchanged: false, player: { isCheckedIn: false } });
    expect(out.events).toEqual([
      expect.objectContaining({ type: "tournament_updated", data: expect.objectContaining({ checkedIn: false }) }),
    ]);
    expect(await versionOf(db, t.id)).toBe(before + 1);
    const again = await selfCheckin(db, t.id, as(p, code, { action: "checkout" }), freshAddress());
    expect(again).toMatchObject({ result: { unchanged: true }, events: [] });
  });

  test("a player holding a personal pass is checked in and out by it only: the code and their tag are refused", async () => {
    const { db, owner, t, list, code } = await setUp();
    const [holder, other] = list;
    const { pass } = (await issuePass(db, owner, holder.id)).result;
    const before = await versionOf(db, t.id);
    for (const action of ["checkin", "checkout"])
      await expectRefused(selfCheckin(db, t.id, as(holder, code, { action }), freshAddress()), 403, PASS_REQUIRED);
    expect((await getPlayer(db, holder.id)).isCheckedIn).toBe(false);
    expect(await versionOf(db, t.id)).toBe(before);
    // A wrong tag for them is still just a wrong tag (nothing says they hold a pass).
    await expectRefused(
      selfCheckin(db, t.id, as({ ...holder, riotTag: "NOPE" }, code), freshAddress()),
      400,
      WRONG_TAG,
    );
    // A player without a pass still proves themselves with the code and their tag.
    expect((await selfCheckin(db, t.id, as(other, code), freshAddress())).result.player.isCheckedIn).toBe(true);
    expect(pass).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test("right codes are limited too: a few check-ins per address, one player per request", async () => {
    const { db, t, list, code } = await setUp();
    const address = freshAddress();
    for (const p of list.slice(0, SELF_CHECKIN_LIMIT.successes)) await selfCheckin(db, t.id, as(p, code), address);
    await expectRefused(selfCheckin(db, t.id, as(list[10], code), address), 429, TOO_MANY_CHECKINS);
    expect((await getPlayer(db, list[10].id)).isCheckedIn).toBe(false);
    // The input names exactly one player: a list is not a player id.
    expect(selfCheckinSchema.safeParse({ playerId: [list[0].id, list[1].id], riotTag: "NA1", code }).success).toBe(
      false,
    );
  });

  test("the owner sees the tries per address and changes the code: the old one stops working", async () => {
    const { db, owner, t, list, code } = await setUp();
    const stranger = freshAddress();
    for (let i = 0; i < 3; i++)
      await expectRefused(selfCheckin(db, t.id, as(list[0], wrongFor(code)), stranger), 400, WRONG_CODE);
    await expectRefused(selfCheckin(db, t.id, as({ ...list[0], riotTag: "X" }, code), stranger), 400, WRONG_TAG);
    const player = freshAddress();
    await selfCheckin(db, t.id, as(list[1], code), player);

    const tries = await selfCheckinTries(db, owner, t);
    expect(tries[0]).toMatchObject({ address: stranger, wrongCodes: 3, wrongTags: 1, checkins: 0 });
    expect(tries.find((row) => row.address === player)).toMatchObject({ wrongCodes: 0, checkins: 1 });
    const other = await makeUser(db);
    expect(await selfCheckinTries(db, other, t)).toEqual([]);
    await expectRefused(selfCheckinOverview(db, other, t.id), 403);

    await expectRefused(rotateSelfCheckinCode(db, other, t.id), 403);
    const rotated = (await rotateSelfCheckinCode(db, owner, t.id)).result.code!;
    expect(rotated).not.toBe(code);
    await expectRefused(selfCheckin(db, t.id, as(list[2], code), freshAddress()), 400, WRONG_CODE);
    await selfCheckin(db, t.id, as(list[2], rotated), freshAddress());
    expect((await selfCheckinOverview(db, owner, t.id)).code).toBe(rotated);
  });

  test("re-opening self check-in with the same code changes nothing: no version bump, no event", async () => {
    const { db, owner, t, code } = await setUp();
    const before = await versionOf(db, t.id);
    const again = await openSelfCheckin(db, owner, t.id);
    expect(again).toEqual({ result: { open: true, code }, events: [] });
    expect(await versionOf(db, t.id)).toBe(before);
    await expectRefused(openSelfCheckin(db, await makeUser(db), t.id), 403);
  });

  test("refused tries that compared nothing are not counted; parallel tries from one address are counted one by one", async () => {
    const { db, t, list, code } = await setUp();
    const address = freshAddress();
    for (let i = 0; i < 15; i++)
      await expectRefused(selfCheckin(db, t.id, as({ id: 999_999, riotTag: "X" }, code), address), 404);
    await db.update(players).set({ isEliminated: true }).where(eq(players.id, list[5].id));
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () => selfCheckin(db, t.id, as(list[0], wrongFor(code)), address)),
    );
    const statuses = settled.map((r) => (r.status === "rejected" ? (r.reason as { status: number }).status : 200));
    expect(statuses.filter((s) => s === 400)).toHaveLength(SELF_CHECKIN_LIMIT.failures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - SELF_CHECKIN_LIMIT.failures);
  });
});
