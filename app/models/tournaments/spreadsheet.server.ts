// Spreadsheet export and import: a tournament as an .xlsx workbook (Tournament, Rules, Players, Lobbies, Matches, and Audit History for its owner and masters), and a workbook's Players sheet (with its settings and rules) as a new tournament.
import ExcelJS from "exceljs";
import { z } from "zod";
import type { AppDb, Executor } from "#db/client.server";
import { players, tournaments, type Tournament } from "#db/schema";
import { findTournamentOr404, type ActionResult } from "../action.server";
import { canSeeHistory, requireActor } from "../access/access.server";
import { changeLines, type AuditValues } from "../audit/audit";
import { historyForExport, recordAudit } from "../audit/audit.server";
import type { PublicUser } from "../access/auth.server";
import { badRequest, isActionError } from "../errors";
import { event } from "../audit/events";
import { listPlayers } from "../roster/roster.server";
import { listAllLobbies } from "../rounds/lobbies.server";
import { listMatches } from "../rounds/scores.server";
import { DNP_LABEL, SCORING_KEYS, ordinal } from "../format/scoring";
import {
  cutRuleOf,
  PRESET_WORDS,
  readRuleset,
  TIEBREAKER_WORDS,
  TIEBREAKERS,
  tiebreakersProblem,
  rulesetFromInput,
  type Tiebreaker,
} from "../format/ruleset";
import { FORMAT_LABELS, FORMATS, LOBBY_METHODS, statusLabel } from "../format/types";
import { playerNameSchema, riotTagSchema } from "../roster/player-input";
import { tournamentCreateSchema } from "./tournament-input";
import { cutRulesText, endText, plannedRounds, stagesProblem } from "../format/stages";
import { streamWorkbook } from "./workbook.server";
import { IMPORT_FAILED } from "../messages";

/** A base64 workbook of about 10 MB; bigger bodies are refused before parsing (the workbook's own parts are limited by WORKBOOK_LIMITS). */
export const IMPORT_BODY_LIMIT = 14_000_000;
/** New tournaments need 16 places (docs/rules.md creation rule), whatever the sheet says. */
const MIN_MAX_PLAYERS = 16;
const MAX_MAX_PLAYERS = 256;
/** A sheet longer than this is not a roster (256 players at most, plus blank lines); reading stops there. */
const MAX_ROWS = 10_000;
/** An imported sheet without a round count gets the create form's default. */
const DEFAULT_ROUNDS = 5;

export const spreadsheetImportSchema = z.object({
  excelData: z.string({ error: IMPORT_FAILED }).trim().min(1, IMPORT_FAILED),
});

const PLAYER_COLUMNS = [
  "Name",
  "Riot Tag",
  "LP",
  "Seed",
  "Total Points",
  "Matches Played",
  "Average Placement",
  "Eliminated",
  "Checked In",
  "Dropped",
  "Drop Reason",
];

/** The sanitised tournament name plus _export.xlsx, as the export's downloads name it (docs/rules.md). */
export function exportFileName(name: string) {
  const base = name.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "") || "tournament";
  return `${base}_export.xlsx`;
}

/**
 * The History sheet holds at most this many entries, newest first: the whole trail is on the
 * History page and its API, and a longer sheet would push a re-import past WORKBOOK_LIMITS.
 */
export const HISTORY_SHEET_LIMIT = 1_000;

/**
 * The workbook of one tournament; anyone with the link may export it (404 for an unknown id).
 * For its owner or a master (`viewer`) it also holds the "Audit History" sheet (Excel reserves the name "History") (docs/rules.md, "Audit trail").
 */
