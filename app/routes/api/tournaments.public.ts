// GET /api/tournaments/public: every public tournament, newest first; no token needed.
import { allowOnly, publicLoader } from "~/lib/api.server";
import { listPublic } from "~/models/tournaments.server";

export const loader = publicLoader(({ db }) => listPublic(db));

export const action = allowOnly("GET");
