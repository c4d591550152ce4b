// Tournament settings: the settings form, the Staff section (scorekeepers), Excel export and import cards, back to the dashboard.
import { Form, Link } from "react-router";
import type { Route } from "./+types/settings";
import { ExportLink, HOST_EXPORT } from "~/components/export-link";
import { besideFields, FailureAlert, failureOf, typed, useFailureToast } from "~/components/form-failure";
import type { FormFailure } from "~/lib/page.server";
import { TournamentHeader } from "~/components/tournament-header";
import { samePage } from "~/lib/host-actions.server";
import {
  FormatField,
  LobbyMethodField,
  MAX_PLAYER_CHOICES,
  MaxPlayersField,
  PublicField,
  RulesetFields,
  ScoringFields,
  TotalRoundsField,
  TournamentNameField,
} from "~/components/tournament-fields";
import { usePendingIntent, useKeptActionData } from "~/components/ui";
import { publicOrigin } from "~/lib/forwarded.server";
import { CopyUrlField } from "~/components/public-actions";
import { rotateShareKey, shareLinkOf } from "~/models/access/share.server";
import { StreamOverlaySection } from "~/components/stream-overlay-section";
import {
  formFailure,
  invalid,
  loadTournamentFromParams,
  pageAccess,
  pageUser,
  readForm,
  runFormAction,
  tournamentIdOrThrow,
  unknownAction,
} from "~/lib/page.server";
import { badRequest } from "~/models/errors";
import { DisabledNote, InputField, SubmitButton } from "~/components/form-fields";
import { addScorekeeper, listStaff, removeScorekeeper } from "~/models/access/staff.server";
import { canSeeHistory } from "~/models/access/access.server";
import { isReadOnly, sizeEditable } from "~/models/access/policy";
import { settingsScoring } from "~/models/format/scoring";
import { updateTournament } from "~/models/tournaments/tournaments.server";
import { idParam } from "~/models/ids";
import { rulesetFromForm, tournamentUpdateSchema } from "~/models/tournaments/tournament-input";
import { staffAddSchema } from "~/models/access/account-input";
import { readRuleset, rulesetChangeProblem } from "~/models/format/ruleset";
import { dbContext } from "~/lib/context";
import { rowsOfValues, StageBuilder } from "~/components/stage-builder";
import {
  rowOfStage,
  stageInputOfRow,
  stageListSchema,
  stageRowsFromForm,
  type StageFormRow,
} from "~/models/format/stage-input";
import { stagePositions, stageStarted, stagesOf } from "~/models/format/stages";
import { roundLobbies } from "~/models/rounds/lobbies.server";
import type { Executor } from "#db/client.server";
import type { Tournament } from "#db/schema";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data
      ? `Tournament Settings - ${data.tournament.name} | Tournament Manager`
      : "Tournament Settings | Tournament Manager",
  },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const t = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const { role, can } = await pageAccess(context, t);
  // The staff list is only for those who manage it: nobody else gets its usernames.
  const staff = can.manageStaff
    ? (await listStaff(context.get(dbContext), pageUser(context), t.id)).map((m) => ({
        userId: m.userId,
        username: m.username,
      }))
    : null;
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
      scoring: settingsScoring(t.scoring),
      ruleset: readRuleset(t.ruleset),
      finalizedRound: t.finalizedRound,
    },
    // The stage builder's rows and how many stages have started (their first round drawn): those are shown, not edited.
    stages: await stageBuilderOf(context.get(dbContext), t),
    canManage: can.manage,
    scorekeeper: role === "scorekeeper",
    staff,
    overlayBase: `${await publicOrigin(request, context)}/tournaments/${t.id}/overlay`,
    // The share link: only for those who manage the tournament (its key opens it to anyone who holds it).
    share: can.manage
      ? await shareLinkOf(context.get(dbContext), pageUser(context), t, await publicOrigin(request, context))
      : null,
    canSeeHistory: canSeeHistory(pageUser(context), t),
    // Owner and masters (docs/rules.md, "Webhooks").
    canManageWebhooks: can.manage,
  };
}

