// Manage players: counters, max players, add one player or a bulk list, search and filter, delete, substitution between rounds.
import { Form, Link } from "react-router";
import type { Route } from "./+types/manage-players";
import { besideFields, FailureAlert, failureOf, typed, useFailureToast } from "~/components/form-failure";
import type { FormFailure } from "~/lib/page.server";
import { DisabledNote, SubmitButton } from "~/components/form-fields";
import {
  AddPlayerForm,
  addPlayerFields,
  ManualOverrideCheckbox,
  PlayerFilter,
  PlayerSelect,
  SubstitutionForm,
} from "~/components/player-forms";
import { TournamentHeader } from "~/components/tournament-header";
import { addPlayerIntent, samePage, substituteIntent } from "~/lib/host-actions.server";
import { playerListQuery } from "~/lib/player-list.server";
import { ConfirmAction, FieldError, StatCard, useKeptActionData } from "~/components/ui";
import {
  formFailure,
  invalid,
  loadTournamentFromParams,
  pageAccess,
  runFormAction,
  unknownAction,
  screenAction,
} from "~/lib/page.server";
import { badRequest } from "~/models/errors";
import { parseBulkPlayers } from "~/models/roster/bulk";
import { bulkAddPlayers, deletePlayer, setMaxPlayers, updatePlayer } from "~/models/roster/roster.server";
import { formatAverage } from "~/models/format/stats";
import { bulkPlayersSchema } from "~/models/roster/player-input";
import { idParam } from "~/models/ids";
import { maxPlayersEditSchema } from "~/models/tournaments/tournament-input";
import { dbContext } from "~/lib/context";
import { isReadOnly, outLabel, substitutionOpen } from "~/models/access/policy";
import { playerListView, type PlayerListFilter } from "~/models/views/player-list.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data
      ? `Manage Players - ${data.tournament.name} | Tournament Manager`
      : "Manage Players | Tournament Manager",
  },
];

const FILTERS: { value: PlayerListFilter; label: string }[] = [
  { value: "all", label: "All players" },
  { value: "checked-in", label: "Checked in" },
  { value: "not-checked-in", label: "Not checked in" },
  { value: "eliminated", label: "Eliminated" },
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
    scorekeeper: view.scorekeeper,
    lobbiesExist: view.lobbiesExist,
    counts: view.counts,
    q: view.q,
    filter: view.filter,
    players: view.shown,
    activePlayers: view.active,
    eliminatedPlayers: view.eliminated,
  };
}