export async function exportTournament(
  db: Executor,
  tournamentId: number,
  viewer: PublicUser | null = null,
): Promise<{ data: Buffer; fileName: string }> {
  const t = await findTournamentOr404(db, tournamentId);
  const [roster, lobbyRows, matchRows] = await Promise.all([
    listPlayers(db, tournamentId),
    listAllLobbies(db, tournamentId),
    listMatches(db, tournamentId),
  ]);
  const byId = new Map(roster.map((p) => [p.id, p]));
  const label = (id: number) => {
    const p = byId.get(id);
    return p ? `${p.name}#${p.riotTag}` : `#${id}`;
  };

  const book = new ExcelJS.Workbook();
  book.creator = "Tournament Manager";
  const info = book.addWorksheet("Tournament");
  info.columns = [
    { header: "Field", key: "field", width: 20 },
    { header: "Value", key: "value", width: 40 },
  ];
  const rows: [string, string | number | boolean][] = [
    ["Name", t.name],
    ["Format", FORMAT_LABELS[t.format]],
    ["Lobby Method", t.lobbyMethod],
    ["Max Players", t.maxPlayers],
    ["Total Rounds", t.totalRounds],
    ["Current Round", t.currentRound],
    ["Status", statusLabel(t.status)],
    ["Public", t.isPublic],
    ...SCORING_KEYS.map((k, i): [string, number] => [`Points ${ordinal(i + 1)}`, t.scoring[k]]),
  ];
  for (const [field, value] of rows) info.addRow({ field, value });

  // The rules in force, readable by a person and read back by the import (docs/rules.md "Rulesets and tiebreaks").
  const ruleset = readRuleset(t.ruleset);
  const rules = book.addWorksheet("Rules");
  rules.columns = [
    { header: "Rule", key: "rule", width: 16 },
    { header: "Value", key: "value", width: 20 },
    { header: "Meaning", key: "meaning", width: 90 },
  ];
  rules.addRow({ rule: "Preset", value: ruleset.preset, meaning: PRESET_WORDS[ruleset.preset].label });
  ruleset.tiebreakers.forEach((c, i) =>
    rules.addRow({
      rule: `Tiebreaker ${i + 1}`,
      value: c,
      meaning: `${TIEBREAKER_WORDS[c].label}: ${TIEBREAKER_WORDS[c].sentence}`,
    }),
  );
  SCORING_KEYS.forEach((k, i) =>
    rules.addRow({ rule: `Points ${ordinal(i + 1)}`, value: t.scoring[k], meaning: "Points for this placement" }),
  );
  rules.addRow({ rule: "Cuts", value: cutRuleOf(ruleset), meaning: cutRulesText(t, cutRuleOf(ruleset)) });
  // The stages (docs/rules.md "Stages"): each as JSON in Value, read back by the import; in words under Meaning.
  if (t.stages && t.stages.length > 0) {
    t.stages.forEach((stage, i) =>
      rules.addRow({
        rule: `Stage ${i + 1}`,
        value: JSON.stringify(stage),
        meaning: `${stage.name}: ${stage.games} games, ${stage.draw} draw, points ${stage.points}, ${endText(stage.end)}`,
      }),
    );
  }

  const sheet = book.addWorksheet("Players");
  sheet.addRow(PLAYER_COLUMNS);
  for (const p of roster) {
    sheet.addRow([
      p.name,
      p.riotTag,
      p.lp,
      p.seed ?? "",
      p.totalPoints,
      p.matchesPlayed,
      Math.round(p.averagePlacement * 10) / 10,
      p.isEliminated,
      p.isCheckedIn,
      p.droppedAt !== null,
      p.dropReason ?? "",
    ]);
  }

  const lobbySheet = book.addWorksheet("Lobbies");
  lobbySheet.addRow(["Round", "Lobby", "Players", "Complete"]);
  for (const l of lobbyRows)
    lobbySheet.addRow([l.roundNumber, l.name, l.playerIds.map(label).join(", "), l.isComplete]);

  const lobbyNames = new Map(lobbyRows.map((l) => [l.id, l.name]));
  const matchSheet = book.addWorksheet("Matches");
  matchSheet.addRow(["Round", "Lobby", "Player", "Riot Tag", "Placement", "Points"]);
  for (const m of matchRows) {
    const p = byId.get(m.playerId);
    matchSheet.addRow([
      m.roundNumber,
      lobbyNames.get(m.lobbyId) ?? "",
      p?.name ?? "",
      p?.riotTag ?? "",
      // A no-show reads "DNP" (docs/decisions/019-dnp-and-drops.md); the import reads only Players and Tournament.
      m.placement ?? DNP_LABEL,
      m.points,
    ]);
  }

  if (canSeeHistory(viewer, t)) {
    const historySheet = book.addWorksheet("Audit History");
    historySheet.addRow(["When", "Who", "Role", "Action", "Round", "What", "Before", "After", "Reason"]);
    for (const e of await historyForExport(db, t.id, HISTORY_SHEET_LIMIT)) {
      const side = (values: AuditValues | null) =>
        changeLines(values, null)
          .map((l) => `${l.field}: ${l.before}`)
          .join("; ");
      historySheet.addRow([
        new Date(e.createdAt).toISOString(),
        e.actorUsername,
        e.actorRole,
        e.action,
        e.roundNumber ?? "",
        e.summary,
        side(e.before),
        side(e.after),
        e.reason ?? "",
      ]);
    }
  }

  const data = Buffer.from(await book.xlsx.writeBuffer());
  return { data, fileName: exportFileName(t.name) };
}

