// The leaderboard: a line of facts, what each player needs before a cut, the full standings in rank order (a
// separator where the group changes: dropped, eliminated, the stage reached), then the podium.
import { NeedNote, NeedsHeading } from "~/components/need-note";
import { Fragment } from "react";
import { isCompleted, roundLabel, tournamentHome } from "~/models/access/policy";
import { Link } from "react-router";
import type { Route } from "./+types/leaderboard";
import { ExportLink } from "~/components/export-link";
import { formatPoints } from "~/components/public-shared";
import { StandingsRow, StandingsSeparator, StandingsTable, StatLine } from "~/components/standings";
import { EmptyState } from "~/components/ui";
import { RulesSection } from "~/components/rules-section";
import { ScheduleLine } from "~/components/schedule";
import { liveRefreshHandle } from "~/components/live";
import { loadSnapshotFromParams, pageUser } from "~/lib/page.server";
import { tournamentPageCache } from "~/lib/public-cache.server";
import { pageSchedule } from "~/lib/schedule.server";
import { canManage } from "~/models/access/access.server";
import { leaderboardView, stageLine, standingsSections } from "~/models/views/public";
import { stageLeaderboardRows } from "~/models/format/settled.server";
import { FORMAT_LABELS, type Format } from "~/models/format/types";

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
    schedule: pageSchedule(snapshot.data, context),
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
      stage: r.stage,
      averagePlacement: r.averagePlacement,
      bestFinish: r.bestFinish,
      separatedBy: r.separatedBy,
      need: r.need,
    }));
  } catch {
    return null;
  }
}

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
  const { tournament: t, rows, here, backTo, playerBase, rules, shownStage, needsHeading, schedule } = loaderData;
  const row = (r: (typeof rows)[number]) => (
    <StandingsRow
      key={r.id}
      row={r}
      href={`${playerBase}/${r.id}`}
      full
      note={r.need ? <NeedNote need={r.need} /> : null}
    />
  );
  // The rows in rank order, a separator where the group changes (docs/rules.md "Stages": final standings).
  const sections = standingsSections<(typeof rows)[number]>(rows, t.stage?.names ?? []);
  const active = rows.filter((r) => !r.isEliminated && !r.isDropped);
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
        <div className="row page-actions">
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

      {schedule ? <ScheduleLine tournamentId={t.id} {...schedule} /> : null}

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

      <StatLine
        label="Tournament statistics"
        items={[
          // SPEC.md's five cards, in its order: the name first, as the heading says it.
          { label: "Tournament", value: t.name },
          {
            label: "Current Round",
            value: roundLabel(t) === "Completed" ? "Completed" : `${t.currentRound} / ${t.totalRounds}`,
          },
          { label: "Active Players", value: active.length },
          { label: "Eliminated", value: eliminated.length },
          { label: "Format", value: format },
        ]}
      />

      <NeedsHeading heading={needsHeading} />
      {rows.length === 0 ? (
        <div className="card">
          <EmptyState title="No players yet">
            <p style={{ margin: 0 }}>Standings appear once players are registered.</p>
          </EmptyState>
        </div>
      ) : (
        <StandingsTable caption="Standings" full className="leaderboard-table">
          {sections.map((section, i) => (
            <Fragment key={i}>
              {section.label !== null ? <StandingsSeparator label={section.label} full /> : null}
              {section.rows.map(row)}
            </Fragment>
          ))}
        </StandingsTable>
      )}

      {/* Under the table: the top three are its first rows, so on a phone the podium is left out (CSS). */}
      {podium ? (
        <section aria-label="Podium" className="podium-section">
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
