// A tournament's ruleset: its tiebreak chain (presets standard and riot, or a custom order), each criterion a pure
import { rulesetLockedMessage } from "../messages";
// comparison with its own words, and the cut rule that follows from it (docs/rules.md "Rulesets and tiebreaks").

/** Every criterion a tiebreak chain may name, in the order forms list them. */
export const TIEBREAKERS = [
  "totalPoints",
  "eventPoints",
  "averagePlacement",
  "bestFinish",
  "wins",
  "top4",
  "riotScore",
  "placementCounts",
  "recentGames",
  "seed",
  "registration",
] as const;
export type Tiebreaker = (typeof TIEBREAKERS)[number];

/** Each criterion's words: a short label (tables, selects, `separatedBy` notes) and a plain sentence (Rules sections). */
export const TIEBREAKER_WORDS: Record<Tiebreaker, { label: string; sentence: string }> = {
  totalPoints: { label: "Total points", sentence: "More total points ranks higher." },
  eventPoints: {
    label: "Event points",
    sentence: "More points over the whole event ranks higher (the same as total points while an event has one stage).",
  },
  averagePlacement: {
    label: "Average placement",
    sentence: "The lower average placement ranks higher; a player without a placed game counts as the worst.",
  },
  bestFinish: { label: "Best finish", sentence: "The better best placement ranks higher." },
  wins: { label: "Wins", sentence: "More 1st places ranks higher." },
  top4: { label: "Top-4 finishes", sentence: "More top-4 finishes ranks higher." },
  riotScore: {
    label: "Top-4 finishes plus wins",
    sentence: "More top-4 finishes plus 1st places ranks higher (a win counts twice).",
  },
  placementCounts: {
    label: "Placement counts",
    sentence: "More 1st places ranks higher, then more 2nd places, and so on down to 8th places.",
  },
  recentGames: {
    label: "Most recent games",
    sentence:
      "The better placement in the player's most recent game ranks higher, then in the game before, and so on " +
      "(games a player did not play are skipped; running out of games first ranks lower).",
  },
  seed: {
    label: "Seed",
    sentence: "The lower seed ranks higher; a player without a seed comes after every seeded one.",
  },
  registration: {
    label: "Registration order",
    sentence: "The player registered first ranks higher. Always last, so no two players are ever tied.",
  },
};

export const STANDARD_TIEBREAKERS: readonly Tiebreaker[] = Object.freeze([
  "totalPoints",
  "averagePlacement",
  "bestFinish",
  "wins",
  "top4",
  "seed",
  "registration",
]);
/**
 * Riot's order. Event points come second: in an event with stages a stage's points tie is broken by the points over
 * the whole event before top-4 finishes and wins (the 2024 Americas Golden Spatula's final day, points reset, crowned
 * the player with more points over the event); with one stage they equal total points and never separate anyone.
 */
export const RIOT_TIEBREAKERS: readonly Tiebreaker[] = Object.freeze([
  "totalPoints",
  "eventPoints",
  "riotScore",
  "placementCounts",
  "recentGames",
  "registration",
]);
/** The riot chain stored before event points joined it: such a stored (or sent) chain is the riot preset. */
const RIOT_BEFORE_EVENT_POINTS: readonly Tiebreaker[] = Object.freeze(
  RIOT_TIEBREAKERS.filter((c) => c !== "eventPoints"),
);

export const PRESETS = { standard: STANDARD_TIEBREAKERS, riot: RIOT_TIEBREAKERS } as const;
export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];
export type RulesetPreset = PresetName | "custom";

export const PRESET_WORDS: Record<RulesetPreset, { label: string; sentence: string }> = {
  standard: {
    label: "Standard",
    sentence:
      "Total points, then average placement, best finish, wins, top-4 finishes, seed and registration order. " +
      "Ties at a cut line: same points and average placement within 0.01; the host picks.",
  },
  riot: {
    label: "Riot (official TFT rules)",
    sentence:
      "Total points, then (in an event with stages) the points over the whole event, then top-4 finishes plus wins " +
      "(a win counts twice), then the most 1sts, 2nds, … 8ths, then the most recent games; registration order last.",
  },
  custom: {
    label: "Custom",
    sentence: "Your own order: total points first, then any criteria you choose; registration order last.",
  },
};

