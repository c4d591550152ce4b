// "What do I need": before the last game ahead of a line (a cut to N overall: a stage's end or a cut between games; or
// a stage keeping the best K of each lobby) and before every checkmate game, the worst placement that guarantees
// staying above the line, the worst that still makes it possible, or the points still needed for checkmate. Exact:
// docs/decisions/026-what-do-i-need.md.
import { tiedAtLine } from "./cuts";
import { compareRecords, recordAfter, type CutRule, type PlayerRecord, type Tiebreaker } from "./ruleset";
import { ordinal, pointsFor, type Scoring } from "./scoring";

/** Most places a lobby hands out. */
export const MAX_PLACES = 8;

/** A player in contention: their record now, and a master's fixed average placement (it stays whatever they place). */
export type NeedPlayer = { record: PlayerRecord; averageOverride?: number | null };

/**
 * One lobby of the game: its players in contention (dropped or cut players left out), how many places its players
 * take (8, or exactly 1..k when k of them are present and the rest are known no-shows), and whether it is scored;
 * once scored, the placement each of its players took (a DNP took none).
 */
export type NeedLobby = {
  playerIds: readonly number[];
  places?: number;
  done?: boolean;
  placements?: ReadonlyMap<number, number>;
};

/**
 * The line: the best `keep` overall stay (by the standings after the game), or the best `keep` of each lobby of the
 * game by their placement in it (a stage's `topPerLobby` end, as planStageEnd in stage-standings.ts applies it).
 */
export type NeedLine = { kind: "overall"; keep: number } | { kind: "lobby"; keep: number };

/**
 * One player's outlook at a line. `playing`: the player still has to place in this game; then `safe` is the worst
 * placement with which every placement up to it guarantees staying above the line (0: none does; `places`: any does)
 * and `alive` the same for "still possible". A player whose game is scored has `safe` and `alive` each 0 or `places`.
 */
export type CutOutlook = { playing: boolean; places: number; safe: number; alive: number };

/** maxMatching's scratch (it never recurses into itself across calls). */
const ORDER = new Int32Array(MAX_PLACES);

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, m) => {
  let c = 0;
  for (let x = m; x; x &= x - 1) c++;
  return c;
});

/**
 * The most players that can sit on a place of their own set at once (masks over places, each a subset of the
 * places free): a maximum bipartite matching. Nested sets (any points table that never rises) take a greedy pass.
 */
export function maxMatching(masks: readonly number[] | Int32Array, n: number, offset = 0): number {
  const order = ORDER;
  let m = 0;
  for (let i = offset; i < offset + n; i++) if (masks[i] !== 0) order[m++] = masks[i];
  // Smallest sets first.
  for (let i = 1; i < m; i++) {
    const v = order[i];
    let j = i - 1;
    while (j >= 0 && POPCOUNT[order[j]] > POPCOUNT[v]) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = v;
  }
  let nested = true;
  for (let i = 1; i < m && nested; i++) if ((order[i - 1] & ~order[i]) !== 0) nested = false;
  if (nested) {
    let used = 0;
    let count = 0;
    for (let i = 0; i < m; i++) {
      const free = order[i] & ~used;
      if (free !== 0) {
        used |= free & -free;
        count++;
      }
    }
    return count;
  }
  // Kuhn's augmenting paths: at most 8 players and 8 places.
  const owner = new Int32Array(MAX_PLACES).fill(-1);
  let visited = 0;
  const augment = (u: number): boolean => {
    for (let rest = order[u] & ~visited; rest !== 0; rest &= rest - 1) {
      const bit = rest & -rest;
      visited |= bit;
      const place = 31 - Math.clz32(bit);
      if (owner[place] === -1 || augment(owner[place])) {
        owner[place] = u;
        return true;
      }
    }
    return false;
  };
  let count = 0;
  for (let u = 0; u < m; u++) {
    visited = 0;
    if (augment(u)) count++;
  }
  return count;
}

