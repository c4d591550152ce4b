// Advancing: the cut between rounds (its preview and its application) and the move to the next round or the end.
import { eq, inArray } from "drizzle-orm";
import type { AppDb, Executor } from "#db/client.server";
import { players, tournaments, type Tournament } from "#db/schema";
import { type ActionResult, findTournamentOr404 } from "../action.server";
import { playerLabel, type AuditValues } from "../audit/audit";
import type { PublicUser } from "../access/auth.server";
import { planCut, previewCut, resolveCut, validateCutCount, type CutPlan, type CutPreview } from "../format/cuts";
import { checkmateOutcome, stageEndOfAdvance, type StageEndSummary } from "../format/stage-standings";
import { checkmateRule, stageAt, stagesOf } from "../format/stages";
import { toEnginePlayer } from "../format/stats.server";
import { badRequest, conflict } from "../errors";
import { COMPLETED_MESSAGE, CUT_WHOLE, tieAtCutMessage } from "../messages";
import { event } from "../audit/events";
import { assertRoundScored, roundLobbies } from "./lobbies.server";
import { LATER_ROUND_MINIMUM } from "../access/policy";
import { activeStandings } from "../format/standings.server";
import { cutRuleOf, readRuleset } from "../format/ruleset";
import { mutate } from "../mutate.server";

export type AdvanceInput = { eliminationCount?: number; tiebreakerPlayerIds?: number[] };

