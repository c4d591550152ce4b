// GET /api/tournaments: the caller's dashboard list (signed-in only); POST creates a tournament owned by the caller.
import { userAction, userLoader } from "~/lib/api.server";
import { tournamentDetailAnswer, tournamentListItemAnswer } from "~/lib/api-schemas.server";
import { ok, okList } from "~/lib/openapi.server";
import { createTournament, listForUser } from "~/models/tournaments/tournaments.server";
import { withStage } from "~/models/views/api-reads.server";
import { tournamentCreateSchema } from "~/models/tournaments/tournament-input";

export const loader = userLoader(({ db, user }) => listForUser(db, user), {
  operationId: "listTournaments",
  tag: "Tournaments",
  summary: "The caller's tournaments",
  description: "A master sees every tournament; an organizer their own plus the public ones of others. Newest first.",
  answers: { 200: okList("The list", tournamentListItemAnswer) },
});

export const action = userAction(
  {
    POST: {
      body: tournamentCreateSchema,
      run: ({ db, user, body }) => createTournament(db, user, body),
      // The same shape as GET /api/tournaments/{id}: the stages as a list (one stage of totalRounds games when none was given).
      answer: (t) => withStage(t),
      openapi: {
        operationId: "createTournament",
        tag: "Tournaments",
        summary: "Create a tournament owned by the caller",
        description:
          'Optional `ruleset`: {"preset": "standard" | "riot"} or {"tiebreakers": ["totalPoints", …]} (distinct ' +
          "criteria, totalPoints first; registration is appended). Without it, the standard tiebreak order. " +
          'Optional `stages`: [{"name", "games", "draw", "points": "carry" | "reset", "end": {"cutTo": N} | ' +
          '{"topPerLobby": K} | {"checkmate": {"threshold": T, "maxGames": G}} | null}] (docs/rules.md "Stages"); ' +
          "totalRounds is then the sum of their games, and without stages totalRounds makes one stage. 400 " +
          "invalid_stages, nothing created: a stage with 0 games, a cut to maxPlayers or more (or to as many as enter " +
          "the stage), a cut that leaves no full lobby of 8, K below 1 or above 7, a threshold of 0 or less, a " +
          "checkmate stage that is not last.",
        answers: { 200: ok("Created, as GET /api/tournaments/{id} answers it", tournamentDetailAnswer) },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
