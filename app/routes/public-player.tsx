// The public player profile: who they are, their stats, where they play now, and every match so far.
import { NeedNote, NeedsHeading } from "~/components/need-note";
import { roundLabel } from "~/models/access/policy";
import { stageLine } from "~/models/views/public";
import { data, Link } from "react-router";
import type { Route } from "./+types/public-player";
import { formatPoints, RankBadge } from "~/components/public-shared";
import { EmptyState, StatCard } from "~/components/ui";
import { liveRefreshHandle } from "~/components/live";
import { loadSnapshotFromParams } from "~/lib/page.server";
import { parsePlayerParams } from "~/lib/params";
import { tournamentPageCache } from "~/lib/public-cache.server";
import { PLAYER_NOT_FOUND } from "~/models/messages";
import { playerProfileView } from "~/models/views/player-profile";
import { placementText } from "~/models/format/scoring";
import { formatAverage, formatBestFinish } from "~/models/format/stats";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.player.name} - Player Profile | Tournament Manager`
      : "Player Profile | Tournament Manager",
  },
];

export const middleware: Route.MiddlewareFunction[] = [tournamentPageCache];
export const handle = liveRefreshHandle;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const parsed = parsePlayerParams(params.tournamentId, params.playerId);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  const snapshot = await loadSnapshotFromParams({ context, request }, params.tournamentId);
  const view = snapshot.view(`player:${parsed.playerId}`, () => playerProfileView(snapshot.data, parsed.playerId));
  // A player id from another tournament is as unknown here as a missing one.
  if (!view) throw data(PLAYER_NOT_FOUND, { status: 404 });
  return view;
}

export default function PublicPlayer({ loaderData }: Route.ComponentProps) {
  const {
    tournament: t,
    player,
    status,
    statusTone,
    statusNote,
    rank,
    pointsBehind,
    currentLobby,
    history,
    need,
    needsHeading,
  } = loaderData;
  return (
    <div className="stack public-view">
      <nav className="row small" aria-label="Breadcrumb">
        <Link to={`/tournaments/${t.id}/public`} className="tap">
          ← {t.name}
        </Link>
      </nav>

      <section className="card" aria-labelledby="player-info-title">
        <h1 className="sr-only">{player.name}</h1>
        <h2 id="player-info-title">Player Info</h2>
        <div className="row between" style={{ alignItems: "flex-start" }}>
          <div style={{ minWidth: 0 }}>
            <div className="public-profile-name">{player.name}</div>
            <div className="muted mono">#{player.riotTag}</div>
          </div>
          <RankBadge rank={rank} />
        </div>
        <dl className="public-facts" style={{ marginTop: "0.75rem" }}>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`badge ${statusTone}`}>{status}</span>
            </dd>
          </div>
          <div>
            <dt>Current Rank</dt>
            <dd>{rank ? `#${rank}` : "Unranked"}</dd>
          </div>
          {loaderData.tournament.stage ? (
            <div>
              <dt>Stage</dt>
              <dd>
                {stageLine(loaderData.tournament.stage)}
                {player.onCheckmate ? (
                  <>
                    {" "}
                    <span className="badge warning">Checkmate</span>
                  </>
                ) : null}
              </dd>
            </div>
          ) : null}
          {player.lp > 0 ? (
            <div>
              <dt>Skill Rating</dt>
              <dd>{player.lp} LP</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="stats-title">
        <h2 id="stats-title">Tournament Stats</h2>
        <div className="grid cols-5">
          <StatCard label="Total Points" value={formatPoints(player.totalPoints)} />
          <StatCard label="Games Played" value={player.matchesPlayed} />
          <StatCard label="Best Finish" value={formatBestFinish(player.bestFinish)} />
          <StatCard label="Average Finish" value={formatAverage(player.averagePlacement, player.matchesPlayed)} />
          <StatCard
            label="Points Behind First"
            value={pointsBehind !== null ? formatPoints(pointsBehind) : rank === 1 ? "1st Place" : "-"}
          />
        </div>
      </section>

      <section className="card" aria-labelledby="current-status-title">
        <h2 id="current-status-title">Current Status</h2>
        <dl className="public-facts">
          <div>
            <dt>Round</dt>
            <dd>{roundLabel(t)}</dd>
          </div>
          <div>
            <dt>Assigned Lobby</dt>
            <dd>{currentLobby && !player.isEliminated && !player.isDropped ? currentLobby.name : "None"}</dd>
          </div>
        </dl>
        <p style={{ margin: "0.75rem 0 0" }}>
          <span className={`badge ${statusNote.tone}`}>{statusNote.label}</span>
        </p>
        {need ? (
          <>
            <NeedsHeading heading={needsHeading} />
            <NeedNote need={need} />
          </>
        ) : null}
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">Match History</h2>
        {history.length === 0 ? (
          <EmptyState title="No matches yet" />
        ) : (
          <ul className="list-plain public-history">
            {history.map((m) => (
              <li key={m.id} className="player-card">
                <span>
                  <strong>{m.lobbyName}</strong>
                  <span className="muted small"> · Round {m.roundNumber}</span>
                </span>
                <span className="row">
                  <span
                    className={`badge ${m.placement === 1 ? "success" : m.placement !== null && m.placement <= 4 ? "primary" : ""}`}
                  >
                    {placementText(m.placement)}
                  </span>
                  <span className="num">+{formatPoints(m.points)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="row">
        <Link to={`/tournaments/${t.id}/public`} className="btn">
          Back to Public View
        </Link>
        <Link to={`/tournaments/${t.id}/leaderboard`} className="btn">
          Leaderboard
        </Link>
      </div>
    </div>
  );
}
