// The stage builder of Create and Settings (docs/rules.md "Stages"): fixed rows of plain fields, "Add stage" and the
// presets as submit buttons, so it works without JavaScript; a stage that has started is shown, not edited.
import type { StageFormRow } from "~/models/format/stage-input";
import { FORM_STAGE_ROWS } from "~/models/format/stage-input";
import {
  endText,
  STAGE_END_WORDS,
  STAGE_POINTS_WORDS,
  STAGE_PRESET_WORDS,
  PRESET_STAGE_NAMES,
} from "~/models/format/stages";
import { LOBBY_METHODS } from "~/models/format/types";
import { InputField, SelectField } from "./form-fields";

const EMPTY_ROW: StageFormRow = {
  name: "",
  games: "",
  draw: "snake",
  points: "carry",
  end: "none",
  value: "",
  maxGames: "",
};

const DRAW_WORDS: Record<string, string> = { snake: "Snake", swiss: "Swiss", "round-robin": "Round-robin" };

/** Rows as a refused form sent them (`stage.N.field`), whether the form reader made them a list or an object. */
export function rowsOfValues(values: unknown): StageFormRow[] | null {
  if (values === null || typeof values !== "object") return null;
  const list = Array.isArray(values) ? values : Object.values(values as Record<string, unknown>);
  return list
    .filter((row): row is Record<string, unknown> => row !== null && typeof row === "object")
    .map((row) => ({
      ...EMPTY_ROW,
      ...Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" ? v : String(v ?? "")])),
    }));
}

export function StageBuilder({
  rows,
  locked = 0,
  error,
  presets = false,
}: {
  /** The rows to show (at least one, at most FORM_STAGE_ROWS). */
  rows: StageFormRow[];
  /** How many leading stages have started: shown as text and resent as hidden fields. */
  locked?: number;
  error?: string | null;
  /** Create's presets ("Single stage", "Two days and a checkmate final"). */
  presets?: boolean;
}) {
  const shown = rows.length > 0 ? rows.slice(0, FORM_STAGE_ROWS) : [EMPTY_ROW];
  return (
    <fieldset className="stack stage-builder" aria-describedby="stages-hint">
      <legend>Stages</legend>
      <p className="hint" id="stages-hint" style={{ margin: 0 }}>
        Each stage has its games, its lobby draw, whether points carry on or reset to 0, and how it ends: a cut to the
        best N, the best K of each lobby in its last game, or a checkmate (last stage only). Leave the rows blank for
        one stage of Total Rounds games. A stage can be edited until it starts.
      </p>
      {error ? (
        <p className="field-error" role="alert" id="stages-error">
          {error}
        </p>
      ) : null}
      {presets ? (
        <div className="row">
          <SelectField id="stagePreset" name="stagePreset" label="Preset" defaultValue="checkmate-final">
            {PRESET_STAGE_NAMES.map((p) => (
              <option key={p} value={p}>
                {STAGE_PRESET_WORDS[p]}
              </option>
            ))}
          </SelectField>
          <button type="submit" name="intent" value="stagePreset" className="btn" formNoValidate>
            Use preset
          </button>
        </div>
      ) : null}
      {shown.map((row, i) =>
        i < locked ? <LockedRow key={i} index={i} row={row} /> : <StageRow key={i} index={i} row={row} />,
      )}
      {shown.length < FORM_STAGE_ROWS ? (
        <div>
          <input type="hidden" name="stageRows" value={shown.length} />
          <button type="submit" name="intent" value="addStage" className="btn" formNoValidate>
            Add stage
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function StageRow({ index, row }: { index: number; row: StageFormRow }) {
  const id = (field: string) => `stage-${index}-${field}`;
  const name = (field: string) => `stage.${index}.${field}`;
  return (
    <fieldset className="card stage-row">
      <legend>Stage {index + 1}</legend>
      <div className="grid cols-2">
        <InputField
          id={id("name")}
          name={name("name")}
          label="Name"
          defaultValue={row.name}
          maxLength={40}
          placeholder="e.g. Day 1"
        />
        <InputField
          id={id("games")}
          name={name("games")}
          label="Games"
          type="number"
          min={1}
          max={20}
          inputMode="numeric"
          defaultValue={row.games}
        />
        <SelectField id={id("draw")} name={name("draw")} label="Lobby draw" defaultValue={row.draw || "snake"}>
          {LOBBY_METHODS.map((m) => (
            <option key={m} value={m}>
              {DRAW_WORDS[m]}
            </option>
          ))}
        </SelectField>
        <SelectField id={id("points")} name={name("points")} label="Points" defaultValue={row.points || "carry"}>
          <option value="carry">{STAGE_POINTS_WORDS.carry}</option>
          <option value="reset">{STAGE_POINTS_WORDS.reset}</option>
        </SelectField>
        <SelectField id={id("end")} name={name("end")} label="Ends with" defaultValue={row.end || "none"}>
          {(["none", "cutTo", "topPerLobby", "checkmate"] as const).map((k) => (
            <option key={k} value={k}>
              {STAGE_END_WORDS[k]}
            </option>
          ))}
        </SelectField>
        <InputField
          id={id("value")}
          name={name("value")}
          label="N, K or checkmate points"
          type="number"
          min={1}
          inputMode="numeric"
          defaultValue={row.value}
          hint="Cut: players kept. Best of each lobby: K (1 to 7). Checkmate: the threshold (default 20, at most 200)."
          hintId={id("value-hint")}
          aria-describedby={id("value-hint")}
        />
        <InputField
          id={id("maxGames")}
          name={name("maxGames")}
          label="Checkmate game cap (optional)"
          type="number"
          min={1}
          inputMode="numeric"
          defaultValue={row.maxGames}
          hint="After the cap the leader by points wins; blank: play on until a checkmate or the event's 100th game."
          hintId={id("maxGames-hint")}
          aria-describedby={id("maxGames-hint")}
        />
      </div>
    </fieldset>
  );
}

function LockedRow({ index, row }: { index: number; row: StageFormRow }) {
  const end =
    row.end === "cutTo"
      ? { cutTo: Number(row.value) }
      : row.end === "topPerLobby"
        ? { topPerLobby: Number(row.value) }
        : row.end === "checkmate"
          ? { checkmate: { threshold: Number(row.value), maxGames: row.maxGames === "" ? null : Number(row.maxGames) } }
          : null;
  return (
    <div className="card stage-row">
      {(Object.keys(EMPTY_ROW) as (keyof StageFormRow)[]).map((field) => (
        <input key={field} type="hidden" name={`stage.${index}.${field}`} value={row[field]} />
      ))}
      <p style={{ margin: 0 }}>
        <strong>
          Stage {index + 1}: {row.name}
        </strong>{" "}
        (started) · {row.games} games · {DRAW_WORDS[row.draw] ?? row.draw} ·{" "}
        {STAGE_POINTS_WORDS[row.points as "carry"] ?? row.points} · {endText(end)}
      </p>
    </div>
  );
}
