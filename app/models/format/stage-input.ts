// The stage list as clients send it (POST /api/tournaments, PATCH, the stage builder's form): shapes here, the rules
// that need the whole list (stagesProblem in app/models/format/stages.ts) in the model. Every refusal is a 400.
import { z } from "zod";
import { DEFAULT_CHECKMATE_THRESHOLD, MAX_STAGES, STAGE_NAME_MAX, type Stage } from "./stages";
import { LOBBY_METHODS } from "./types";
import { text } from "../fields";

const whole = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`),
  );

const endSchema = z
  .union(
    [
      z.strictObject({ cutTo: whole("cutTo") }),
      z.strictObject({ topPerLobby: whole("topPerLobby") }),
      z.strictObject({
        checkmate: z.strictObject({
          threshold: z
            .number({ error: "The checkmate threshold must be a number" })
            .default(DEFAULT_CHECKMATE_THRESHOLD),
          maxGames: whole("maxGames").nullable().default(null),
        }),
      }),
      z.null(),
    ],
    {
      error:
        'A stage\'s end is {"cutTo": N}, {"topPerLobby": K}, {"checkmate": {"threshold": T, "maxGames": G}} or null',
    },
  )
  .default(null);

export const stageInputSchema = z.strictObject(
  {
    // A one-line name like every other (no control characters, no lone surrogate: a spreadsheet's Stage row, JSON
    // read from a cell, reaches this schema without the API body reader's check, and jsonb would refuse it: a 500).
    name: text("A stage name", "A stage needs a name")
      .min(1, "A stage needs a name")
      .max(STAGE_NAME_MAX, `A stage name is at most ${STAGE_NAME_MAX} characters`),
    games: whole("games"),
    draw: z.enum(LOBBY_METHODS, { error: "A stage's draw is snake, swiss or round-robin" }).default("snake"),
    points: z.enum(["carry", "reset"], { error: 'A stage\'s points are "carry" or "reset"' }).default("carry"),
    end: endSchema,
  },
  { error: "A stage is an object with name, games, draw, points and end" },
);

export const stageListSchema = z
  .array(stageInputSchema, { error: "stages must be a list of stages" })
  .min(1, "A tournament needs at least one stage")
  .max(MAX_STAGES, `At most ${MAX_STAGES} stages`);

// ---------- the stage builder's form fields ----------

/** The builder's rows: `stage.N.name`, `stage.N.games`, `stage.N.draw`, `stage.N.points`, `stage.N.end` (none,
 * cutTo, topPerLobby, checkmate), `stage.N.value` (N, K or T) and `stage.N.maxGames`. Rows with a blank name and
 * blank games are left out. */
export const FORM_STAGE_ROWS = MAX_STAGES;

export type StageFormRow = {
  name: string;
  games: string;
  draw: string;
  points: string;
  end: string;
  value: string;
  maxGames: string;
};

export function stageRowsFromForm(form: FormData): StageFormRow[] {
  const rows: StageFormRow[] = [];
  for (let i = 0; i < FORM_STAGE_ROWS; i++) {
    const get = (key: string) => String(form.get(`stage.${i}.${key}`) ?? "").trim();
    const row = {
      name: get("name"),
      games: get("games"),
      draw: get("draw"),
      points: get("points"),
      end: get("end"),
      value: get("value"),
      maxGames: get("maxGames"),
    };
    if (row.name === "" && row.games === "") continue;
    rows.push(row);
  }
  return rows;
}

/** A form row as the API's stage input (stageInputSchema checks it). */
export function stageInputOfRow(row: StageFormRow): Record<string, unknown> {
  const number = (v: string) => (v === "" ? undefined : Number(v));
  let end: unknown = null;
  if (row.end === "cutTo") end = { cutTo: number(row.value) };
  else if (row.end === "topPerLobby") end = { topPerLobby: number(row.value) };
  else if (row.end === "checkmate")
    end = {
      checkmate: {
        threshold: number(row.value) ?? DEFAULT_CHECKMATE_THRESHOLD,
        maxGames: row.maxGames === "" ? null : Number(row.maxGames),
      },
    };
  return {
    name: row.name,
    games: row.games === "" ? undefined : row.games,
    draw: row.draw || undefined,
    points: row.points || undefined,
    end,
  };
}

/** A stored stage as a form row. */
export function rowOfStage(stage: Stage): StageFormRow {
  const end = stage.end;
  let kind = "none";
  let value = "";
  let maxGames = "";
  if (end !== null && "cutTo" in end) [kind, value] = ["cutTo", String(end.cutTo)];
  else if (end !== null && "topPerLobby" in end) [kind, value] = ["topPerLobby", String(end.topPerLobby)];
  else if (end !== null && "checkmate" in end) {
    [kind, value] = ["checkmate", String(end.checkmate.threshold)];
    maxGames = end.checkmate.maxGames === null ? "" : String(end.checkmate.maxGames);
  }
  return {
    name: stage.name,
    games: String(stage.games),
    draw: stage.draw,
    points: stage.points,
    end: kind,
    value,
    maxGames,
  };
}