/** What a tournament stores and the API answers: the preset's name ("custom" for a hand-made chain) and the whole chain. */
export type Ruleset = { preset: RulesetPreset; tiebreakers: Tiebreaker[] };

export const STANDARD_RULESET: Readonly<Ruleset> = Object.freeze({
  preset: "standard",
  tiebreakers: [...STANDARD_TIEBREAKERS],
});

export function isTiebreaker(value: unknown): value is Tiebreaker {
  return typeof value === "string" && (TIEBREAKERS as readonly string[]).includes(value);
}

/**
 * Why a hand-made chain is refused, or null when it may be stored. Registration order ends every
 * chain (it is appended when missing), so it may only come last.
 */
export function tiebreakersProblem(list: readonly unknown[]): string | null {
  if (list.length === 0) return "The tiebreak order cannot be empty: it starts with total points";
  const seen = new Set<string>();
  for (const item of list) {
    if (!isTiebreaker(item)) return `Unknown tiebreaker "${String(item)}"`;
    if (seen.has(item)) return `The tiebreaker "${item}" is listed twice`;
    seen.add(item);
  }
  if (list[0] !== "totalPoints") return "The tiebreak order must start with totalPoints";
  if (seen.has("registration") && list.at(-1) !== "registration") {
    return "registration can only come last: it always ends the tiebreak order";
  }
  return null;
}

