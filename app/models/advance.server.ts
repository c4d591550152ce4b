// Advancing: the cut between rounds (its preview and its application) and the move to the next round or the end.
import { eq, inArray } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import { players, tournaments, type Tournament } from "#db/schema";
import { lockForMutation, type ActionResult } from "./action.server";
import { playerLabel, type AuditValues } from "./audit";
import { recordAudit } from "./audit.server";
import type { PublicUser } from "./auth.server";
import { planCut, previewCut, resolveCut, validateCutCount, type CutPreview } from "./cuts";
import { badRequest, COMPLETED_MESSAGE, conflict } from "./errors";
import { event } from "./events";
import { assertRoundScored, roundLobbies } from "./lobbies.server";
import { LATER_ROUND_MINIMUM } from "./policy";
import { activeStandings } from "./standings.server";
import { cutRuleOf, readRuleset } from "./ruleset";
import { findTournamentOr404 } from "./action.server";

export type AdvanceInput = { eliminationCount?: number; tiebreakerPlayerIds?: number[] };

export type AdvanceResult = {
  status: Tournament["status"];
  currentRound: number;
  /** Players the cut eliminated. */
  eliminated: number[];
  /** "Tournament has been completed" when advancing completed it. */
  message?: string;
};

/**
 * Ends the current round: every lobby must be complete (409 with "x/y scores submitted"), it is
 * finalized if it was not yet, the cut is applied (`eliminationCount`, validated by the cuts
 * module: 400), and currentRound goes up. A tie at the cut line answers 409 naming the tied
 * players and how many to pick, unless `tiebreakerPlayerIds` picks exactly that many of them.
 * Completes the tournament past totalRounds, or in Elimination with fewer than 4 active players
 * left (answer message "Tournament has been completed"). Event: round_advanced {newRound} or
 * tournament_completed {name}.
 */
export async function advanceRound(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  input: AdvanceInput = {},
): Promise<ActionResult<AdvanceResult>> {
  return db.transaction(async (tx) => {
    const t = await lockForMutation(tx, user, tournamentId);
    const round = t.currentRound;
    await assertRoundScored(tx, t);

    const count = input.eliminationCount ?? 0;
    let eliminated: number[] = [];
    const { active, rows } = await activeStandings(tx, t);
    if (count > 0) {
      const invalid = validateCutCount(count, active.length);
      if (invalid) throw badRequest("invalid_cut", invalid, "eliminationCount");
      const plan = planCut(active, count, cutRuleOf(readRuleset(t.ruleset)));
      if (plan.needed > 0) {
        const resolution = resolveCut(plan, input.tiebreakerPlayerIds ?? []);
        if (!resolution.ok) {
          const byId = new Map(rows.map((p) => [p.id, p]));
          const names = plan.tied.map((id) => byId.get(id)?.name ?? `#${id}`).join(", ");
          throw conflict(
            "tie_at_cut",
            `Tie-break needed at the cut line: select exactly ${plan.needed} of the ${plan.tied.length} tied players to eliminate (${names})`,
          );
        }
        eliminated = resolution.eliminate;
      } else {
        eliminated = plan.sure;
      }
      await tx.update(players).set({ isEliminated: true }).where(inArray(players.id, eliminated));
    } else if (count < 0 || !Number.isInteger(count)) {
      throw badRequest("invalid_cut", "Cut amount must be a whole number of at least 0", "eliminationCount");
    }

    const remaining = active.length - eliminated.length;
    const completes = round >= t.totalRounds || (t.format === "elimination" && remaining < LATER_ROUND_MINIMUM);
    const [updated] = await tx
      .update(tournaments)
      .set(
        completes
          ? { status: "completed", finalizedRound: Math.max(t.finalizedRound, round) }
          : { currentRound: round + 1, finalizedRound: Math.max(t.finalizedRound, round) },
      )
      .where(eq(tournaments.id, t.id))
      .returning();
    const byId = new Map(rows.map((p) => [p.id, playerLabel(p)]));
    const cut: AuditValues =
      eliminated.length > 0 ? { eliminated: eliminated.map((id) => byId.get(id) ?? `#${id}`).join(", ") } : {};
    await recordAudit(tx, {
      tournament: t,
      actor: user,
      action: completes ? "tournament.completed" : "round.advanced",
      summary: completes
        ? `Round ${round} ended and the tournament completed${eliminated.length > 0 ? ` (${eliminated.length} players cut)` : ""}`
        : `Advanced to Round ${round + 1}${eliminated.length > 0 ? ` (${eliminated.length} players cut)` : ""}`,
      roundNumber: round,
      before: { status: t.status, currentRound: t.currentRound },
      after: { status: updated.status, currentRound: updated.currentRound, ...cut },
      webhook: { eliminated: eliminated.map((id) => ({ playerId: id, player: byId.get(id) ?? `#${id}` })) },
    });
    if (completes) {
      return {
        result: { status: updated.status, currentRound: updated.currentRound, eliminated, message: COMPLETED_MESSAGE },
        events: [event("tournament_completed", t.id, { name: t.name })],
      };
    }
    return {
      result: { status: updated.status, currentRound: updated.currentRound, eliminated },
      events: [event("round_advanced", t.id, { name: t.name, newRound: updated.currentRound })],
    };
  });
}

/** The cut dialog's data for `count` players (default: the proposal). Reads only. */
export async function cutPreview(db: Executor, tournamentId: number, count?: number): Promise<CutPreview> {
  const t = await findTournamentOr404(db, tournamentId);
  const { active, rows } = await activeStandings(db, t);
  return previewCut(t, active, rows, await roundLobbies(db, t.id, t.currentRound), count);
}
