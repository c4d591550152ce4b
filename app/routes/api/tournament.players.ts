// GET /api/tournaments/{id}/players (public, registration order); POST adds one player (manualOverride goes beyond the limit).
import { toApiPlayer, tournamentAction, tournamentLoader } from "~/lib/api.server";
import { addPlayer, listPlayers } from "~/models/players.server";
import { playerCreateSchema } from "~/models/validation";

export const loader = tournamentLoader(async ({ db, id }) => (await listPlayers(db, id)).map(toApiPlayer));

export const action = tournamentAction(
  {
    POST: {
      body: playerCreateSchema,
      run: ({ db, user, id, body }) => addPlayer(db, user, id, body),
      answer: toApiPlayer,
    },
  },
  { alsoAllow: ["GET"] },
);
