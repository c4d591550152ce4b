// The tournament form's field groups (docs/rules.md "Pages and addresses"), shared by the create, settings and master settings screens.
// Each takes its default value, disabled flag and error; ids and names default to the host forms' own.
import type { InputHTMLAttributes, ReactNode } from "react";
import { ordinal, SCORING_KEYS, SCORING_MAX, type Scoring } from "~/models/format/scoring";
import { FORMAT_LABELS, FORMATS, LOBBY_METHODS } from "~/models/format/types";
import { PRESET_WORDS, TIEBREAKER_WORDS, TIEBREAKERS, type Ruleset } from "~/models/format/ruleset";
import { BooleanCheckbox, InputField, optionsOf, SelectField } from "./form-fields";
import { FieldError } from "./ui";

/** How the create and settings forms name the lobby methods of docs/rules.md. */
export const LOBBY_METHOD_LABELS: Record<string, string> = {
  snake: "Snake distribution",
  swiss: "Swiss (stacked by standings)",
  "round-robin": "Round-robin (fewest repeat opponents)",
};

/** The max-players choices of the settings forms: multiples of 8 up to 256. */
export const MAX_PLAYER_CHOICES = Array.from({ length: 32 }, (_, i) => (i + 1) * 8);

type GroupProps = {
  /** The control's id; the host forms use the field name. */
  id?: string;
  /** The submitted field name. */
  name?: string;
  defaultValue: string;
  disabled?: boolean;
  error?: string | null;
  hint?: ReactNode;
};

/** Attributes a screen adds to an input beyond the group's own (placeholder, required, step, aria-invalid…). */
type InputExtras = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue" | "disabled" | "type">;

export function TournamentNameField({
  id = "name",
  name = "name",
  errorId,
  ...rest
}: GroupProps & { errorId?: string } & InputExtras) {
  return <InputField id={id} name={name} label="Tournament Name" type="text" errorId={errorId} {...rest} />;
}

export function FormatField({ id = "format", name = "format", ...rest }: GroupProps) {
  return (
    <SelectField id={id} name={name} label="Format" {...rest}>
      {optionsOf(FORMATS, (f) => FORMAT_LABELS[f])}
    </SelectField>
  );
}

export function LobbyMethodField({
  id = "lobbyMethod",
  name = "lobbyMethod",
  labels = LOBBY_METHOD_LABELS,
  ...rest
}: GroupProps & { labels?: Record<string, string> }) {
  return (
    <SelectField id={id} name={name} label="Lobby Method" {...rest}>
      {optionsOf(LOBBY_METHODS, (m) => labels[m] ?? m)}
    </SelectField>
  );
}

/**
 * Max players: a select of `choices` where the screen offers them, otherwise a number input in
 * steps of 8 whose hint describes it.
 */
export function MaxPlayersField({
  id = "maxPlayers",
  name = "maxPlayers",
  hint = "8 to 256, in steps of 8",
  choices,
  error,
  ...rest
}: GroupProps & { choices?: readonly number[] }) {
  if (choices) {
    return (
      <SelectField id={id} name={name} label="Max Players" hint={hint} error={error} {...rest}>
        {optionsOf(choices)}
      </SelectField>
    );
  }
  const hintId = `${id}-hint`;
  return (
    <InputField
      id={id}
      name={name}
      label="Max Players"
      type="number"
      min={8}
      max={256}
      step={8}
      inputMode="numeric"
      aria-invalid={error ? true : undefined}
      aria-describedby={hintId}
      hint={hint}
      hintId={hintId}
      error={error}
      {...rest}
    />
  );
}

export function TotalRoundsField({
  id = "totalRounds",
  name = "totalRounds",
  hint = "1 to 10",
  ...rest
}: GroupProps & InputExtras) {
  return <InputField id={id} name={name} label="Total Rounds" type="number" min={1} max={10} hint={hint} {...rest} />;
}

/** The public flag of the create and settings forms. */
export function PublicField({ defaultChecked, disabled }: { defaultChecked: boolean; disabled?: boolean }) {
  return (
    <div className="field">
      <BooleanCheckbox
        name="isPublic"
        label="Public tournament (listed on the home page and for other organizers)"
        defaultChecked={defaultChecked}
        disabled={disabled}
      />
    </div>
  );
}

/**
 * Points for places 1 to 8, named scoring.first … scoring.eighth for the shared schema. `typed` is
 * what the user sent in a refused form (a place's string wins over the stored points).
 */
