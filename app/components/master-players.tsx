// Master panel, Player Data tab: every player with edit and delete, and the add-player form, each behind a confirmation.
import { useState, type ChangeEvent } from "react";
import { Form, Link } from "react-router";
import type { PlayerSummary } from "~/models/roster/roster.server";
import { outLabel } from "~/models/access/policy";
import { formatAverage, MATCHES_MAX, POINTS_MAX } from "~/models/format/stats";
import { MasterConfirm, ReasonField } from "./master-confirm";
import type { MasterFailure } from "./master-settings";
import { ConfirmAction, EmptyState, FieldError, FormError, useHydrated, usePendingIntent } from "./ui";

export type MasterPlayer = PlayerSummary;

function typed(failure: MasterFailure | undefined, key: string, stored: string | number | null): string {
  const value = failure?.values[key];
  if (typeof value === "string") return value;
  return stored === null ? "" : String(stored);
}

function typedBool(failure: MasterFailure | undefined, key: string, stored: boolean): boolean {
  if (!failure) return stored;
  const value = failure.values[key];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === "true" || last === "on";
}

/** The fields edit and add share. `player` null is the add form (blank defaults). */
function PlayerFields({
  idPrefix,
  player,
  failure,
  name,
  onNameChange,
}: {
  idPrefix: string;
  player: MasterPlayer | null;
  failure?: MasterFailure;
  name?: string;
  onNameChange?: (value: string) => void;
}) {
  const errors = failure?.fieldErrors ?? {};
  // A player who has not played has an average of 0, outside the 1..8 input: blank means "leave as computed".
  const average =
    player && player.matchesPlayed > 0 && player.averagePlacement >= 1 ? player.averagePlacement.toFixed(1) : null;
  return (
    <>
      <div className="grid cols-3">
        <div className="field">
          <label htmlFor={`${idPrefix}-name`}>Player Name</label>
          <input
            id={`${idPrefix}-name`}
            name="name"
            type="text"
            required
            maxLength={50}
            {...(onNameChange
              ? {
                  value: name ?? "",
                  onChange: (e: ChangeEvent<HTMLInputElement>) => onNameChange(e.currentTarget.value),
                }
              : { defaultValue: typed(failure, "name", player?.name ?? "") })}
          />
          <FieldError message={errors.name} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-tag`}>Riot Tag</label>
          <input
            id={`${idPrefix}-tag`}
            name="riotTag"
            type="text"
            required
            maxLength={20}
            placeholder="NA1"
            defaultValue={typed(failure, "riotTag", player?.riotTag ?? "")}
          />
          <FieldError message={errors.riotTag} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-lp`}>LP</label>
          <input
            id={`${idPrefix}-lp`}
            name="lp"
            type="number"
            min={0}
            step={1}
            defaultValue={typed(failure, "lp", player?.lp ?? 0)}
          />
          <FieldError message={errors.lp} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-seed`}>Seed</label>
          <input
            id={`${idPrefix}-seed`}
            name="seed"
            type="number"
            min={1}
            step={1}
            defaultValue={typed(failure, "seed", player?.seed ?? null)}
          />
          <div className="hint">Empty = auto-assign</div>
          <FieldError message={errors.seed} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-points`}>Total Points</label>
          <input
            id={`${idPrefix}-points`}
            name="totalPoints"
            type="number"
            min={0}
            max={POINTS_MAX}
            step="any"
            defaultValue={typed(failure, "totalPoints", player?.totalPoints ?? 0)}
          />
          <FieldError message={errors.totalPoints} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-matches`}>Matches Played</label>
          <input
            id={`${idPrefix}-matches`}
            name="matchesPlayed"
            type="number"
            min={0}
            max={MATCHES_MAX}
            step={1}
            defaultValue={typed(failure, "matchesPlayed", player?.matchesPlayed ?? 0)}
          />
          <FieldError message={errors.matchesPlayed} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-average`}>Average Placement</label>
          <input
            id={`${idPrefix}-average`}
            name="averagePlacement"
            type="number"
            min={1}
            max={8}
            step={0.1}
            defaultValue={typed(failure, "averagePlacement", average)}
          />
          <div className="hint">1 to 8; empty = computed from matches</div>
          <FieldError message={errors.averagePlacement} />
        </div>
        <div className="field">
          <input type="hidden" name="isCheckedIn" value="false" />
          <label className="checkbox">
            <input
              type="checkbox"
              name="isCheckedIn"
              value="true"
              defaultChecked={typedBool(failure, "isCheckedIn", player?.isCheckedIn ?? false)}
            />
            Checked In
          </label>
          <input type="hidden" name="isEliminated" value="false" />
          <label className="checkbox">
            <input
              type="checkbox"
              name="isEliminated"
              value="true"
              defaultChecked={typedBool(failure, "isEliminated", player?.isEliminated ?? false)}
            />
            Eliminated
          </label>
        </div>
      </div>
    </>
  );
}