/**
 * Every contender's outlook at `line` for the game whose lobbies are `lobbies`. The overall line counts: with p's
 * placement fixed, every other player's placements that put them above p (or tied at the line) form a set; the most of
 * a lobby that can be above at once, and the fewest, are matchings of its players onto its places, and lobbies add up.
 * p is safe when even the most above-or-tied leave p within `keep`, alive when the fewest strictly above do. Players
 * in contention outside every lobby keep their record. The lobby line: lobbyLineOutlooks. Players of `lobbies` missing
 * from `players` are ignored.
 */
export function cutOutlooks(input: {
  players: readonly NeedPlayer[];
  lobbies: readonly NeedLobby[];
  chain: readonly Tiebreaker[];
  // cutRuleOf the chain's ruleset: the standard rule comes with the standard chain, whose points-then-average order
  // keeps each tie window one run of the sorted records.
  tieRule: CutRule;
  scoring: Scoring;
  line: NeedLine;
}): Map<number, CutOutlook> {
  const { players, chain, scoring, line } = input;
  if (line.kind === "lobby") return lobbyLineOutlooks(players, input.lobbies, line.keep);
  const n = players.length;
  const indexOf = new Map<number, number>();
  players.forEach((p, i) => indexOf.set(p.record.id, i));

  // Each player's lobby (-1: none) and, for players still to place, how many places their lobby hands out.
  const lobbyOf = new Int32Array(n).fill(-1);
  const places = new Int32Array(n); // 0: record fixed for this game
  const lobbyCount = input.lobbies.length;
  input.lobbies.forEach((lobby, li) => {
    const list: number[] = [];
    for (const id of lobby.playerIds) {
      const i = indexOf.get(id);
      if (i === undefined || lobbyOf[i] !== -1) continue;
      lobbyOf[i] = li;
      list.push(i);
    }
    if (!lobby.done) {
      const count = Math.min(MAX_PLACES, Math.max(list.length, lobby.places ?? MAX_PLACES));
      for (const i of list) places[i] = count;
    }
  });

  // Every candidate record (a player still to place: one per place; otherwise their record), sorted once.
  const first = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) first[i + 1] = first[i] + Math.max(1, places[i]);
  const total = first[n];
  const records: PlayerRecord[] = new Array(total);
  const ownerOf = new Int32Array(total);
  for (let i = 0; i < n; i++) {
    if (places[i] === 0) {
      records[first[i]] = players[i].record;
      ownerOf[first[i]] = i;
    } else {
      for (let y = 1; y <= places[i]; y++) {
        const game = { placement: y, points: pointsFor(scoring, y) };
        records[first[i] + y - 1] = recordAfter(players[i].record, game, players[i].averageOverride ?? null);
        ownerOf[first[i] + y - 1] = i;
      }
    }
  }
  const sorted = Array.from({ length: total }, (_, c) => c).sort((a, b) =>
    compareRecords(chain, records[a], records[b]),
  );
  const pos = new Int32Array(total);
  sorted.forEach((c, j) => (pos[c] = j));
  const tied = tiedAtLine(input.tieRule, chain);

  // Fixed players by sorted position, for counting them with a subtraction.
  const fixedBefore = new Int32Array(total + 1);
  for (let j = 0; j < total; j++) fixedBefore[j + 1] = fixedBefore[j] + (places[ownerOf[sorted[j]]] === 0 ? 1 : 0);

  /** [lo, hi]: the sorted positions tied with candidate c at the line (contiguous: docs/decisions/026). */
  const tieWindow = (c: number): [number, number] => {
    const at = pos[c];
    const rec = records[c];
    let a = 0;
    let b = at;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (tied(records[sorted[mid]], rec)) b = mid;
      else a = mid + 1;
    }
    const lo = a;
    a = at;
    b = total - 1;
    while (a < b) {
      const mid = (a + b + 1) >> 1;
      if (tied(records[sorted[mid]], rec)) a = mid;
      else b = mid - 1;
    }
    return [lo, a];
  };

  // Each player's best and worst candidate position: a player wholly above or below p needs no matching.
  const minPos = new Int32Array(n);
  const maxPos = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let low = total;
    let high = -1;
    for (let c = first[i]; c < first[i + 1]; c++) {
      low = Math.min(low, pos[c]);
      high = Math.max(high, pos[c]);
    }
    minPos[i] = low;
    maxPos[i] = high;
  }

  // The overall line counts the players wholly above (or above-or-tied) from their worst position, and matches only
  // those whose positions straddle p's tie window, lobby by lobby.
  const playing: number[] = [];
  for (let i = 0; i < n; i++) if (places[i] > 0) playing.push(i);
  const worstSorted = Int32Array.from(playing.map((i) => maxPos[i])).sort();
  const byBest = Int32Array.from(playing).sort((a, b) => minPos[a] - minPos[b]);
  /** How many of `sortedValues` are below `limit`. */
  const countBelow = (sortedValues: Int32Array, limit: number) => {
    let a = 0;
    let b = sortedValues.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (sortedValues[mid] < limit) a = mid + 1;
      else b = mid;
    }
    return a;
  };
  const bufA = new Int32Array(lobbyCount * MAX_PLACES);
  const bufB = new Int32Array(lobbyCount * MAX_PLACES);
  const countA = new Int32Array(lobbyCount);
  const countB = new Int32Array(lobbyCount);
  const touched = new Int32Array(lobbyCount);

  /** [most above-or-tied, fewest above] among p's competitors with p's candidate record c (p placing `taken`). */
  const counts = (p: number, c: number, taken: number): [number, number] => {
    const [lo, hi] = tieWindow(c);
    const pPlays = places[p] > 0;
    let most = fixedBefore[hi + 1] + countBelow(worstSorted, hi + 1);
    let fewest = fixedBefore[lo] + countBelow(worstSorted, lo);
    if (!pPlays)
      most--; // p's own record sits in its window
    else {
      if (maxPos[p] <= hi) most--;
      if (maxPos[p] < lo) fewest--;
    }
    const pLobby = pPlays ? lobbyOf[p] : -1;
    let lobbiesTouched = 0;
    for (let k = 0; k < byBest.length; k++) {
      const q = byBest[k];
      const low = minPos[q];
      if (low > hi) break;
      const high = maxPos[q];
      if (q === p || high < lo) continue;
      const li = lobbyOf[q];
      const free = li === pLobby ? ~taken : -1;
      if (countA[li] === 0 && countB[li] === 0) touched[lobbiesTouched++] = li;
      const at = first[q];
      const end = first[q + 1];
      if (high > hi) {
        let st = 0;
        for (let y = at; y < end; y++) if (pos[y] <= hi) st |= 1 << (y - at);
        bufA[li * MAX_PLACES + countA[li]++] = st & free;
      }
      if (low < lo) {
        let notAbove = 0;
        for (let y = at; y < end; y++) if (pos[y] >= lo) notAbove |= 1 << (y - at);
        bufB[li * MAX_PLACES + countB[li]++] = notAbove & free;
        fewest++;
      }
    }
    for (let t = 0; t < lobbiesTouched; t++) {
      const li = touched[t];
      if (countA[li] > 0) most += maxMatching(bufA, countA[li], li * MAX_PLACES);
      if (countB[li] > 0) fewest -= maxMatching(bufB, countB[li], li * MAX_PLACES);
      countA[li] = 0;
      countB[li] = 0;
    }
    return [most, fewest];
  };

  const result = new Map<number, CutOutlook>();
  const keep = line.keep;
  let monotone = true;
  for (let y = 1; y < MAX_PLACES; y++) if (pointsFor(scoring, y) < pointsFor(scoring, y + 1)) monotone = false;
  for (let p = 0; p < n; p++) {
    const id = players[p].record.id;
    if (places[p] === 0) {
      const [most, fewest] = counts(p, first[p], 0);
      result.set(id, {
        playing: false,
        places: MAX_PLACES,
        safe: most < keep ? MAX_PLACES : 0,
        alive: fewest < keep ? MAX_PLACES : 0,
      });
      continue;
    }
    const P = places[p];
    let safe = 0;
    let alive = 0;
    if (monotone) {
      // A better place never hurts (swap it with whoever had it): safe and alive are each a run of places from 1st,
      // so the worst place settles the top of the field and a few halvings the rest.
      const cache: ([boolean, boolean] | undefined)[] = [];
      const at = (x: number): [boolean, boolean] => {
        if (!cache[x]) {
          const [most, fewest] = counts(p, first[p] + x - 1, 1 << (x - 1));
          cache[x] = [most < keep, fewest < keep];
        }
        return cache[x];
      };
      /** The largest x in 0..top with `holds(x)` (true at 0), for a predicate true on a run from 1. */
      const largest = (top: number, holds: (x: number) => boolean) => {
        let a = 0;
        let b = top;
        while (a < b) {
          const mid = (a + b + 1) >> 1;
          if (holds(mid)) a = mid;
          else b = mid - 1;
        }
        return a;
      };
      alive = at(P)[1] ? P : largest(P - 1, (x) => at(x)[1]);
      safe = largest(alive, (x) => at(x)[0]);
    } else {
      let safeOpen = true;
      for (let x = 1; x <= P; x++) {
        const [most, fewest] = counts(p, first[p] + x - 1, 1 << (x - 1));
        if (safeOpen && most < keep) safe = x;
        else safeOpen = false;
        if (fewest < keep) alive = x;
        else break;
      }
    }
    result.set(id, { playing: true, places: places[p], safe: Math.min(safe, alive), alive });
  }
  return result;
}

