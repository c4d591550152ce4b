// Many sign-ups from one network address on both databases (issue 37, defect 3): a venue of 64 players on one address
// signs up; the owner sees sign-ups by address and removes one address's in one action (audited, the address kept out
// of the trail; players in play kept once Round 1 is drawn); and saving the sign-up settings after Round 1 promotes no
// one into the running tournament although seats were freed (docs/decisions/029-sign-up-and-passes.md).
import { and, eq, isNull } from "drizzle-orm";
import { expect, test } from "vitest";
import { auditEntries, players, registrations, tournaments } from "#db/schema";
import { ADDRESS_NOT_FOUND, COMPLETED_MESSAGE } from "~/models/messages";
import { addressCounts, sharedAddresses } from "~/models/roster/signup";
import { joinSchema, signupSettingsSchema } from "~/models/roster/signup-input";
import {
  listEntries,
  passView,
  removeAddressSignups,
  signUp,
  updateSignupSettings,
} from "~/models/roster/signup.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, expectRefused, makeTournament, makeUser } from "./model-fixtures";

const join = (name: string, riotTag = "EUW") => joinSchema.parse({ name, riotTag });
const VENUE = "198.51.100.7";

describeEachDriver("sign-ups from one address", (getDb) => {
  /** A tournament of `maxPlayers` with `handAdded` players the host added (checked in), registration open. */
  async function setUp(maxPlayers: number, handAdded: number, settings: Record<string, unknown> = {}) {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers });
    if (handAdded > 0) await addPlayers(db, owner, t.id, handAdded);
    await updateSignupSettings(db, owner, t.id, signupSettingsSchema.parse({ isOpen: true, ...settings }));
    return { db, owner, t };
  }
  const seated = async (db: ReturnType<typeof getDb>["db"], tournamentId: number) =>
    db
      .select()
      .from(players)
      .where(and(eq(players.tournamentId, tournamentId), isNull(players.removedAt)));

  test("a venue of 64 players on one address signs up into a 64-seat tournament: every sign-up takes a seat", async () => {
    const { db, owner, t } = await setUp(64, 0);
    for (let i = 1; i <= 64; i++) {
      const { registration } = (await signUp(db, t.id, join(`Venue ${i}`), VENUE)).result;
      expect(registration.status, `sign-up ${i}`).toBe("registered");
    }
    expect(await seated(db, t.id)).toHaveLength(64);
    // The owner sees them as one group of 64.
    const entries = await listEntries(db, owner, t.id);
    expect(sharedAddresses(addressCounts(entries))).toEqual([{ address: VENUE, count: 64 }]);
  });

  test("the owner removes one address's sign-ups before the draw: seated and waiting go, freed seats go to the waitlist", async () => {
    const { db, owner, t } = await setUp(16, 12, { waitlistCap: 10 });
    const flood = [];
    for (let i = 1; i <= 6; i++) flood.push((await signUp(db, t.id, join(`Fake ${i}`), VENUE)).result);
    expect(flood.map((f) => f.registration.status)).toEqual([
      ...Array(4).fill("registered"),
      ...Array(2).fill("waitlisted"),
    ]);
    const honest = (await signUp(db, t.id, join("Honest"), "203.0.113.20")).result;
    expect(honest.position).toBe(3);

    const { result } = await removeAddressSignups(db, owner, t.id, VENUE);
    expect(result.removed.map((e) => e.name).sort()).toEqual(flood.map((f) => f.registration.name).sort());
    expect(result.removed.every((e) => e.status === "removed" && e.playerId === null)).toBe(true);
    expect(result.kept).toEqual([]);
    // The address's own waiting sign-ups left before the seats were filled: the honest player takes one.
    expect(result.promoted.map((e) => e.name)).toEqual(["Honest"]);
    expect((await passView(db, honest.pass, null, t.id)).label).toBe("Registered");
    expect((await passView(db, flood[0].pass, null, t.id)).label).toBe("Removed by the host");
    const names = (await seated(db, t.id)).map((p) => p.name);
    expect(names).toHaveLength(13);
    expect(names.some((n) => n.startsWith("Fake"))).toBe(false);

    // One entry in the history under the owner, naming the sign-ups, never the address (the History is exported).
    const trail = await db.select().from(auditEntries).where(eq(auditEntries.tournamentId, t.id));
    const entry = trail.find((e) => e.action === "registration.address_removed");
    expect(entry).toMatchObject({
      actorId: owner.id,
      actorRole: "owner",
      summary: "6 sign-ups from one address removed",
    });
    expect(entry?.before).toMatchObject({ "Fake 1#EUW": "registered", "Fake 6#EUW": "waitlisted" });
    expect(Object.keys(entry?.before ?? {})).toHaveLength(6);
    expect(JSON.stringify(trail)).not.toContain(VENUE);

    // Nothing left from it: 404 with its code, and nothing changes.
    await expectRefused(removeAddressSignups(db, owner, t.id, VENUE), 404, ADDRESS_NOT_FOUND);
  });

  test("removing an address's sign-ups is refused, changing nothing: a stranger, an unknown address, a completed tournament", async () => {
    const { db, owner, t } = await setUp(16, 14, { waitlistCap: 10 });
    for (let i = 1; i <= 3; i++) await signUp(db, t.id, join(`Net ${i}`), VENUE);
    const versionOf = async () =>
      (await db.select({ v: tournaments.version }).from(tournaments).where(eq(tournaments.id, t.id)))[0].v;
    const before = await versionOf();
    const stranger = await makeUser(db);
    await expectRefused(removeAddressSignups(db, stranger, t.id, VENUE), 403);
    await expectRefused(removeAddressSignups(db, null, t.id, VENUE), 401);
    let caught: unknown;
    await removeAddressSignups(db, owner, t.id, "192.0.2.99").catch((error: unknown) => (caught = error));
    expect(caught).toMatchObject({ status: 404, code: "address_not_found", message: ADDRESS_NOT_FOUND });
    await expectRefused(removeAddressSignups(db, owner, t.id, ""), 404, ADDRESS_NOT_FOUND);
    await db.update(tournaments).set({ status: "completed" }).where(eq(tournaments.id, t.id));
    await expectRefused(removeAddressSignups(db, owner, t.id, VENUE), 409, COMPLETED_MESSAGE);
    expect(await versionOf()).toBe(before);
    const rows = await db.select().from(registrations).where(eq(registrations.tournamentId, t.id));
    expect(rows.map((r) => r.status)).toEqual(["registered", "registered", "waitlisted"]);
  });

  test("after Round 1 is drawn, an address's players in play are kept and only its waiting sign-ups go; no one is promoted", async () => {
    const { db, owner, t } = await setUp(16, 14, { waitlistCap: 10 });
    const inPlay = [];
    for (let i = 1; i <= 2; i++) inPlay.push((await signUp(db, t.id, join(`Seated ${i}`), VENUE)).result);
    const waiting = (await signUp(db, t.id, join("Waiting"), VENUE)).result;
    const other = (await signUp(db, t.id, join("Other"), "203.0.113.30")).result;
    await db.update(players).set({ isCheckedIn: true }).where(eq(players.tournamentId, t.id));
    await generateLobbies(db, owner, t.id, 1);

    const { result } = await removeAddressSignups(db, owner, t.id, VENUE);
    expect(result.removed.map((e) => e.name)).toEqual(["Waiting"]);
    expect(result.kept.map((e) => e.name)).toEqual(["Seated 1", "Seated 2"]);
    expect(result.promoted).toEqual([]);
    for (const p of inPlay) expect((await passView(db, p.pass, null, t.id)).label).toBe("Checked in");
    expect((await passView(db, waiting.pass, null, t.id)).label).toBe("Removed by the host");
    expect((await passView(db, other.pass, null, t.id)).label).toBe("Waitlisted #1");
    expect(await seated(db, t.id)).toHaveLength(16);
    const trail = await db.select().from(auditEntries).where(eq(auditEntries.tournamentId, t.id));
    expect(trail.find((e) => e.action === "registration.address_removed")?.summary).toBe(
      "1 sign-up from one address removed; 2 players in play kept",
    );
  });

  test("saving the sign-up settings after Round 1 with a waitlist and freed seats promotes no one into play", async () => {
    // 24 seats: 16 players checked in, 8 signed up who never check in, 2 waitlisted.
    const { db, owner, t } = await setUp(24, 16, { waitlistCap: 2 });
    const late = [];
    for (let i = 1; i <= 10; i++) late.push((await signUp(db, t.id, join(`Late ${i}`), VENUE)).result);
    expect(late.map((e) => e.registration.status)).toEqual([
      ...Array(8).fill("registered"),
      ...Array(2).fill("waitlisted"),
    ]);
    // Round 1 sets aside the 8 who did not check in: 8 seats are free while the tournament runs.
    await generateLobbies(db, owner, t.id, 1);
    expect(await seated(db, t.id)).toHaveLength(16);

    // The owner raises the waitlist's size and changes the schedule's window: the save fills free seats only before
    // the draw, so the waitlist stays as it was.
    await updateSignupSettings(
      db,
      owner,
      t.id,
      signupSettingsSchema.parse({ waitlistCap: 10, checkinOpensBefore: 90, requireApproval: false }),
    );
    expect(await seated(db, t.id)).toHaveLength(16);
    expect((await passView(db, late[8].pass, null, t.id)).label).toBe("Waitlisted #1");
    expect((await passView(db, late[9].pass, null, t.id)).label).toBe("Waitlisted #2");
    const entries = await listEntries(db, owner, t.id);
    expect(entries.filter((e) => e.via === "promoted")).toEqual([]);
    const trail = await db.select().from(auditEntries).where(eq(auditEntries.tournamentId, t.id));
    expect(trail.filter((e) => e.action === "registration.promoted")).toEqual([]);
  });
});
