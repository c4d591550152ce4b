// The host dashboard: stat cards, every tournament the user may see, and each row's actions as plain forms.
import { useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ExportLink, HOST_EXPORT } from "~/components/export-link";
import { FailureAlert, failureOf, useFailureToast } from "~/components/form-failure";
import type { FormFailure } from "~/lib/page.server";
import { CompleteTournamentConfirm } from "~/components/tournament-header";
import {
  ConfirmAction,
  EmptyState,
  FormError,
  ProgressBar,
  StatCard,
  StatusBadge,
  usePendingIntent,
  useKeptActionData,
} from "~/components/ui";
import { formFailure, pageUser, readForm, runFormAction, unknownAction } from "~/lib/page.server";
import { importSpreadsheetIntent } from "~/lib/host-actions.server";
import { badRequest } from "~/models/errors";
import { completeTournament, deleteTournament, startCheckin } from "~/models/tournaments/tournaments.server";
import { idParam } from "~/models/ids";
import { dbContext } from "~/lib/context";
import { dashboardView } from "~/models/views/dashboard.server";
import { IMPORT_FILE_LIMIT, IMPORT_FILE_LIMIT_TEXT } from "~/lib/upload-limit";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Tournament Manager" }];

export async function loader({ context }: Route.LoaderArgs) {
  return dashboardView(context.get(dbContext), pageUser(context)!);
}

export async function action({ context }: Route.ActionArgs) {
  const user = pageUser(context);
  // The upload was read within IMPORT_UPLOAD_LIMIT by the root middleware (app/lib/security.server.ts).
  const { form, intent, values } = readForm(context);
  if (intent === "import") return importSpreadsheetIntent(context.get(dbContext), user, form, { intent, values });

  const tournamentId = idParam(values.tournamentId as string | undefined);
  if (tournamentId === null)
    return formFailure({ intent, values }, badRequest("invalid_input", "Invalid tournament ID"));
  const db = context.get(dbContext);
  switch (intent) {
    case "delete":
      return runFormAction(
        { intent, values, failureTitle: "Error" },
        () => deleteTournament(db, user, tournamentId),
        () => ({
          redirectTo: "/dashboard",
          toast: { title: "Tournament deleted", description: "Tournament and all related data have been removed." },
        }),
      );
    case "complete":
      return runFormAction(
        { intent, values, failureTitle: "Error" },
        () => completeTournament(db, user, tournamentId),
        () => ({
          redirectTo: "/dashboard",
          toast: {
            title: "Tournament completed",
            description: "Final standings have been calculated with comprehensive tiebreaking.",
          },
        }),
      );
    case "start-checkin":
      return runFormAction(
        { intent, values, failureTitle: "Failed to start check-in. Please try again." },
        () => startCheckin(db, user, tournamentId),
        () => ({
          redirectTo: "/dashboard",
          toast: {
            title: "Check-in started",
            description: "Tournament has moved to check-in phase. Players can now check in.",
          },
        }),
      );
    default:
      return unknownAction({ intent, values });
  }
}

type Row = Route.ComponentProps["loaderData"]["tournaments"][number];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

// docs/rules.md's fallback texts: delete always shows its own; complete and start check-in show the server's reason.
const FAILURE_TEXT: Record<string, string> = {
  delete: "Failed to delete tournament. Please try again.",
};
/** A failed delete's toast: "Error" / "Failed to delete tournament. Please try again." (SPEC.md's catalogue). */
const fixedFailureText = (failure: FormFailure) => (failure.intent ? FAILURE_TEXT[failure.intent] : undefined);

