// Pieces the spectator pages share: round wording, progress and round circles, rank badges, player search, the page's public address.
import type { Tournament } from "#db/schema";
import type { Criterion } from "~/models/format/standings";
import { CRITERION_LABELS } from "~/models/format/standings";
import { ProgressBar } from "./ui";
import { isCompleted, roundCircles, roundProgress, type CircleState } from "~/models/access/policy";

type RoundInfo = Pick<Tournament, "status" | "currentRound" | "totalRounds">;

const CIRCLE_TEXT: Record<CircleState, string> = { done: "done", current: "current", upcoming: "upcoming" };

/** The progress bar and one circle per round, at most 8 to a row so a phone never scrolls sideways. */
export function RoundProgress({ tournament }: { tournament: RoundInfo }) {
  const progress = roundProgress(tournament);
  const circles = roundCircles(tournament);
  const columns = Math.min(8, circles.length);
  return (
    <div className="stack">
      <div className="row between small">
        <span>Tournament Progress</span>
        {/* Completed reads 100% with every round done (SPEC "Cutting": the public view's progress). */}
        <span className="muted">
          {progress.percent}%{isCompleted(tournament) ? ", all rounds done" : ""}
        </span>
      </div>
      <ProgressBar value={progress.value} max={progress.max} label="Tournament progress" />
      <ol
        className="round-circles list-plain public-round-circles"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 40px))` }}
        aria-label="Rounds"
      >
        {circles.map(({ round, state }) => (
          <li
            key={round}
            className={`round-circle ${state === "upcoming" ? "" : state}`}
            title={`Round ${round}: ${CIRCLE_TEXT[state]}`}
          >
            <span aria-hidden="true">{state === "done" ? "✓" : round}</span>
            <span className="sr-only">{`Round ${round}: ${CIRCLE_TEXT[state]}`}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function RankBadge({ rank }: { rank: number | null | undefined }) {
  if (!rank) return <span className="badge">Unranked</span>;
  const tone = rank === 1 ? "rank-1" : rank === 2 ? "rank-2" : rank === 3 ? "rank-3" : "";
  return <span className={`badge rank-badge${tone ? ` ${tone}` : ""}`}>{`#${rank}`}</span>;
}

/** Points as the scoring table gives them: whole numbers stay whole, anything else one decimal. */
export function formatPoints(points: number): string {
  return Number.isInteger(points) ? String(points) : points.toFixed(1);
}

/** Why a row sits below the one above, for a tie on points; null when points alone decided. */
export function tiebreakNote(separatedBy: Criterion | null): string | null {
  if (separatedBy === null || separatedBy === "status" || separatedBy === "totalPoints") return null;
  return CRITERION_LABELS[separatedBy];
}

export { SEARCH_LIMIT, playerMatches, searchPlayers } from "~/models/roster/search";
