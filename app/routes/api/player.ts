// GET /api/players/{id} (public), PATCH its fields (master-only ones for a master), DELETE it.
import { playerAction, playerLoader } from "~/lib/api.server";
import { deletePlayer, getPlayer, updatePlayer, toPlayerSummary } from "~/models/players.server";
import { playerUpdateSchema } from "~/models/validation";

export const loader = playerLoader(async ({ db, id }) => toPlayerSummary(await getPlayer(db, id)));

export const action = playerAction(
  {
    PATCH: {
      body: playerUpdateSchema,
      run: ({ db, user, id, body }) => updatePlayer(db, user, id, body),
      answer: toPlayerSummary,
    },
    DELETE: {
      run: ({ db, user, id }) => deletePlayer(db, user, id),
      answer: (deleted) => ({ message: "Player deleted successfully", ...deleted }),
    },
  },
  { alsoAllow: ["GET"] },
);
