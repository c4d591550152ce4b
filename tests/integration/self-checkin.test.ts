// Player self check-in on both databases: opening and closing, every refusal, success, the stops (lock, round 1, completion); the
// flood-proof limits, the player's proof and check-out, the code rotation and the owner's tries are in self-checkin-strangers.test.ts.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { players, tournaments } from "#db/schema";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { CODE_ALPHABET, CODE_LENGTH } from "~/models/roster/self-checkin";
import { CHECKIN_CLOSED, SELF_CHECKIN_NOT_OPEN, WRONG_CODE } from "~/models/messages";
import { selfCheckinSchema } from "~/models/roster/self-checkin-input";
import { closeSelfCheckin, openSelfCheckin, selfCheckin, selfCheckinStatus } from "~/models/roster/self-checkin.server";
import { getPlayer } from "~/models/roster/roster.server";
import { completeTournament, setLocked, startCheckin, updateTournament } from "~/models/tournaments/tournaments.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser } from "./model-fixtures";

/** A try naming the player by id proves it with the fixtures' tag ("NA{n}" for "Player n"), unless the test gives one. */
const input = (v: Record<string, unknown>) => selfCheckinSchema.parse(v);
let addressSeq = 0;
const freshAddress = () => `10.77.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

const by = (p: { id: number; riotTag: string }, code: string) => input({ playerId: p.id, riotTag: p.riotTag, code });

describeEachDriver("self check-in", (getDb) => {
  async function setUp(options: { maxPlayers?: number; registered?: number; checkedIn?: number } = {}) {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: options.maxPlayers ?? 32 });
    const list = await addPlayers(db, owner, t.id, options.registered ?? 20, options.checkedIn ?? 0);
    await startCheckin(db, owner, t.id);
    return { db, owner, t, list };
  }
  const versionOf = async (db: ReturnType<typeof getDb>["db"], id: number) =>
    (await db.select({ v: tournaments.version }).from(tournaments).where(eq(tournaments.id, id)))[0].v;

  test("the owner opens it with a 6-character code from the unambiguous alphabet; opening again keeps it; closing forgets it", async () => {
    const { db, owner, t } = await setUp();
    const stranger = await makeUser(db);
    const opened = await openSelfCheckin(db, owner, t.id);
    expect(opened.result.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
    expect(opened.result.code).not.toMatch(/[0O1I]/);
    expect(opened.events).toEqual([expect.objectContaining({ type: "tournament_updated", tournamentId: t.id })]);
    expect(JSON.stringify(opened.events)).not.toContain(opened.result.code!);
    expect((await openSelfCheckin(db, owner, t.id)).result.code).toBe(opened.result.code);

    const [fresh] = await db.select().from(tournaments).where(eq(tournaments.id, t.id));
    expect(await selfCheckinStatus(db, owner, fresh)).toEqual({ open: true, code: opened.result.code });
    // Anyone else learns only that it is open, never the code.
    expect(await selfCheckinStatus(db, stranger, fresh)).toEqual({ open: true, code: null });
    expect(await selfCheckinStatus(db, null, fresh)).toEqual({ open: true, code: null });
    await expectRefused(openSelfCheckin(db, stranger, t.id), 403);
    await expectRefused(closeSelfCheckin(db, stranger, t.id), 403);
    await expectRefused(openSelfCheckin(db, null, t.id), 401);

    const closed = await closeSelfCheckin(db, owner, t.id);
    expect(closed.result).toEqual({ open: false, code: null });
    expect(await selfCheckinStatus(db, owner, fresh)).toEqual({ open: false, code: null });
    // Reopening draws a new code (30 bits: a repeat would be a one-in-a-billion fluke).
    expect((await openSelfCheckin(db, owner, t.id)).result.code).not.toBe(opened.result.code);
  });

  test("opening is refused outside check-in and while locked, and changes nothing", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const setup = await makeTournament(db, owner);
    const before = await versionOf(db, setup.id);
    await expectRefused(
      openSelfCheckin(db, owner, setup.id),
      409,
      "Self check-in can only be opened while the tournament is in check-in",
    );
    expect(await versionOf(db, setup.id)).toBe(before);

    const locked = await setUp({ checkedIn: 8 });
    await setLocked(db, locked.owner, locked.t.id, true);
    await expectRefused(
      openSelfCheckin(db, locked.owner, locked.t.id),
      409,
      "The tournament is locked: unlock it to open self check-in",
    );
  });

  test("a player checks in by id or by Name#Tag (any case) with the code typed loosely; the same event as the host's", async () => {
    const { db, owner, t, list } = await setUp();
    const { result } = await openSelfCheckin(db, owner, t.id);
    const code = result.code!;
    const loose = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const first = await selfCheckin(db, t.id, by(list[0], loose), freshAddress());
    expect(first.result).toMatchObject({ unchanged: false, player: { id: list[0].id, isCheckedIn: true } });
    expect(first.events).toEqual([
      expect.objectContaining({
        type: "tournament_updated",
        tournamentId: t.id,
        data: expect.objectContaining({ checkedIn: true }),
      }),
    ]);

    const byName = await selfCheckin(db, t.id, input({ nameTag: "player 2#NA2", code }), freshAddress());
    expect(byName.result.player.id).toBe(list[1].id);
    // The page's form: a typed name wins over the list.
    const form = await selfCheckin(
      db,
      t.id,
      input({ playerId: String(list[5].id), riotTag: "NA6", nameTag: "Player 3#NA3", code }),
      freshAddress(),
    );
    expect(form.result.player.id).toBe(list[2].id);

    const again = await selfCheckin(db, t.id, by(list[0], code), freshAddress());
    expect(again).toEqual({
      result: { player: expect.objectContaining({ id: list[0].id }), action: "checkin", unchanged: true },
      events: [],
    });
  });

  test("refusals: wrong code, not open, closed check-in, full, lobbies drawn, unknown or eliminated player; nothing changes", async () => {
    const { db, owner, t, list } = await setUp({ maxPlayers: 16, registered: 16, checkedIn: 0 });
    const address = freshAddress();
    await expectRefused(selfCheckin(db, t.id, by(list[0], "AAAAAA"), address), 409, SELF_CHECKIN_NOT_OPEN);
    const { code } = (await openSelfCheckin(db, owner, t.id)).result;
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const before = await versionOf(db, t.id);
    await expectRefused(selfCheckin(db, t.id, by(list[0], wrong), address), 400, WRONG_CODE);
    expect(await versionOf(db, t.id)).toBe(before);
    expect((await getPlayer(db, list[0].id)).isCheckedIn).toBe(false);
    await expectRefused(
      selfCheckin(db, t.id, input({ nameTag: "Nobody#NA", code: code! }), address),
      404,
      "Player not found",
    );
    await expectRefused(
      selfCheckin(db, t.id, input({ playerId: 999_999, riotTag: "NA1", code: code! }), address),
      404,
      "Player not found",
    );
    await expectRefused(selfCheckin(db, 999_999, by(list[0], code!), address), 404);

    // Full: 16 of 16 checked in (the master squeezes the max down to what is checked in).
    await db.update(tournaments).set({ maxPlayers: 4 }).where(eq(tournaments.id, t.id));
    for (const p of list.slice(0, 4)) await selfCheckin(db, t.id, by(p, code!), freshAddress());
    await expectRefused(
      selfCheckin(db, t.id, by(list[4], code!), freshAddress()),
      409,
      "Maximum 4 players can be checked in",
    );
    await db.update(tournaments).set({ maxPlayers: 16 }).where(eq(tournaments.id, t.id));

    await db.update(players).set({ isEliminated: true }).where(eq(players.id, list[5].id));
    await expectRefused(
      selfCheckin(db, t.id, by(list[5], code!), freshAddress()),
      409,
      "Eliminated players cannot be checked in",
    );

    // Check-in closed: back in registration (a master's status change) stops it too.
    const master = await makeUser(db, "master");
    await updateTournament(db, master, t.id, { status: "registration" });
    await expectRefused(selfCheckin(db, t.id, by(list[6], code!), freshAddress()), 409, CHECKIN_CLOSED);
  });

  test("locking, round 1 and completion stop it; unlocking does not reopen it", async () => {
    const { db, owner, t, list } = await setUp({ registered: 20, checkedIn: 16 });
    const { code } = (await openSelfCheckin(db, owner, t.id)).result;
    await setLocked(db, owner, t.id, true);
    await expectRefused(selfCheckin(db, t.id, by(list[17], code!), freshAddress()), 409, SELF_CHECKIN_NOT_OPEN);
    await setLocked(db, owner, t.id, false);
    await expectRefused(selfCheckin(db, t.id, by(list[17], code!), freshAddress()), 409, SELF_CHECKIN_NOT_OPEN);

    const reopened = (await openSelfCheckin(db, owner, t.id)).result.code!;
    await generateLobbies(db, owner, t.id, 1);
    await expectRefused(
      selfCheckin(db, t.id, by(list[17], reopened), freshAddress()),
      409,
      "Check-ins cannot be modified after lobby generation has started",
    );
    await expectRefused(openSelfCheckin(db, owner, t.id), 409);

    const other = await setUp();
    await openSelfCheckin(db, other.owner, other.t.id);
    await completeTournament(db, other.owner, other.t.id);
    await expectRefused(
      selfCheckin(db, other.t.id, by(other.list[0], "AAAAAA"), freshAddress()),
      409,
      "Tournament has been completed",
    );
  });
});