export function ScoringFields({
  scoring,
  typed,
  error,
  disabled,
  idPrefix = "scoring-",
  className = "grid cols-4 host-scoring",
  inputProps = { inputMode: "decimal" },
}: {
  scoring: Scoring;
  typed?: unknown;
  error?: string | null;
  disabled?: boolean;
  idPrefix?: string;
  className?: string;
  inputProps?: InputExtras;
}) {
  const typedScoring = (typed ?? {}) as Record<string, unknown>;
  return (
    <fieldset disabled={disabled}>
      <legend>Scoring (points per placement)</legend>
      <div className={className}>
        {SCORING_KEYS.map((key, i) => {
          const value = typedScoring[key];
          return (
            <div className="field" key={key}>
              <label htmlFor={`${idPrefix}${key}`}>{ordinal(i + 1)}</label>
              <input
                id={`${idPrefix}${key}`}
                type="number"
                name={`scoring.${key}`}
                min={0}
                max={SCORING_MAX}
                step="any"
                defaultValue={typeof value === "string" ? value : scoring[key]}
                {...inputProps}
              />
            </div>
          );
        })}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}

/** The criteria a custom order may add after total points (registration order always ends it). */
const CUSTOM_CHOICES = TIEBREAKERS.filter((c) => c !== "totalPoints" && c !== "registration");

/**
 * The ruleset: a preset radio group (`ruleset.preset`) and, for Custom, ordered selects "1st tiebreaker",
 * "2nd tiebreaker", … (`ruleset.tiebreakers.N`) after total points. Plain controls: it works without
 * JavaScript; the custom selects sit in a disclosure, open when Custom is the stored or typed choice.
 */
export function RulesetFields({
  ruleset,
  typed,
  error,
  disabled,
  note,
}: {
  ruleset: Ruleset;
  /** What the user sent in a refused form: `{ preset, tiebreakers }` as the fields named them. */
  typed?: unknown;
  error?: string | null;
  disabled?: boolean;
  /** Why the fields are disabled, shown under the legend. */
  note?: ReactNode;
}) {
  const sent = (typed ?? null) as { preset?: unknown; tiebreakers?: unknown } | null;
  const preset = typeof sent?.preset === "string" ? sent.preset : ruleset.preset;
  const sentList = sent && Array.isArray(sent.tiebreakers) ? (sent.tiebreakers as unknown[]) : null;
  const stored = ruleset.tiebreakers.filter((c) => c !== "totalPoints" && c !== "registration");
  const errorId = "ruleset-error";
  return (
    <fieldset disabled={disabled} className="ruleset-fields" aria-describedby={error ? errorId : undefined}>
      <legend>Tiebreak order</legend>
      {note}
      <p className="hint" style={{ marginTop: 0 }}>
        Ties on total points are broken by the chosen order. It can be changed until a round is finalized.
      </p>
      <div className="stack ruleset-presets" role="radiogroup" aria-label="Ruleset preset">
        {(["standard", "riot", "custom"] as const).map((name) => (
          <div key={name}>
            <label className="checkbox">
              <input
                type="radio"
                name="ruleset.preset"
                value={name}
                defaultChecked={preset === name}
                aria-describedby={`ruleset-${name}-hint`}
              />
              {PRESET_WORDS[name].label}
            </label>
            <div className="hint" id={`ruleset-${name}-hint`}>
              {PRESET_WORDS[name].sentence}
            </div>
          </div>
        ))}
      </div>
      <details className="ruleset-custom" open={preset === "custom"}>
        <summary>Custom order (used when Custom is chosen)</summary>
        <p className="small muted">Total points come first; then, in order:</p>
        <div className="grid cols-3">
          {CUSTOM_CHOICES.map((_, i) => {
            const value = sentList ? sentList[i] : stored[i];
            return (
              <SelectField
                key={i}
                id={`ruleset-tiebreaker-${i}`}
                name={`ruleset.tiebreakers.${i}`}
                label={`${ordinal(i + 1)} tiebreaker`}
                defaultValue={typeof value === "string" ? value : ""}
              >
                <option value="">(none)</option>
                {optionsOf(CUSTOM_CHOICES, (c) => TIEBREAKER_WORDS[c].label)}
              </SelectField>
            );
          })}
        </div>
        <p className="small muted" style={{ marginBottom: 0 }}>
          Registration order always comes last, so no two players are ever tied.
        </p>
      </details>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
