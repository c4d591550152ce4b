// Unlisted means unguessable, on both databases: a tournament that is not public is read only by its owner, staff and
// masters, or with its share key (192 random bits), which the owner rotates; enumerating ids reads nothing.
import { expect, test } from "vitest";
import { shareKeys } from "#db/schema";
import { addScorekeeper } from "~/models/access/staff.server";
import {
  canRead,
  canReadById,
  findReadableTournament,
  generateShareKey,
  rotateShareKey,
  shareKeyFor,
  SHARE_KEY_PATTERN,
} from "~/models/access/share.server";
import { updateTournament } from "~/models/tournaments/tournaments.server";
import { describeEachDriver } from "../setup/databases";
import { expectRefused, makeTournament, makeUser } from "./model-fixtures";

test("share keys are 32 base64url characters (192 bits) from the crypto generator, never repeating", () => {
  const keys = Array.from({ length: 500 }, generateShareKey);
  for (const key of keys) expect(key).toMatch(SHARE_KEY_PATTERN);
  expect(new Set(keys).size).toBe(keys.length);
});

describeEachDriver("share links", (getDb) => {
  test("enumerating the ids of tournaments that are not public, as a stranger or another organizer, reads nothing", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const hidden = await Promise.all(Array.from({ length: 5 }, () => makeTournament(db, owner, { isPublic: false })));
    const listed = await makeTournament(db, owner, { isPublic: true });
    const ids = [...hidden.map((t) => t.id), listed.id];
    for (let id = Math.min(...ids); id <= Math.max(...ids); id++) {
      for (const user of [null, other]) {
        const reader = { user, key: null };
        const readable = await canReadById(db, reader, id);
        expect(readable, `tournament ${id} as ${user ? "another organizer" : "a stranger"}`).toBe(id === listed.id);
        if (!readable) await expectRefused(findReadableTournament(db, reader, id), 404, "Tournament not found");
      }
      // A made-up key of the right shape opens nothing either.
      expect(await canReadById(db, { user: null, key: generateShareKey() }, id)).toBe(id === listed.id);
    }
  });

  test("the owner, staff and masters read it; the share key opens it until the owner rotates it", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const staff = await makeUser(db);
    const master = await makeUser(db, "master");
    const other = await makeUser(db);
    const t = await makeTournament(db, owner, { isPublic: false });
    await addScorekeeper(db, owner, t.id, staff.username);
    for (const user of [owner, staff, master]) expect(await canRead(db, { user, key: null }, t)).toBe(true);
    expect(await canRead(db, { user: other, key: null }, t)).toBe(false);

    await expectRefused(shareKeyFor(db, other, t.id), 403);
    await expectRefused(shareKeyFor(db, null, t.id), 401);
    await expectRefused(shareKeyFor(db, staff, t.id), 403);
    const key = await shareKeyFor(db, owner, t.id);
    expect(await shareKeyFor(db, master, t.id), "the same key until rotated").toBe(key);
    expect(await canRead(db, { user: null, key }, t)).toBe(true);
    expect(await canRead(db, { user: other, key }, t)).toBe(true);
    // Another tournament's key opens only that one.
    const second = await makeTournament(db, owner, { isPublic: false });
    expect(await canRead(db, { user: null, key }, second)).toBe(false);

    await expectRefused(rotateShareKey(db, other, t.id), 403);
    const rotated = await rotateShareKey(db, owner, t.id);
    expect(rotated.result.key).not.toBe(key);
    expect(rotated.events).toEqual([
      expect.objectContaining({ type: "tournament_updated", data: expect.objectContaining({ accessChanged: true }) }),
    ]);
    expect(JSON.stringify(rotated.events)).not.toContain(rotated.result.key);
    expect(await canRead(db, { user: null, key }, t), "the old key stops working").toBe(false);
    expect(await canRead(db, { user: null, key: rotated.result.key }, t)).toBe(true);
    expect((await db.select().from(shareKeys)).filter((row) => row.tournamentId === t.id)).toHaveLength(1);

    // Made public, it is read by everyone; made private again, the streams are told to end.
    await updateTournament(db, owner, t.id, { isPublic: true });
    expect(await canRead(db, { user: null, key: null }, { ...t, isPublic: true })).toBe(true);
    const hidden = await updateTournament(db, owner, t.id, { isPublic: false });
    expect(hidden.events[0].data).toMatchObject({ accessChanged: true });
  });
});
