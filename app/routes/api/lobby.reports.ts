// GET /api/lobbies/{id}/reports: a lobby's player reports for its staff, every version side by side with the agreed
// result; staff confirm with the usual save, POST /api/lobbies/{id}/matches (docs/decisions/036-player-reports.md).
import { allowOnly, lobbyUserLoader } from "~/lib/api.server";
import { ok, refused } from "~/lib/openapi.server";
import { lobbyReportsAnswer, toLobbyReports } from "~/lib/reports-api.server";
import { staffLobbyReports } from "~/models/rounds/reports.server";

export const loader = lobbyUserLoader(
  async ({ db, id, user }) => {
    const { lobby, reports } = await staffLobbyReports(db, user, id);
    return toLobbyReports(lobby, reports);
  },
  {
    operationId: "getLobbyReports",
    tag: "Rounds",
    summary: "A lobby's player reports (staff only): its state, the agreed result, and every version side by side",
    description:
      "The owner, masters and the tournament's scorekeepers. Confirm an agreed result (or settle a dispute) with the usual " +
      "save, `POST /api/lobbies/{id}/matches`: a save settles the lobby's reports.",
    answers: { 200: ok("The lobby's reports", lobbyReportsAnswer), ...refused.staff, ...refused.lobby },
  },
);

export const action = allowOnly("GET");
