// POST /api/players/{id}/checkin {checkedIn}: checks a player in or out (until lobbies exist).
import { allowOnly, playerAction } from "~/lib/api.server";
import { setCheckin, toPlayerSummary } from "~/models/players.server";
import { checkinSchema } from "~/models/validation";

export const loader = allowOnly("POST");

export const action = playerAction({
  POST: {
    body: checkinSchema,
    run: ({ db, user, id, body }) => setCheckin(db, user, id, body.checkedIn),
    answer: toPlayerSummary,
  },
});
