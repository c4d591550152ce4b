// GET /api/tournaments/{id}/share-link answers the link (with its key) that opens a tournament that is not public; POST
// changes it (the old key stops working at once): owner or master (docs/decisions/021-check-in-and-share-links.md).
import { shareKeyAnswer, shareLinkAnswer } from "~/lib/api-schemas.server";
import { tournamentAction, tournamentUserLoader } from "~/lib/api.server";
import { publicOrigin } from "~/lib/forwarded.server";
import { ok, refused } from "~/lib/openapi.server";
import { findTournamentOr404 } from "~/models/action.server";
import { rotateShareKey, shareLinkOf } from "~/models/access/share.server";

export const loader = tournamentUserLoader(
  async ({ db, id, user, request, context }) => {
    const t = await findTournamentOr404(db, id);
    const { url, key } = await shareLinkOf(db, user, t, await publicOrigin(request, context));
    return { url, key };
  },
  {
    operationId: "getShareLink",
    tag: "Tournaments",
    summary: "The share link of a tournament",
    description:
      "A tournament that is not public is read (pages, API reads with `?key=`, overlay, export, live stream) only by its " +
      "owner, staff and masters, and by whoever holds this link.",
    answers: { 200: ok("The link and its key", shareLinkAnswer), ...refused.owner, ...refused.tournament },
  },
);

export const action = tournamentAction(
  {
    POST: {
      run: async ({ db, user, id }) => rotateShareKey(db, user, id),
      answer: ({ key }) => ({ key }),
      openapi: {
        operationId: "rotateShareLink",
        tag: "Tournaments",
        summary: "Change the share link: the old key stops working at once, and live streams opened with it end",
        answers: {
          200: ok("The new key", shareKeyAnswer),
          ...refused.owner,
          ...refused.tournament,
        },
      },
    },
  },
  { alsoAllow: ["GET"] },
);
