// GET /api/tournaments/{id}/players (public, registration order); POST adds one player (manualOverride goes beyond the limit).
import { tournamentAction, tournamentRead } from "~/lib/api.server";
import { playerAnswer } from "~/lib/api-schemas.server";
import { ok, okList, refused } from "~/lib/openapi.server";
import { addPlayer, toPlayerSummary } from "~/models/roster/roster.server";
import { playerCreateSchema } from "~/models/roster/player-input";
import { playersRead } from "~/models/views/api-reads.server";

export const loader = tournamentRead(playersRead, {
  operationId: "listPlayers",
  tag: "Players",
  summary: "The players, in registration order",
  answers: { 200: okList("The list", playerAnswer), ...refused.tournament },
});

export const action = tournamentAction(
  {
    POST: {
      body: playerCreateSchema,
      run: ({ db, user, id, body }) => addPlayer(db, user, id, body),
      answer: toPlayerSummary,
      openapi: {
        operationId: "addPlayer",
        tag: "Players",
        summary: "Register a player",
        description:
          "At capacity the call answers 409 unless manualOverride, which adds the player beyond the limit, not checked in. " +
          "seed, isCheckedIn, isEliminated, totalPoints, matchesPlayed and averagePlacement are a master's (403 otherwise).",
        answers: {
          200: ok("The new player", playerAnswer),
          ...refused.owner,
          ...refused.tournament,
          ...refused.conflict("Tournament full, locked, or completed"),
        },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
