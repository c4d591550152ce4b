// GET /api/players/{id} (public), PATCH its fields (master-only ones for a master), DELETE it.
import { playerAction, playerRead } from "~/lib/api.server";
import { deletedPlayerAnswer, playerAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { deletePlayer, updatePlayer, toPlayerSummary } from "~/models/roster/roster.server";
import { playerUpdateSchema } from "~/models/roster/player-input";

export const loader = playerRead(toPlayerSummary, {
  operationId: "getPlayer",
  tag: "Players",
  summary: "One player",
  description:
    "Answered from the tournament's snapshot as its other reads are: a public tournament's player is shared per " +
    "version (strong ETag, 304 on If-None-Match, public caching); a private one's goes to its readers only.",
  answers: { 200: ok("The player", playerAnswer), ...refused.player },
});

export const action = playerAction(
  {
    PATCH: {
      body: playerUpdateSchema,
      run: ({ db, user, id, body }) => updatePlayer(db, user, id, body),
      answer: toPlayerSummary,
      openapi: {
        operationId: "updatePlayer",
        tag: "Players",
        summary: "Change a player",
        description:
          "The owner: name, riotTag, lp, and isEliminated true. A master also: seed, isCheckedIn, isEliminated false and the stats " +
          "(kept as adjustments that survive later score saves).",
        answers: {
          200: ok("The player", playerAnswer),
          ...refused.owner,
          ...refused.player,
          ...refused.conflict("Tournament has been completed"),
        },
      },
    },
    DELETE: {
      run: ({ db, user, id }) => deletePlayer(db, user, id),
      answer: (deleted) => ({ message: "Player deleted successfully", ...deleted }),
      openapi: {
        operationId: "deletePlayer",
        tag: "Players",
        summary: "Delete a player with their matches",
        answers: {
          200: ok("Deleted", deletedPlayerAnswer),
          ...refused.owner,
          ...refused.player,
          ...refused.conflict("Tournament has been completed"),
        },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
