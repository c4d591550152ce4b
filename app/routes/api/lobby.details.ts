// PATCH /api/lobbies/{id}/details {password?, generate?}: the owner sets, generates or clears a lobby's in-game password
// (docs/decisions/030-lobby-details.md).
import { allowOnly, lobbyAction } from "~/lib/api.server";
import { ok, refused } from "~/lib/openapi.server";
import { lobbyDetailAnswer } from "~/lib/signup-api.server";
import { setLobbyPassword } from "~/models/rounds/lobby-details.server";
import { lobbyPasswordSchema } from "~/models/roster/signup-input";

export const loader = allowOnly("PATCH");

export const action = lobbyAction({
  PATCH: {
    body: lobbyPasswordSchema,
    run: ({ db, user, id, body }) => setLobbyPassword(db, user, id, body),
    openapi: {
      operationId: "setLobbyPassword",
      tag: "Rounds",
      summary: "Set, generate or clear a lobby's in-game password",
      description:
        "Owner or master. `generate: true` makes an 8-character password; `password` sets one (at most 40 characters, " +
        "empty or null clears it). Shown only to that lobby's players (their pass) and to staff; kept out of the history.",
      answers: { 200: ok("The lobby's details", lobbyDetailAnswer), ...refused.owner, ...refused.lobby },
    },
  },
});
