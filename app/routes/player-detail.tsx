// One player of a tournament for its host: info, standing, stats and match history.
import { data, Link } from "react-router";
import type { Route } from "./+types/player-detail";
import { TournamentHeader } from "~/components/host-ui";
import { StatCard } from "~/components/ui";
import { getDb } from "~/lib/db.server";
import { pageUser } from "~/lib/page.server";
import { parsePlayerParams } from "~/lib/params";
import { canManage } from "~/models/access.server";
import { findTournamentOr404 } from "~/models/action.server";
import { isActionError, notFound } from "~/models/errors";
import { getPlayer, PLAYER_NOT_FOUND } from "~/models/players.server";
import { getLeaderboard } from "~/models/standings.server";
import { listAllLobbies } from "~/models/lobbies.server";
import { listMatches } from "~/models/scores.server";
import { ordinal } from "~/models/scoring";
import { formatAverage, formatBestFinish } from "~/models/stats";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.player.name} - ${data.tournament.name} | Tournament Manager` : "Player | Tournament Manager" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = parsePlayerParams(params.tournamentId, params.playerId);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  const db = await getDb();
  try {
    const t = await findTournamentOr404(db, parsed.tournamentId);
    const player = await getPlayer(db, parsed.playerId);
    if (player.tournamentId !== t.id) throw notFound(PLAYER_NOT_FOUND);
    const [leaderboard, matches, lobbies] = await Promise.all([
      getLeaderboard(db, t.id),
      listMatches(db, t.id),
      listAllLobbies(db, t.id),
    ]);
    const row = leaderboard.find((r) => r.id === player.id) ?? null;
    const lobbyNames = new Map(lobbies.map((l) => [l.id, l.name]));
    const current = lobbies.find((l) => l.roundNumber === t.currentRound && l.playerIds.includes(player.id));
    return {
      tournament: { id: t.id, name: t.name, status: t.status, currentRound: t.currentRound, totalRounds: t.totalRounds },
      canManage: canManage(pageUser(context), t),
      player: {
        id: player.id,
        name: player.name,
        riotTag: player.riotTag,
        lp: player.lp,
        seed: player.seed,
        isCheckedIn: player.isCheckedIn,
        isEliminated: player.isEliminated,
        removed: player.removedAt !== null,
        totalPoints: player.totalPoints,
        matchesPlayed: player.matchesPlayed,
        averagePlacement: player.averagePlacement,
      },
      standing: row
        ? { rank: row.rank, bestFinish: row.bestFinish, wins: row.wins, top4: row.top4 }
        : null,
      currentLobby: current ? current.name : null,
      history: matches
        .filter((m) => m.playerId === player.id)
        .sort((a, b) => a.roundNumber - b.roundNumber)
        .map((m) => ({
          id: m.id,
          roundNumber: m.roundNumber,
          lobby: lobbyNames.get(m.lobbyId) ?? `Lobby ${m.lobbyId}`,
          placement: m.placement,
          points: m.points,
        })),
    };
  } catch (error) {
    if (isActionError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export default function PlayerDetail({ loaderData }: Route.ComponentProps) {
  const { tournament: t, canManage, player: p, standing, currentLobby, history } = loaderData;
  const status = p.removed
    ? "Removed (not checked in for Round 1)"
    : p.isEliminated
      ? "Eliminated"
      : currentLobby
        ? `Active - ${currentLobby}`
        : p.isCheckedIn
          ? "Active"
          : "Not Checked In";
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
              <span className={`badge ${p.isEliminated ? "danger" : p.isCheckedIn ? "success" : ""}`}>{status}</span>
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
                  <th scope="col" className="num">Points</th>
                </tr>
              </thead>
              <tbody>
                {history.map((m) => (
                  <tr key={m.id}>
                    <td>Round {m.roundNumber}</td>
                    <td>{m.lobby}</td>
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