export async function action({ url, params, context }: Route.ActionArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const { values, form } = readForm(context);
  // The stage builder's "Add stage" sends its own intent after the form's hidden one.
  const intents = form.getAll("intent").map(String);
  const intent = intents.includes("addStage") ? "addStage" : (intents[0] ?? null);
  if (intent === "addStage") {
    const rows = [...stageRowsFromForm(form), { ...EMPTY_STAGE_ROW }];
    return { builder: true, values, rows } satisfies StageBuilderAnswer;
  }
  if (intent === "add-staff" || intent === "remove-staff")
    return staffAction(url, context, tournamentId, { intent, values });
  if (intent === "rotate-share-link") {
    const db = context.get(dbContext);
    return runFormAction(
      { intent, values, failureTitle: "Failed to change the share link" },
      () => rotateShareKey(db, pageUser(context), tournamentId),
      () => ({
        redirectTo: `${samePage(url)}#share`,
        toast: { title: "Share link changed", description: "The old link no longer opens this tournament." },
      }),
    );
  }
  if (intent === "stages") return stagesAction(url, context, tournamentId, form, values);
  if (intent !== "update") return unknownAction({ intent, values });
  // Status, round and lock belong to the master panel; this form never sends them.
  const { status: _s, currentRound: _c, isLocked: _l, ...fields } = values;
  const parsed = tournamentUpdateSchema.safeParse(rulesetFromForm(fields));
  if (!parsed.success) {
    return invalid(intent, parsed.error, values, "Failed to update tournament. Please try again.");
  }
  const db = context.get(dbContext);
  return runFormAction(
    { intent, values, failureTitle: "Failed to update tournament. Please try again." },
    () => updateTournament(db, pageUser(context), tournamentId, parsed.data),
    (t) => ({
      redirectTo: samePage(url),
      toast: { title: "Tournament updated successfully", description: `${t.name} has been saved.` },
    }),
  );
}

type StageBuilderAnswer = { builder: true; values: Record<string, unknown>; rows: StageFormRow[] };
const EMPTY_STAGE_ROW: StageFormRow = {
  name: "",
  games: "",
  draw: "snake",
  points: "carry",
  end: "none",
  value: "",
  maxGames: "",
};

async function stageBuilderOf(db: Executor, t: Tournament) {
  const drawnNow = (await roundLobbies(db, t.id, t.currentRound)).length > 0;
  const drawnRound = drawnNow ? t.currentRound : t.currentRound - 1;
  const stages = stagesOf(t);
  const locked = stagePositions(stages).filter((p) =>
    stageStarted(p, { currentRound: t.currentRound, drawnRound }),
  ).length;
  return { rows: stages.map(rowOfStage), locked };
}

/** Settings → Stages: the builder's rows replace the stage list (a started stage stays as it was: 409 otherwise). */
async function stagesAction(
  url: URL,
  context: Route.ActionArgs["context"],
  tournamentId: number,
  form: FormData,
  values: Record<string, unknown>,
) {
  const intent = "stages";
  const failureTitle = "Failed to save the stages";
  const parsed = stageListSchema.safeParse(stageRowsFromForm(form).map(stageInputOfRow));
  if (!parsed.success) return invalid(intent, parsed.error, values, failureTitle);
  const db = context.get(dbContext);
  return runFormAction(
    { intent, values, failureTitle },
    () => updateTournament(db, pageUser(context), tournamentId, { stages: parsed.data }),
    (t) => ({
      redirectTo: `${samePage(url)}#stages`,
      toast: {
        title: "Stages saved",
        description: `${t.name}: ${stagesOf(t).length} stage(s), ${t.totalRounds} games.`,
      },
    }),
  );
}