function EditPlayerForm({
  player,
  failure,
  cancelHref,
}: {
  player: MasterPlayer;
  failure?: MasterFailure;
  cancelHref: string;
}) {
  const pending = usePendingIntent("updatePlayer");
  return (
    <Form method="post" className="card master-form" id="edit-player" aria-label={`Edit ${player.name}`}>
      <input type="hidden" name="intent" value="updatePlayer" />
      <input type="hidden" name="playerId" value={player.id} />
      <div className="row between">
        <h3 style={{ margin: 0 }}>Edit Player: {player.name}</h3>
        <Link to={cancelHref} className="btn ghost small">
          Cancel
        </Link>
      </div>
      {failure && !failure.fieldErrors.confirmed ? <FormError title={failure.title} message={failure.error} /> : null}
      <PlayerFields idPrefix="edit" player={player} failure={failure} />
      <MasterConfirm
        label="Save Player"
        confirmLabel="Confirm Save"
        open={!!failure?.fieldErrors.confirmed}
        reason={{ value: failure?.values.reason, error: failure?.fieldErrors.reason }}
        pending={pending}
        question={
          <>
            <strong>Save these changes to {player.name}?</strong> Manual stat changes are kept as adjustments on top of
            the scores.
          </>
        }
      />
    </Form>
  );
}

function AddPlayerForm({ failure, atCapacity, open }: { failure?: MasterFailure; atCapacity: boolean; open: boolean }) {
  const hydrated = useHydrated();
  const pending = usePendingIntent("addPlayer");
  const [name, setName] = useState(() => typed(failure, "name", ""));
  const blank = name.trim() === "";
  return (
    <details className="card collapsible master-add" open={open || undefined} id="add-player">
      <summary>Add Player</summary>
      <Form method="post" aria-label="Add player" style={{ marginTop: "0.75rem" }}>
        <input type="hidden" name="intent" value="addPlayer" />
        {failure && !failure.fieldErrors.confirmed ? <FormError title={failure.title} message={failure.error} /> : null}
        <PlayerFields idPrefix="add" player={null} failure={failure} name={name} onNameChange={setName} />
        <MasterConfirm
          label="Add Player"
          confirmLabel="Confirm Add"
          open={!!failure?.fieldErrors.confirmed}
          reason={{ value: failure?.values.reason, error: failure?.fieldErrors.reason }}
          pending={pending}
          // Without JavaScript the required attribute and the server stand in for the live check.
          disabled={atCapacity || (hydrated && blank)}
          question={<strong>Add {name.trim() || "this player"} to the tournament?</strong>}
        />
      </Form>
    </details>
  );
}

export function MasterPlayersTab({
  players,
  maxPlayers,
  editId,
  addOpen,
  failure,
  basePath,
  capacityMessage,
}: {
  players: MasterPlayer[];
  maxPlayers: number;
  editId: number | null;
  addOpen: boolean;
  failure?: MasterFailure;
  basePath: string;
  capacityMessage: string;
}) {
  const editing = editId !== null ? players.find((p) => p.id === editId) : undefined;
  const tabHref = `${basePath}?tab=players`;
  const editFailure = failure?.intent === "updatePlayer" ? failure : undefined;
  const addFailure = failure?.intent === "addPlayer" ? failure : undefined;
  const deleteFailure = failure?.intent === "deletePlayer" ? failure : undefined;
  return (
    <div className="stack">
      <div className="row between">
        <h2 style={{ margin: 0 }}>Player Data</h2>
        <span className="muted small">
          {players.length} / {maxPlayers} players
        </span>
      </div>
      {players.length >= maxPlayers ? (
        <div className="alert warning" role="status">
          {capacityMessage}
        </div>
      ) : null}
      {deleteFailure ? <FormError title={deleteFailure.title} message={deleteFailure.error} /> : null}
      {editing ? <EditPlayerForm key={editing.id} player={editing} failure={editFailure} cancelHref={tabHref} /> : null}
      <AddPlayerForm failure={addFailure} atCapacity={players.length >= maxPlayers} open={addOpen || !!addFailure} />
      {players.length === 0 ? (
        <EmptyState title="No players yet" />
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Player</th>
                <th className="num">LP</th>
                <th className="num">Seed</th>
                <th className="num">Points</th>
                <th className="num">Matches</th>
                <th className="num">Avg</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {players.map((p) => (
                <tr key={p.id} data-player={p.name}>
                  <td>
                    <strong>{p.name}</strong> <span className="muted small">#{p.riotTag}</span>
                    <div className="muted small">ID {p.id}</div>
                  </td>
                  <td className="num">{p.lp}</td>
                  <td className="num">{p.seed ?? "-"}</td>
                  <td className="num">{p.totalPoints}</td>
                  <td className="num">{p.matchesPlayed}</td>
                  <td className="num">{formatAverage(p.averagePlacement, p.matchesPlayed)}</td>
                  <td>
                    <span className={`badge ${outLabel(p) ? "danger" : "success"}`}>{outLabel(p) ?? "Active"}</span>{" "}
                    <span className={`badge ${p.isCheckedIn ? "primary" : ""}`}>
                      {p.isCheckedIn ? "Checked In" : "Not Checked In"}
                    </span>
                  </td>
                  <td>
                    <div className="row">
                      <Link
                        to={`${tabHref}&edit=${p.id}#edit-player`}
                        className="btn small"
                        aria-label={`Edit ${p.name}`}
                      >
                        Edit
                      </Link>
                      <ConfirmAction
                        label="Delete"
                        intent="deletePlayer"
                        danger
                        small
                        confirmLabel="Delete Player"
                        fields={{ playerId: p.id, confirmed: "1" }}
                        question={`Delete ${p.name}? Their matches are removed too. This cannot be undone.`}
                      >
                        <ReasonField />
                      </ConfirmAction>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
