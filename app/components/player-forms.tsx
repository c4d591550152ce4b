// The host screens' player forms: add a player, swap one in for another, pick a player, search and filter a list.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { FormFailure } from "~/lib/page.server";
import { substitutionBlocked } from "~/models/access/policy";
import { DisabledNote, InputField, SelectField, SubmitButton } from "./form-fields";
import { FailureAlert, typed } from "./form-failure";

/** The name and tag inputs of the add-player form. */
const PLAYER_TEXT_FIELDS = [
  { id: "player-name", name: "name", label: "Player Name", placeholder: "Player name" },
  { id: "player-tag", name: "riotTag", label: "Riot Tag", placeholder: "NA1" },
];
const PLAYER_FIELD_NAMES = PLAYER_TEXT_FIELDS.map((f) => f.name);
/** The add-player form's fields that show their message beside them. */
export const addPlayerFields = (withLp: boolean) => (withLp ? [...PLAYER_FIELD_NAMES, "lp"] : PLAYER_FIELD_NAMES);

/** The add forms' "manual override" box, which lets a host add beyond the player limit. */
export function ManualOverrideCheckbox({ failure, children }: { failure: FormFailure | null; children: ReactNode }) {
  return (
    <label className="checkbox small">
      <input
        type="checkbox"
        name="manualOverride"
        value="true"
        defaultChecked={typed(failure, "manualOverride") === "true"}
      />
      {children}
    </label>
  );
}

/**
 * Registers one player. `withLp` adds the LP field and the manual-override checkbox of the
 * manage-players page; the check-in management page only asks for name and tag.
 */
export function AddPlayerForm({
  failure,
  disabled,
  disabledNote,
  disabledLabel = "Locked",
  withLp = true,
  resetKey,
  tournamentId,
}: {
  failure: FormFailure | null;
  disabled?: boolean;
  disabledNote?: ReactNode;
  /** The badge before the note: why the form is closed. */
  disabledLabel?: string;
  withLp?: boolean;
  resetKey: string | number;
  tournamentId: number;
}) {
  return (
    <Form method="post" key={failure ? "typed" : resetKey} className="host-add-player" aria-label="Add player">
      <input type="hidden" name="intent" value="add-player" />
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <FailureAlert failure={failure} fields={addPlayerFields(withLp)} />
      <fieldset disabled={disabled} aria-describedby={disabled && disabledNote ? "add-player-locked" : undefined}>
        <legend>Add New Player</legend>
        {disabled && disabledNote ? (
          <DisabledNote id="add-player-locked" label={disabledLabel}>
            {disabledNote}
          </DisabledNote>
        ) : null}
        <div className="grid cols-3">
          {PLAYER_TEXT_FIELDS.map((f) => (
            <InputField
              key={f.name}
              id={f.id}
              name={f.name}
              label={f.label}
              type="text"
              autoComplete="off"
              required
              placeholder={f.placeholder}
              defaultValue={typed(failure, f.name)}
              error={failure?.fieldErrors?.[f.name]}
              errorId={`${f.id}-error`}
            />
          ))}
          {withLp ? (
            <InputField
              id="player-lp"
              name="lp"
              label="LP (optional)"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder="0"
              defaultValue={typed(failure, "lp")}
              error={failure?.fieldErrors?.lp}
            />
          ) : null}
        </div>
        {withLp ? (
          <ManualOverrideCheckbox failure={failure}>
            Manual override: add beyond the player limit (the player is added inactive)
          </ManualOverrideCheckbox>
        ) : null}
        <div className="row" style={{ marginTop: "0.75rem" }}>
          <SubmitButton intent="add-player" pendingLabel="Adding...">
            Add Player
          </SubmitButton>
        </div>
      </fieldset>
    </Form>
  );
}

/** Swaps an eliminated player in for an active checked-in one. */
export function SubstitutionForm({
  active,
  eliminated,
  failure,
}: {
  active: { id: number; name: string; riotTag: string }[];
  eliminated: { id: number; name: string; riotTag: string }[];
  failure: FormFailure | null;
}) {
  const blocked = substitutionBlocked(active.length, eliminated.length);
  return (
    <Form method="post" aria-label="Player substitution">
      <input type="hidden" name="intent" value="substitute" />
      <FailureAlert failure={failure} />
      <fieldset disabled={!!blocked} aria-describedby={blocked ? "substitution-blocked" : undefined}>
        <legend>Player Substitution</legend>
        {blocked ? <DisabledNote id="substitution-blocked">{blocked}</DisabledNote> : null}
        <div className="grid cols-2">
          <PlayerSelect
            id="sub-old"
            name="oldPlayerId"
            label="Active player to replace"
            placeholder="Select an active player"
            players={active}
            defaultValue={typed(failure, "oldPlayerId")}
          />
          <PlayerSelect
            id="sub-new"
            name="newPlayerId"
            label="Eliminated player to bring in"
            placeholder="Select an eliminated player"
            players={eliminated}
            defaultValue={typed(failure, "newPlayerId")}
          />
        </div>
        <SubmitButton intent="substitute" pendingLabel="Substituting...">
          Substitute Player
        </SubmitButton>
      </fieldset>
    </Form>
  );
}

/** A player picker: an empty choice with `placeholder`, then each player as Name#Tag. */
export function PlayerSelect({
  id,
  name,
  label,
  placeholder,
  players,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  players: { id: number; name: string; riotTag: string }[];
  defaultValue: string;
}) {
  return (
    <SelectField id={id} name={name} label={label} defaultValue={defaultValue}>
      <option value="">{placeholder}</option>
      {players.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}#{p.riotTag}
        </option>
      ))}
    </SelectField>
  );
}

/** The search box and filter of a player list, as a GET form so it works without JavaScript. */
export function PlayerFilter({
  q,
  filter,
  filters,
  label = "Search players",
}: {
  q: string;
  filter?: string;
  filters?: { value: string; label: string }[];
  label?: string;
}) {
  return (
    <Form method="get" className="row host-filter" role="search" preventScrollReset>
      <label className="sr-only" htmlFor="player-search">
        {label}
      </label>
      <input id="player-search" type="search" name="q" placeholder="Search by name or tag" defaultValue={q} />
      {filters ? (
        <>
          <label className="sr-only" htmlFor="player-filter">
            Filter
          </label>
          <select id="player-filter" name="filter" defaultValue={filter ?? "all"}>
            {filters.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <button type="submit" className="btn">
        Search
      </button>
      {q || (filter && filter !== "all") ? (
        <Link className="btn ghost" to="?" preventScrollReset>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
