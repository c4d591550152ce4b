// Create a tournament: the form of docs/rules.md "Pages and addresses", checked by the shared schema, then on to adding players.
import { Form, Link } from "react-router";
import { FormError, useKeptActionData } from "~/components/ui";
import type { Route } from "./+types/create-tournament";
import { failureOf, typed } from "~/components/form-failure";
import { SubmitButton } from "~/components/form-fields";
import {
  FormatField,
  LobbyMethodField,
  MaxPlayersField,
  PublicField,
  RulesetFields,
  ScoringFields,
  TotalRoundsField,
  TournamentNameField,
} from "~/components/tournament-fields";
import { formFailureSummary } from "~/lib/error-screen";
import { invalid, pageUser, readForm, runFormAction } from "~/lib/page.server";
import { DEFAULT_SCORING } from "~/models/format/scoring";
import { createTournament } from "~/models/tournaments/tournaments.server";
import { rulesetFromForm, tournamentCreateSchema } from "~/models/tournaments/tournament-input";
import { STANDARD_RULESET } from "~/models/format/ruleset";
import { dbContext } from "~/lib/context";
import { StageBuilder, rowsOfValues } from "~/components/stage-builder";
import { rowOfStage, stageInputOfRow, stageRowsFromForm, type StageFormRow } from "~/models/format/stage-input";
import { presetStages } from "~/models/format/stages";
import type { FormFailure } from "~/lib/page.server";

export const meta: Route.MetaFunction = () => [{ title: "Create Tournament | Tournament Manager" }];

const FAILURE_TITLE = "Failed to create tournament. Please try again.";

/** The stage builder's own buttons answer the form again with its rows (no JavaScript needed). */
type BuilderAnswer = { builder: true; values: Record<string, unknown>; rows: StageFormRow[] };

export async function action({ context }: Route.ActionArgs) {
  const { values, form } = readForm(context);
  // The builder's buttons send their own intent after the form's hidden one.
  const intent = String(form.getAll("intent").at(-1) ?? "create");
  const rows = stageRowsFromForm(form);
  if (intent === "stagePreset" || intent === "addStage") {
    const preset = values.stagePreset === "single" ? "single" : "checkmate-final";
    const players = Number(values.maxPlayers) || 32;
    const blank: StageFormRow = {
      name: "",
      games: "",
      draw: "snake",
      points: "carry",
      end: "none",
      value: "",
      maxGames: "",
    };
    const next =
      intent === "addStage"
        ? [...rows, blank]
        : preset === "single"
          ? []
          : presetStages(preset, players).map(rowOfStage);
    return { builder: true, values, rows: next } satisfies BuilderAnswer;
  }
  const input = rulesetFromForm(values);
  if (rows.length > 0) input.stages = rows.map(stageInputOfRow);
  const parsed = tournamentCreateSchema.safeParse(input);
  if (!parsed.success) {
    // A name left out or blank (not one too long): docs/rules.md's own title.
    const nameMissing = parsed.error.issues.some(
      (i) => i.path[0] === "name" && (i.code === "invalid_type" || i.code === "too_small"),
    );
    return invalid(intent, parsed.error, values, nameMissing ? "Tournament name required" : FAILURE_TITLE);
  }
  const db = context.get(dbContext);
  return runFormAction(
    { intent, values, failureTitle: FAILURE_TITLE },
    () => createTournament(db, pageUser(context), parsed.data),
    (t) => ({
      redirectTo: `/tournaments/${t.id}/manage-players`,
      toast: { title: "New Tournament Created", description: `${t.name} has been created` },
    }),
  );
}

export default function CreateTournament({ actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const builder = actionData && "builder" in actionData ? (actionData as BuilderAnswer) : null;
  // The builder's answers refill the form as a refused one does.
  const refused = failureOf(actionData);
  const failure = refused ?? (builder ? ({ values: builder.values, fieldErrors: {} } as unknown as FormFailure) : null);
  const stageRows = builder ? builder.rows : (rowsOfValues(failure?.values?.stage) ?? []);
  // docs/rules.md's two lines for a missing name: the title heads the summary, the sentence sits by the field.
  const errors = { ...failure?.fieldErrors };
  if (errors.name === "Tournament name required") errors.name = "Please enter a name for your tournament";
  // Each refusal shows once: by its field, or in the one summary (docs/rules.md "Host flows"); no toast on top.
  const summary = refused ? formFailureSummary(refused, FAILURE_TITLE) : null;
  return (
    <div className="stack host-create">
      <div>
        <h1>Create Tournament</h1>
        <p className="muted" style={{ margin: 0 }}>
          Set up the format, size and scoring; you add players next.
        </p>
      </div>
      <Form method="post" className="card" aria-label="Create Tournament" noValidate>
        <input type="hidden" name="intent" value="create" />
        {/* Enter in a field creates the tournament: the first submit button is the form's default. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          Create Tournament
        </button>
        <FormError title={summary?.title} message={summary?.message} focus />
        <TournamentNameField
          placeholder="e.g. Weekly Showdown #12"
          defaultValue={typed(failure, "name")}
          error={errors.name}
          errorId="name-error"
        />
        <div className="grid cols-2">
          <FormatField
            defaultValue={typed(failure, "format", "standard")}
            hint="Standard: everyone plays every round. Elimination: the bottom 25% are cut from round 3."
            error={errors.format}
          />
          <LobbyMethodField defaultValue={typed(failure, "lobbyMethod", "snake")} error={errors.lobbyMethod} />
          <MaxPlayersField defaultValue={typed(failure, "maxPlayers", "32")} error={errors.maxPlayers} />
          <TotalRoundsField
            step={1}
            inputMode="numeric"
            defaultValue={typed(failure, "totalRounds", "5")}
            aria-invalid={errors.totalRounds ? true : undefined}
            error={errors.totalRounds}
          />
        </div>
        <PublicField defaultChecked={failure ? typed(failure, "isPublic") === "true" : false} />
        <ScoringFields scoring={DEFAULT_SCORING} typed={failure?.values?.scoring} error={errors.scoring} />
        <RulesetFields ruleset={STANDARD_RULESET} typed={failure?.values?.ruleset} error={errors.ruleset} />
        <StageBuilder rows={stageRows} presets />
        <div className="row">
          <SubmitButton intent="create" pendingLabel="Creating...">
            Create Tournament
          </SubmitButton>
          <Link to="/dashboard" className="btn">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