type ImportedPlayer = { name: string; riotTag: string; lp: number; seed: number | null };

// The name and tag follow the same rules as the forms and the API (player-input.ts).
const importedPlayerSchema = z.object({
  name: playerNameSchema,
  riotTag: riotTagSchema,
  lp: z.int().min(0).max(2_147_483_647).default(0),
  seed: z.int().min(1).max(2_147_483_647).nullable().default(null),
});

/**
 * Creates a tournament owned by `user` from a workbook: the Players sheet (Name, Riot Tag, LP,
 * optional Seed) gives the players; the Tournament sheet, when present, the name, format, lobby
 * method, rounds, visibility and scoring. Max players is the sheet's, raised to fit the players
 * (a multiple of 8, at least 16). Stats are not imported: totals always come from saved matches.
 * Any unreadable part answers 400 with docs/rules.md's import message and creates nothing.
 * Event: tournament_created {name}.
 */
export async function importTournament(
  db: AppDb,
  user: PublicUser | null,
  excelData: string,
): Promise<ActionResult<{ tournament: Tournament; importedPlayers: number }>> {
  const actor = requireActor(user);
  const parsed = await readWorkbook(excelData);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tournaments)
      .values({ ...parsed.tournament, ownerId: actor.id })
      .returning();
    if (parsed.players.length > 0) {
      await tx.insert(players).values(parsed.players.map((p) => ({ ...p, tournamentId: created.id })));
    }
    await recordAudit(tx, {
      tournament: created,
      actor,
      action: "tournament.imported",
      summary: `Tournament "${created.name}" imported from a spreadsheet with ${parsed.players.length} player${parsed.players.length === 1 ? "" : "s"}`,
      after: { players: parsed.players.length },
    });
    return {
      result: { tournament: created, importedPlayers: parsed.players.length },
      events: [event("tournament_created", created.id, { name: created.name })],
    };
  });
}

