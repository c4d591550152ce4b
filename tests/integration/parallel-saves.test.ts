// Saves of different lobbies of one round side by side (docs/decisions/040-parallel-saves.md), on both databases: every
// save and every other action committed exactly once (the version counts them), totals equal the matches after saves
// racing each other and a finalize, a master's edit of an earlier round racing a save of the same players, and the
// outbox's payload carrying the version the save made. On PostgreSQL: a slow save does not hold up a save of another
// lobby, while finalize waits for it.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditEntries, lobbies, matches, players, tournaments, webhookDeliveries } from "#db/schema";
import { advanceRound } from "~/models/rounds/advance.server";
import { findTournamentOr404 } from "~/models/action.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { finalizeRound, saveScores } from "~/models/rounds/scores.server";
import { computePlayerStats } from "~/models/format/stats";
import { toEnginePlayer } from "~/models/format/stats.server";
import { groupMatchesByPlayer } from "~/models/format/standings";
import { createWebhook } from "~/models/audit/webhooks.server";
import type { AppDb } from "#db/client.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser, placements } from "./model-fixtures";

let savedFlag: string | undefined;
beforeAll(() => {
  savedFlag = process.env.WEBHOOK_ALLOW_PRIVATE;
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
});
afterAll(() => {
  if (savedFlag === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
  else process.env.WEBHOOK_ALLOW_PRIVATE = savedFlag;
});

/** Every player's stored totals equal what their saved matches give (the integrity check's rule). */
async function expectTotalsConsistent(db: AppDb, tournamentId: number) {
  const rows = await db.select().from(players).where(eq(players.tournamentId, tournamentId));
  const saved = await db.select().from(matches).where(eq(matches.tournamentId, tournamentId));
  const byPlayer = groupMatchesByPlayer(saved);
  for (const row of rows) {
    const stats = computePlayerStats(toEnginePlayer(row), byPlayer.get(row.id) ?? []);
    expect(
      { points: row.totalPoints, played: row.matchesPlayed },
      `player ${row.id}: ${JSON.stringify(byPlayer.get(row.id))}`,
    ).toEqual({ points: stats.totalPoints, played: stats.matchesPlayed });
  }
}

/** The reverse order of a lobby's players: a different result from `placements`. */
const reversed = (ids: readonly number[]) => placements([...ids].reverse());

describeEachDriver("saves side by side", (getDb, driver) => {
  async function drawnRound(playerCount: number) {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: playerCount });
    await addPlayers(db, owner, t.id, playerCount);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected lobbies");
    return { db, owner, t, drawn: result.lobbies };
  }

  test("every lobby of a round saved at once, twice over, with a finalize racing them: one version per committed action, totals equal the matches", async () => {
    const { db, owner, t, drawn } = await drawnRound(64);
    const before = (await findTournamentOr404(db, t.id)).version;
    // Each lobby saved twice at the same moment (two different results) and a finalize sent among them.
    const saves = drawn.flatMap((l) => [
      saveScores(db, owner, l.id, placements(l.playerIds)),
      saveScores(db, owner, l.id, reversed(l.playerIds)),
    ]);
    const finalize = finalizeRound(db, owner, t.id).then(
      () => "finalized",
      (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
    );
    const outcomes = await Promise.allSettled(saves);
    const finalized = await finalize;
    // A save is refused only because the finalize came first; the finalize only because a lobby was not yet saved.
    const refused = outcomes.filter((o) => o.status === "rejected") as PromiseRejectedResult[];
    for (const r of refused) expect(r.reason).toMatchObject({ status: 409, code: "round_finalized" });
    if (finalized !== "finalized") {
      expect(finalized).toBe("409 round_not_scored");
      expect(refused).toHaveLength(0);
    }

    const committed = outcomes.length - refused.length + (finalized === "finalized" ? 1 : 0);
    const after = await findTournamentOr404(db, t.id);
    expect(after.version - before).toBe(committed);
    const trail = await db.select().from(auditEntries).where(eq(auditEntries.tournamentId, t.id));
    expect(trail.filter((e) => e.action === "scores.saved")).toHaveLength(outcomes.length - refused.length);
    // One set of results per lobby, whichever save of it ran last.
    for (const l of drawn) {
      const saved = await db.select().from(matches).where(eq(matches.lobbyId, l.id));
      const [lobby] = await db.select().from(lobbies).where(eq(lobbies.id, l.id));
      if (lobby.isComplete) expect(saved).toHaveLength(l.playerIds.length);
      else expect(saved).toHaveLength(0);
    }
    await expectTotalsConsistent(db, t.id);
  });

  test("a master's edit of round 1 racing the saves of round 2 (the same players): totals count both", async () => {
    const { db, owner, t, drawn } = await drawnRound(32);
    const master = await makeUser(db, "master");
    for (const l of drawn) await saveScores(db, owner, l.id, placements(l.playerIds));
    await finalizeRound(db, owner, t.id);
    await advanceRound(db, owner, t.id);
    const { result } = await generateLobbies(db, owner, t.id);
    if (result.status !== "generated") throw new Error("expected round 2 lobbies");
    for (let i = 0; i < 3; i++) {
      await Promise.all([
        ...result.lobbies.map((l) =>
          saveScores(db, owner, l.id, i % 2 ? placements(l.playerIds) : reversed(l.playerIds)),
        ),
        ...drawn.map((l) => saveScores(db, master, l.id, i % 2 ? reversed(l.playerIds) : placements(l.playerIds))),
      ]);
      await expectTotalsConsistent(db, t.id);
    }
    const rows = await db.select().from(players).where(eq(players.tournamentId, t.id)).orderBy(asc(players.id));
    expect(rows.every((p) => p.matchesPlayed === 2)).toBe(true);
  });

  test("the outbox's payload carries the version the save made", async () => {
    const { db, owner, t, drawn } = await drawnRound(32);
    const { result: hook } = await createWebhook(db, owner, t.id, {
      url: "http://127.0.0.1:9/hook",
      kind: "standard",
      events: ["score.saved"],
    });
    await Promise.all(drawn.map((l) => saveScores(db, owner, l.id, placements(l.playerIds))));
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id))
      .orderBy(webhookDeliveries.id);
    expect(rows).toHaveLength(drawn.length);
    const versions = rows.map((r) => (JSON.parse(r.body) as { data: { version: number } }).data.version);
    // Each save's own version: all different, the last one the tournament's version now.
    expect(new Set(versions).size).toBe(drawn.length);
    expect(Math.max(...versions)).toBe((await findTournamentOr404(db, t.id)).version);
    // Versions rise with the deliveries' order only as far as commits do; each is one the tournament had.
    for (const v of versions) expect(v).toBeGreaterThan(t.version);
  });

  // Only PostgreSQL runs saves side by side (PGlite has one connection): the test exists for it alone, not skipped.
  if (driver === "postgres")
    test("a slow save does not hold up a save of another lobby of the round; finalize waits for it", async () => {
      const { db, owner, t, drawn } = await drawnRound(32);
      const [slow, quick, ...rest] = drawn;
      for (const l of rest) await saveScores(db, owner, l.id, placements(l.playerIds));
      const fn = `slow_save_${t.id}`;
      await db.execute(
        sql.raw(`
        create or replace function ${fn}() returns trigger language plpgsql as $$
        begin
          if new.lobby_id = ${slow.id} and new.placement = 1 then perform pg_sleep(1.5); end if;
          return new;
        end $$`),
      );
      await db.execute(sql.raw(`create trigger ${fn} before insert on matches for each row execute function ${fn}()`));
      try {
        const done: string[] = [];
        const started = Date.now();
        const slowSave = saveScores(db, owner, slow.id, placements(slow.playerIds)).then(() => done.push("slow"));
        // Once the slow save is inside its insert (it holds the tournament's lock, shared), the others start.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const quickSave = saveScores(db, owner, quick.id, placements(quick.playerIds)).then(() => {
          done.push("quick");
          return Date.now() - started;
        });
        // Sent after the quick save is under way (a finalize waiting for the lock goes before saves that come later).
        await new Promise((resolve) => setTimeout(resolve, 100));
        const finalize = finalizeRound(db, owner, t.id).then(() => done.push("finalize"));
        const quickAfter = await quickSave;
        expect(quickAfter).toBeLessThan(1200);
        await Promise.all([slowSave, finalize]);
        // The finalize found every lobby saved: it ran after the slow save committed.
        expect(done).toEqual(["quick", "slow", "finalize"]);
        expect((await findTournamentOr404(db, t.id)).finalizedRound).toBe(1);
      } finally {
        await db.execute(sql.raw(`drop trigger ${fn} on matches`));
        await db.execute(sql.raw(`drop function ${fn}()`));
      }
      await expectTotalsConsistent(db, t.id);
      const [row] = await db.select().from(tournaments).where(eq(tournaments.id, t.id));
      expect(row.finalizedRound).toBe(1);
    }, 20_000);
});
