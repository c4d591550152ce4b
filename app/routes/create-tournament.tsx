// Create a tournament: the form of SPEC.md section 2, checked by the shared schema, then on to adding players.
import { Form, Link } from "react-router";
import type { Route } from "./+types/create-tournament";
import { FailureAlert, LOBBY_METHOD_LABELS, ScoringFields, SubmitButton, failureOf, typed, useFailureToast } from "~/components/host-ui";
import { FieldError } from "~/components/ui";
import { getDb } from "~/lib/db.server";
import { invalid, pageUser, readForm, runFormAction } from "~/lib/page.server";
import { DEFAULT_SCORING } from "~/models/scoring";
import { createTournament } from "~/models/tournaments.server";
import { FORMAT_LABELS, FORMATS, LOBBY_METHODS } from "~/models/types";
import { tournamentCreateSchema } from "~/models/validation";

export const meta: Route.MetaFunction = () => [{ title: "Create Tournament | Tournament Manager" }];

const FAILURE_TITLE = "Failed to create tournament. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, values } = await readForm(request);
  const parsed = tournamentCreateSchema.safeParse(values);
  if (!parsed.success) {
    const nameMissing = parsed.error.issues.some((i) => i.path[0] === "name" && i.message === "Tournament name required");
    return invalid(intent, parsed.error, values, nameMissing ? "Tournament name required" : FAILURE_TITLE);
  }
  const db = await getDb();
  return runFormAction(
    { intent, values, failureTitle: FAILURE_TITLE },
    () => createTournament(db, pageUser(context), parsed.data),
    (t) => ({
      redirectTo: `/tournaments/${t.id}/manage-players`,
      toast: { title: "New Tournament Created", description: `${t.name} has been created` },
    }),
  );
}

export default function CreateTournament({ actionData }: Route.ComponentProps) {
  useFailureToast(actionData);
  const failure = failureOf(actionData);
  const errors = failure?.fieldErrors ?? {};
  const alert =
    failure?.title === "Tournament name required"
      ? { ...failure, error: "Please enter a name for your tournament" }
      : failure;
  return (
    <div className="stack host-create">
      <div>
        <h1>Create Tournament</h1>
        <p className="muted" style={{ margin: 0 }}>Set up the format, size and scoring; you add players next.</p>
      </div>
      <Form method="post" className="card" aria-label="Create Tournament" noValidate>
        <input type="hidden" name="intent" value="create" />
        <FailureAlert failure={alert} />
        <div className="field">
          <label htmlFor="name">Tournament Name</label>
          <input
            id="name"
            name="name"
            type="text"
            placeholder="e.g. Weekly Showdown #12"
            defaultValue={typed(failure, "name")}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "name-error" : undefined}
          />
          <FieldError id="name-error" message={errors.name} />
        </div>
        <div className="grid cols-2">
          <div className="field">
            <label htmlFor="format">Format</label>
            <select id="format" name="format" defaultValue={typed(failure, "format", "standard")}>
              {FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
            <div className="hint">Standard: everyone plays every round. Elimination: the bottom 25% are cut from round 3.</div>
            <FieldError message={errors.format} />
          </div>
          <div className="field">
            <label htmlFor="lobbyMethod">Lobby Method</label>
            <select id="lobbyMethod" name="lobbyMethod" defaultValue={typed(failure, "lobbyMethod", "snake")}>
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
            <input
              id="maxPlayers"
              name="maxPlayers"
              type="number"
              min={8}
              max={256}
              step={8}
              inputMode="numeric"
              defaultValue={typed(failure, "maxPlayers", "32")}
              aria-invalid={errors.maxPlayers ? true : undefined}
              aria-describedby="maxPlayers-hint"
            />
            <div className="hint" id="maxPlayers-hint">8 to 256, in steps of 8</div>
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
              step={1}
              inputMode="numeric"
              defaultValue={typed(failure, "totalRounds", "5")}
              aria-invalid={errors.totalRounds ? true : undefined}
            />
            <div className="hint">1 to 10</div>
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
              defaultChecked={failure ? typed(failure, "isPublic") === "true" : false}
            />
            Public tournament (listed on the home page and for other organizers)
          </label>
        </div>
        <ScoringFields scoring={DEFAULT_SCORING} failure={failure} />
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
