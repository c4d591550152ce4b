// Master panel, Tournament Settings tab: every setting of the tournament, including status, round and lock, behind a confirmation.
import { useState } from "react";
import { Form } from "react-router";
import type { Scoring } from "~/models/format/scoring";
import { statusLabel, TOURNAMENT_STATUSES } from "~/models/format/types";
import { BooleanCheckbox, InputField, optionsOf, SelectField } from "./form-fields";
import { MasterConfirm } from "./master-confirm";
import {
  FormatField,
  LobbyMethodField,
  MAX_PLAYER_CHOICES,
  MaxPlayersField,
  ScoringFields,
  TotalRoundsField,
  TournamentNameField,
} from "./tournament-fields";
import { FormError, usePendingIntent } from "./ui";

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
  const [totalRounds, setTotalRounds] = useState(
    () => Number(typed(failure, "totalRounds", t.totalRounds)) || t.totalRounds,
  );
  const errors = failure?.fieldErrors ?? {};
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
        <TournamentNameField
          id="m-name"
          required
          maxLength={100}
          defaultValue={typed(failure, "name", t.name)}
          error={errors.name}
        />
        <SelectField
          id="m-status"
          name="status"
          label="Status"
          defaultValue={typed(failure, "status", t.status)}
          error={errors.status}
        >
          {optionsOf(TOURNAMENT_STATUSES, statusLabel)}
        </SelectField>
        <InputField
          id="m-current-round"
          name="currentRound"
          label="Current Round"
          type="number"
          min={1}
          max={totalRounds}
          step={1}
          required
          defaultValue={typed(failure, "currentRound", t.currentRound)}
          hint="1 to total rounds"
          error={errors.currentRound}
        />
        <TotalRoundsField
          id="m-total-rounds"
          step={1}
          required
          defaultValue={typed(failure, "totalRounds", t.totalRounds)}
          onChange={(event) => setTotalRounds(Number(event.currentTarget.value) || 10)}
          error={errors.totalRounds}
        />
        <MaxPlayersField
          id="m-max-players"
          choices={maxChoices}
          defaultValue={maxPlayersValue}
          error={errors.maxPlayers}
        />
        <FormatField id="m-format" defaultValue={typed(failure, "format", t.format)} error={errors.format} />
        <LobbyMethodField
          id="m-lobby-method"
          labels={LOBBY_METHOD_LABELS}
          defaultValue={typed(failure, "lobbyMethod", t.lobbyMethod)}
          error={errors.lobbyMethod}
        />
        <div className="field">
          <BooleanCheckbox name="isLocked" label="Locked" defaultChecked={typedBool(failure, "isLocked", t.isLocked)} />
          <BooleanCheckbox name="isPublic" label="Public" defaultChecked={typedBool(failure, "isPublic", t.isPublic)} />
        </div>
      </div>

      <ScoringFields
        scoring={t.scoring}
        typed={failure?.values.scoring}
        error={errors.scoring}
        idPrefix="m-scoring-"
        className="grid master-scoring"
        inputProps={{ required: true }}
      />

      <MasterConfirm
        label="Save Settings"
        confirmLabel="Confirm Save"
        open={!!errors.confirmed}
        reason={{ value: failure?.values.reason, error: errors.reason }}
        pending={pending}
        question={
          <>
            <strong>Override these settings?</strong> Changes apply immediately, bypass the normal rules for this
            tournament and cannot be undone automatically.
          </>
        }
      />
    </Form>
  );
}
