// The host dashboard's read model: the stat cards and every tournament the user may see, each with the actions its row offers.
import type { Executor } from "#db/client.server";
import type { PublicUser } from "../access/auth.server";
import { actionsFor } from "../access/policy";
import { computeDashboardStats, listForUser } from "../tournaments/tournaments.server";

export async function dashboardView(db: Executor, user: PublicUser) {
  const list = await listForUser(db, user);
  return {
    stats: computeDashboardStats(list),
    tournaments: list.map((t) => ({
      id: t.id,
      name: t.name,
      status: t.status,
      isPublic: t.isPublic,
      maxPlayers: t.maxPlayers,
      totalRounds: t.totalRounds,
      currentRound: t.currentRound,
      createdAt: t.createdAt.toISOString(),
      isOwner: t.isOwner,
      scorekeeper: t.role === "scorekeeper",
      actions: actionsFor(t, { role: t.role, isOwner: t.isOwner }),
    })),
  };
}
