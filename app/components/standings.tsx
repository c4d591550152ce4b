// The spectators' standings (leaderboard and public view): one table whose rows are compact on a phone (rank, name, points,
// the tiebreak note, room for a note line) with the other columns behind a <details> that opens without JavaScript.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DROPPED_LABEL, outLabel } from "~/models/access/policy";
import { CRITERION_LABELS, type Criterion } from "~/models/format/standings";
import { formatAverage, formatBestFinish } from "~/models/format/stats";
import { formatPoints, RankBadge, tiebreakNote } from "./public-shared";

export type StandingsEntry = {
  id: number;
  name: string;
  riotTag: string;
  rank: number | null;
  totalPoints: number;
  matchesPlayed: number;
  isEliminated: boolean;
  isDropped: boolean;
  /** At or above a checkmate stage's threshold before the game under way (docs/rules.md "Checkmate"). */
  onCheckmate?: boolean;
  separatedBy?: Criterion | null;
  averagePlacement?: number;
  bestFinish?: number | null;
};

/**
 * `full`: the leaderboard's columns (average placement, rounds played, best finish, status); otherwise the public view's
 * (games). Either way a phone shows rank, player and points, and the rest in each row's "More".
 */
type Columns = { full?: boolean };

export function StandingsTable({
  caption,
  full,
  className,
  children,
}: Columns & { caption: string; className?: string; children: ReactNode }) {
  return (
    <div className="table-wrap standings-wrap">
      <table className={`standings${full ? " standings-full" : ""}${className ? ` ${className}` : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col" className="num">
              {full ? <span className="hide-sm">Total </span> : null}Points
            </th>
            {full ? (
              <>
                <th scope="col" className="num standings-wide">
                  Avg Placement
                </th>
                <th scope="col" className="num standings-wide">
                  Rounds Played
                </th>
                <th scope="col" className="standings-wide">
                  Best Finish
                </th>
                <th scope="col" className="standings-wide">
                  Status
                </th>
              </>
            ) : (
              <th scope="col" className="num standings-wide">
                Games
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row that names a group below it ("Dropped", "Eliminated"). */
export function StandingsSeparator({ label, full }: Columns & { label: string }) {
  return (
    <tr className="separator">
      <td colSpan={full ? 7 : 4}>{label}</td>
    </tr>
  );
}

/**
 * One player's row. `note` is an extra line under the name (e.g. what the player needs); the tiebreak note says why a
 * row sits below an equal-points row above.
 */
export function StandingsRow({
  row: r,
  href,
  full,
  note,
}: Columns & { row: StandingsEntry; href: string; note?: ReactNode }) {
  const tiebreak = r.separatedBy ? tiebreakNote(r.separatedBy) : null;
  const why = r.separatedBy ? `Placed below the row above by: ${CRITERION_LABELS[r.separatedBy]}` : undefined;
  const out = outLabel(r);
  const status = r.isEliminated ? "Eliminated" : r.isDropped ? DROPPED_LABEL : "Active";
  const average = formatAverage(r.averagePlacement ?? 0, r.matchesPlayed);
  const best = formatBestFinish(r.bestFinish ?? null);
  return (
    <tr data-player-id={r.id} data-standings-row="" className={out ? "eliminated" : undefined}>
      <td title={why}>
        <RankBadge rank={r.rank} />
      </td>
      <td>
        {/* No route discovery marker (the page is mostly served without React, docs/decisions/013): 256 rows of it. */}
        <Link to={href} className="public-player-name" discover="none">
          {r.name}
        </Link>{" "}
        <span className="standings-tag">{`#${r.riotTag}`}</span>
        {r.onCheckmate ? (
          <>
            {" "}
            <span className="badge warning">Checkmate</span>
          </>
        ) : null}
        {out && !full ? (
          <>
            {" "}
            <span className="badge danger">{out}</span>
          </>
        ) : null}
        {note ? <div className="standings-note small">{note}</div> : null}
        <div className="standings-sub">
          {tiebreak ? <span className="tiebreak-note">{`by ${tiebreak.toLowerCase()}`}</span> : null}
          {/* The id lets the public pages' live swap keep it open (docs/decisions/013). */}
          <details className="standings-more" id={`more-${r.id}`}>
            <summary>
              More<span className="sr-only">{` about ${r.name}`}</span>
            </summary>
            {/* Each value with its label in the HTML, so it reads the same without the stylesheet. */}
            <dl className="standings-facts">
              {full ? (
                <>
                  <div>
                    <dt>Avg Placement</dt>
                    <dd>{average}</dd>
                  </div>
                  <div>
                    <dt>Rounds Played</dt>
                    <dd>{r.matchesPlayed}</dd>
                  </div>
                  <div>
                    <dt>Best Finish</dt>
                    <dd>{best}</dd>
                  </div>
                  <div>
                    <dt>Status</dt>
                    <dd>{status}</dd>
                  </div>
                </>
              ) : (
                <div>
                  <dt>Games</dt>
                  <dd>{r.matchesPlayed}</dd>
                </div>
              )}
            </dl>
          </details>
        </div>
      </td>
      <td>{formatPoints(r.totalPoints)}</td>
      {full ? (
        <>
          <td>{average}</td>
          <td>{r.matchesPlayed}</td>
          <td>{best}</td>
          <td>
            <span className={`badge ${out ? "danger" : "success"}`}>{status}</span>
          </td>
        </>
      ) : (
        <td>{r.matchesPlayed}</td>
      )}
    </tr>
  );
}

/** Facts in one line ("Round 2 of 3 · Active Players 8 · …"): what used to be a row of stat cards. */
export function StatLine({ label, items }: { label: string; items: { label: string; value: ReactNode }[] }) {
  return (
    <section aria-label={label}>
      <dl className="stat-line">
        {items.map((item) => (
          <div key={item.label} className="stat-item">
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
