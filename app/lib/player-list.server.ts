// What the check-in and manage-players loaders share: the tournament with its players, whether lobbies exist, and the page's search and filter.
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/lib/context";
import { loadTournamentFromParams, pageAccess } from "~/lib/page.server";
import { hasLobbies, listPlayers } from "~/models/players.server";
import { playerMatches } from "~/models/search";

/**
 * Loads a player-list page. `filter` is the URL's filter when it is one of `filters`, else "all";
 * `matchesSearch` tells whether a player's Name#Tag contains the URL's search `q` (any case).
 */
export async function loadPlayerListPage(
  { params, context, url }: { params: { tournamentId?: string }; context: Readonly<RouterContextProvider>; url: URL },
  filters: readonly { value: string }[],
) {
  const db = context.get(dbContext);
  const t = await loadTournamentFromParams(db, params.tournamentId);
  const [players, lobbiesExist, access] = await Promise.all([
    listPlayers(db, t.id),
    hasLobbies(db, t.id),
    pageAccess(context, t),
  ]);
  const q = (url.searchParams.get("q") ?? "").trim();
  const requested = url.searchParams.get("filter");
  const filter = requested !== null && filters.some((f) => f.value === requested) ? requested : "all";
  return {
    t,
    players,
    lobbiesExist,
    canManage: access.can.manage,
    access,
    q,
    filter,
    matchesSearch: (p: { name: string; riotTag: string }) => playerMatches(p, q),
  };
}
