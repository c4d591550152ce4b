// The score screen's lobby index (issue 22): every lobby of the round with its state, a jump to the next one that needs
// scores, and the "unscored only" filter, all plain links so a host on a phone without JavaScript drives 32 lobbies.
import { Link } from "react-router";
import { LOBBY_STATE_LABELS, needsScores, nextUnscored } from "~/models/rounds/score-sheet";
import type { ScoreSheetLobby } from "~/models/views/score-sheet.server";
import { lobbyAnchor } from "./scores-lobby";

/** The mark beside a lobby's number (its state is read out in full to screen readers). */
const STATE_MARKS: Record<ScoreSheetLobby["state"], string> = {
  pending: "",
  agreed: " =",
  saved: " ✓",
  disputed: " !",
};

export function LobbyIndex({
  lobbies,
  unscoredOnly,
  hrefs,
  live,
}: {
  lobbies: ScoreSheetLobby[];
  unscoredOnly: boolean;
  /** The screen's address with and without the filter (the round kept). */
  hrefs: { all: string; unscored: string };
  /** The round being scored (not a previous one): offers the next lobby and the filter. */
  live: boolean;
}) {
  const left = lobbies.filter((l) => needsScores(l.state)).length;
  const next = live ? nextUnscored(lobbies) : null;
  // A lobby the filter hides is reached through the unfiltered screen.
  const jump = (lobby: ScoreSheetLobby) =>
    unscoredOnly && !needsScores(lobby.state) ? `${hrefs.all}#${lobbyAnchor(lobby)}` : `#${lobbyAnchor(lobby)}`;
  return (
    <nav className="card scores-index" aria-label="Lobbies">
      <div className="row between scores-index-head">
        <h2 className="scores-index-title">
          Lobbies{" "}
          <span className="muted small">
            ({lobbies.length - left}/{lobbies.length} saved)
          </span>
        </h2>
        {live ? (
          unscoredOnly ? (
            <Link to={hrefs.all} className="btn small" aria-current={undefined}>
              Show all lobbies
            </Link>
          ) : (
            <Link to={hrefs.unscored} className="btn small">
              Unscored only ({left})
            </Link>
          )
        ) : null}
      </div>
      {next ? (
        <p className="scores-index-next">
          <a href={`#${lobbyAnchor(next)}`} className="btn primary small">
            Next unscored: {next.name}
          </a>
        </p>
      ) : null}
      <ol className="list-plain scores-index-list">
        {lobbies.map((lobby) => (
          <li key={lobby.id}>
            <a href={jump(lobby)} className={`scores-index-item ${lobby.state}`} data-state={lobby.state}>
              <span aria-hidden="true">
                {/(\d+)\s*$/.exec(lobby.name)?.[1] ?? lobby.name}
                {STATE_MARKS[lobby.state]}
              </span>
              <span className="sr-only">{`${lobby.name}: ${LOBBY_STATE_LABELS[lobby.state]}`}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
