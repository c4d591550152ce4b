// GET /api/tournaments/{id}/lobby-details: the current round's lobbies with their hosts and passwords, for staff only
// (docs/decisions/030-lobby-details.md). Public answers never carry passwords.
import { tournamentUserLoader } from "~/lib/api.server";
import { okList, refused } from "~/lib/openapi.server";
import { lobbyDetailAnswer } from "~/lib/signup-api.server";
import { staffLobbyDetails } from "~/models/rounds/lobby-details.server";

export const loader = tournamentUserLoader(({ db, id, user }) => staffLobbyDetails(db, user, id), {
  operationId: "getLobbyDetails",
  tag: "Rounds",
  summary: "The current round's lobbies with their lobby hosts and passwords (staff only)",
  description:
    "The owner, masters and the tournament's scorekeepers. The lobby host is picked by the owner's rule (`lobbyHostRule` " +
    "of the sign-up settings: the best seed by default). A lobby's players read its password with their pass (`GET /api/pass`).",
  answers: { 200: okList("The lobbies", lobbyDetailAnswer), ...refused.staff, ...refused.tournament },
});