/** Settings → Stages: the builder in a form of its own. */
function StagesSection({
  rows,
  locked,
  readOnly,
  actionData,
}: {
  rows: StageFormRow[];
  locked: number;
  readOnly: boolean;
  actionData: unknown;
}) {
  const failure = failureOf(actionData, "stages");
  const builder =
    actionData && typeof actionData === "object" && "builder" in actionData ? (actionData as StageBuilderAnswer) : null;
  const shown = builder ? builder.rows : (rowsOfValues(failure?.values?.stage) ?? rows);
  return (
    <section className="card" id="stages" aria-labelledby="stages-title" tabIndex={-1}>
      <h2 id="stages-title">Stages</h2>
      {readOnly ? (
        <ol>
          {rows.map((r, i) => (
            <li key={i}>
              {r.name}: {r.games} games
            </li>
          ))}
        </ol>
      ) : (
        <Form method="post" noValidate key={failure || builder ? "typed" : JSON.stringify(rows)}>
          <input type="hidden" name="intent" value="stages" />
          <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
            Save Stages
          </button>
          <FailureAlert failure={failure} />
          <StageBuilder rows={shown} locked={locked} />
          <SubmitButton intent="stages" pendingLabel="Saving..." className="btn primary">
            Save Stages
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

/** Settings → Staff: add a scorekeeper by username, or remove one (docs/rules.md, "Staff"). */
async function staffAction(
  url: URL,
  context: Route.ActionArgs["context"],
  tournamentId: number,
  input: { intent: "add-staff" | "remove-staff"; values: Record<string, unknown> },
) {
  const db = context.get(dbContext);
  const user = pageUser(context);
  const back = `${samePage(url)}#staff`;
  if (input.intent === "add-staff") {
    const title = "Failed to add scorekeeper";
    const parsed = staffAddSchema.safeParse(input.values);
    if (!parsed.success) return invalid(input.intent, parsed.error, input.values, title);
    return runFormAction(
      { ...input, failureTitle: title },
      () => addScorekeeper(db, user, tournamentId, parsed.data.username),
      (member) => ({
        redirectTo: back,
        toast: {
          title: "Scorekeeper added",
          description: `${member.username} can now check players in and save scores.`,
        },
      }),
    );
  }
  const userId = idParam(typeof input.values.userId === "string" ? input.values.userId : undefined);
  if (userId === null) return formFailure(input, badRequest("invalid_input", "Invalid user ID"));
  return runFormAction(
    { ...input, failureTitle: "Failed to remove scorekeeper" },
    () => removeScorekeeper(db, user, tournamentId, userId),
    (member) => ({
      redirectTo: back,
      toast: { title: "Scorekeeper removed", description: `${member.username} is no longer a scorekeeper.` },
    }),
  );
}

const SETUP_ONLY = "Can only be changed during setup";
/** The settings form's fields that show their message beside them: the alert above them then only points down. */
const SETTINGS_FIELDS_WITH_ERRORS = [
  "name",
  "format",
  "lobbyMethod",
  "maxPlayers",
  "totalRounds",
  "scoring",
  "ruleset",
];

/** A refused settings save whose messages all sit beside their fields pops no toast that repeats them. */
const quietBesideFields = (failure: FormFailure) =>
  failure.intent === "update" && besideFields(failure, SETTINGS_FIELDS_WITH_ERRORS);

export default function Settings({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const { tournament: t, canManage, scorekeeper, staff } = loaderData;
  useFailureToast(actionData, quietBesideFields);
  const failure = failureOf(actionData, "update");
  const errors = failure?.fieldErrors ?? {};
  const inSetup = sizeEditable(t);
  const readOnly = !canManage || isReadOnly(t);
  const rulesetLocked = rulesetChangeProblem(t);
  return (
    <div className="stack host-settings">
      <TournamentHeader title="Tournament Settings" tournament={t} canManage={canManage} scorekeeper={scorekeeper}>
        {loaderData.canSeeHistory ? (
          <Link to={`/tournaments/${t.id}/history`} className="btn">
            History
          </Link>
        ) : null}
        {loaderData.canManageWebhooks ? (
          <Link to={`/tournaments/${t.id}/webhooks`} className="btn">
            Webhooks
          </Link>
        ) : null}
        {canManage ? (
          <Link to={`/tournaments/${t.id}/signup`} className="btn">
            Sign-up
          </Link>
        ) : null}
        <Link to="/dashboard" className="btn">
          Back to Dashboard
        </Link>
      </TournamentHeader>

      <Form
        method="post"
        className="card"
        aria-label="Tournament settings"
        noValidate
        key={failure ? "typed" : JSON.stringify(t)}
      >
        <h2>Settings</h2>
        <input type="hidden" name="intent" value="update" />
        <FailureAlert failure={failure} fields={SETTINGS_FIELDS_WITH_ERRORS} />
        <fieldset disabled={readOnly} className="host-plain-fieldset">
          <TournamentNameField defaultValue={typed(failure, "name", t.name)} error={errors.name} errorId="name-error" />
          <div className="grid cols-2">
            <FormatField defaultValue={typed(failure, "format", t.format)} error={errors.format} />
            <LobbyMethodField defaultValue={typed(failure, "lobbyMethod", t.lobbyMethod)} error={errors.lobbyMethod} />
            <MaxPlayersField
              choices={
                MAX_PLAYER_CHOICES.includes(t.maxPlayers) ? MAX_PLAYER_CHOICES : [t.maxPlayers, ...MAX_PLAYER_CHOICES]
              }
              disabled={!inSetup}
              defaultValue={typed(failure, "maxPlayers", String(t.maxPlayers))}
              hint={inSetup ? "Multiples of 8, up to 256" : SETUP_ONLY}
              error={errors.maxPlayers}
            />
            <TotalRoundsField
              disabled={!inSetup}
              defaultValue={typed(failure, "totalRounds", String(t.totalRounds))}
              hint={inSetup ? "1 to 10" : SETUP_ONLY}
              error={errors.totalRounds}
            />
          </div>
          <PublicField defaultChecked={failure ? typed(failure, "isPublic") === "true" : t.isPublic} />
          <ScoringFields scoring={t.scoring} typed={failure?.values?.scoring} error={errors.scoring} />
          <RulesetFields
            ruleset={t.ruleset}
            typed={failure?.values?.ruleset}
            error={errors.ruleset}
            disabled={rulesetLocked !== null}
            note={
              rulesetLocked && !readOnly ? (
                <DisabledNote id="ruleset-locked" label="Fixed">
                  {rulesetLocked}
                </DisabledNote>
              ) : null
            }
          />
          {!readOnly ? (
            <SubmitButton intent="update" pendingLabel="Saving...">
              Save Settings
            </SubmitButton>
          ) : null}
        </fieldset>
      </Form>

      {canManage ? (
        <StagesSection
          rows={loaderData.stages.rows}
          locked={loaderData.stages.locked}
          readOnly={isReadOnly(t)}
          actionData={actionData}
        />
      ) : null}

      {staff ? <StaffSection staff={staff} readOnly={isReadOnly(t)} actionData={actionData} /> : null}

      {/* A scorekeeper gets no export: only check-in and scores are theirs (docs/rules.md, "Staff"). */}
      {!scorekeeper ? (
        <div className="grid cols-2">
          <section className="card" aria-labelledby="export-title">
            <h2 id="export-title">Excel Export</h2>
            <p className="small muted">Download the tournament, its players, lobbies and scores as a spreadsheet.</p>
            <ExportLink tournamentId={t.id} tournamentName={t.name} {...HOST_EXPORT} />
          </section>
          {canManage ? <ImportCard /> : null}
        </div>
      ) : null}

      {loaderData.share ? <ShareLinkSection {...loaderData.share} /> : null}

      <StreamOverlaySection
        base={loaderData.overlayBase}
        shareKey={loaderData.share && !t.isPublic ? loaderData.share.key : null}
      />

      <div>
        <Link to="/dashboard" className="btn">
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}

/** Settings → Share link: the address that opens a tournament that is not public, and the form that changes it. */
function ShareLinkSection({ url, isPublic }: { url: string; key: string; isPublic: boolean }) {
  return (
    <section className="card" id="share" aria-labelledby="share-title" tabIndex={-1}>
      <h2 id="share-title">Share link</h2>
      <p className="small muted">
        {isPublic
          ? "This tournament is public: anyone can read it. If you make it private, only you, its staff and those you give this link can."
          : "This tournament is private: only you, its staff, masters and whoever holds this link can read its pages, live updates, overlay and export."}{" "}
        If the link reached people it should not have, change it: the old one stops working at once.
      </p>
      <CopyUrlField id="share-url" label="Share link" url={url} />
      <Form method="post">
        <input type="hidden" name="intent" value="rotate-share-link" />
        <SubmitButton intent="rotate-share-link" className="btn">
          Change share link
        </SubmitButton>
      </Form>
    </section>
  );
}

/** Settings → Staff: the scorekeepers with a Remove button each, and the add-by-username form; plain forms. */
function StaffSection({
  staff,
  readOnly,
  actionData,
}: {
  staff: { userId: number; username: string }[];
  readOnly: boolean;
  actionData: unknown;
}) {
  const addFailure = failureOf(actionData, "add-staff");
  const removeFailure = failureOf(actionData, "remove-staff");
  return (
    <section className="card host-staff" id="staff" aria-labelledby="staff-title" tabIndex={-1}>
      <h2 id="staff-title">Staff</h2>
      <p className="small muted">
        Scorekeepers may check players in and out and save lobby scores until the round is finalized. They cannot change
        settings, cuts or rounds.
      </p>
      <FailureAlert failure={removeFailure} />
      {staff.length === 0 ? (
        <p className="small">No scorekeepers yet.</p>
      ) : (
        <ul className="host-staff-list" aria-label="Scorekeepers">
          {staff.map((m) => (
            <li key={m.userId} className="row between">
              <span>
                {m.username} <span className="badge primary">Scorekeeper</span>
              </span>
              {!readOnly ? (
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="remove-staff" />
                  <input type="hidden" name="userId" value={m.userId} />
                  <button type="submit" className="btn small danger" aria-label={`Remove ${m.username}`}>
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {!readOnly ? (
        <Form method="post" aria-label="Add scorekeeper" noValidate key={addFailure ? "typed" : staff.length}>
          <input type="hidden" name="intent" value="add-staff" />
          <FailureAlert failure={addFailure} />
          <InputField
            id="staff-username"
            name="username"
            label="Username"
            hint="An existing account; the owner is already in charge"
            autoComplete="off"
            defaultValue={typed(addFailure, "username", "")}
            error={addFailure?.fieldErrors.username}
            errorId="staff-username-error"
          />
          <SubmitButton intent="add-staff" pendingLabel="Adding..." className="btn">
            Add Scorekeeper
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}

/** Imports a spreadsheet as a new tournament through the dashboard's import action. */
function ImportCard() {
  const pending = usePendingIntent("import");
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Excel Import</h2>
      <p className="small muted">
        Import a tournament with its players from an .xlsx or .xls file. It is added as a new tournament.
      </p>
      <Form method="post" action="/dashboard" encType="multipart/form-data" className="row">
        <input type="hidden" name="intent" value="import" />
        <label className="sr-only" htmlFor="settings-import-file">
          Excel file
        </label>
        <input id="settings-import-file" type="file" name="file" accept=".xlsx,.xls" required />
        <button type="submit" className="btn" disabled={pending}>
          {pending ? "Importing..." : "Import Spreadsheet"}
        </button>
      </Form>
    </section>
  );
}
