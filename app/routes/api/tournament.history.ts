// GET /api/tournaments/{id}/history: the tournament's audit trail, newest first, filtered by action, actor and round, 50 a page (owner and masters only).
import { allowOnly, jsonError, tournamentUserLoader } from "~/lib/api.server";
import { listHistory } from "~/models/audit.server";
import { historyFiltersSchema } from "~/models/validation";

export const loader = tournamentUserLoader(async ({ db, id, user, request }) => {
  const filters = historyFiltersSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!filters.success) throw jsonError(400, filters.error.issues[0]?.message ?? "Invalid filter");
  return (await listHistory(db, user, id, filters.data)).entries;
});

export const action = allowOnly("GET");
