// GET /api/tournaments/{id}/checked-in-players: checked-in players still in play, registration order.
import { allowOnly, tournamentRead } from "~/lib/api.server";
import { playerAnswer } from "~/lib/api-schemas.server";
import { okList, refused } from "~/lib/openapi.server";
import { checkedInRead } from "~/models/views/api-reads.server";

export const loader = tournamentRead(checkedInRead, {
  operationId: "listCheckedInPlayers",
  tag: "Players",
  summary: "Checked-in players still in play",
  answers: { 200: okList("The list", playerAnswer), ...refused.tournament },
});

export const action = allowOnly("GET");
