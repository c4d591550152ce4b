// Master panel, Tournament Settings tab: every setting of the tournament, including status, round and lock, behind a confirmation.
import { useState } from "react";
import { Form } from "react-router";
import { ordinal, SCORING_KEYS, type Scoring } from "~/models/scoring";
import { FORMAT_LABELS, FORMATS, LOBBY_METHODS, statusLabel, TOURNAMENT_STATUSES } from "~/models/types";
import { MasterConfirm } from "./master-confirm";
import { FieldError, FormError, usePendingIntent } from "./ui";

export type MasterTournament = {
  id: number;
  name: string;
  status: string;
  format: string;
  lobbyMethod: string;
  currentRound: number;
  totalRounds: number;
  maxPlayers: number;
  isLocked: boolean;
  isPublic: boolean;
  scoring: Scoring;
};

export type MasterFailure = {
  intent: string | null;
  error: string;
  title?: string;
  fieldErrors: Record<string, string>;
  values: Record<string, unknown>;
};

const LOBBY_METHOD_LABELS: Record<string, string> = { snake: "Snake", swiss: "Swiss", "round-robin": "Round-robin" };
const MAX_PLAYER_CHOICES = Array.from({ length: 32 }, (_, i) => (i + 1) * 8);

/** What the user typed, if this form was refused; otherwise the stored value. */
function typed(failure: MasterFailure | undefined, key: string, stored: string | number): string {
  const value = failure?.values[key];
  return typeof value === "string" ? value : String(stored);
}

function typedBool(failure: MasterFailure | undefined, key: string, stored: boolean): boolean {
  if (!failure) return stored;
  const value = failure.values[key];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === "true" || last === "on";
}

export function MasterSettingsTab({ t, failure }: { t: MasterTournament; failure?: MasterFailure }) {
  const pending = usePendingIntent("updateTournament");
  const [totalRounds, setTotalRounds] = useState(() => Number(typed(failure, "totalRounds", t.totalRounds)) || t.totalRounds);
  const errors = failure?.fieldErrors ?? {};
  const scoringValues = (failure?.values.scoring ?? {}) as Record<string, unknown>;
  const maxPlayersValue = typed(failure, "maxPlayers", t.maxPlayers);
  const maxChoices = MAX_PLAYER_CHOICES.includes(Number(maxPlayersValue))
    ? MAX_PLAYER_CHOICES
    : [...MAX_PLAYER_CHOICES, t.maxPlayers].sort((a, b) => a - b);

  return (
    <Form method="post" className="card master-form" aria-label="Tournament settings">
      <input type="hidden" name="intent" value="updateTournament" />
      <h2>Tournament Settings</h2>
      {failure && !errors.confirmed ? <FormError title={failure.title} message={failure.error} /> : null}

      <div className="grid cols-2">
        <div className="field">
          <label htmlFor="m-name">Tournament Name</label>
          <input id="m-name" name="name" type="text" required maxLength={100} defaultValue={typed(failure, "name", t.name)} />
          <FieldError message={errors.name} />
        </div>
        <div className="field">
          <label htmlFor="m-status">Status</label>
          <select id="m-status" name="status" defaultValue={typed(failure, "status", t.status)}>
            {TOURNAMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
          <FieldError message={errors.status} />
        </div>
        <div className="field">
          <label htmlFor="m-current-round">Current Round</label>
          <input
            id="m-current-round"
            name="currentRound"
            type="number"
            min={1}
            max={totalRounds}
            step={1}
            required
            defaultValue={typed(failure, "currentRound", t.currentRound)}
          />
          <div className="hint">1 to total rounds</div>
          <FieldError message={errors.currentRound} />
        </div>
        <div className="field">
          <label htmlFor="m-total-rounds">Total Rounds</label>
          <input
            id="m-total-rounds"
            name="totalRounds"
            type="number"
            min={1}
            max={10}
            step={1}
            required
            defaultValue={typed(failure, "totalRounds", t.totalRounds)}
            onChange={(event) => setTotalRounds(Number(event.currentTarget.value) || 10)}
          />
          <div className="hint">1 to 10</div>
          <FieldError message={errors.totalRounds} />
        </div>
        <div className="field">
          <label htmlFor="m-max-players">Max Players</label>
          <select id="m-max-players" name="maxPlayers" defaultValue={maxPlayersValue}>
            {maxChoices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <div className="hint">8 to 256, in steps of 8</div>
          <FieldError message={errors.maxPlayers} />
        </div>
        <div className="field">
          <label htmlFor="m-format">Format</label>
          <select id="m-format" name="format" defaultValue={typed(failure, "format", t.format)}>
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
          <FieldError message={errors.format} />
        </div>
        <div className="field">
          <label htmlFor="m-lobby-method">Lobby Method</label>
          <select id="m-lobby-method" name="lobbyMethod" defaultValue={typed(failure, "lobbyMethod", t.lobbyMethod)}>
            {LOBBY_METHODS.map((m) => (
              <option key={m} value={m}>
                {LOBBY_METHOD_LABELS[m] ?? m}
              </option>
            ))}
          </select>
          <FieldError message={errors.lobbyMethod} />
        </div>
        <div className="field">
          <input type="hidden" name="isLocked" value="false" />
          <label className="checkbox">
            <input type="checkbox" name="isLocked" value="true" defaultChecked={typedBool(failure, "isLocked", t.isLocked)} />
            Locked
          </label>
          <input type="hidden" name="isPublic" value="false" />
          <label className="checkbox">
            <input type="checkbox" name="isPublic" value="true" defaultChecked={typedBool(failure, "isPublic", t.isPublic)} />
            Public
          </label>
        </div>
      </div>

      <fieldset>
        <legend>Scoring (points per placement)</legend>
        <div className="grid master-scoring">
          {SCORING_KEYS.map((key, i) => (
            <div className="field" key={key}>
              <label htmlFor={`m-scoring-${key}`}>{ordinal(i + 1)}</label>
              <input
                id={`m-scoring-${key}`}
                name={`scoring.${key}`}
                type="number"
                min={0}
                step="any"
                required
                defaultValue={typeof scoringValues[key] === "string" ? (scoringValues[key] as string) : t.scoring[key]}
              />
            </div>
          ))}
        </div>
        <FieldError message={errors.scoring} />
      </fieldset>

      <MasterConfirm
        label="Save Settings"
        confirmLabel="Confirm Save"
        open={!!errors.confirmed}
        pending={pending}
        question={
          <>
            <strong>Override these settings?</strong> Changes apply immediately, bypass the normal rules for this tournament
            and cannot be undone automatically.
          </>
        }
      />
    </Form>
  );
}
