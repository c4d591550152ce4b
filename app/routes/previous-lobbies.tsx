// Previous lobbies: every round's lobbies with each player's placement and points, one round at a time.
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import type { Route } from "./+types/previous-lobbies";
import { formatPoints } from "~/components/public-shared";
import { TournamentErrorBoundary } from "~/components/route-error";
import { EmptyState } from "~/components/ui";
import { liveRefreshHandle } from "~/components/live";
import { loadSnapshotFromParams } from "~/lib/page.server";
import { parsePositiveInt } from "~/lib/params";
import { tournamentPageCache } from "~/lib/public-cache.server";
import { previousLobbiesView } from "~/models/views/public";
import { DNP_LABEL, ordinal } from "~/models/format/scoring";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Previous Lobbies - ${loaderData.tournament.name} | Tournament Manager`
      : "Previous Lobbies | Tournament Manager",
  },
];

export const middleware: Route.MiddlewareFunction[] = [tournamentPageCache];
export const handle = liveRefreshHandle;

export async function loader({ params, url, context, request }: Route.LoaderArgs) {
  const snapshot = await loadSnapshotFromParams({ context, request }, params.tournamentId);
  // Without a choice, the latest round that has lobbies: the one people just played.
  const asked = parsePositiveInt(url.searchParams.get("round"));
  const view = snapshot.view(`previous:${asked ?? ""}`, () => previousLobbiesView(snapshot.data, asked));
  return { ...view, basePath: url.pathname };
}

export default function PreviousLobbies({ loaderData }: Route.ComponentProps) {
  const { tournament: t, rounds, round, lobbies, basePath } = loaderData;
  return (
    <div className="stack">
      <header className="row between">
        <div style={{ minWidth: 0 }}>
          <h1>Previous Lobbies</h1>
          <p className="muted" style={{ margin: 0, overflowWrap: "anywhere" }}>
            {t.name}
          </p>
        </div>
        <div className="row">
          <Link to={`/tournaments/${t.id}/public`} className="btn">
            Public View
          </Link>
          <Link to={`/tournaments/${t.id}/leaderboard`} className="btn">
            Leaderboard
          </Link>
        </div>
      </header>

      {rounds.length === 0 ? (
        <div className="card">
          <EmptyState title="No Previous Lobbies">
            <p style={{ margin: 0 }}>Lobby assignments appear here once the first round's lobbies are generated.</p>
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="row between">
            <nav className="tabs round-tabs" aria-label="Round">
              {rounds.map((r) => (
                <Link
                  key={r}
                  to={`${basePath}?round=${r}`}
                  aria-current={r === round ? "page" : undefined}
                  preventScrollReset
                >
                  Round {r}
                </Link>
              ))}
            </nav>
            <span className="badge primary" aria-label="Lobby count">
              {lobbies.length} {lobbies.length === 1 ? "lobby" : "lobbies"}
            </span>
          </div>

          {lobbies.length === 0 ? (
            <div className="card">
              <EmptyState title={`No lobbies for Round ${round}`} />
            </div>
          ) : (
            <div className="grid cols-3">
              {lobbies.map((lobby) => (
                <section key={lobby.id} className="card" aria-label={`${lobby.name}, Round ${round}`}>
                  <div className="row between" style={{ marginBottom: "0.5rem" }}>
                    <h2 style={{ margin: 0 }}>{lobby.name}</h2>
                    <span className={`badge ${lobby.isComplete ? "success" : "warning"}`}>
                      {lobby.isComplete ? "Complete" : "Pending"}
                    </span>
                  </div>
                  <ol className="list-plain public-lobby-players">
                    {lobby.players.map((p) => (
                      <li key={p.id}>
                        <span className={`badge ${p.placement === 1 ? "success" : ""} placement-badge`}>
                          {p.dnp ? DNP_LABEL : p.placement ? ordinal(p.placement) : "—"}
                        </span>
                        <span className="public-player-name">
                          <Link to={`/tournaments/${t.id}/public/player/${p.id}`}>{p.name}</Link>
                          {p.riotTag ? <span className="muted small"> #{p.riotTag}</span> : null}
                        </span>
                        <span className="small num">
                          {p.points === null ? (
                            <span className="muted">No score</span>
                          ) : (
                            `+${formatPoints(p.points)} pts`
                          )}
                        </span>
                      </li>
                    ))}
                  </ol>
                </section>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** Bad or unknown ids keep the tournament pages' messages; anything else is a failed load with a Retry that reloads. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status < 500) return <TournamentErrorBoundary />;
  if (error instanceof Error) console.error(error);
  return (
    <div className="card" style={{ marginTop: "1.5rem" }}>
      <title>Previous Lobbies | Tournament Manager</title>
      <div className="alert error" role="alert">
        <strong>Error loading lobbies</strong>
        <div>Could not load previous lobby assignments</div>
      </div>
      <div className="row" style={{ marginTop: "1rem" }}>
        <a className="btn primary" href={location.pathname + location.search}>
          Retry
        </a>
        <Link className="btn" to="/">
          Go Home
        </Link>
      </div>
    </div>
  );
}
