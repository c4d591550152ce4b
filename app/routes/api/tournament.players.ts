// GET /api/tournaments/{id}/players (public, registration order); POST adds one player (manualOverride goes beyond the limit).
import { tournamentAction, tournamentLoader } from "~/lib/api.server";
import { addPlayer, listPlayers, toPlayerSummary } from "~/models/players.server";
import { playerCreateSchema } from "~/models/validation";

export const loader = tournamentLoader(async ({ db, id }) => (await listPlayers(db, id)).map(toPlayerSummary));

export const action = tournamentAction(
  {
    POST: {
      body: playerCreateSchema,
      run: ({ db, user, id, body }) => addPlayer(db, user, id, body),
      answer: toPlayerSummary,
    },
  },
  { alsoAllow: ["GET"] },
);