async function readWorkbook(excelData: string) {
  const base64 = excelData.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest("import_failed", IMPORT_FAILED);
  let roster: ImportedPlayer[] | undefined;
  let settings: Settings | undefined;
  let rules: RulesInput | undefined;
  try {
    // Only the Players and Tournament sheets are read, each as a stream that stops at MAX_ROWS.
    await streamWorkbook(Buffer.from(base64, "base64"), async (sheet) => {
      const name = sheet.name.trim().toLowerCase();
      if (name === "players" && roster === undefined) roster = await readPlayers(sheet.rows);
      else if (name === "tournament" && settings === undefined) settings = await readSettings(sheet.rows);
      else if (name === "rules" && rules === undefined) rules = await readRules(sheet.rows);
    });
  } catch (error) {
    // A workbook can be odd in more ways than we check for (too large, not a zip, broken XML): every one of them is a bad file, not a server error.
    if (isActionError(error)) throw error;
    throw badRequest("import_failed", IMPORT_FAILED);
  }
  if (!roster) throw badRequest("import_failed", IMPORT_FAILED);
  settings ??= {};
  const needed = Math.max(MIN_MAX_PLAYERS, Math.ceil(roster.length / 8) * 8);
  if (needed > MAX_MAX_PLAYERS) throw badRequest("import_failed", IMPORT_FAILED);
  const sheetMax = typeof settings.maxPlayers === "number" ? settings.maxPlayers : 0;
  const input = tournamentCreateSchema.safeParse({
    name: settings.name ?? "Imported Tournament",
    format: settings.format,
    lobbyMethod: settings.lobbyMethod,
    maxPlayers: Math.min(MAX_MAX_PLAYERS, Math.max(needed, Math.ceil(sheetMax / 8) * 8)),
    // With stages the rounds are the sum of their games (often above the 10 a stageless tournament allows): the
    // sheet's "Total Rounds" is read only without them.
    totalRounds: rules?.stages ? undefined : (settings.totalRounds ?? DEFAULT_ROUNDS),
    isPublic: settings.isPublic ?? false,
    scoring: settings.scoring,
    // An older export without a Rules sheet imports with the standard order.
    ruleset:
      rules && (rules.preset || rules.tiebreakers)
        ? { preset: rules.preset, tiebreakers: rules.tiebreakers }
        : undefined,
    stages: rules?.stages,
  });
  if (!input.success) throw badRequest("import_failed", IMPORT_FAILED);
  const { name, format, lobbyMethod, maxPlayers, totalRounds, isPublic, scoring, ruleset, stages } = input.data;
  if (stages && stagesProblem(stages, maxPlayers)) throw badRequest("import_failed", IMPORT_FAILED);
  return {
    tournament: {
      name,
      format,
      lobbyMethod,
      maxPlayers,
      totalRounds: stages ? plannedRounds(stages) : (totalRounds ?? DEFAULT_ROUNDS),
      stages: stages ?? null,
      isPublic,
      scoring,
      ruleset: ruleset ? rulesetFromInput(ruleset) : undefined,
    },
    players: roster,
  };
}

/** A sheet's rows as they are read, refused once the sheet is longer than MAX_ROWS (by count or by row number). */
async function* capped(rows: AsyncIterable<ExcelJS.Row>) {
  let count = 0;
  for await (const row of rows) {
    if (++count > MAX_ROWS || row.number > MAX_ROWS) throw badRequest("import_failed", IMPORT_FAILED);
    yield row;
  }
}

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The Players sheet: row 1 names the columns (Name, Riot Tag, LP, optional Seed), each later non-blank row is a player. */
async function readPlayers(rows: AsyncIterable<ExcelJS.Row>): Promise<ImportedPlayer[]> {
  let columns: { name: number; tag: number; lp: number; seed: number } | undefined;
  const out: ImportedPlayer[] = [];
  for await (const row of capped(rows)) {
    if (!columns) {
      // The header is row 1; a sheet that starts lower has none.
      if (row.number !== 1) throw badRequest("import_failed", IMPORT_FAILED);
      const header = (row.values as unknown[]).map((v) => normalize(cellText(v)));
      const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
      columns = {
        name: col("name", "playername", "player"),
        tag: col("riottag", "tag", "gametag"),
        lp: col("lp", "elo", "lpelo"),
        seed: col("seed"),
      };
      if (columns.name < 0 || columns.tag < 0) throw badRequest("import_failed", IMPORT_FAILED);
      continue;
    }
    const at = (c: number) => (c < 0 ? "" : cellText(row.getCell(c).value).trim());
    const name = at(columns.name);
    const riotTag = at(columns.tag);
    if (name === "" && riotTag === "") continue;
    const lp = at(columns.lp);
    const seed = at(columns.seed);
    const player = importedPlayerSchema.safeParse({
      name,
      riotTag,
      lp: lp === "" ? undefined : Number(lp),
      seed: seed === "" ? undefined : Number(seed),
    });
    if (!player.success) throw badRequest("import_failed", IMPORT_FAILED);
    out.push(player.data);
  }
  if (!columns) throw badRequest("import_failed", IMPORT_FAILED);
  return out;
}

