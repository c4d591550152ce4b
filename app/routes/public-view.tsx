// The public live view: banner, the round's state, top standings, player search, current lobbies, complete as plain HTML.
import { NeedNote, NeedsHeading } from "~/components/need-note";
import { isCompleted, isLive, outLabel, roundLabel } from "~/models/access/policy";
import { Form, Link } from "react-router";
import type { Route } from "./+types/public-view";
import { ExportLink } from "~/components/export-link";
import { CopyNameButton, ShareBox, ShareButton } from "~/components/public-actions";
import { PlayerGrid } from "~/components/public-player-grid";
import { RulesSection } from "~/components/rules-section";
import { ScheduleLine } from "~/components/schedule";
import { formatPoints, RankBadge, RoundProgress, SEARCH_LIMIT } from "~/components/public-shared";
import { EmptyState } from "~/components/ui";
import { StandingsRow, StandingsTable, StatLine } from "~/components/standings";
import { publicOrigin } from "~/lib/forwarded.server";
import { liveRefreshHandle } from "~/components/live";
import { loadSnapshotFromParams } from "~/lib/page.server";
import { shareKeyOf } from "~/lib/share.server";
import { parsePositiveInt } from "~/lib/params";
import { pageSchedule } from "~/lib/schedule.server";
import { tournamentPageCache } from "~/lib/public-cache.server";
import { publicView, stageLine, TOP_COUNT } from "~/models/views/public";
import { FORMAT_LABELS, statusLabel, type Format } from "~/models/format/types";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Public View - ${loaderData.tournament.name} | Tournament Manager`
      : "Public View | Tournament Manager",
  },
];

const SHARE_ID = "share";

export const middleware: Route.MiddlewareFunction[] = [tournamentPageCache];
export const handle = liveRefreshHandle;

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const snapshot = await loadSnapshotFromParams({ context, request }, params.tournamentId);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 60);
  const page = parsePositiveInt(url.searchParams.get("players")) ?? 1;
  const view = snapshot.view(`public:${page}:${q}`, () => publicView(snapshot.data, { q, page }));
  // A tournament that is not public is shared with the key its reader came with (its share link).
  const key = snapshot.data.tournament.isPublic ? null : shareKeyOf(request, snapshot.data.tournament.id);
  return {
    ...view,
    schedule: pageSchedule(snapshot.data, context),
    signupOpen: snapshot.data.signupOpen ?? false,
    shareUrl: `${await publicOrigin(request, context)}${url.pathname}${key ? `?key=${key}` : ""}`,
  };
}

export default function PublicView({ loaderData }: Route.ComponentProps) {
  const {
    tournament: t,
    shareUrl,
    q,
    results,
    lobbies,
    top,
    grid,
    stats,
    rules,
    needsHeading,
    schedule,
    signupOpen,
  } = loaderData;
  const completed = isCompleted(t);
  const live = isLive(t);
  const base = `/tournaments/${t.id}`;
  const profile = (playerId: number) => `${base}/public/player/${playerId}`;

  return (
    <div className="stack public-view">
      <section className="card public-banner" aria-labelledby="tournament-name">
        {/* LIVE only while rounds are played; before that the badge names the status (e.g. Check-in). */}
        <span className={`badge ${completed ? "primary" : live ? "live" : "warning"}`}>
          {completed
            ? "TOURNAMENT COMPLETED"
            : live
              ? "TOURNAMENT LIVE"
              : `TOURNAMENT ${statusLabel(t.status).toUpperCase()}`}
        </span>
        <h1 id="tournament-name">{t.name}</h1>
        <dl className="public-facts">
          <div>
            <dt>Format</dt>
            <dd>{FORMAT_LABELS[t.format as Format] ?? t.format}</dd>
          </div>
          <div>
            <dt>Round</dt>
            <dd>{roundLabel(t)}</dd>
          </div>
          {t.stage ? (
            <div>
              <dt>Stage</dt>
              <dd>
                {stageLine(t.stage)}
                {t.stage.checkmate ? <div className="small muted">Final: {t.stage.checkmate}</div> : null}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Active Players</dt>
            <dd>{stats.active}</dd>
          </div>
          {/* "Round 1 of 5" says it on a phone. */}
          <div className="hide-sm">
            <dt>Total Rounds</dt>
            <dd>{t.totalRounds}</dd>
          </div>
        </dl>
        <div className="row page-actions">
          {/* Players find the sign-up page here while it takes sign-ups (issue 20). */}
          {signupOpen ? (
            <Link to={`${base}/join`} className="btn primary">
              Sign up
            </Link>
          ) : null}
          <ShareButton url={shareUrl} targetId={SHARE_ID} />
          <ExportLink tournamentId={t.id} tournamentName={t.name} failureMessage="Unable to export tournament data" />
        </div>
      </section>

      {schedule ? <ScheduleLine tournamentId={t.id} {...schedule} /> : null}

      {/* A phone opens on the round's state and the standings; the lobbies follow the search, a tap away. */}
      <section className="card public-round-state" aria-label="Tournament progress">
        <RoundProgress tournament={t} />
        <p className="small public-round-line">
          {lobbies.length > 0 ? (
            <>
              {completed ? "Final round" : `Round ${t.currentRound}`}: {lobbies.filter((l) => l.isComplete).length} of{" "}
              {lobbies.length} {lobbies.length === 1 ? "lobby" : "lobbies"} complete ·{" "}
              <a href="#lobbies-title" className="tap">
                See the lobbies
              </a>
            </>
          ) : (
            "No lobbies yet"
          )}
        </p>
        <StatLine
          label="Tournament statistics"
          items={[
            // SPEC.md's three cards, in its order (the banner says the active count too).
            { label: "Games Played", value: stats.gamesPlayed },
            { label: "Active Players", value: stats.active },
            { label: "Eliminated", value: stats.eliminated },
            ...(stats.dropped > 0 ? [{ label: "Dropped", value: stats.dropped }] : []),
          ]}
        />
      </section>

      <section className="card" aria-labelledby="standings-title">
        <h2 id="standings-title">Top {TOP_COUNT} Standings</h2>
        <NeedsHeading heading={needsHeading} />
        {top.length === 0 ? (
          <EmptyState title={stats.gamesPlayed === 0 && grid.total > 0 ? "No games played yet" : "No players yet"} />
        ) : (
          <StandingsTable caption={`Top ${TOP_COUNT} Standings`}>
            {top.map((p) => (
              <StandingsRow key={p.id} row={p} href={profile(p.id)} note={p.need ? <NeedNote need={p.need} /> : null} />
            ))}
          </StandingsTable>
        )}
        <div className="row" style={{ marginTop: "0.75rem" }}>
          <Link to={`${base}/leaderboard`} className="btn primary">
            View Full Leaderboard
          </Link>
          <Link to={`${base}/previous-lobbies`} className="btn">
            Previous Lobbies
          </Link>
        </div>
      </section>

      <section className="card" id="find-player" aria-labelledby="find-player-title">
        <h2 id="find-player-title">Find Player Profile</h2>
        <Form method="get" role="search" className="public-search" preventScrollReset>
          <label htmlFor="player-search" className="sr-only">
            Search by name or tag
          </label>
          <input
            id="player-search"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Search by name or tag"
            maxLength={60}
            autoComplete="off"
          />
          <button type="submit" className="btn primary">
            Search
          </button>
        </Form>
        {q ? (
          results.length === 0 ? (
            <p className="muted" style={{ marginTop: "0.75rem", marginBottom: 0 }}>
              No players found for “{q}”.
            </p>
          ) : (
            <>
              <p className="small muted" style={{ margin: "0.75rem 0 0.5rem" }}>
                {results.length === SEARCH_LIMIT
                  ? `Showing the first ${SEARCH_LIMIT} matches`
                  : `${results.length} found`}
              </p>
              <ul className="list-plain" aria-label="Search results">
                {results.map((p) => (
                  <li key={p.id}>
                    <Link to={profile(p.id)} className="player-card public-result">
                      <span className="row" style={{ minWidth: 0 }}>
                        <RankBadge rank={p.rank} />
                        <span className="public-player-name">
                          <strong>{p.name}</strong> <span className="muted small">#{p.riotTag}</span>
                        </span>
                      </span>
                      {outLabel(p) ? (
                        <span className="badge danger">{outLabel(p)}</span>
                      ) : (
                        <span className="small num">{formatPoints(p.totalPoints)} pts</span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )
        ) : null}
      </section>

      <section className="card" aria-labelledby="lobbies-title">
        <div className="row between" style={{ marginBottom: "0.75rem" }}>
          <h2 id="lobbies-title" style={{ margin: 0 }}>
            {completed ? "Final Round Lobbies" : `Round ${t.currentRound} Lobbies`}
          </h2>
          {lobbies.length > 0 ? (
            <span className="badge">
              {lobbies.length} {lobbies.length === 1 ? "lobby" : "lobbies"}
            </span>
          ) : null}
        </div>
        <NeedsHeading heading={needsHeading} />
        {lobbies.length === 0 ? (
          <EmptyState title="No lobbies yet">
            <p style={{ margin: 0 }}>Lobby assignments appear here as soon as the host generates them.</p>
          </EmptyState>
        ) : (
          <div className="grid cols-3">
            {lobbies.map((lobby) => (
              <article key={lobby.id} className="public-lobby" aria-label={lobby.name}>
                <div className="row between">
                  <h3 style={{ margin: 0 }}>{lobby.name}</h3>
                  <span className={`badge ${lobby.isComplete ? "success" : "warning"}`}>
                    {lobby.isComplete ? "Complete" : "Pending"}
                  </span>
                </div>
                <ul className="list-plain public-lobby-players">
                  {lobby.players.map((p) => (
                    <li key={p.id}>
                      <RankBadge rank={p.rank} />
                      <span className="public-player-name">
                        <Link to={profile(p.id)}>{p.name}</Link>
                        {p.riotTag ? <span className="muted small"> #{p.riotTag}</span> : null}
                        {p.onCheckmate ? (
                          <>
                            {" "}
                            <span className="badge warning">Checkmate</span>
                          </>
                        ) : null}
                        <NeedNote need={p.need} />
                      </span>
                      {p.riotTag ? <CopyNameButton name={p.name} riotTag={p.riotTag} /> : null}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        )}
      </section>

      <PlayerGrid grid={grid} q={q} profileHref={profile} />

      <RulesSection rules={rules} />

      <ShareBox url={shareUrl} id={SHARE_ID} />
    </div>
  );
}
