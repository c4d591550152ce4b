// One player of a tournament for its host: info, standing, stats and match history; the owner or a master drops a player here.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/player-detail";
import { ReasonField } from "~/components/master-confirm";
import { useFailureToast } from "~/components/form-failure";
import { TournamentHeader } from "~/components/tournament-header";
import { FormError, StatCard, useKeptActionData, usePendingIntent } from "~/components/ui";
import { invalid, pageUser, readForm, runFormAction, unknownAction } from "~/lib/page.server";
import { parsePlayerParams } from "~/lib/params";
import { canManage } from "~/models/access/access.server";
import { dropPlayer, undoDrop } from "~/models/roster/drops.server";
import { TOURNAMENT_NOT_FOUND, PLAYER_NOT_FOUND } from "~/models/messages";
import { isReadOnly } from "~/models/access/policy";
import { placementText } from "~/models/format/scoring";
import { dropSchema } from "~/models/audit/audit-input";
import { formatAverage, formatBestFinish } from "~/models/format/stats";
import { dbContext } from "~/lib/context";
import { hostPlayerView } from "~/models/views/player-profile";
import { readTournamentData } from "~/models/views/tournament-data.server";
import { canRead } from "~/models/access/share.server";
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

/** Drop (with a reason) and its undo: plain forms, the model decides (docs/decisions/019-dnp-and-drops.md). */
export async function action({ params, context, url }: Route.ActionArgs) {
  const parsed = parsePlayerParams(params.tournamentId, params.playerId);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  const db = context.get(dbContext);
  const user = pageUser(context);
  const { intent, values } = readForm(context);
  const path = url.pathname;
  switch (intent) {
    case "drop": {
      const title = "Failed to drop player";
      const input = dropSchema.safeParse(values);
      if (!input.success) return invalid(intent, input.error, values, title);
      return runFormAction(
        { intent, values, failureTitle: title },
        () => dropPlayer(db, user, parsed.playerId, input.data.reason, parsed.tournamentId),
        (p) => ({
          redirectTo: path,
          toast: { title: "Player Dropped", description: `${p.name} is out of every later draw` },
        }),
      );
    }
    case "undo-drop":
      return runFormAction(
        { intent, values, failureTitle: "Failed to undo the drop" },
        () => undoDrop(db, user, parsed.playerId, parsed.tournamentId),
        (p) => ({ redirectTo: path, toast: { title: "Drop Undone", description: `${p.name} is back in play` } }),
      );
    default:
      return unknownAction({ intent, values });
  }
}

export default function PlayerDetail({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const { tournament: t, canManage, player: p, status, statusTone, standing, history, drop } = loaderData;
  const actionData = useKeptActionData(latestActionData);
  const failure = actionData && actionData.ok === false ? actionData : undefined;
  useFailureToast(failure);
  const dropping = usePendingIntent("drop");
  const undoing = usePendingIntent("undo-drop");
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
            <dd>{standing?.rank ? `#${standing.rank}` : "Unranked"}</dd>
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

      {p.isDropped ? (
        <section className="card" aria-labelledby="drop-title">
          <h2 id="drop-title">Dropped</h2>
          <p>
            Dropped in Round {p.dropRound}: {p.dropReason}
          </p>
          {failure?.intent === "undo-drop" ? <FormError title={failure.title} message={failure.error} focus /> : null}
          {canManage && !isReadOnly(t) && drop.undoRefusal === null ? (
            <Form method="post">
              <input type="hidden" name="intent" value="undo-drop" />
              <button type="submit" className="btn" disabled={undoing}>
                {undoing ? "Undoing..." : "Undo Drop"}
              </button>
            </Form>
          ) : drop.undoRefusal ? (
            <p className="muted small">{drop.undoRefusal.message}.</p>
          ) : null}
        </section>
      ) : canManage && drop.allowed ? (
        <section className="card" aria-labelledby="drop-title">
          <h2 id="drop-title">Drop Player</h2>
          <p className="muted small">
            A dropped player leaves every later draw and stays in the standings, below the active players, with a
            &quot;Dropped&quot; mark. The reason is shown with the player in the API. It can be undone until the next
            round is drawn.
          </p>
          {failure?.intent === "drop" && !failure.fieldErrors.reason ? (
            <FormError title={failure.title} message={failure.error} focus />
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="drop" />
            <ReasonField
              defaultValue={failure?.intent === "drop" ? failure.values.reason : undefined}
              error={failure?.intent === "drop" ? failure.fieldErrors.reason : undefined}
            />
            <button type="submit" className="btn danger" disabled={dropping}>
              {dropping ? "Dropping..." : "Drop Player"}
            </button>
          </Form>
        </section>
      ) : null}

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
                    <td>{placementText(m.placement)}</td>
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
