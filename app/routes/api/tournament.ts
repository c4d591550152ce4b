// GET /api/tournaments/{id} (public), PATCH its settings, DELETE it with everything in it.
import { tournamentAction, tournamentRead } from "~/lib/api.server";
import { deletedTournamentAnswer, tournamentDetailAnswer } from "~/lib/api-schemas.server";
import { ok, refused } from "~/lib/openapi.server";
import { tournamentRead as fromSnapshot, withStage } from "~/models/views/api-reads.server";
import { deleteTournament, updateTournament } from "~/models/tournaments/tournaments.server";
import { tournamentUpdateSchema } from "~/models/tournaments/tournament-input";

export const loader = tournamentRead(fromSnapshot, {
  operationId: "getTournament",
  tag: "Tournaments",
  summary: "One tournament",
  description:
    "With its ruleset: the tiebreak chain as stored and the preset it equals (custom for a hand-made one). With its " +
    "stages (one stage of totalRounds games when it was created without a list), the current stage (index from 0, " +
    "number from 1, name), the game within that stage (gameInStage, from 1) and, in a checkmate final, the winner " +
    "once a player on checkmate has won a game (checkmateWinnerId).",
  answers: { 200: ok("The tournament", tournamentDetailAnswer), ...refused.tournament },
});

export const action = tournamentAction(
  {
    PATCH: {
      body: tournamentUpdateSchema,
      run: ({ db, user, id, body }) => updateTournament(db, user, id, body),
      // The same shape as GET: the stages as a list (one stage of totalRounds games when none was given).
      answer: (t) => withStage(t),
      openapi: {
        operationId: "updateTournament",
        tag: "Tournaments",
        summary: "Change settings",
        description:
          "Any of the fields. maxPlayers and totalRounds only in setup (409 otherwise); status, currentRound and isLocked " +
          "only by a master (403). A scoring change recomputes every saved match. Fields equal to the stored value are ignored. " +
          '`ruleset` is {"preset": "riot"} or {"tiebreakers": ["totalPoints", …]}: 400 for an unknown or repeated ' +
          "criterion, an empty chain, one not starting with totalPoints, or both preset and tiebreakers; 409 once a " +
          "round is finalized (unless it equals the stored one). `stages` replaces the stage list (totalRounds becomes " +
          "the sum of its games): 400 invalid_stages for a stage with 0 games, a cut to as many players as enter the " +
          "stage or more, a cut that leaves no full lobby, K below 1 or above 7, a threshold of 0 or less, a checkmate " +
          "stage that is not last; 409 stage_started when a stage that has started (its first round drawn) would change.",
        answers: {
          200: ok(
            "The updated tournament, as GET answers it (checkmateWinnerId is GET's to read: null here)",
            tournamentDetailAnswer,
          ),
          ...refused.owner,
          ...refused.tournament,
          ...refused.conflict(
            "Completed tournament, a setup-only field after setup, or a ruleset change after a round is finalized",
          ),
        },
      },
    },
    DELETE: {
      run: ({ db, user, id }) => deleteTournament(db, user, id),
      answer: (deleted) => ({ message: "Tournament deleted", ...deleted }),
      openapi: {
        operationId: "deleteTournament",
        tag: "Tournaments",
        summary: "Delete a tournament with its players, lobbies and matches",
        description: "The owner or a master, in any status: a completed tournament may be deleted too (DECISIONS.md).",
        answers: {
          200: ok("Deleted", deletedTournamentAnswer),
          ...refused.owner,
          ...refused.tournament,
        },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
