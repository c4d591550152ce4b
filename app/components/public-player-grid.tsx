// The public view's collapsible "Search Players (count)" grid: every player with their lobby and status; a filter box once scripts run.
import { useState } from "react";
import { Link } from "react-router";
import { playerMatches, useHydrated } from "./public-shared";

type GridPlayer = { id: number; name: string; riotTag: string; isEliminated: boolean; lobbyName: string | null };

export function PlayerGrid({
  players,
  profileHref,
}: {
  players: readonly GridPlayer[];
  profileHref: (playerId: number) => string;
}) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const shown = filter.trim() ? players.filter((p) => playerMatches(p, filter)) : players;
  return (
    <details className="collapsible card">
      <summary>Search Players ({players.length})</summary>
      {players.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>No players registered yet.</p>
      ) : (
        <>
          {hydrated ? (
            <div className="field">
              <label htmlFor="player-grid-filter" className="sr-only">Filter players</label>
              <input
                id="player-grid-filter"
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.currentTarget.value)}
                placeholder="Filter by name or tag"
                autoComplete="off"
              />
            </div>
          ) : null}
          {shown.length === 0 ? (
            <p className="muted" style={{ margin: 0 }}>No players match.</p>
          ) : (
            <ul className="grid cols-3 list-plain public-player-grid">
              {shown.map((p) => (
                <li key={p.id}>
                  <Link to={profileHref(p.id)} className="player-card">
                    <span className="public-player-name">
                      <strong>{p.name}</strong> <span className="muted small">#{p.riotTag}</span>
                      <span className="small muted public-lobby-name">{p.lobbyName ?? "No lobby"}</span>
                    </span>
                    <span className={`badge ${p.isEliminated ? "danger" : "success"}`}>
                      {p.isEliminated ? "Eliminated" : "Active"}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </details>
  );
}
