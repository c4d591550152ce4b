// GET /api/tournaments/{id}/history: the tournament's audit trail, newest first, filtered by action, actor and round, 50 a page (owner and masters only).
import { allowOnly, jsonError, tournamentUserLoader } from "~/lib/api.server";
import { auditEntryAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { listHistory } from "~/models/audit/audit.server";
import { historyFiltersSchema } from "~/models/audit/audit-input";

export const loader = tournamentUserLoader(
  async ({ db, id, user, request }) => {
    const filters = historyFiltersSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!filters.success) throw jsonError(400, filters.error.issues[0]?.message ?? "Invalid filter", "invalid_input");
    return (await listHistory(db, user, id, filters.data)).entries;
  },
  {
    operationId: "tournamentHistory",
    tag: "Tournaments",
    summary: "The audit trail",
    description:
      "Every recorded action (who, when, what, before → after, a master's reason), newest first, 50 a page. " +
      "Only the tournament's owner or a master may read it.",
    query: [
      {
        name: "action",
        description: 'Only this action code, e.g. "scores.saved"',
        schema: { type: "string", pattern: "^[a-z_.]+$", maxLength: 100 },
      },
      { name: "actor", description: "Only this actor's username", schema: { type: "string", maxLength: 100 } },
      { name: "round", description: "Only this round", schema: { type: "integer", minimum: 1, maximum: 100 } },
      { name: "page", description: "Page number, from 1", schema: { type: "integer", minimum: 1, maximum: 100000 } },
    ],
    answers: {
      200: okList("Entries, newest first", auditEntryAnswer),
      400: { description: "A malformed id or filter, or an unknown action code" },
      ...refused.owner,
      ...refused.tournament,
    },
  },
);

export const action = allowOnly("GET");
