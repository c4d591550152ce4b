// Swapping two players between unscored lobbies of the current round (docs/decisions/027-manual-draw-and-score-sheet.md).
import { eq } from "drizzle-orm";
import type { AppDb } from "#db/client.server";
import { lobbies, players } from "#db/schema";
import { type ActionResult } from "../action.server";
import { playerLabel } from "../audit/audit";
import type { PublicUser } from "../access/auth.server";
import { badRequest, conflict } from "../errors";
import { event } from "../audit/events";
import { eligibleForRound } from "./lobbies";
import { roundLobbies } from "./lobbies.server";
import { isRefusal, planSwap } from "./manual-draw";
import { toEnginePlayer } from "../format/stats.server";
import { drawFinalizedMessage } from "../messages";
import { mutate } from "../mutate.server";

export type SwapResult = {
  roundNumber: number;
  lobbies: { id: number; name: string; playerIds: number[] }[];
};

/**
 * Swaps players `a` and `b` between two lobbies of the current round, each taking the other's seat. Refused (nothing
 * changed): the same player twice (400 same_player), a player not active or not in a lobby of this round, both in one
 * lobby (400 invalid_swap), either lobby already scored or the round finalized (409 lobby_scored / round_finalized).
 * Audit: lobbies.swapped. Event: tournament_updated {roundNumber}.
 */
export async function swapPlayers(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  a: number,
  b: number,
): Promise<ActionResult<SwapResult>> {
  return mutate(db, user, tournamentId, async ({ tx, tournament: t, audit, emit }) => {
    const round = t.currentRound;
    if (t.finalizedRound >= round) {
      throw conflict("round_finalized", drawFinalizedMessage(round));
    }
    const [drawn, rows] = await Promise.all([
      roundLobbies(tx, t.id, round),
      tx.select().from(players).where(eq(players.tournamentId, t.id)),
    ]);
    const names = new Map(rows.map((p) => [p.id, playerLabel(p)]));
    const label = (id: number) => names.get(id) ?? `#${id}`;
    const active = new Set(eligibleForRound(rows.map(toEnginePlayer)).map((p) => p.id));
    const plan = planSwap(drawn, a, b, active, label);
    if (isRefusal(plan)) {
      throw plan.code === "lobby_scored" ? conflict(plan.code, plan.message) : badRequest(plan.code, plan.message);
    }
    await Promise.all(
      [plan.first, plan.second].map((side) =>
        tx.update(lobbies).set({ playerIds: side.playerIds }).where(eq(lobbies.id, side.lobby.id)),
      ),
    );
    await audit({
      action: "lobbies.swapped",
      summary: `${label(a)} (${plan.first.lobby.name}) and ${label(b)} (${plan.second.lobby.name}) swapped`,
      roundNumber: round,
      before: { [label(a)]: plan.first.lobby.name, [label(b)]: plan.second.lobby.name },
      after: { [label(a)]: plan.second.lobby.name, [label(b)]: plan.first.lobby.name },
    });
    emit(event("tournament_updated", t.id, { name: t.name, roundNumber: round, swapped: true }));
    return {
      roundNumber: round,
      lobbies: [plan.first, plan.second].map((side) => ({
        id: side.lobby.id,
        name: side.lobby.name,
        playerIds: side.playerIds,
      })),
    };
  });
}
