// The master's integrity check of the stored totals and its repair (docs/decisions/009-stored-totals.md, 010): a
// mutation like any other, so it lives above the audit trail it writes to rather than inside it.
import type { AppDb, Executor } from "#db/client.server";
import { findTournamentOr404, type ActionResult } from "../action.server";
import { assertMaster } from "../access/access.server";
import type { PublicUser } from "../access/auth.server";
import { auditAction, totalsText } from "../audit/audit";
import { event } from "../audit/events";
import { mutate, tournamentLock } from "../mutate.server";
import { recomputeStats, staleTotals, type TotalsDifference } from "./stats.server";

/**
 * The integrity check of the master panel: each player whose stored totals differ from what the
 * saved matches and a master's adjustments give (docs/decisions/009, 010). Master only. Reads only.
 */
export async function checkIntegrity(
  db: Executor,
  user: PublicUser | null,
  tournamentId: number,
): Promise<TotalsDifference[]> {
  assertMaster(user);
  const t = await findTournamentOr404(db, tournamentId);
  return staleTotals(db, t.id);
}

/**
 * Recomputes and stores every player's totals in one transaction, recorded in the trail with each
 * repaired player's totals before → after. Master only; works on a completed tournament too.
 * Event: tournament_updated when anything changed.
 */
export async function repairTotals(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  options: { reason?: string } = {},
): Promise<ActionResult<{ repaired: TotalsDifference[] }>> {
  assertMaster(user);
  return mutate(
    db,
    user,
    tournamentLock(tournamentId, { override: true }),
    async ({ tx, tournament: t, audit, emit }) => {
      const repaired = await recomputeStats(tx, t.id);
      if (repaired.length === 0) return { repaired };
      const label = (d: TotalsDifference) => `${d.name}#${d.riotTag}`;
      await audit({
        action: auditAction("integrity.repaired"),
        summary: `Stored totals repaired for ${repaired.length} player${repaired.length === 1 ? "" : "s"}`,
        before: Object.fromEntries(repaired.map((d) => [label(d), totalsText(d.stored)])),
        after: Object.fromEntries(repaired.map((d) => [label(d), totalsText(d.computed)])),
        reason: options.reason,
      });
      emit(event("tournament_updated", t.id, { name: t.name, repaired: repaired.length }));
      return { repaired };
    },
  );
}
