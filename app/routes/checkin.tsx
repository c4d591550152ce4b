// The check-in page: click a player card to check them in or out, then save and continue or generate the first lobbies.
import { Form, Link } from "react-router";
import type { Route } from "./+types/checkin";
import { CheckinGrid } from "~/components/checkin-grid";
import { FailureAlert, failureOf, useFailureToast } from "~/components/form-failure";
import { SubmitButton } from "~/components/form-fields";
import { PlayerFilter } from "~/components/player-forms";
import { TournamentHeader } from "~/components/tournament-header";
import { generateFirstLobbiesIntent, samePage, toggleCheckinIntent } from "~/lib/host-actions.server";
import { playerListQuery } from "~/lib/player-list.server";
import { ConfirmAction, StatCard, useKeptActionData } from "~/components/ui";
import {
  loadTournamentFromParams,
  pageAccess,
  pageUser,
  readForm,
  runFormAction,
  tournamentIdOrThrow,
  unknownAction,
} from "~/lib/page.server";
import { setCheckins } from "~/models/players.server";
import { isReadOnly, ROUND_ONE_MINIMUM } from "~/models/policy";
import { playerListView, type PlayerListFilter } from "~/models/views/player-list.server";
import { redirectWithToast } from "~/lib/toast.server";
import { dbContext } from "~/lib/context";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Check-in - ${data.tournament.name} | Tournament Manager` : "Check-in | Tournament Manager" },
];

const FILTERS: { value: PlayerListFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "checked-in", label: "Checked In" },
  { value: "not-checked-in", label: "Not Checked In" },
];

export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const t = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const view = await playerListView(
    context.get(dbContext),
    t,
    await pageAccess(context, t),
    playerListQuery(url, FILTERS),
  );
  return {
    tournament: view.tournament,
    canManage: view.canManage,
    canCheckIn: view.canCheckIn,
    scorekeeper: view.scorekeeper,
    lobbiesExist: view.lobbiesExist,
    counts: view.counts,
    q: view.q,
    filter: view.filter,
    // ?select=all: every shown (searched and filtered) card's "Check in selected" box starts ticked.
    selectAll: url.searchParams.get("select") === "all",
    players: view.shown,
  };
}

export async function action({ url, params, context }: Route.ActionArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const user = pageUser(context);
  const { intent, values } = readForm(context);
  const input = { intent, values };
  switch (intent) {
    case "toggle-checkin":
      return toggleCheckinIntent(context.get(dbContext), user, input, samePage(url));
    case "checkin-selected": {
      const ids = (
        Array.isArray(values.playerIds) ? values.playerIds : values.playerIds === undefined ? [] : [values.playerIds]
      )
        .map((v) => Number(v))
        .filter((n) => Number.isInteger(n) && n > 0);
      const back = new URL(url);
      back.searchParams.delete("select");
      return runFormAction(
        { ...input, failureTitle: "Failed to update check-in status" },
        async () => setCheckins(context.get(dbContext), user, tournamentId, ids),
        ({ checkedIn }) => ({
          redirectTo: back.pathname + back.search,
          toast: {
            title: "Check-in Updated",
            description: `${checkedIn.length} player${checkedIn.length === 1 ? " is" : "s are"} checked in.`,
          },
        }),
      );
    }
    case "save": {
      // Each click already saved its check-in; this only confirms and moves on.
      const checkedIn = Number(values.checkedIn) || 0;
      return redirectWithToast(`/manage-players/${tournamentId}`, {
        type: "success",
        title: "Check-ins saved",
        description: `${checkedIn} player${checkedIn === 1 ? " is" : "s are"} checked in.`,
      });
    }
    case "generate-first":
      return generateFirstLobbiesIntent(context.get(dbContext), user, tournamentId, input, {
        redirectTo: `/scores/${tournamentId}`,
        title: "First lobbies generated",
        failureTitle: "Failed to generate first lobbies",
      });
    default:
      return unknownAction(input);
  }
}

export default function Checkin({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const {
    tournament: t,
    canManage,
    canCheckIn,
    scorekeeper,
    lobbiesExist,
    counts,
    players,
    q,
    filter,
    selectAll,
  } = loaderData;
  useFailureToast(actionData);
  const mutable = canCheckIn && !isReadOnly(t);
  const remaining = Math.max(0, t.maxPlayers - counts.checkedIn);
  const question =
    counts.notCheckedIn > 0
      ? `This will remove ${counts.notCheckedIn} unchecked players and generate Round 1 lobbies. Continue?`
      : `Generate Round 1 lobbies with ${counts.checkedIn} players?`;
  return (
    <div className="stack host-checkin">
      <TournamentHeader title="Check-in" tournament={t} canManage={canManage} scorekeeper={scorekeeper}>
        {scorekeeper ? (
          <Link to={`/tournaments/${t.id}/scores`} className="btn">
            Scores
          </Link>
        ) : (
          <Link to={`/tournaments/${t.id}/manage-players`} className="btn">
            Manage Players
          </Link>
        )}
      </TournamentHeader>
      {/* A refused tap is announced here at the top too; its card shows it and takes the focus. */}
      <FailureAlert failure={failureOf(actionData, "toggle-checkin")} />

      <section className="grid cols-5" aria-label="Check-in status">
        <StatCard label="Available Players" value={counts.active} />
        <StatCard label="Checked In" value={`${counts.checkedIn}/${t.maxPlayers}`} />
        <StatCard label="Remaining Spots" value={remaining} />
      </section>

      {mutable && canManage ? (
        <div className="row host-checkin-actions">
          <Form method="post">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="checkedIn" value={counts.checkedIn} />
            <SubmitButton intent="save" className="btn">
              Save Check-ins &amp; Continue ({counts.checkedIn} players)
            </SubmitButton>
          </Form>
          {counts.checkedIn >= ROUND_ONE_MINIMUM && !lobbiesExist ? (
            <ConfirmAction
              label="Generate First Lobbies"
              intent="generate-first"
              question={question}
              confirmLabel="Generate Lobbies"
            />
          ) : null}
          {lobbiesExist ? (
            <Link to={`/scores/${t.id}`} className="btn primary">
              Enter Scores
            </Link>
          ) : null}
        </div>
      ) : null}

      <FailureAlert failure={failureOf(actionData, "generate-first", "save")} />

      <section className="card">
        <div className="row between">
          <h2>Players</h2>
          <PlayerFilter q={q} filter={filter} filters={FILTERS} />
        </div>
        {lobbiesExist ? (
          <div className="alert warning small" role="note">
            Check-ins cannot be modified after lobby generation has started
          </div>
        ) : mutable ? (
          <p className="small muted">Click a player to check them in or out.</p>
        ) : null}
        {mutable && !lobbiesExist && players.some((p) => !p.isCheckedIn && !p.isEliminated) ? (
          <SelectedCheckinForm
            q={q}
            filter={filter}
            selectAll={selectAll}
            failure={failureOf(actionData, "checkin-selected")}
          />
        ) : null}
        <CheckinGrid
          players={players}
          interactive={mutable && !lobbiesExist}
          select={
            mutable && !lobbiesExist ? { form: SELECTED_FORM, all: selectAll, ids: selectedIds(actionData) } : undefined
          }
          failure={failureOf(actionData, "toggle-checkin")}
          empty={
            <>
              <h3>{counts.active === 0 ? "No players yet" : "No players match"}</h3>
              {counts.active === 0 && mutable && canManage ? (
                <Link to={`/tournaments/${t.id}/manage-players`} className="btn primary">
                  Add Players
                </Link>
              ) : null}
            </>
          }
        />
      </section>
    </div>
  );
}

const SELECTED_FORM = "checkin-selected";

/**
 * "Check in selected": the cards' boxes belong to this form (form="checkin-selected"), so it works
 * without JavaScript; "Select all" is a link that renders the shown cards' boxes ticked.
 */
function SelectedCheckinForm({
  q,
  filter,
  selectAll,
  failure,
}: {
  q: string;
  filter: string;
  selectAll: boolean;
  failure: ReturnType<typeof failureOf>;
}) {
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (filter && filter !== "all") params.set("filter", filter);
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  const filtered = Boolean(q) || (filter && filter !== "all");
  return (
    <Form method="post" id={SELECTED_FORM} className="row host-selected-checkin" aria-label="Check in selected">
      <input type="hidden" name="intent" value="checkin-selected" />
      <SubmitButton intent="checkin-selected" className="btn">
        Check in selected
      </SubmitButton>
      <Link to={query({ select: "all" })} className="btn ghost small" preventScrollReset>
        {filtered ? "Select all filtered" : "Select all visible"}
      </Link>
      {selectAll ? (
        <Link to={query({})} className="btn ghost small" preventScrollReset>
          Clear selection
        </Link>
      ) : null}
      <FailureAlert failure={failure} />
    </Form>
  );
}

/** The boxes a refused "Check in selected" had ticked. */
function selectedIds(actionData: unknown): string[] | undefined {
  const failure = failureOf(actionData, "checkin-selected");
  if (!failure) return undefined;
  const raw = failure.values.playerIds;
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
}
