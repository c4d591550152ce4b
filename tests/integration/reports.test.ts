// Self-reported results on both databases (docs/decisions/036-player-reports.md): own placements and full reports,
// agreement (staff confirm with the usual save, or saved at once with "save agreed reports"), disputes shown first and
// settled by a save, the refusals that change nothing, and the history of it all.
import { and, eq, like } from "drizzle-orm";
import { expect, test } from "vitest";
import { auditEntries, lobbies, matches, playerReports, players, type Lobby } from "#db/schema";
import { finalizeRound, saveScores } from "~/models/rounds/scores.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { INVALID_PASS } from "~/models/messages";
import { joinSchema, signupSettingsSchema } from "~/models/roster/signup-input";
import { issuePass, signUp, updateSignupSettings } from "~/models/roster/signup.server";
import { startCheckin } from "~/models/tournaments/tournaments.server";
import { dropPlayer } from "~/models/roster/drops.server";
import { pointsFor } from "~/models/format/scoring";
import {
  INCOMPLETE_REPORT,
  lobbySavedMessage,
  NOT_IN_LOBBY,
  OUT_OF_PLAY_CLAIM,
  OUT_OF_PLAY_REPORTER,
  placementRangeMessage,
  repeatedPlacementMessage,
  reportsClosedMessage,
} from "~/models/rounds/reports";
import { reportSchema } from "~/models/rounds/reports-input";
import { reportPanel, reportsOfLobbies, staffLobbyReports, submitReport } from "~/models/rounds/reports.server";
import { toLobbyReports } from "~/lib/reports-api.server";
import { scoreSheetView } from "~/models/views/score-sheet.server";
import { findTournamentOr404 } from "~/models/action.server";
import { describeEachDriver } from "../setup/databases";
import { expectRefused, makeTournament, makeUser } from "./model-fixtures";