export async function action({ url, params, context }: Route.ActionArgs) {
  const { tournamentId, intent, values, input, db, user } = screenAction({ params, context });
  const back = samePage(url);
  switch (intent) {
    case "add-player":
      return addPlayerIntent(db, user, tournamentId, input, back, { allowOverride: true });
    case "bulk-add": {
      const text = typeof values.bulk === "string" ? values.bulk : "";
      const { players, errors } = parseBulkPlayers(text);
      // The host fixes the list and sends it again: nothing is added while any line is wrong.
      const errorCount = `${errors.length} line${errors.length === 1 ? "" : "s"} could not be read`;
      if (players.length === 0) {
        const detail =
          errors.length > 0
            ? `${errorCount}. ${errors[0]}`
            : "Enter one player per line as Name#Tag, optionally followed by LP.";
        return formFailure(input, badRequest("no_valid_players", detail));
      }
      if (errors.length > 0) return formFailure(input, badRequest("invalid_input", errors[0]), { title: errorCount });
      const parsed = bulkPlayersSchema.safeParse({ players, manualOverride: values.manualOverride });
      if (!parsed.success) {
        return invalid(intent, parsed.error, values, "No Valid Players");
      }
      return runFormAction(
        { ...input, failureTitle: "Failed to import players" },
        () => bulkAddPlayers(db, user, tournamentId, parsed.data.players, parsed.data.manualOverride),
        (created) => ({
          redirectTo: back,
          toast: {
            title: "Players Added",
            description: `${created.length} player${created.length === 1 ? " has" : "s have"} been added to the tournament.`,
          },
        }),
      );
    }
    case "delete-player": {
      const playerId = idParam(values.playerId as string | undefined);
      if (playerId === null)
        return formFailure(input, badRequest("invalid_input", "Invalid player ID"), {
          title: "Failed to delete player",
        });
      return runFormAction(
        { ...input, failureTitle: "Failed to delete player" },
        () => deletePlayer(db, user, playerId),
        () => ({ redirectTo: back, toast: { title: "Player deleted successfully" } }),
      );
    }
    case "max-players": {
      const parsed = maxPlayersEditSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values, "Failed to update max players");
      return runFormAction(
        { ...input, failureTitle: "Failed to update max players" },
        () => setMaxPlayers(db, user, tournamentId, parsed.data.maxPlayers),
        (result) => ({
          redirectTo: back,
          toast: { title: "Tournament updated successfully", description: `Max players is now ${result.maxPlayers}.` },
        }),
      );
    }
    case "substitute":
      return substituteIntent(db, user, tournamentId, input, back);
    case "eliminate": {
      const playerId = idParam(values.playerId as string | undefined);
      if (playerId === null)
        return formFailure(input, badRequest("no_players_selected", "Please select a player to eliminate"), {
          title: "Failed to eliminate players",
        });
      return runFormAction(
        { ...input, failureTitle: "Failed to eliminate players" },
        () => updatePlayer(db, user, playerId, { isEliminated: true }),
        (player) => ({
          redirectTo: back,
          toast: { title: "Player updated successfully", description: `${player.name} has been eliminated.` },
        }),
      );
    }
    default:
      return unknownAction(input);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

/** A refused add whose messages all sit beside their fields pops no toast that repeats them (docs/rules.md). */
const quietAddPlayer = (failure: FormFailure) =>
  failure.intent === "add-player" && besideFields(failure, addPlayerFields(true));

export default function ManagePlayers({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const { tournament: t, canManage, scorekeeper, counts, lobbiesExist, players, q, filter } = loaderData;
  useFailureToast(actionData, quietAddPlayer);
  const mutable = canManage && !isReadOnly(t);
  const id = t.id;
  return (
    <div className="stack host-manage">
      <TournamentHeader title="Manage Players" tournament={t} canManage={canManage} scorekeeper={scorekeeper}>
        <Link to={`/tournaments/${id}/checkin`} className="btn">
          Check-in
        </Link>
        <Link to={`/tournaments/${id}/scores`} className="btn">
          Scores
        </Link>
        <Link to={`/tournaments/${id}/leaderboard`} className="btn">
          Leaderboard
        </Link>
        <Link to="/dashboard" className="btn">
          Dashboard
        </Link>
      </TournamentHeader>

      <section className="grid cols-4" aria-label="Player counts">
        <StatCard label="Total Players" value={counts.total} />
        <StatCard label="Checked In" value={`${counts.checkedIn}/${t.maxPlayers}`} />
        <StatCard label="Not Checked In" value={counts.notCheckedIn} />
        <div className="card stat-card">
          <div className="label">Max Players</div>
          <div className="value">{t.maxPlayers}</div>
          {mutable && !lobbiesExist ? (
            <MaxPlayersForm max={t.maxPlayers} failure={failureOf(actionData, "max-players")} />
          ) : (
            <div className="small muted">{lobbiesExist ? "Locked once lobbies exist" : null}</div>
          )}
        </div>
      </section>

      {counts.total > 0 && counts.checkedIn === 0 && !isReadOnly(t) ? (
        <div className="alert success host-ready" role="status">
          <strong>Ready to check in</strong>
          <div className="row between">
            <span>
              {counts.total} player{counts.total === 1 ? " is" : "s are"} registered and nobody is checked in yet.
            </span>
            <Link to={`/tournaments/${id}/checkin`} className="btn primary small">
              Go to Check-in
            </Link>
          </div>
        </div>
      ) : null}

      {mutable && substitutionOpen(t) ? <SubstitutionCard data={loaderData} actionData={actionData} /> : null}

      {mutable ? (
        <div className="grid cols-2">
          <section className="card">
            <AddPlayerForm
              failure={failureOf(actionData, "add-player")}
              resetKey={counts.total}
              tournamentId={id}
              disabled={t.isLocked}
              disabledNote={
                <>
                  The tournament is locked: unlock it on the{" "}
                  <Link className="tap" to={`/tournament-checkin/${id}`}>
                    check-in management page
                  </Link>{" "}
                  to add players.
                </>
              }
            />
          </section>
          <section className="card">
            <BulkImportForm failure={failureOf(actionData, "bulk-add")} resetKey={counts.total} locked={t.isLocked} />
          </section>
        </div>
      ) : null}

      <section className="card">
        <div className="row between">
          <h2>Players ({players.length === counts.total ? counts.total : `${players.length} of ${counts.total}`})</h2>
          <PlayerFilter q={q} filter={filter} filters={FILTERS} />
        </div>
        <FailureAlert failure={failureOf(actionData, "delete-player")} />
        {players.length === 0 ? (
          <div className="empty">
            <h3>{counts.total === 0 ? "No players yet" : "No players match"}</h3>
            <p>{counts.total === 0 ? "Add players one by one or paste a list." : "Try another search or filter."}</p>
          </div>
        ) : (
          <ul className="list-plain grid cols-3 host-player-grid">
            {players.map((p) => (
              <li key={p.id} className="player-card host-player-card" data-player-id={p.id}>
                <div>
                  <div>
                    <strong>{p.name}</strong>
                    <span className="muted">#{p.riotTag}</span>
                  </div>
                  <div className="small muted">
                    {p.lp > 0 ? `${p.lp} LP · ` : ""}
                    {p.seed !== null ? `Seed ${p.seed} · ` : ""}
                    {p.totalPoints} pts · avg {formatAverage(p.averagePlacement, p.matchesPlayed)}
                  </div>
                  <div className="row" style={{ gap: "0.25rem", marginTop: "0.25rem" }}>
                    {outLabel(p) ? (
                      <span className="badge danger">{outLabel(p)}</span>
                    ) : p.isCheckedIn ? (
                      <span className="badge success">Checked In</span>
                    ) : (
                      <span className="badge">Not Checked In</span>
                    )}
                  </div>
                </div>
                {mutable ? (
                  <ConfirmAction
                    label="Delete"
                    intent="delete-player"
                    fields={{ playerId: p.id }}
                    question={`Delete ${p.name}#${p.riotTag}? Their scores are removed too.`}
                    confirmLabel="Delete Player"
                    danger
                    quiet
                    small
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function MaxPlayersForm({ max, failure }: { max: number; failure: ReturnType<typeof failureOf> }) {
  return (
    <Form method="post" className="row host-max-form" aria-label="Max players" key={failure ? "typed" : max}>
      <input type="hidden" name="intent" value="max-players" />
      <label className="sr-only" htmlFor="max-players-input">
        Max players
      </label>
      <input
        id="max-players-input"
        type="number"
        name="maxPlayers"
        min={4}
        max={256}
        defaultValue={typed(failure, "maxPlayers", String(max))}
        style={{ width: "6rem" }}
      />
      <SubmitButton intent="max-players" className="btn small" pendingLabel="Saving...">
        Update
      </SubmitButton>
      {failure ? (
        <div style={{ width: "100%" }}>
          <FieldError message={failure.error} />
        </div>
      ) : null}
    </Form>
  );
}

function BulkImportForm({
  failure,
  resetKey,
  locked,
}: {
  failure: ReturnType<typeof failureOf>;
  resetKey: number;
  locked: boolean;
}) {
  return (
    <Form method="post" aria-label="Bulk import" key={failure ? "typed" : resetKey}>
      <input type="hidden" name="intent" value="bulk-add" />
      <FailureAlert failure={failure} />
      <fieldset disabled={locked} aria-describedby={locked ? "bulk-locked" : undefined}>
        <legend>Bulk Import</legend>
        {locked ? (
          <DisabledNote id="bulk-locked" label="Locked">
            The tournament is locked: players cannot be imported until it is unlocked.
          </DisabledNote>
        ) : null}
        <div className="field">
          <label htmlFor="bulk">Players, one per line</label>
          <textarea
            id="bulk"
            name="bulk"
            rows={8}
            placeholder={"PlayerOne#NA1 1500\nPlayer Two#EUW 1200\nThirdPlayer#KR1"}
            defaultValue={typed(failure, "bulk")}
            aria-describedby="bulk-hint"
          />
          <div className="hint" id="bulk-hint">
            Format: Name#Tag, optionally followed by LP.
          </div>
        </div>
        <ManualOverrideCheckbox failure={failure}>Manual override: add beyond the player limit</ManualOverrideCheckbox>
        <div className="row" style={{ marginTop: "0.75rem" }}>
          <SubmitButton intent="bulk-add" pendingLabel="Importing...">
            Import Players
          </SubmitButton>
        </div>
      </fieldset>
    </Form>
  );
}

function SubstitutionCard({ data, actionData }: { data: LoaderData; actionData: unknown }) {
  const eliminateFailure = failureOf(actionData, "eliminate");
  return (
    <section className="card host-substitution" aria-labelledby="substitution-title">
      <h2 id="substitution-title">Substitution &amp; Management</h2>
      <p className="small muted">
        Round {data.tournament.currentRound}: replace a player who dropped out, or eliminate one.
      </p>
      <div className="grid cols-2">
        <SubstitutionForm
          active={data.activePlayers}
          eliminated={data.eliminatedPlayers}
          failure={failureOf(actionData, "substitute")}
        />
        <Form method="post" aria-label="Eliminate player">
          <input type="hidden" name="intent" value="eliminate" />
          <FailureAlert failure={eliminateFailure} />
          <fieldset disabled={data.activePlayers.length === 0}>
            <legend>Eliminate Player</legend>
            <PlayerSelect
              id="eliminate-player"
              name="playerId"
              label="Active player"
              placeholder="Select a player"
              players={data.activePlayers}
              defaultValue={typed(eliminateFailure, "playerId")}
            />
            <SubmitButton intent="eliminate" className="btn danger" pendingLabel="Eliminating...">
              Eliminate
            </SubmitButton>
          </fieldset>
        </Form>
      </div>
    </section>
  );
}
