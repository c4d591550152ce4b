// Tournament players: a read-only table of every player with seed, points, matches, average and status, searchable.
import { Link } from "react-router";
import type { Route } from "./+types/players";
import { outLabel } from "~/models/access/policy";
import { PlayerFilter } from "~/components/player-forms";
import { TournamentHeader } from "~/components/tournament-header";
import { loadTournamentFromParams, pageAccess } from "~/lib/page.server";
import { formatAverage } from "~/models/format/stats";
import { dbContext } from "~/lib/context";
import { playerListQuery } from "~/lib/player-list.server";
import { playerListView } from "~/models/views/player-list.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data
      ? `Tournament Players - ${data.tournament.name} | Tournament Manager`
      : "Tournament Players | Tournament Manager",
  },
];

export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const t = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const view = await playerListView(context.get(dbContext), t, await pageAccess(context, t), playerListQuery(url, []));
  return {
    tournament: { id: t.id, name: t.name, status: t.status },
    canManage: view.canManage,
    q: view.q,
    total: view.counts.total,
    players: view.shown,
  };
}

export default function TournamentPlayers({ loaderData }: Route.ComponentProps) {
  const { tournament: t, canManage, players, q, total } = loaderData;
  return (
    <div className="stack host-players">
      <TournamentHeader title="Tournament Players" tournament={t} canManage={canManage}>
        {canManage ? (
          <Link to={`/tournaments/${t.id}/manage-players`} className="btn primary">
            Manage Players
          </Link>
        ) : null}
      </TournamentHeader>
      <section className="card">
        <div className="row between">
          <h2>Players ({players.length === total ? total : `${players.length} of ${total}`})</h2>
          <PlayerFilter q={q} />
        </div>
        {players.length === 0 ? (
          <div className="empty">
            <h3>{total === 0 ? "No players yet" : "No players match"}</h3>
          </div>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col">Riot Tag</th>
                  <th scope="col" className="num">
                    Seed
                  </th>
                  <th scope="col" className="num">
                    Total Points
                  </th>
                  <th scope="col" className="num">
                    Matches Played
                  </th>
                  <th scope="col" className="num">
                    Avg Placement
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {players.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link to={`/tournaments/${t.id}/players/${p.id}`}>{p.name}</Link>
                    </td>
                    <td className="muted">#{p.riotTag}</td>
                    <td className="num">{p.seed ?? "-"}</td>
                    <td className="num">{p.totalPoints}</td>
                    <td className="num">{p.matchesPlayed}</td>
                    <td className="num">{formatAverage(p.averagePlacement, p.matchesPlayed)}</td>
                    <td>
                      {outLabel(p) ? (
                        <span className="badge danger">{outLabel(p)}</span>
                      ) : (
                        <span className="badge success">Active</span>
                      )}
                    </td>
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
