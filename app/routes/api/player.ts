// GET /api/players/{id} (public), PATCH its fields (master-only ones for a master), DELETE it.
import { VERSION_HEADER } from "~/lib/api-cache.server";
import { json, playerAction, playerLoader } from "~/lib/api.server";
import { deletedPlayerAnswer, playerAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { deletePlayer, getPlayer, updatePlayer, toPlayerSummary } from "~/models/roster/roster.server";
import { playerUpdateSchema } from "~/models/roster/player-input";
import { canReadById } from "~/models/access/share.server";
import { readTournamentVersion } from "~/models/views/tournament-data.server";
import { notFound } from "~/models/errors";
import { PLAYER_NOT_FOUND } from "~/models/messages";

export const loader = playerLoader(
  async ({ db, id, reader }) => {
    const player = await getPlayer(db, id);
    // A player of a tournament the caller may not read does not exist for them.
    if (!(await canReadById(db, reader(player.tournamentId), player.tournamentId)))
      throw notFound("player_not_found", PLAYER_NOT_FOUND);
    // The version of the tournament this answer is of, as every tournament read says.
    const version = await readTournamentVersion(db, player.tournamentId);
    return json(toPlayerSummary(player), 200, version === null ? {} : { [VERSION_HEADER]: String(version) });
  },
  {
    operationId: "getPlayer",
    versioned: true,
    tag: "Players",
    summary: "One player",
    answers: { 200: ok("The player", playerAnswer), ...refused.player },
  },
);

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
