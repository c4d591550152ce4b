// GET /api/tournaments/{id}/checked-in-players: checked-in players still in play, registration order.
import { allowOnly, tournamentLoader } from "~/lib/api.server";
import { listCheckedIn, toPlayerSummary } from "~/models/players.server";

export const loader = tournamentLoader(async ({ db, id }) => (await listCheckedIn(db, id)).map(toPlayerSummary));

export const action = allowOnly("GET");