export default function Dashboard({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const { stats, tournaments } = loaderData;
  useFailureToast(actionData, undefined, fixedFailureText);
  const failure = failureOf(actionData);
  const shownFailure =
    failure && failure.intent && FAILURE_TEXT[failure.intent]
      ? { ...failure, error: `${FAILURE_TEXT[failure.intent]} (${failure.error})` }
      : failure;
  return (
    <div className="stack host-dashboard">
      <div className="row between">
        <div>
          <h1>Tournament Dashboard</h1>
          <p className="muted" style={{ margin: 0 }}>
            Create, run and follow your tournaments.
          </p>
        </div>
        <div className="row">
          <Link to="/create-tournament" className="btn primary">
            Create Tournament
          </Link>
          <ImportSpreadsheet />
        </div>
      </div>

      <FailureAlert failure={shownFailure} />

      <section className="grid cols-4" aria-label="Statistics">
        <StatCard label="Active Tournaments" value={stats.activeTournaments} />
        <StatCard label="Total Players" value={stats.totalPlayers} />
        <StatCard label="Completed Rounds" value={stats.completedRounds} />
        <StatCard label="Total Tournaments" value={stats.totalTournaments} />
      </section>

      <section className="card">
        <h2>All Tournaments</h2>
        {tournaments.length === 0 ? (
          <EmptyState title="No Tournaments Yet">
            <p>Create a tournament to start registering players.</p>
            <Link to="/create-tournament" className="btn primary">
              Create Your First Tournament
            </Link>
          </EmptyState>
        ) : (
          <div className="table-wrap host-dashboard-table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Tournament</th>
                  <th scope="col">Status</th>
                  <th scope="col">Progress</th>
                  <th scope="col">Players</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {tournaments.map((t) => (
                  <TournamentRow key={t.id} t={t} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function ImportSpreadsheet() {
  const pending = usePendingIntent("import");
  // With JavaScript a file over the limit is refused here, before it is sent; without, the server's refusal is a page.
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <details className="confirm host-import">
      <summary className="btn">Import Spreadsheet</summary>
      <div className="confirm-box">
        <Form method="post" encType="multipart/form-data" className="stack" aria-label="Import Spreadsheet">
          <input type="hidden" name="intent" value="import" />
          {tooLarge ? (
            <FormError title="Import Failed" message={`The file is too large: at most ${IMPORT_FILE_LIMIT_TEXT}.`} />
          ) : null}
          <label htmlFor="import-file">Excel file (.xlsx, .xls)</label>
          <input
            id="import-file"
            type="file"
            name="file"
            accept=".xlsx,.xls"
            required
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              const over = file !== undefined && file.size > IMPORT_FILE_LIMIT;
              setTooLarge(over);
              if (over) event.currentTarget.value = "";
              else event.currentTarget.form?.requestSubmit();
            }}
          />
          <button type="submit" className="btn primary small" disabled={pending}>
            {pending ? <span className="spinner" aria-hidden="true" /> : null} {pending ? "Importing..." : "Import"}
          </button>
        </Form>
      </div>
    </details>
  );
}

function TournamentRow({ t }: { t: Row }) {
  const name = t.name || `Tournament #${t.id}`;
  const shownRound = t.actions.viewResults ? t.totalRounds : t.currentRound;
  return (
    <tr data-tournament-id={t.id}>
      <td data-label="Tournament">
        <div className="row" style={{ gap: "0.35rem" }}>
          <strong>{name}</strong>
          {t.isPublic ? <span className="badge primary">Public</span> : null}
          {t.scorekeeper ? <span className="badge primary">Scorekeeper</span> : null}
          {!t.isOwner && !t.scorekeeper ? <span className="badge warning">View Only</span> : null}
        </div>
        <div className="small muted">Created {dateFormat.format(new Date(t.createdAt))}</div>
      </td>
      <td data-label="Status">
        <StatusBadge status={t.status} />
      </td>
      <td data-label="Progress" style={{ minWidth: "130px" }}>
        <div className="small">
          Round {t.currentRound} of {t.totalRounds}
        </div>
        <ProgressBar value={shownRound} max={t.totalRounds} label={`${name} progress`} />
      </td>
      <td data-label="Players" className="num">
        {t.maxPlayers} max
      </td>
      <td data-label="Actions">
        <RowActions t={t} name={name} />
      </td>
    </tr>
  );
}

function RowActions({ t, name }: { t: Row; name: string }) {
  const can = t.actions;
  const fields = { tournamentId: t.id };
  return (
    <details className="host-actions">
      <summary className="btn small" aria-label={`Actions for ${name}`}>
        Actions
      </summary>
      <div className="host-actions-panel" role="group" aria-label={`${name} actions`}>
        <Link to={`/tournaments/${t.id}/public`}>Public View</Link>
        {/* Which actions a row offers is app/models/access/policy.ts `actionsFor` (docs/rules.md, "Staff"). */}
        {can.viewResults ? <Link to={`/tournaments/${t.id}/leaderboard`}>View Results</Link> : null}
        {can.overridePanel ? <Link to={`/tournaments/${t.id}/master-override`}>Master Override Panel</Link> : null}
        {can.staffCheckIn ? <Link to={`/tournaments/${t.id}/checkin`}>Check-in</Link> : null}
        {can.staffScores ? <Link to={`/tournaments/${t.id}/scores`}>Scores</Link> : null}
        {can.history ? <Link to={`/tournaments/${t.id}/history`}>History</Link> : null}
        {can.settings ? <Link to={`/tournaments/${t.id}/settings`}>Tournament Settings</Link> : null}
        {can.addPlayers ? <Link to={`/tournaments/${t.id}/manage-players`}>Add Players</Link> : null}
        {can.startCheckin ? (
          <ConfirmAction
            label="Start Check-in"
            intent="start-checkin"
            fields={fields}
            question={`Start check-in for ${name}? Players can then be checked in for Round 1.`}
            confirmLabel="Start Check-in"
            small
          />
        ) : null}
        {can.manageCheckins ? <Link to={`/tournaments/${t.id}/checkin`}>Manage Check-ins</Link> : null}
        {can.enterScores ? <Link to={`/tournaments/${t.id}/scores`}>Enter Scores</Link> : null}
        {can.export ? <ExportDialog id={t.id} /> : null}
        {can.complete ? <CompleteTournamentConfirm name={name} intent="complete" fields={fields} small /> : null}
        {can.delete ? (
          <ConfirmAction
            label="Delete Tournament"
            intent="delete"
            fields={fields}
            question={`Delete ${name}? This will remove the tournament with all its players, lobbies and scores. This action cannot be undone.`}
            confirmLabel="Delete Tournament"
            danger
            small
          />
        ) : null}
      </div>
    </details>
  );
}

/** docs/rules.md's "Export Ready" dialog, as a disclosure so it opens without JavaScript. */
function ExportDialog({ id }: { id: number }) {
  return (
    <details className="confirm host-export">
      <summary className="btn small">Export to Excel</summary>
      <div className="confirm-box" role="dialog" aria-label="Export Ready">
        <strong>Export Ready</strong>
        <p className="small">Your tournament data has been prepared for download.</p>
        <div className="row">
          <Link
            to="/dashboard"
            className="btn small"
            preventScrollReset
            onClick={(event) => {
              const dialog = event.currentTarget.closest("details");
              if (dialog) {
                event.preventDefault();
                dialog.open = false;
              }
            }}
          >
            Cancel
          </Link>
          <ExportLink tournamentId={id} {...HOST_EXPORT} className="btn primary small" />
        </div>
      </div>
    </details>
  );
}