function sameChain(a: readonly Tiebreaker[], b: readonly Tiebreaker[]) {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/**
 * A valid chain as stored: registration appended when missing, named after the preset it equals, else "custom". The
 * riot chain of before event points reads as today's riot (same order with one stage; Riot's order with stages).
 */
export function rulesetFromTiebreakers(list: readonly Tiebreaker[]): Ruleset {
  const tiebreakers = list.at(-1) === "registration" ? [...list] : [...list, "registration" as const];
  if (sameChain(tiebreakers, RIOT_BEFORE_EVENT_POINTS)) return rulesetFromPreset("riot");
  const preset = PRESET_NAMES.find((name) => sameChain(PRESETS[name], tiebreakers)) ?? "custom";
  return { preset, tiebreakers };
}

export function rulesetFromPreset(preset: PresetName): Ruleset {
  return { preset, tiebreakers: [...PRESETS[preset]] };
}

/** A stored ruleset as the rules read it: anything unreadable (or none) is the standard one, as before rulesets existed. */
export function readRuleset(stored: unknown): Ruleset {
  const list = (stored as { tiebreakers?: unknown } | null | undefined)?.tiebreakers;
  if (!Array.isArray(list) || tiebreakersProblem(list) !== null)
    return { ...STANDARD_RULESET, tiebreakers: [...STANDARD_TIEBREAKERS] };
  return rulesetFromTiebreakers(list as Tiebreaker[]);
}

export function sameRuleset(a: Ruleset, b: Ruleset): boolean {
  return sameChain(a.tiebreakers, b.tiebreakers);
}

/**
 * How ties at a cut line are settled. Standard keeps the spec's rule: same points and average
 * placement within 0.01 are tied, and the host picks. Every other chain decides as far as it
 * separates players; only players it leaves equal before registration order go to the host.
 */
export type CutRule = "pointsAndAverage" | "chain";

export function cutRuleOf(ruleset: Ruleset): CutRule {
  return ruleset.preset === "standard" ? "pointsAndAverage" : "chain";
}

/** Who is tied at any cut line (a cut between games or a stage's cut to N), per cut rule. */
export const CUT_TIE_WORDS: Record<CutRule, string> = {
  pointsAndAverage:
    "Players with the same points and an average placement within 0.01 are tied; when a tie straddles the cut line " +
    "the host picks who goes.",
  chain:
    "At the cut line the tiebreak order decides; players it leaves equal before registration order are tied, and the " +
    "host picks who goes.",
};

/** The cut between games (the cut dialog): a multiple of 8, keeping at least 8 (docs/rules.md "Cuts and tiebreaks"). */
export const BETWEEN_GAMES_CUT_WORDS =
  "A cut removes a multiple of 8 players and keeps at least 8, lowest standings first.";

/** The cut rule of a tournament without stages: the cut between games and the tie at its line. */
export const CUT_RULE_WORDS: Record<CutRule, string> = {
  pointsAndAverage: `${BETWEEN_GAMES_CUT_WORDS} ${CUT_TIE_WORDS.pointsAndAverage}`,
  chain: `${BETWEEN_GAMES_CUT_WORDS} ${CUT_TIE_WORDS.chain}`,
};

// ---------- the criteria ----------

/**
 * One game of a player as the criteria read it. A DNP (did not play) game has no placement
 * (`placement` null or `dnp` true): it counts toward matches played only, never toward a
 * placement-based criterion.
 */
export type GameResult = { roundNumber: number; placement: number | null; points: number; dnp?: boolean };

export function isPlaced(game: Pick<GameResult, "placement" | "dnp">): game is { placement: number } {
  return game.dnp !== true && typeof game.placement === "number" && game.placement >= 1;
}

/** A player's record: everything any criterion compares, computed once per player. */
export type PlayerRecord = {
  id: number;
  seed: number | null;
  totalPoints: number;
  eventPoints: number;
  /** Games played as the totals count them (DNPs included): with the average, whether the player has one. */
  matchesPlayed: number;
  /** The average placement, or Infinity without a placed game (never a perfect 0). */
  averageKey: number;
  bestFinish: number | null;
  wins: number;
  top4: number;
  riotScore: number;
  /** counts[i]: how many times the player placed (i + 1)th. */
  counts: number[];
  /** Placements of the placed games, most recent first (round order; DNPs skipped). */
  recent: number[];
};

/**
 * The average placement as a ranking key, lower is better. Without a placed game (no matches, or only DNPs, whose
 * average is 0) an average of 0 would look like the best possible; it is the worst instead.
 */
export function averageRankKey(totals: { matchesPlayed: number; averagePlacement: number }): number {
  return totals.matchesPlayed > 0 && totals.averagePlacement > 0 ? totals.averagePlacement : Infinity;
}

type RecordTotals = { totalPoints: number; eventPoints: number; matchesPlayed: number; averagePlacement: number };

/** The one place a record is put together: every placement-based criterion follows from the counts. */
function recordFrom(
  player: { id: number; seed: number | null },
  totals: RecordTotals,
  counts: number[],
  recent: number[],
): PlayerRecord {
  const wins = counts[0];
  const top4 = counts[0] + counts[1] + counts[2] + counts[3];
  let best = 0;
  while (best < counts.length && counts[best] === 0) best++;
  return {
    id: player.id,
    seed: player.seed,
    totalPoints: totals.totalPoints,
    eventPoints: totals.eventPoints,
    matchesPlayed: totals.matchesPlayed,
    averageKey: averageRankKey(totals),
    bestFinish: best === counts.length ? null : best + 1,
    wins,
    top4,
    riotScore: top4 + wins,
    counts,
    recent,
  };
}

/**
 * The record of one player from their games (any order) and the totals that carry a master's
 * adjustments (totalPoints, matchesPlayed, averagePlacement of app/models/format/stats.ts).
 */
export function playerRecord(
  player: { id: number; seed: number | null },
  totals: { totalPoints: number; matchesPlayed: number; averagePlacement: number; eventPoints?: number },
  games: readonly GameResult[],
  /** Whether the chain compares recent games: only then are the placed games put in round order. */
  withRecent = true,
): PlayerRecord {
  const counts = [0, 0, 0, 0, 0, 0, 0, 0];
  const placed: GameResult[] = [];
  for (const game of games) {
    if (!isPlaced(game)) continue;
    if (withRecent) placed.push(game);
    if (game.placement <= 8) counts[game.placement - 1]++;
  }
  // Latest round first; within a round (never in real data) the better placement first, so input order never matters.
  if (withRecent) placed.sort((a, b) => b.roundNumber - a.roundNumber || a.placement! - b.placement!);
  const recent = placed.map((g) => g.placement!);
  return recordFrom(player, { ...totals, eventPoints: totals.eventPoints ?? totals.totalPoints }, counts, recent);
}

/**
 * The record after one more game placed `placement` for `points` (what the standings read after a game still to be
 * played; "what do I need" ranks these). `averageOverride`: a master's fixed average, which stays whatever the player
 * places; otherwise the average of the placed games, as app/models/format/stats.ts computes it.
 */
export function recordAfter(
  record: PlayerRecord,
  game: { placement: number; points: number },
  averageOverride: number | null = null,
): PlayerRecord {
  const counts = record.counts.slice();
  counts[game.placement - 1]++;
  let placed = 0;
  let sum = 0;
  for (let i = 0; i < counts.length; i++) {
    placed += counts[i];
    sum += (i + 1) * counts[i];
  }
  const totals: RecordTotals = {
    totalPoints: record.totalPoints + game.points,
    eventPoints: record.eventPoints + game.points,
    matchesPlayed: record.matchesPlayed + 1,
    averagePlacement: averageOverride ?? sum / placed,
  };
  return recordFrom(record, totals, counts, [game.placement, ...record.recent]);
}

/** No game at that depth: worse than any placement. */
const NO_GAME = 9;

/** Each criterion as "negative if a ranks above b, 0 when it cannot tell them apart". */
export const COMPARE: Record<Tiebreaker, (a: PlayerRecord, b: PlayerRecord) => number> = {
  totalPoints: (a, b) => b.totalPoints - a.totalPoints,
  eventPoints: (a, b) => b.eventPoints - a.eventPoints,
  averagePlacement: (a, b) => a.averageKey - b.averageKey || 0,
  bestFinish: (a, b) => (a.bestFinish ?? Infinity) - (b.bestFinish ?? Infinity) || 0,
  wins: (a, b) => b.wins - a.wins,
  top4: (a, b) => b.top4 - a.top4,
  riotScore: (a, b) => b.riotScore - a.riotScore,
  placementCounts: (a, b) => {
    for (let i = 0; i < 8; i++) {
      const d = b.counts[i] - a.counts[i];
      if (d !== 0) return d;
    }
    return 0;
  },
  recentGames: (a, b) => {
    const n = Math.max(a.recent.length, b.recent.length);
    for (let i = 0; i < n; i++) {
      const d = (a.recent[i] ?? NO_GAME) - (b.recent[i] ?? NO_GAME);
      if (d !== 0) return d;
    }
    return 0;
  },
  seed: (a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity) || 0,
  registration: (a, b) => a.id - b.id,
};

/** Negative if a ranks above b by the chain, 0 when no criterion tells them apart (the sort's comparator: no allocation). */
export function compareRecords(chain: readonly Tiebreaker[], a: PlayerRecord, b: PlayerRecord): number {
  for (let i = 0; i < chain.length; i++) {
    const d = COMPARE[chain[i]](a, b);
    if (d !== 0) return d;
  }
  return 0;
}

/** The first criterion of `chain` that tells a and b apart, with its sign; null when none does. */
export function firstDifference(
  chain: readonly Tiebreaker[],
  a: PlayerRecord,
  b: PlayerRecord,
): [Tiebreaker, number] | null {
  for (const criterion of chain) {
    const d = COMPARE[criterion](a, b);
    if (d !== 0) return [criterion, d];
  }
  return null;
}

/** What a create or settings call asked for (validated by rulesetInputSchema), as stored. */
export function rulesetFromInput(input: { preset?: string; tiebreakers?: readonly Tiebreaker[] }): Ruleset {
  if (input.tiebreakers) return rulesetFromTiebreakers(input.tiebreakers);
  return rulesetFromPreset(input.preset === "riot" ? "riot" : "standard");
}

/** Why the chain may no longer change, or null: once a round is finalized, standings and cuts were decided by it. */
export function rulesetChangeProblem(t: { finalizedRound: number }): string | null {
  if (t.finalizedRound <= 0) return null;
  return rulesetLockedMessage(t.finalizedRound);
}

/** The chain in plain words: "Total points, then Average placement, then …". */
export function chainText(tiebreakers: readonly Tiebreaker[]): string {
  return tiebreakers.map((c) => TIEBREAKER_WORDS[c].label).join(" → ");
}
