// The scoring table: how a placement 1..8 in a lobby turns into points.

export type Scoring = {
  first: number;
  second: number;
  third: number;
  fourth: number;
  fifth: number;
  sixth: number;
  seventh: number;
  eighth: number;
};

export const SCORING_KEYS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
] as const satisfies readonly (keyof Scoring)[];

export type ScoringKey = (typeof SCORING_KEYS)[number];

/** One entry per place, in place order: the fields of a schema for the table (zod stays out of this module). */
export function scoringShape<T>(field: (key: ScoringKey) => T): Record<ScoringKey, T> {
  return Object.fromEntries(SCORING_KEYS.map((key) => [key, field(key)])) as Record<ScoringKey, T>;
}

/** The largest points a placement may give: totals stay finite however many rounds are played. */
export const SCORING_MAX = 1_000_000;

/** The guide's table and the create form's default. */
export const DEFAULT_SCORING: Readonly<Scoring> = Object.freeze({
  first: 8,
  second: 7,
  third: 6,
  fourth: 5,
  fifth: 4,
  sixth: 3,
  seventh: 2,
  eighth: 1,
});

/** What the settings form shows for a tournament with no stored table (docs/rules.md "Fields and validation"). */
export const SETTINGS_FALLBACK_SCORING: Readonly<Scoring> = Object.freeze({
  first: 10,
  second: 8,
  third: 6,
  fourth: 4,
  fifth: 2,
  sixth: 1,
  seventh: 0,
  eighth: 0,
});

/** A full table: a number for every place (a stored table may predate one). */
export function isScoring(value: unknown): value is Scoring {
  return (
    typeof value === "object" &&
    value !== null &&
    SCORING_KEYS.every((k) => typeof (value as Record<string, unknown>)[k] === "number")
  );
}

/** What the settings form shows: the stored table, or docs/rules.md's 10,8,6,4,2,1,0,0 when none is stored whole. */
export function settingsScoring(stored: unknown): Scoring {
  return isScoring(stored) ? stored : { ...SETTINGS_FALLBACK_SCORING };
}

/**
 * Points for a placement. Anything outside 1..8 (0 is "unscored" on the score form) is worth 0,
 * so callers never have to special-case a missing placement; validation rejects those earlier.
 */
export function pointsFor(scoring: Scoring, placement: number): number {
  if (!Number.isInteger(placement) || placement < 1 || placement > 8) return 0;
  return scoring[SCORING_KEYS[placement - 1]];
}

/**
 * The saved result of one entry of a lobby save: a placement's points from the table, or for a DNP ("did not play")
 * no placement and 0 points, whatever the table says (docs/decisions/019-dnp-and-drops.md).
 */
export function resultFor(
  scoring: Scoring,
  entry: { placement: number; dnp?: boolean },
): { placement: number | null; points: number; dnp: boolean } {
  if (entry.dnp) return { placement: null, points: 0, dnp: true };
  return { placement: entry.placement, points: pointsFor(scoring, entry.placement), dnp: false };
}

export function scoringToArray(scoring: Scoring): number[] {
  return SCORING_KEYS.map((key) => scoring[key]);
}

/** Missing trailing values count as 0, so a short list from a spreadsheet still gives a full table. */
export function scoringFromArray(values: readonly number[]): Scoring {
  const scoring = {} as Scoring;
  SCORING_KEYS.forEach((key, i) => {
    scoring[key] = values[i] ?? 0;
  });
  return scoring;
}

/** What every screen, the export and the trail show for a no-show's result (docs/decisions/019-dnp-and-drops.md). */
export const DNP_LABEL = "DNP";
/** The score form's placement value for "did not play" (a select has one value per player). */
export const DNP_VALUE = "dnp";

/** A saved result's placement as shown: "3rd", or "DNP" for a no-show (no placement). */
export function placementText(placement: number | null): string {
  return placement === null ? DNP_LABEL : ordinal(placement);
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 21 → "21st". */
export function ordinal(n: number): string {
  const mod100 = Math.abs(n) % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (Math.abs(n) % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