let seq = 0;
const addr = () => `10.88.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

describeEachDriver("player reports", (getDb) => {
  /** 16 players signed up with passes, all checked in, round 1 drawn: two lobbies of 8. */
  async function drawn(settings: Record<string, unknown> = {}) {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    await updateSignupSettings(db, owner, t.id, signupSettingsSchema.parse({ isOpen: true, ...settings }));
    const passOf = new Map<number, string>();
    for (let i = 1; i <= 16; i++) {
      const { registration, pass } = (
        await signUp(db, t.id, joinSchema.parse({ name: `R${i}`, riotTag: `EU${i}` }), addr())
      ).result;
      passOf.set(registration.playerId!, pass);
    }
    await startCheckin(db, owner, t.id);
    await db.update(players).set({ isCheckedIn: true }).where(eq(players.tournamentId, t.id));
    await generateLobbies(db, owner, t.id, 1);
    const rows = await db.select().from(lobbies).where(eq(lobbies.tournamentId, t.id)).orderBy(lobbies.id);
    return { db, owner, t, passOf, lobbies: rows };
  }
  const own = (lobby: Lobby, placement: number) => reportSchema.parse({ lobbyId: lobby.id, placement });
  const full = (lobby: Lobby, order: readonly number[]) =>
    reportSchema.parse({ lobbyId: lobby.id, placements: order.map((playerId, i) => ({ playerId, placement: i + 1 })) });
  const reportRows = async (db: ReturnType<typeof getDb>["db"], lobbyId: number) =>
    db.select().from(playerReports).where(eq(playerReports.lobbyId, lobbyId));

  test("every player's own placement agrees; staff confirm with the usual save, which settles the reports", async () => {
    const {
      db,
      owner,
      t,
      passOf,
      lobbies: [a, b],
    } = await drawn();
    const ids = a.playerIds;
    for (const [i, id] of ids.entries()) {
      const { result } = await submitReport(db, passOf.get(id)!, addr(), t.id, own(a, i + 1));
      expect(result.reading.state).toBe(i === ids.length - 1 ? "agreed" : "reported");
      expect(result.saved).toBe(false);
    }
    // The same report again changes nothing.
    expect((await submitReport(db, passOf.get(ids[0])!, addr(), t.id, own(a, 1))).result.unchanged).toBe(true);

    const tournament = await findTournamentOr404(db, t.id);
    const view = await scoreSheetView(
      db,
      tournament,
      { role: "owner", can: { manage: true } as never },
      {
        round: null,
        cut: null,
      },
    );
    const shown = view.lobbies.find((l) => l.id === a.id)!;
    expect(shown.state).toBe("agreed");
    expect(shown.reports.result).toEqual(ids.map((playerId, i) => ({ playerId, placement: i + 1 })));
    expect(view.lobbies.find((l) => l.id === b.id)!.state).toBe("pending");

    // One tap: the agreed result through the same save as typing it.
    await saveScores(db, owner, a.id, shown.reports.result!, t.id);
    expect((await reportRows(db, a.id)).every((r) => r.settledAt !== null)).toBe(true);
    expect(await db.select().from(matches).where(eq(matches.lobbyId, a.id))).toHaveLength(8);
    const history = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.tournamentId, t.id))
      .orderBy(auditEntries.id);
    expect(history.filter((h) => h.action === "report.submitted")).toHaveLength(8);
    expect(history.filter((h) => h.action === "report.submitted").every((h) => h.actorRole === "player")).toBe(true);
    expect(history.find((h) => h.action === "report.agreed")?.summary).toMatch(/reported, agreed/);
    expect(history.find((h) => h.action === "reports.settled")?.summary).toContain("8 player reports settled");
    // After the save: refused, nothing changed.
    await expectRefused(submitReport(db, passOf.get(ids[1])!, addr(), t.id, own(a, 3)), 409, lobbySavedMessage(a.name));
    expect((await reportPanel(db, t.id, a.id, ids[0]))?.refusal?.code).toBe("lobby_saved");
  });

  test("two matching full reports are saved at once with the owner's 'save agreed reports'", async () => {
    const {
      db,
      t,
      passOf,
      lobbies: [a],
    } = await drawn({ saveAgreedReports: true });
    const order = [...a.playerIds].reverse();
    const first = await submitReport(db, passOf.get(order[0])!, addr(), t.id, full(a, order));
    expect(first.result).toMatchObject({ saved: false, reading: { state: "reported" } });
    const second = await submitReport(db, passOf.get(order[5])!, addr(), t.id, full(a, order));
    expect(second.result).toMatchObject({ saved: true, reading: { state: "agreed", by: "two-full" } });
    expect(second.events.map((e) => e.type)).toContain("matches_saved");
    const saved = await db.select().from(matches).where(eq(matches.lobbyId, a.id));
    expect(new Map(saved.map((m) => [m.playerId, m.placement]))).toEqual(new Map(order.map((id, i) => [id, i + 1])));
    const [lobby] = await db.select().from(lobbies).where(eq(lobbies.id, a.id));
    expect(lobby.isComplete).toBe(true);
    expect((await reportRows(db, a.id)).every((r) => r.settledAt !== null)).toBe(true);
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tournamentId, t.id), eq(auditEntries.action, "scores.saved")));
    expect(entry).toMatchObject({ actorRole: "system", actorUsername: "Agreed reports" });
    expect(entry.summary).toContain("from the players' agreed reports");
  });

  // Issue 37, defect 1: two matching reports placed a dropped player 8th with 1 point. Reports place only the players
  // still in play; a dropped member is saved as DNP (0 points, no placement) and the others take 1…7.
  test("with a dropped member, reports place the 7 players in play and 'save agreed reports' saves the dropped one as DNP", async () => {
    const {
      db,
      owner,
      t,
      passOf,
      lobbies: [a],
    } = await drawn({ saveAgreedReports: true });
    const leaver = a.playerIds[2];
    await dropPlayer(db, owner, leaver, "Left the venue");
    const present = a.playerIds.filter((id) => id !== leaver);
    const order = [...present].reverse();

    // What the reporters' page offers: the 7 players in play to place, the dropped one named apart.
    const panel = (await reportPanel(db, t.id, a.id, present[0]))!;
    expect(panel.refusal).toBeNull();
    expect(panel.players.map((p) => p.id)).toEqual(present);
    expect(panel.outOfPlay.map((p) => p.id)).toEqual([leaver]);
    expect((await reportPanel(db, t.id, a.id, leaver))?.refusal?.code).toBe("player_dropped");

    // Refused, nothing stored: a report placing the dropped member, an own placement past 7th, the dropped one reporting.
    const withLeaver = [...order, leaver];
    await expectRefused(
      submitReport(db, passOf.get(order[0])!, addr(), t.id, full(a, withLeaver)),
      400,
      OUT_OF_PLAY_CLAIM,
    );
    await expectRefused(
      submitReport(db, passOf.get(order[0])!, addr(), t.id, own(a, 8)),
      400,
      placementRangeMessage(7, true),
    );
    await expectRefused(submitReport(db, passOf.get(leaver)!, addr(), t.id, own(a, 1)), 409, OUT_OF_PLAY_REPORTER);
    expect(await reportRows(db, a.id)).toHaveLength(0);

    const first = await submitReport(db, passOf.get(order[0])!, addr(), t.id, full(a, order));
    expect(first.result).toMatchObject({ saved: false, reading: { state: "reported" } });
    const versionBefore = (await findTournamentOr404(db, t.id)).version;
    const second = await submitReport(db, passOf.get(order[4])!, addr(), t.id, full(a, order));
    expect(second.result).toMatchObject({ saved: true, reading: { state: "agreed", by: "two-full" } });
    // One committed action, one version: the save under the report's exclusive lock bumps nothing more.
    expect((await findTournamentOr404(db, t.id)).version).toBe(versionBefore + 1);

    const saved = await db.select().from(matches).where(eq(matches.lobbyId, a.id));
    const byPlayer = new Map(saved.map((m) => [m.playerId, { placement: m.placement, points: m.points, dnp: m.dnp }]));
    expect(byPlayer.get(leaver)).toEqual({ placement: null, points: 0, dnp: true });
    for (const [i, id] of order.entries())
      expect(byPlayer.get(id)).toEqual({ placement: i + 1, points: pointsFor(t.scoring, i + 1), dnp: false });
    expect(saved).toHaveLength(8);
    const [dropped] = await db.select().from(players).where(eq(players.id, leaver));
    expect({ totalPoints: dropped.totalPoints, matchesPlayed: dropped.matchesPlayed }).toEqual({
      totalPoints: 0,
      matchesPlayed: 1,
    });
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tournamentId, t.id), eq(auditEntries.action, "scores.saved")));
    expect(entry.summary).toContain("from the players' agreed reports");
  });

  test("with a dropped member, the staff's one-tap confirm saves the agreed result with the dropped one as DNP", async () => {
    const {
      db,
      owner,
      t,
      passOf,
      lobbies: [, b],
    } = await drawn();
    const leaver = b.playerIds[7];
    await dropPlayer(db, owner, leaver, "Left the venue");
    const present = b.playerIds.filter((id) => id !== leaver);
    // Every player in play gives their own placement: agreed without the dropped one.
    for (const [i, id] of present.entries()) await submitReport(db, passOf.get(id)!, addr(), t.id, own(b, i + 1));
    const view = await scoreSheetView(
      db,
      await findTournamentOr404(db, t.id),
      { role: "owner", can: { manage: true } as never },
      { round: null, cut: null },
    );
    const shown = view.lobbies.find((l) => l.id === b.id)!;
    expect(shown.state).toBe("agreed");
    expect(shown.reports.result).toEqual(
      b.playerIds.map((playerId) =>
        playerId === leaver
          ? { playerId, placement: 0, dnp: true }
          : { playerId, placement: present.indexOf(playerId) + 1 },
      ),
    );
    // The API's staff read answers the same scores to confirm (GET /api/lobbies/{id}/reports's `scores`).
    const api = toLobbyReports(b, (await reportsOfLobbies(db, [b])).get(b.id)!);
    expect(api.scores).toEqual(shown.reports.result);
    expect(api.result).toHaveLength(7);
    await saveScores(db, owner, b.id, shown.reports.result!, t.id);
    const saved = await db.select().from(matches).where(eq(matches.lobbyId, b.id));
    expect(saved.find((m) => m.playerId === leaver)).toMatchObject({ dnp: true, placement: null, points: 0 });
    expect(
      saved
        .filter((m) => !m.dnp)
        .map((m) => m.placement)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await reportRows(db, b.id)).every((r) => r.settledAt !== null)).toBe(true);
  });

  test("conflicting reports are a dispute, shown first with every version; the staff's save settles it", async () => {
    const {
      db,
      owner,
      t,
      passOf,
      lobbies: [a, b],
    } = await drawn();
    const ids = b.playerIds;
    await submitReport(db, passOf.get(ids[0])!, addr(), t.id, full(b, ids));
    const clash = await submitReport(db, passOf.get(ids[1])!, addr(), t.id, own(b, 1));
    expect(clash.result.reading).toMatchObject({ state: "disputed", players: [ids[1]] });
    const tournament = await findTournamentOr404(db, t.id);
    const view = await scoreSheetView(
      db,
      tournament,
      { role: "owner", can: { manage: true } as never },
      {
        round: null,
        cut: null,
      },
    );
    expect(view.lobbies.find((l) => l.id === b.id)).toMatchObject({ state: "disputed" });
    expect(view.lobbies.find((l) => l.id === b.id)!.reports.versions.map((v) => v.kind)).toEqual(["full", "own"]);
    expect(view.lobbies.find((l) => l.id === a.id)!.state).toBe("pending");
    const staff = await staffLobbyReports(db, owner, b.id);
    expect(staff.reports.reading.state).toBe("disputed");
    await expectRefused(staffLobbyReports(db, await makeUser(db), b.id), 404);
    const history = await db.select().from(auditEntries).where(eq(auditEntries.action, "report.disputed"));
    expect(history.some((h) => h.tournamentId === t.id)).toBe(true);

    await saveScores(
      db,
      owner,
      b.id,
      ids.map((playerId, i) => ({ playerId, placement: i + 1 })),
      t.id,
    );
    expect((await reportRows(db, b.id)).every((r) => r.settledAt !== null)).toBe(true);
    const after = await scoreSheetView(
      db,
      await findTournamentOr404(db, t.id),
      {
        role: "owner",
        can: { manage: true } as never,
      },
      { round: null, cut: null },
    );
    expect(after.lobbies.find((l) => l.id === b.id)!.state).toBe("saved");
  });

  test("refusals change nothing: another lobby, placements outside 1…k or repeated, a revoked pass, a finalized round", async () => {
    const {
      db,
      owner,
      t,
      passOf,
      lobbies: [a, b],
    } = await drawn();
    const me = a.playerIds[0];
    const pass = passOf.get(me)!;
    await expectRefused(submitReport(db, pass, addr(), t.id, own(b, 1)), 403, NOT_IN_LOBBY);
    await expectRefused(submitReport(db, pass, addr(), t.id, own(a, 9)), 400, placementRangeMessage(8));
    await expectRefused(submitReport(db, pass, addr(), t.id, own(a, 0)), 400, placementRangeMessage(8));
    const twice = a.playerIds.map((playerId, i) => ({ playerId, placement: i === 1 ? 1 : i + 1 }));
    await expectRefused(
      submitReport(db, pass, addr(), t.id, reportSchema.parse({ lobbyId: a.id, placements: twice })),
      400,
      repeatedPlacementMessage(1),
    );
    await expectRefused(submitReport(db, pass, addr(), t.id, full(a, a.playerIds.slice(0, 7))), 400, INCOMPLETE_REPORT);
    await expectRefused(
      submitReport(db, pass, addr(), t.id, full(a, [...a.playerIds.slice(0, 7), b.playerIds[0]])),
      400,
    );
    // A revoked pass: 401 everywhere.
    const fresh = (await issuePass(db, owner, me)).result.pass;
    await expectRefused(submitReport(db, pass, addr(), t.id, own(a, 1)), 401, INVALID_PASS);
    expect(await reportRows(db, a.id)).toHaveLength(0);
    expect(await reportRows(db, b.id)).toHaveLength(0);
    const reported = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tournamentId, t.id), like(auditEntries.action, "report%")));
    expect(reported).toHaveLength(0);

    // The new pass reports; a finalized round refuses.
    await submitReport(db, fresh, addr(), t.id, own(a, 1));
    for (const lobby of [a, b])
      await saveScores(
        db,
        owner,
        lobby.id,
        lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
        t.id,
      );
    await finalizeRound(db, owner, t.id);
    await expectRefused(submitReport(db, fresh, addr(), t.id, own(a, 2)), 409, reportsClosedMessage(1));
  });
});
