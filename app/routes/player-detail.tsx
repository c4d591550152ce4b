// One player of a tournament for its host: info, standing, stats and match history.
import { data, Link } from "react-router";
import type { Route } from "./+types/player-detail";
import { TournamentHeader } from "~/components/tournament-header";
import { StatCard } from "~/components/ui";
import { pageUser } from "~/lib/page.server";
import { parsePlayerParams } from "~/lib/params";
import { canManage } from "~/models/access.server";
import { TOURNAMENT_NOT_FOUND } from "~/models/errors";
import { PLAYER_NOT_FOUND } from "~/models/players.server";
import { ordinal } from "~/models/scoring";
import { formatAverage, formatBestFinish } from "~/models/stats";
import { dbContext } from "~/lib/context";
import { hostPlayerView } from "~/models/views/player-profile";
import { readTournamentData } from "~/models/views/tournament-data.server";
import { canRead } from "~/models/share.server";
import { pageReader } from "~/lib/share.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data ? `${data.player.name} - ${data.tournament.name} | Tournament Manager` : "Player | Tournament Manager",
  },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const parsed = parsePlayerParams(params.tournamentId, params.playerId);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  // Read fresh, not from the spectators' snapshot: the host just changed this player.
  const db = context.get(dbContext);
  const tournament = await readTournamentData(db, parsed.tournamentId);
  if (!tournament || !(await canRead(db, pageReader(context, request, parsed.tournamentId), tournament.tournament)))
    throw data(TOURNAMENT_NOT_FOUND, { status: 404 });
  const view = hostPlayerView(tournament, parsed.playerId);
  if (!view) throw data(PLAYER_NOT_FOUND, { status: 404 });
  return { ...view, canManage: canManage(pageUser(context), tournament.tournament) };
}

export default function PlayerDetail({ loaderData }: Route.ComponentProps) {
  const { tournament: t, canManage, player: p, status, statusTone, standing, history } = loaderData;
  return (
    <div className="stack host-player-detail">
      <TournamentHeader title={`${p.name}#${p.riotTag}`} tournament={t} canManage={canManage}>
        <Link to={`/tournaments/${t.id}/players`} className="btn">
          All Players
        </Link>
        <Link to={`/tournaments/${t.id}/leaderboard`} className="btn">
          Leaderboard
        </Link>
        <Link to={`/tournaments/${t.id}/public/player/${p.id}`} className="btn">
          Public Profile
        </Link>
      </TournamentHeader>

      <section className="card" aria-labelledby="info-title">
        <h2 id="info-title">Player Info</h2>
        <dl className="host-facts">
          <div>
            <dt>Name</dt>
            <dd>{p.name}</dd>
          </div>
          <div>
            <dt>Riot Tag</dt>
            <dd>#{p.riotTag}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`badge ${statusTone}`}>{status}</span>
            </dd>
          </div>
          <div>
            <dt>Rank</dt>
            <dd>{standing ? `#${standing.rank}` : "Unranked"}</dd>
          </div>
          <div>
            <dt>Seed</dt>
            <dd>{p.seed ?? "-"}</dd>
          </div>
          <div>
            <dt>LP</dt>
            <dd>{p.lp}</dd>
          </div>
        </dl>
      </section>

      <section className="grid cols-5" aria-label="Tournament Stats">
        <StatCard label="Total Points" value={p.totalPoints} />
        <StatCard label="Matches Played" value={p.matchesPlayed} />
        <StatCard label="Avg Placement" value={formatAverage(p.averagePlacement, p.matchesPlayed)} />
        <StatCard label="Best Finish" value={formatBestFinish(standing?.bestFinish ?? null)} />
        <StatCard label="Wins / Top 4" value={`${standing?.wins ?? 0} / ${standing?.top4 ?? 0}`} />
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">Match History</h2>
        {history.length === 0 ? (
          <div className="empty">
            <h3>No matches yet</h3>
          </div>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Round</th>
                  <th scope="col">Lobby</th>
                  <th scope="col">Placement</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((m) => (
                  <tr key={m.id}>
                    <td>Round {m.roundNumber}</td>
                    <td>{m.lobbyName}</td>
                    <td>{ordinal(m.placement)}</td>
                    <td className="num">+{m.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
