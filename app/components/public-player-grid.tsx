// The public view's collapsible "Search Players (count)" grid: one server-rendered page of players with their lobby and status.
// Paged on the server so a spectator downloads 24 players, not the whole field (the "Find Player Profile" search finds anyone).
import { Link } from "react-router";
import { outLabel } from "~/models/access/policy";

type GridPlayer = {
  id: number;
  name: string;
  riotTag: string;
  isEliminated: boolean;
  isDropped: boolean;
  lobbyName: string | null;
};
type Grid = { total: number; page: number; pageCount: number; players: readonly GridPlayer[] };

export const GRID_ID = "search-players";

export function PlayerGrid({
  grid,
  q,
  profileHref,
}: {
  grid: Grid;
  q: string;
  profileHref: (playerId: number) => string;
}) {
  const pageLink = (page: number) => ({
    search: `?${new URLSearchParams({ ...(q ? { q } : {}), players: String(page) })}`,
    hash: GRID_ID,
  });
  return (
    // Open once a page was asked for, so Next and Previous land on the list, with or without JavaScript.
    <details className="collapsible card" id={GRID_ID} open={grid.page > 1 || undefined}>
      <summary>Search Players ({grid.total})</summary>
      {grid.total === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          No players registered yet.
        </p>
      ) : (
        <>
          <ul className="grid cols-3 list-plain public-player-grid">
            {grid.players.map((p) => (
              <li key={p.id}>
                <Link to={profileHref(p.id)} className="player-card">
                  <span className="public-player-name">
                    <strong>{p.name}</strong> <span className="muted small">#{p.riotTag}</span>
                    <span className="small muted public-lobby-name">{p.lobbyName ?? "No lobby"}</span>
                  </span>
                  <span className={`badge ${outLabel(p) ? "danger" : "success"}`}>{outLabel(p) ?? "Active"}</span>
                </Link>
              </li>
            ))}
          </ul>
          {grid.pageCount > 1 ? (
            <nav className="row between pager" aria-label="Player pages" style={{ marginTop: "0.75rem" }}>
              {grid.page > 1 ? (
                <Link to={pageLink(grid.page - 1)} className="btn" preventScrollReset>
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="small muted" aria-live="polite">
                Page {grid.page} of {grid.pageCount}
              </span>
              {grid.page < grid.pageCount ? (
                <Link to={pageLink(grid.page + 1)} className="btn" preventScrollReset>
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </details>
  );
}
