// mutate(), the preamble of every mutating model function (docs/decisions/038-one-room-per-thing.md): one transaction,
// the tournament's lock and guard, audit entries in the transaction, events answered only for a committed change.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { auditEntries, tournaments } from "#db/schema";
import { conflict } from "~/models/errors";
import { event } from "~/models/audit/events";
import { AUTH_REQUIRED, NOT_ALLOWED } from "~/models/messages";
import { mutate, tournamentLock } from "~/models/mutate.server";
import { describeEachDriver } from "../setup/databases";
import { expectRefused, makeTournament, makeUser } from "./model-fixtures";

describeEachDriver("mutate", (getDb) => {
  async function setUp() {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner);
    const trail = async () => db.select().from(auditEntries).where(eq(auditEntries.tournamentId, t.id));
    const version = async () =>
      (await db.select({ v: tournaments.version }).from(tournaments).where(eq(tournaments.id, t.id)))[0].v;
    return { db, owner, t, trail, version };
  }

  test("a committed body answers its result and events, records its audit entries and bumps the version", async () => {
    const { db, owner, t, trail, version } = await setUp();
    const before = await version();
    const { result, events } = await mutate(db, owner, t.id, async ({ tx, tournament, audit, emit }) => {
      await tx.update(tournaments).set({ name: "Renamed" }).where(eq(tournaments.id, tournament.id));
      await audit({ action: "settings.updated", summary: "Renamed" });
      emit(event("tournament_updated", tournament.id, { name: "Renamed" }));
      emit(event("tournament_updated", tournament.id, { name: "Renamed", second: true }));
      return tournament.id;
    });
    expect(result).toBe(t.id);
    expect(events.map((e) => e.data)).toEqual([
      { tournamentId: t.id, name: "Renamed" },
      { tournamentId: t.id, name: "Renamed", second: true },
    ]);
    const entries = await trail();
    expect(entries.at(-1)).toMatchObject({ action: "settings.updated", summary: "Renamed", actorId: owner.id });
    expect(await version()).toBe(before + 1);
  });

  test("a refusal thrown by the body rolls back its writes, its audit entries and the version bump", async () => {
    const { db, owner, t, trail, version } = await setUp();
    const [entriesBefore, versionBefore] = [(await trail()).length, await version()];
    await expectRefused(
      mutate(db, owner, t.id, async ({ tx, tournament, audit, emit }) => {
        await tx.update(tournaments).set({ name: "Never" }).where(eq(tournaments.id, tournament.id));
        await audit({ action: "settings.updated", summary: "Never" });
        emit(event("tournament_updated", tournament.id, {}));
        throw conflict("wrong_status", "refused on purpose");
      }),
      409,
      "refused on purpose",
    );
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, t.id));
    expect(row.name).toBe(t.name);
    expect((await trail()).length).toBe(entriesBefore);
    expect(await version()).toBe(versionBefore);
  });

  test("the lock refuses before the body runs: 401 signed out, 403 for another user, 404 for an unknown tournament", async () => {
    const { db, t } = await setUp();
    const stranger = await makeUser(db);
    let ran = false;
    const body = async () => {
      ran = true;
    };
    await expectRefused(mutate(db, null, t.id, body), 401, AUTH_REQUIRED);
    await expectRefused(mutate(db, stranger, tournamentLock(t.id), body), 403, NOT_ALLOWED);
    await expectRefused(mutate(db, stranger, 2_000_000_000, body), 404);
    expect(ran).toBe(false);
  });
});