/**
 * The best `keep` of each lobby of the game by their placement in it, as a stage's end applies it (planStageEnd): the
 * standings and the other lobbies play no part, and placements are never tied. A player still to place is safe, and
 * alive, exactly from 1st to `keep`th (any placement when the lobby hands out no more places); a scored one is through
 * with a placement up to `keep`, and out with a worse one or a DNP. A player in contention seated in no lobby of the
 * game has no placement in it: out.
 */
function lobbyLineOutlooks(
  players: readonly NeedPlayer[],
  lobbies: readonly NeedLobby[],
  keep: number,
): Map<number, CutOutlook> {
  const inPlay = new Set(players.map((p) => p.record.id));
  const result = new Map<number, CutOutlook>();
  const settled = (through: boolean): CutOutlook => ({
    playing: false,
    places: MAX_PLACES,
    safe: through ? MAX_PLACES : 0,
    alive: through ? MAX_PLACES : 0,
  });
  for (const lobby of lobbies) {
    const members = [...new Set(lobby.playerIds)].filter((id) => inPlay.has(id) && !result.has(id));
    const places = Math.min(MAX_PLACES, Math.max(members.length, lobby.places ?? MAX_PLACES));
    for (const id of members) {
      if (lobby.done) {
        const placement = lobby.placements?.get(id);
        result.set(id, settled(placement !== undefined && placement <= keep));
      } else {
        const top = Math.min(keep, places);
        result.set(id, { playing: true, places, safe: top, alive: top });
      }
    }
  }
  for (const id of inPlay) if (!result.has(id)) result.set(id, settled(false));
  return result;
}

