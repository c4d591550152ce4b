// GET /api/tournaments/public: every public tournament, newest first; no token needed.
import { allowOnly, publicLoader } from "~/lib/api.server";
import { tournamentAnswer } from "~/lib/api-schemas.server";
import { okList } from "~/lib/openapi.server";
import { listPublic } from "~/models/tournaments/tournaments.server";

export const loader = publicLoader(({ db }) => listPublic(db), {
  operationId: "listPublicTournaments",
  tag: "Tournaments",
  summary: "Every public tournament, newest first",
  answers: { 200: okList("The list", tournamentAnswer) },
});

export const action = allowOnly("GET");