type Settings = {
  name?: string;
  format?: string;
  lobbyMethod?: string;
  maxPlayers?: number;
  totalRounds?: number;
  isPublic?: boolean;
  scoring?: number[];
};

/** The Tournament sheet's Field/Value rows; unknown fields are ignored, a wrong value fails the import. */
async function readSettings(rows: AsyncIterable<ExcelJS.Row>): Promise<Settings> {
  const settings: Settings = {};
  const scoring: number[] = [];
  for await (const row of capped(rows)) {
    const field = normalize(cellText(row.getCell(1).value));
    const value = cellText(row.getCell(2).value).trim();
    if (value === "") continue;
    const number = Number(value);
    if (field === "name") settings.name = value;
    else if (field === "format") settings.format = matchOption(value, FORMATS, FORMAT_LABELS);
    else if (field === "lobbymethod") settings.lobbyMethod = matchOption(value, LOBBY_METHODS);
    else if (field === "maxplayers") settings.maxPlayers = number;
    else if (field === "totalrounds") settings.totalRounds = number;
    else if (field === "public") settings.isPublic = ["true", "yes", "1"].includes(value.toLowerCase());
    else {
      const place = field.match(/^points(\d)(st|nd|rd|th)$/);
      if (place) scoring[Number(place[1]) - 1] = number;
    }
  }
  if (scoring.length > 0) settings.scoring = SCORING_KEYS.map((_, i) => scoring[i] ?? 0);
  return settings;
}

type RulesInput = { preset?: string; tiebreakers?: Tiebreaker[]; stages?: unknown[] };

/**
 * The Rules sheet's "Tiebreaker N" rows (a criterion's name or label in the Value column) give the
 * chain; without any, its "Preset" row. A chain the API would refuse fails the import.
 */
async function readRules(rows: AsyncIterable<ExcelJS.Row>): Promise<RulesInput | undefined> {
  const chain: { at: number; criterion: Tiebreaker }[] = [];
  const stages: { at: number; stage: unknown }[] = [];
  let preset: string | undefined;
  for await (const row of capped(rows)) {
    const field = normalize(cellText(row.getCell(1).value));
    const value = cellText(row.getCell(2).value).trim();
    if (value === "") continue;
    const stageAt = field.match(/^stage(\d+)$/);
    if (stageAt) {
      try {
        stages.push({ at: Number(stageAt[1]), stage: JSON.parse(value) });
      } catch {
        throw badRequest("import_failed", IMPORT_FAILED);
      }
      continue;
    }
    const at = field.match(/^tiebreaker(\d+)$/);
    if (at) {
      const criterion = TIEBREAKERS.find(
        (c) => normalize(c) === normalize(value) || normalize(TIEBREAKER_WORDS[c].label) === normalize(value),
      );
      if (!criterion) throw badRequest("import_failed", IMPORT_FAILED);
      chain.push({ at: Number(at[1]), criterion });
    } else if (field === "preset") {
      preset = value.toLowerCase();
    }
  }
  const stageList = stages.length > 0 ? stages.sort((a, b) => a.at - b.at).map((s) => s.stage) : undefined;
  if (chain.length > 0) {
    const tiebreakers = chain.sort((a, b) => a.at - b.at).map((c) => c.criterion);
    if (tiebreakersProblem(tiebreakers)) throw badRequest("import_failed", IMPORT_FAILED);
    return { tiebreakers, stages: stageList };
  }
  if (preset === "standard" || preset === "riot") return { preset, stages: stageList };
  return stageList ? { stages: stageList } : undefined;
}

function matchOption(value: string, options: readonly string[], labels: Record<string, string> = {}) {
  const wanted = value.trim().toLowerCase();
  return options.find((o) => o === wanted || labels[o]?.toLowerCase() === wanted) ?? value;
}

/** A cell's value as text: numbers, booleans, rich text, hyperlinks and formula results included. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join("");
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
  }
  return "";
}