/** A checkmate stage's outlook: on checkmate (a win now wins), or the points still needed and the places that get them. */
export type CheckmateOutlook = {
  threshold: number;
  points: number;
  /** At or above the threshold before the game: placing 1st in it wins the tournament. */
  winsNow: boolean;
  /** Points still needed to reach the threshold (0 when on checkmate). */
  needed: number;
  /** The worst placement with which every placement up to it reaches the threshold in this game (0: none does). */
  reach: number;
};

export function checkmateOutlook(points: number, threshold: number, scoring: Scoring): CheckmateOutlook {
  if (points >= threshold) return { threshold, points, winsNow: true, needed: 0, reach: 0 };
  const needed = threshold - points;
  let reach = 0;
  for (let y = 1; y <= MAX_PLACES && pointsFor(scoring, y) >= needed; y++) reach = y;
  return { threshold, points, winsNow: false, needed, reach };
}

// ---------- words ----------

const pointsText = (n: number) => `${Number.isInteger(n) ? n : Number(n.toFixed(2))} more point${n === 1 ? "" : "s"}`;
const topText = (k: number) => (k === 1 ? "A win" : `Top ${k}`);

/** The spectators' sentence for a cut outlook (docs/rules.md "What do I need"). */
export function cutNeedText(o: CutOutlook): string {
  if (!o.playing) {
    if (o.safe > 0) return "Safe whatever the other results";
    if (o.alive > 0) return "Not safe yet: it depends on the other results";
    return "Out whatever the other results";
  }
  if (o.safe >= o.places) return "Any placement keeps you safe";
  if (o.alive === 0) return "Out whatever you place";
  if (o.safe === 0) {
    if (o.alive >= o.places) return "Any placement keeps you alive; none is safe";
    return `Out unless you place ${ordinal(o.alive)} or better and other results help`;
  }
  const safe = `${topText(o.safe)} keeps you safe`;
  if (o.alive >= o.places) return `${safe}; any placement keeps you alive`;
  if (o.alive === o.safe) return `${safe}; anything worse is out`;
  return `${safe}; ${ordinal(o.alive)} or better keeps you alive`;
}