export type AdvanceResult = {
  status: Tournament["status"];
  currentRound: number;
  /** Players the cut eliminated. */
  eliminated: number[];
  /** "Tournament has been completed" when advancing completed it. */
  message?: string;
  /** The stage end this advance applied (a cut to N or the best K of each lobby), in numbers and words. */
  stageEnd?: StageEndSummary;
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
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const round = t.currentRound;
    await assertRoundScored(tx, t);

    const count = input.eliminationCount ?? 0;
    let eliminated: number[] = [];
    const { active, rows, played } = await activeStandings(tx, t);
    const stages = stagesOf(t);
    const at = stageAt(stages, round);
    const rule = cutRuleOf(readRuleset(t.ruleset));
    const tieRefusal = (plan: CutPlan) => {
      const byId = new Map(rows.map((p) => [p.id, p]));
      const names = plan.tied.map((id) => byId.get(id)?.name ?? `#${id}`).join(", ");
      return conflict("tie_at_cut", tieAtCutMessage(plan.needed, plan.tied.length, names));
    };
    const settle = (plan: CutPlan) => {
      if (plan.needed === 0) return plan.sure;
      const resolution = resolveCut(plan, input.tiebreakerPlayerIds ?? []);
      if (!resolution.ok) throw tieRefusal(plan);
      return resolution.eliminate;
    };
    // The stage's end (docs/rules.md "Stages"): after its last game, a cut to N or the best K of each lobby; the plan
    // the previews show (cutPreview, the score page), so the advance cuts exactly whom they named.
    const endsStage = round === at.lastRound && at.index < stages.length - 1;
    const stageEnd = stageEndOfAdvance(t, round, active, played, rule);
    if (stageEnd) {
      eliminated = settle(stageEnd.plan);
    } else if (count > 0) {
      const invalid = validateCutCount(count, active.length);
      if (invalid) throw badRequest("invalid_cut", invalid, "eliminationCount");
      eliminated = settle(planCut(active, count, rule));
    } else if (count < 0 || !Number.isInteger(count)) {
      throw badRequest("invalid_cut", CUT_WHOLE, "eliminationCount");
    }
    if (eliminated.length > 0)
      await tx.update(players).set({ isEliminated: true }).where(inArray(players.id, eliminated));

    // A checkmate stage: its winner ends the tournament; without one it plays on, one more game at a time, until its
    // last game (its cap, or the event's game limit), after which the points leader wins.
    const chain = readRuleset(t.ruleset).tiebreakers;
    const checkmate =
      at.index === stages.length - 1
        ? checkmateOutcome(rows.map(toEnginePlayer), played, stages, chain, round + 1, round)
        : null;
    const lastGame = checkmateRule(stages)?.lastGame ?? Infinity;
    let extend = false;
    let checkmateDone = false;
    if (checkmate) {
      if (checkmate.winnerId !== null || round >= lastGame) checkmateDone = true;
      else if (round >= t.totalRounds) extend = true;
    }

    const remaining = active.length - eliminated.length;
    const completes =
      checkmateDone ||
      (!extend && round >= t.totalRounds) ||
      (t.format === "elimination" && remaining < LATER_ROUND_MINIMUM);
    const grown = extend ? stages.map((st, i) => (i === at.index ? { ...st, games: st.games + 1 } : st)) : null;
    const [updated] = await tx
      .update(tournaments)
      .set(
        completes
          ? { status: "completed", finalizedRound: Math.max(t.finalizedRound, round) }
          : {
              currentRound: round + 1,
              finalizedRound: Math.max(t.finalizedRound, round),
              ...(grown ? { stages: grown, totalRounds: t.totalRounds + 1 } : {}),
            },
      )
      .where(eq(tournaments.id, t.id))
      .returning();
    const next = !completes && endsStage ? stages[at.index + 1] : null;
    const byId = new Map(rows.map((p) => [p.id, playerLabel(p)]));
    const cut: AuditValues =
      eliminated.length > 0 ? { eliminated: eliminated.map((id) => byId.get(id) ?? `#${id}`).join(", ") } : {};
    await audit({
      action: completes ? "tournament.completed" : "round.advanced",
      summary: completes
        ? `Round ${round} ended and the tournament completed${eliminated.length > 0 ? ` (${eliminated.length} players cut)` : ""}${checkmate?.winnerId != null ? ` (checkmate: ${byId.get(checkmate.winnerId) ?? `#${checkmate.winnerId}`} wins)` : ""}`
        : `Advanced to Round ${round + 1}${next ? `: ${at.stage.name} ended, ${next.name} begins` : ""}${eliminated.length > 0 ? ` (${eliminated.length} players cut)` : stageEnd ? ` (no one cut: all ${stageEnd.summary.through} players in play go through)` : ""}`,
      roundNumber: round,
      before: { status: t.status, currentRound: t.currentRound },
      after: { status: updated.status, currentRound: updated.currentRound, ...cut },
      webhook: {
        eliminated: eliminated.map((id) => ({ playerId: id, player: byId.get(id) ?? `#${id}` })),
        ...(next
          ? {
              stage: {
                // index from 0 as stored; number from 1, as ?stage= and the rows' stage count them.
                from: { index: at.index, number: at.index + 1, name: at.stage.name },
                to: { index: at.index + 1, number: at.index + 2, name: next.name },
                cut: eliminated.length,
              },
            }
          : {}),
        ...(checkmate?.winnerId != null
          ? { checkmate: { winnerId: checkmate.winnerId, winner: byId.get(checkmate.winnerId) ?? null } }
          : {}),
      },
    });
    if (completes) {
      emit(event("tournament_completed", t.id, { name: t.name }));
      return {
        status: updated.status,
        currentRound: updated.currentRound,
        eliminated,
        message: COMPLETED_MESSAGE,
        ...(stageEnd ? { stageEnd: stageEnd.summary } : {}),
      };
    }
    emit(
      event("round_advanced", t.id, {
        name: t.name,
        newRound: updated.currentRound,
        ...(next ? { stage: { index: at.index + 1, number: at.index + 2, name: next.name } } : {}),
      }),
    );
    return {
      status: updated.status,
      currentRound: updated.currentRound,
      eliminated,
      ...(stageEnd ? { stageEnd: stageEnd.summary } : {}),
    };
  });
}

/**
 * The cut dialog's data for `count` players (default: the proposal), or at a stage's end the cut that end applies (the
 * same plan advanceRound settles; `count` is ignored there, as the advance ignores it). Reads only.
 */
export async function cutPreview(db: Executor, tournamentId: number, count?: number): Promise<CutPreview> {
  const t = await findTournamentOr404(db, tournamentId);
  const { active, rows, played } = await activeStandings(db, t);
  const stageEnd = stageEndOfAdvance(t, t.currentRound, active, played, cutRuleOf(readRuleset(t.ruleset)));
  return previewCut(t, active, rows, await roundLobbies(db, t.id, t.currentRound), count, stageEnd);
}
