// The leaderboard: stat cards, the podium and the full standings, eliminated players after a separator.
import { DROPPED_LABEL, isCompleted, roundLabel, tournamentHome } from "~/models/policy";
import { Link } from "react-router";
import type { Route } from "./+types/leaderboard";
import { ExportLink } from "~/components/export-link";
import { formatPoints, RankBadge, tiebreakNote } from "~/components/public-shared";
import { EmptyState, StatCard } from "~/components/ui";
import { RulesSection } from "~/components/rules-section";
import { liveRefreshHandle } from "~/components/live";
import { loadSnapshotFromParams, pageUser } from "~/lib/page.server";
import { tournamentPageCache } from "~/lib/public-cache.server";
import { canManage } from "~/models/access.server";
import { leaderboardView, stageLine } from "~/models/views/public";
import { stageLeaderboardRows } from "~/models/settled.server";
import { CRITERION_LABELS } from "~/models/standings";
import { formatAverage, formatBestFinish } from "~/models/stats";
import { FORMAT_LABELS, type Format } from "~/models/types";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Leaderboard - ${loaderData.tournament.name} | Tournament Manager`
      : "Leaderboard | Tournament Manager",
  },
];

export const middleware: Route.MiddlewareFunction[] = [tournamentPageCache];
export const handle = liveRefreshHandle;

export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const snapshot = await loadSnapshotFromParams({ context, request }, params.tournamentId);
  const view = snapshot.view("leaderboard", () => leaderboardView(snapshot.data));
  // ?stage=N: that stage's standings (docs/rules.md "Stages"); an unknown or unstarted stage shows the overall ones.
  const asked = Number(url.searchParams.get("stage"));
  const stageRows =
    view.tournament.stage && Number.isInteger(asked) && asked >= 1
      ? snapshot.view(`leaderboard-stage|${asked}`, () => stageRowsOrNull(snapshot.data, asked - 1))
      : null;
  const manager = canManage(pageUser(context), snapshot.data.tournament);
  return {
    ...view,
    rows: stageRows ?? view.rows,
    shownStage: stageRows ? asked : null,
    here: url.pathname + url.search,
    backTo: tournamentHome(view.tournament, manager),
    // docs/rules.md, "Spectator pages": visitors follow names to the public profile, never to a login wall.
    playerBase: manager
      ? `/tournaments/${view.tournament.id}/players`
      : `/tournaments/${view.tournament.id}/public/player`,
  };
}

/** One stage's rows as the table shows them, or null for a stage that does not exist or has not started. */
function stageRowsOrNull(data: Parameters<typeof stageLeaderboardRows>[0], index: number) {
  try {
    return stageLeaderboardRows(data, index).map((r) => ({
      id: r.id,
      name: r.name,
      riotTag: r.riotTag,
      rank: r.rank,
      totalPoints: r.totalPoints,
      matchesPlayed: r.matchesPlayed,
      isEliminated: r.isEliminated,
      isDropped: r.isDropped,
      onCheckmate: r.onCheckmate,
      averagePlacement: r.averagePlacement,
      bestFinish: r.bestFinish,
      separatedBy: r.separatedBy,
    }));
  } catch {
    return null;
  }
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** Overall and each stage, as plain links (no JavaScript needed). */
function StageSelector({ id, names, shown }: { id: number; names: string[]; shown: number | null }) {
  const base = `/tournaments/${id}/leaderboard`;
  return (
    <nav aria-label="Standings by stage" className="row">
      <Link
        to={base}
        className={`btn small${shown === null ? " primary" : ""}`}
        aria-current={shown === null ? "page" : undefined}
      >
        Overall
      </Link>
      {names.map((name, i) => (
        <Link
          key={i}
          to={`${base}?stage=${i + 1}`}
          className={`btn small${shown === i + 1 ? " primary" : ""}`}
          aria-current={shown === i + 1 ? "page" : undefined}
        >
          {name}
        </Link>
      ))}
    </nav>
  );
}

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const { tournament: t, rows, here, backTo, playerBase, rules, shownStage } = loaderData;
  // Standings order already puts the active players first, then the dropped, then the eliminated (a cut).
  const active = rows.filter((r) => !r.isEliminated && !r.isDropped);
  const dropped = rows.filter((r) => !r.isEliminated && r.isDropped);
  const eliminated = rows.filter((r) => r.isEliminated);
  const podium = active.length >= 3 ? active.slice(0, 3) : null;
  const format = FORMAT_LABELS[t.format as Format] ?? t.format;

  return (
    <div className="stack">
      <header className="row between">
        <div style={{ minWidth: 0 }}>
          <h1 style={{ overflowWrap: "anywhere" }}>{t.name}</h1>
          <p className="muted" style={{ margin: 0 }}>
            Leaderboard · Round {Math.min(t.currentRound, t.totalRounds)} of {t.totalRounds}
            {t.stage ? <> · {stageLine(t.stage)}</> : null}
            {isCompleted(t) ? (
              <>
                {" "}
                · <span className="badge primary">Completed</span>
              </>
            ) : null}
          </p>
        </div>
        <div className="row">
          <ExportLink tournamentId={t.id} tournamentName={t.name} />
          <Link to={here} className="btn" preventScrollReset>
            <span aria-hidden="true">↻</span> Refresh
          </Link>
          <Link to={`/public/${t.id}`} className="btn">
            Public View
          </Link>
          <Link to={backTo} className="btn">
            Back to Tournament
          </Link>
        </div>
      </header>

      {t.stage ? (
        <>
          <StageSelector id={t.id} names={t.stage.names} shown={shownStage} />
          {t.stage.checkmate ? (
            <p className="small muted" style={{ margin: 0 }}>
              Final: {t.stage.checkmate}. A player marked <span className="badge warning">Checkmate</span> has reached
              the threshold and wins the tournament with a 1st place.
            </p>
          ) : null}
        </>
      ) : null}

      <section className="grid cols-5" aria-label="Tournament statistics">
        <StatCard label="Tournament" value={<span className="public-stat-text">{t.name}</span>} />
        <StatCard
          label="Current Round"
          value={roundLabel(t) === "Completed" ? "Completed" : `${t.currentRound} / ${t.totalRounds}`}
        />
        <StatCard label="Active Players" value={active.length} />
        <StatCard label="Eliminated" value={eliminated.length} />
        <StatCard label="Format" value={format} />
      </section>

      {podium ? (
        <section aria-label="Podium">
          <ol className="podium list-plain">
            {[podium[1], podium[0], podium[2]].map((p) => (
              <li key={p.id} className={`place p${p.rank}`}>
                <div className="podium-medal">{p.rank === 1 ? "1st" : p.rank === 2 ? "2nd" : "3rd"}</div>
                <div className="podium-name">{p.name}</div>
                <div className="small">{formatPoints(p.totalPoints)} pts</div>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {rows.length === 0 ? (
        <div className="card">
          <EmptyState title="No players yet">
            <p style={{ margin: 0 }}>Standings appear once players are registered.</p>
          </EmptyState>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="leaderboard-table">
            <caption className="sr-only">Standings</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col" className="num">
                  Total Points
                </th>
                <th scope="col" className="num">
                  Avg Placement
                </th>
                <th scope="col" className="num">
                  Rounds Played
                </th>
                <th scope="col">Best Finish</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {active.map((r) => (
                <LeaderboardRow key={r.id} row={r} playerBase={playerBase} />
              ))}
              {dropped.length > 0 ? (
                <tr className="separator">
                  <td colSpan={7}>{DROPPED_LABEL}</td>
                </tr>
              ) : null}
              {dropped.map((r) => (
                <LeaderboardRow key={r.id} row={r} playerBase={playerBase} />
              ))}
              {eliminated.length > 0 ? (
                <tr className="separator">
                  <td colSpan={7}>Eliminated</td>
                </tr>
              ) : null}
              {eliminated.map((r) => (
                <LeaderboardRow key={r.id} row={r} playerBase={playerBase} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="small muted">
        Ties on points are broken by{" "}
        {rules.tiebreakers
          .slice(1)
          .map((c) => c.label.toLowerCase())
          .join(", then ")}
        .
      </p>
      <RulesSection rules={rules} />
    </div>
  );
}

function LeaderboardRow({ row: r, playerBase }: { row: Row; playerBase: string }) {
  const note = tiebreakNote(r.separatedBy);
  const why = r.separatedBy ? `Placed below the row above by: ${CRITERION_LABELS[r.separatedBy]}` : undefined;
  return (
    <tr data-player-id={r.id} className={r.isEliminated || r.isDropped ? "eliminated" : undefined}>
      <td title={why}>
        <RankBadge rank={r.rank} />
        {note ? <div className="tiebreak-note">by {note.toLowerCase()}</div> : null}
      </td>
      <td>
        <Link to={`${playerBase}/${r.id}`} className="public-player-name">
          {r.name}
        </Link>
        {r.onCheckmate ? <span className="badge warning">Checkmate</span> : null}
        <div className="muted small">#{r.riotTag}</div>
      </td>
      <td className="num">{formatPoints(r.totalPoints)}</td>
      <td className="num">{formatAverage(r.averagePlacement, r.matchesPlayed)}</td>
      <td className="num">{r.matchesPlayed}</td>
      <td>{formatBestFinish(r.bestFinish)}</td>
      <td>
        <span className={`badge ${r.isEliminated || r.isDropped ? "danger" : "success"}`}>
          {r.isEliminated ? "Eliminated" : r.isDropped ? DROPPED_LABEL : "Active"}
        </span>
      </td>
    </tr>
  );
}
