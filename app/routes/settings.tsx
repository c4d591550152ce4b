// Tournament settings: the settings form, Excel export and import cards, back to the dashboard.
import { Form, Link } from "react-router";
import type { Route } from "./+types/settings";
import {
  ExcelDownloadLink,
  FailureAlert,
  LOBBY_METHOD_LABELS,
  ScoringFields,
  SubmitButton,
  TournamentHeader,
  failureOf,
  typed,
  useFailureToast,
} from "~/components/host-ui";
import { refuse, samePage, tournamentIdOrThrow } from "~/components/host-actions.server";
import { FieldError, usePendingIntent } from "~/components/ui";
import { getDb } from "~/lib/db.server";
import { invalid, loadTournamentFromParams, pageUser, readForm, runFormAction } from "~/lib/page.server";
import { canManage } from "~/models/access.server";
import { SCORING_KEYS, SETTINGS_FALLBACK_SCORING, type Scoring } from "~/models/scoring";
import { updateTournament } from "~/models/tournaments.server";
import { FORMAT_LABELS, FORMATS, LOBBY_METHODS } from "~/models/types";
import { tournamentUpdateSchema } from "~/models/validation";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Tournament Settings - ${data.tournament.name} | Tournament Manager` : "Tournament Settings | Tournament Manager" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const t = await loadTournamentFromParams(params.tournamentId);
  const stored = t.scoring as Partial<Scoring> | null;
  // SPEC.md: a tournament without a stored table shows 10,8,6,4,2,1,0,0.
  const complete = stored && SCORING_KEYS.every((k) => typeof stored[k] === "number");
  return {
    tournament: {
      id: t.id,
      name: t.name,
      status: t.status,
      format: t.format,
      lobbyMethod: t.lobbyMethod,
      maxPlayers: t.maxPlayers,
      totalRounds: t.totalRounds,
      currentRound: t.currentRound,
      isPublic: t.isPublic,
      scoring: complete ? (stored as Scoring) : { ...SETTINGS_FALLBACK_SCORING },
    },
    canManage: canManage(pageUser(context), t),
  };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const { intent, values } = await readForm(request);
  if (intent !== "update") return refuse({ intent, values }, "Unknown action");
  // Status, round and lock belong to the master panel; this form never sends them.
  const { status: _s, currentRound: _c, isLocked: _l, ...fields } = values;
  const parsed = tournamentUpdateSchema.safeParse(fields);
  if (!parsed.success) {
    return invalid(intent, parsed.error, values, "Failed to update tournament. Please try again.");
  }
  const db = await getDb();
  return runFormAction(
    { intent, values, failureTitle: "Failed to update tournament. Please try again." },
    () => updateTournament(db, pageUser(context), tournamentId, parsed.data),
    (t) => ({
      redirectTo: samePage(url),
      toast: { title: "Tournament updated successfully", description: `${t.name} has been saved.` },
    }),
  );
}

const MAX_PLAYER_CHOICES = Array.from({ length: 32 }, (_, i) => (i + 1) * 8);

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { tournament: t, canManage } = loaderData;
  useFailureToast(actionData);
  const failure = failureOf(actionData, "update");
  const errors = failure?.fieldErrors ?? {};
  const inSetup = t.status === "setup";
  const readOnly = !canManage || t.status === "completed";
  return (
    <div className="stack host-settings">
      <TournamentHeader title="Tournament Settings" tournament={t} canManage={canManage}>
        <Link to="/dashboard" className="btn">
          Back to Dashboard
        </Link>
      </TournamentHeader>

      <Form method="post" className="card" aria-label="Tournament settings" noValidate key={failure ? "typed" : JSON.stringify(t)}>
        <h2>Settings</h2>
        <input type="hidden" name="intent" value="update" />
        <FailureAlert failure={failure} />
        <fieldset disabled={readOnly} className="host-plain-fieldset">
          <div className="field">
            <label htmlFor="name">Tournament Name</label>
            <input
              id="name"
              name="name"
              type="text"
              defaultValue={typed(failure, "name", t.name)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "name-error" : undefined}
            />
            <FieldError id="name-error" message={errors.name} />
          </div>
          <div className="grid cols-2">
            <div className="field">
              <label htmlFor="format">Format</label>
              <select id="format" name="format" defaultValue={typed(failure, "format", t.format)}>
                {FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {FORMAT_LABELS[f]}
                  </option>
                ))}
              </select>
              <FieldError message={errors.format} />
            </div>
            <div className="field">
              <label htmlFor="lobbyMethod">Lobby Method</label>
              <select id="lobbyMethod" name="lobbyMethod" defaultValue={typed(failure, "lobbyMethod", t.lobbyMethod)}>
                {LOBBY_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {LOBBY_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
              <FieldError message={errors.lobbyMethod} />
            </div>
            <div className="field">
              <label htmlFor="maxPlayers">Max Players</label>
              <select
                id="maxPlayers"
                name="maxPlayers"
                disabled={!inSetup}
                defaultValue={typed(failure, "maxPlayers", String(t.maxPlayers))}
              >
                {(MAX_PLAYER_CHOICES.includes(t.maxPlayers) ? MAX_PLAYER_CHOICES : [t.maxPlayers, ...MAX_PLAYER_CHOICES]).map(
                  (n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ),
                )}
              </select>
              <div className="hint">{inSetup ? "Multiples of 8, up to 256" : "Can only be changed during setup"}</div>
              <FieldError message={errors.maxPlayers} />
            </div>
            <div className="field">
              <label htmlFor="totalRounds">Total Rounds</label>
              <input
                id="totalRounds"
                name="totalRounds"
                type="number"
                min={1}
                max={10}
                disabled={!inSetup}
                defaultValue={typed(failure, "totalRounds", String(t.totalRounds))}
              />
              <div className="hint">{inSetup ? "1 to 10" : "Can only be changed during setup"}</div>
              <FieldError message={errors.totalRounds} />
            </div>
          </div>
          <div className="field">
            <input type="hidden" name="isPublic" value="false" />
            <label className="checkbox">
              <input
                type="checkbox"
                name="isPublic"
                value="true"
                defaultChecked={failure ? typed(failure, "isPublic") === "true" : t.isPublic}
              />
              Public tournament (listed on the home page and for other organizers)
            </label>
          </div>
          <ScoringFields scoring={t.scoring} failure={failure} />
          {!readOnly ? (
            <SubmitButton intent="update" pendingLabel="Saving...">
              Save Settings
            </SubmitButton>
          ) : null}
        </fieldset>
      </Form>

      <div className="grid cols-2">
        <section className="card" aria-labelledby="export-title">
          <h2 id="export-title">Excel Export</h2>
          <p className="small muted">Download the tournament, its players, lobbies and scores as a spreadsheet.</p>
          <ExcelDownloadLink tournamentId={t.id} />
        </section>
        {canManage ? <ImportCard /> : null}
      </div>

      <div>
        <Link to="/dashboard" className="btn">
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}

/** Imports a spreadsheet as a new tournament through the dashboard's import action. */
function ImportCard() {
  const pending = usePendingIntent("import");
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Excel Import</h2>
      <p className="small muted">Import a tournament with its players from an .xlsx or .xls file. It is added as a new tournament.</p>
      <Form method="post" action="/dashboard" encType="multipart/form-data" className="row">
        <input type="hidden" name="intent" value="import" />
        <label className="sr-only" htmlFor="settings-import-file">Excel file</label>
        <input id="settings-import-file" type="file" name="file" accept=".xlsx,.xls" required />
        <button type="submit" className="btn" disabled={pending}>
          {pending ? "Importing..." : "Import Spreadsheet"}
        </button>
      </Form>
    </section>
  );
}