/** The spectators' sentence for a checkmate outlook (a player who reaches it in a game does not win in that game). */
export function checkmateNeedText(o: CheckmateOutlook): string {
  if (o.winsNow) return "A win now wins the tournament";
  const more = `Needs ${pointsText(o.needed)} to reach checkmate`;
  if (o.reach === 0) return `${more}: more than one game away`;
  const how = o.reach >= MAX_PLACES ? "any placement" : o.reach === 1 ? "a win" : `${ordinal(o.reach)} or better`;
  return `${more}; ${how} gets there`;
}

/** How a need reads at a glance: through for sure, a win away from the title, in danger, or out. */
export function needTone(need: Need): "success" | "primary" | "warning" | "danger" {
  if (need.kind === "checkmate") return need.winsNow ? "primary" : "warning";
  if (need.safe >= need.places) return "success";
  return need.alive === 0 ? "danger" : "warning";
}

/** The line ahead in words, above the players' sentences (a stage's name, then what happens after its game). */
export function needsHeading(line: NeedLine | { kind: "checkmate"; threshold: number }, stageName: string): string {
  if (line.kind === "checkmate")
    return `${stageName}: checkmate at ${line.threshold} points. A player on it who wins a game wins the tournament`;
  if (line.kind === "overall") return `${stageName}: last game before the cut to the best ${line.keep}`;
  return `${stageName}: last game; the best ${line.keep} of each lobby go through`;
}

/** What screens and the API show for one player: a plain object with its sentence. */
export type Need =
  | ({ kind: "cut"; line: NeedLine["kind"]; keep: number; text: string } & CutOutlook)
  | ({ kind: "checkmate"; text: string } & CheckmateOutlook);

export function cutNeed(o: CutOutlook, line: NeedLine): Need {
  return { kind: "cut", line: line.kind, keep: line.keep, ...o, text: cutNeedText(o) };
}

export function checkmateNeed(o: CheckmateOutlook): Need {
  return { kind: "checkmate", ...o, text: checkmateNeedText(o) };
}
