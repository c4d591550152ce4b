// The tournament guide: formats, lobby methods, snake distribution, scoring and tiebreaks as docs/rules.md defines them.
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/guide";
import type { loader as rootLoader } from "~/root";
import { DEFAULT_SCORING, SCORING_KEYS, ordinal } from "~/models/format/scoring";
import { withoutReactHandle } from "~/lib/lite-page";
import {
  PRESET_WORDS,
  RIOT_TIEBREAKERS,
  STANDARD_TIEBREAKERS,
  TIEBREAKER_WORDS,
  TIEBREAKERS,
} from "~/models/format/ruleset";

export const meta: Route.MetaFunction = () => [{ title: "Tournament Guide | Tournament Manager" }];
export const handle = withoutReactHandle;

export default function Guide() {
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  return (
    <div className="stack">
      <div>
        <h1>Tournament Guide</h1>
        <p className="muted">How Tournament Manager runs an event, from check-in to the final standings.</p>
      </div>

      <section className="card">
        <h2>The round cycle</h2>
        <ol>
          <li>Create a tournament for 16 to 256 players (in steps of 8), add players, then start check-in.</li>
          <li>
            When at least 16 players are checked in, generate Round 1 lobbies. The tournament goes live and locks;
            players who did not check in are set aside (undoing Round 1 brings them back).
          </li>
          <li>
            Enter each lobby's placements, 1st to 8th. A lobby is Pending until its scores are saved, then Complete.
          </li>
          <li>Finalize the round once every lobby is complete. Finalizing locks the scores and disables undo.</li>
          <li>
            Optionally cut the lowest-ranked players, then advance to the next round. Advancing past the last round
            completes the tournament.
          </li>
          <li>
            A tournament completes in one of three ways: by itself when fewer than 4 active players remain (in
            Elimination), by hand at any time with Complete Tournament on the dashboard (a forced completion), or at the
            round limit.
          </li>
        </ol>
      </section>

      <section className="grid cols-2">
        <div className="card">
          <h2>Standard</h2>
          <p>
            Every round is played by all active players. Cuts are optional: the host may eliminate the lowest-ranked
            players between rounds, in steps of 8, always keeping at least 8.
          </p>
        </div>
        <div className="card">
          <h2>Elimination</h2>
          <p>
            From Round 3 on, the cut dialog proposes the bottom 25% of active players, rounded down to a multiple of 8
            and keeping at least 8. The tournament completes by itself when fewer than 4 active players remain.
          </p>
        </div>
      </section>

      <section className="card">
        <h2>Lobbies</h2>
        <p>
          Lobbies hold up to 8 players. With {"n"} players there are ceil(n / 8) lobbies, and their sizes differ by at
          most one: 20 players play in lobbies of 7, 7 and 6. Lobbies are named Lobby 1, Lobby 2, and so on.
        </p>
        <p>
          Round 1 follows the seeds: players without a seed are seeded by LP (highest first), then registration order.
          Later rounds follow the standings.
        </p>
        <h3>Three lobby methods</h3>
        <ul>
          <li>
            <strong>Snake</strong> (default): players in order are dealt to Lobby 1 → Lobby L, then back from Lobby L →
            Lobby 1, and so on. With 16 players, Lobby 1 gets seeds 1, 4, 5, 8, 9, 12, 13, 16 and Lobby 2 gets seeds 2,
            3, 6, 7, 10, 11, 14, 15, so every lobby has a fair mix.
          </li>
          <li>
            <strong>Swiss</strong>: players are stacked by standings: the best 8 together, the next 8, and so on.
          </li>
          <li>
            <strong>Round-robin</strong>: balanced lobbies that keep repeated meetings with earlier opponents as few as
            possible (the same data always gives the same lobbies).
          </li>
        </ul>
      </section>

      <section className="card">
        <h2>Scoring</h2>
        <p>Each placement earns points from the tournament's scoring table. The default table:</p>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Placement</th>
                <th className="num">Points</th>
              </tr>
            </thead>
            <tbody>
              {SCORING_KEYS.map((key, index) => (
                <tr key={key}>
                  <td>{ordinal(index + 1)}</td>
                  <td className="num">{DEFAULT_SCORING[key]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="small muted" style={{ marginTop: "0.5rem" }}>
          Changing the table recalculates every saved result.
        </p>
      </section>

      <section className="card">
        <h2>Standings and tiebreaks</h2>
        <p>
          Players are ranked by total points. Ties on points are broken by the tournament's <strong>ruleset</strong>,
          chosen when it is created and changeable in its settings until a round is finalized. Every public view and
          leaderboard shows its rules in a "Rules" section. Eliminated players are always listed after every active
          player.
        </p>
        <h3>{PRESET_WORDS.standard.label} (the default)</h3>
        <ol>
          {STANDARD_TIEBREAKERS.map((c) => (
            <li key={c}>
              <strong>{TIEBREAKER_WORDS[c].label}</strong>: {TIEBREAKER_WORDS[c].sentence}
            </li>
          ))}
        </ol>
        <h3>{PRESET_WORDS.riot.label}</h3>
        <p>The order Riot uses at its official Teamfight Tactics events:</p>
        <ol>
          {RIOT_TIEBREAKERS.map((c) => (
            <li key={c}>
              <strong>{TIEBREAKER_WORDS[c].label}</strong>: {TIEBREAKER_WORDS[c].sentence}
            </li>
          ))}
        </ol>
        <h3>{PRESET_WORDS.custom.label}</h3>
        <p>
          Total points first, then any of these, each once, in the order you choose; registration order always comes
          last:
        </p>
        <ul>
          {TIEBREAKERS.filter((c) => c !== "totalPoints" && c !== "registration").map((c) => (
            <li key={c}>
              <strong>{TIEBREAKER_WORDS[c].label}</strong>: {TIEBREAKER_WORDS[c].sentence}
            </li>
          ))}
        </ul>
        <p>
          A game a player did not play (DNP) counts as a game played, never as a placement: it earns no points and is
          skipped by average placement, best finish, wins, top-4 finishes and the recent-games comparison.
        </p>
        <h3>Cuts and ties at the line</h3>
        <p>
          Standard: when cutting, the lowest total points go first, then the worse average placement. Players with the
          same points and an average placement within 0.01 of each other are tied; when such a tie straddles the cut
          line, the host picks exactly the number of tied players still to be eliminated.
        </p>
        <p>
          Riot and custom orders: the standings order decides at the cut line as far as the tiebreak order separates
          players; the host picks only among players it leaves equal before registration order.
        </p>
        <h3>Players who leave</h3>
        <p>
          The owner (or a master) can drop a player with a reason from the player&apos;s page once Round 1 is drawn. A
          dropped player keeps their points, is left out of every later draw, stands below the active players marked
          &ldquo;Dropped&rdquo; and is never cut; the drop can be undone until the next round is drawn.
        </p>
      </section>

      <section className="card">
        <h2>Stages and the checkmate final</h2>
        <p>
          A tournament can run in <strong>stages</strong>, the way circuit events do: for example Day 1, Day 2 and a
          Final. Each stage has its own number of games and lobby draw. Points either carry on from the stage before or
          reset to 0. A stage can end with a cut to the best players overall, or with the best few of each lobby in its
          last game going through. The next stage&apos;s first lobbies are drawn from the standings. The leaderboard
          shows the overall standings and each stage&apos;s own (the stage buttons above the table). The overall order
          is how far each player got: players still in the current stage come first, then the players cut in the stage
          before, and so on.
        </p>
        <p>
          In a <strong>checkmate final</strong>, a player who has reached the threshold (usually 20 points) before a
          game is <em>on checkmate</em>, marked &ldquo;Checkmate&rdquo; on every public page. The first player on
          checkmate to win a game (1st place) wins the tournament there and then. Reaching the threshold during a game
          is not enough to win that same game. If the final has a game cap and nobody has won by checkmate when it is
          reached, the leader on points wins.
        </p>
      </section>

      {/* A visitor never meets a login wall from a public page (DECISIONS.md): the host's links are for hosts. */}
      {signedIn ? (
        <div className="row">
          <Link className="btn primary" to="/create-tournament">
            Create Tournament
          </Link>
          <Link className="btn" to="/dashboard">
            Dashboard
          </Link>
        </div>
      ) : (
        <div className="row">
          <Link className="btn" to="/">
            Go Home
          </Link>
        </div>
      )}
    </div>
  );
}
