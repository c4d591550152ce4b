// Lobby drawing: lobby sizes, seeds, the player order of a round, and the snake, swiss and round-robin draws.
import { LOBBY_SIZE } from "../access/policy";
import type { EngineLobby, EnginePlayer, LobbyMethod } from "../format/types";
import { computeStandings, type StandingsMatch } from "../format/standings";
import { STANDARD_TIEBREAKERS, type Tiebreaker } from "../format/ruleset";

/** ceil(n/8) lobbies whose sizes differ by at most one, bigger ones first (20 → [7, 7, 6]). */
export function lobbySizes(playerCount: number): number[] {
  if (playerCount <= 0) return [];
  const count = Math.ceil(playerCount / LOBBY_SIZE);
  const base = Math.floor(playerCount / count);
  const extra = playerCount % count;
  return Array.from({ length: count }, (_, i) => (i < extra ? base + 1 : base));
}

export function lobbyName(index: number): string {
  return `Lobby ${index + 1}`;
}

type Seedable = Pick<EnginePlayer, "id" | "lp" | "seed">;

/**
 * Seeds for round 1. Seeds a master already set are kept; everyone else is numbered after the
 * highest existing seed by lp (highest first), then registration order (id).
 */
export function assignSeeds(players: readonly Seedable[]): Map<number, number> {
  const seeds = new Map<number, number>();
  let next = 0;
  for (const p of players) {
    if (p.seed !== null) {
      seeds.set(p.id, p.seed);
      next = Math.max(next, p.seed);
    }
  }
  const unseeded = players.filter((p) => p.seed === null).sort((a, b) => b.lp - a.lp || a.id - b.id);
  for (const p of unseeded) seeds.set(p.id, ++next);
  return seeds;
}

/** Seed order; players without a seed go last, by registration order. */
export function seedOrder<P extends Pick<EnginePlayer, "id" | "seed">>(players: readonly P[]): P[] {
  return [...players].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity) || a.id - b.id);
}

/** Who plays the next round: checked in, not eliminated, not soft-removed. */
export function eligibleForRound<
  P extends Pick<EnginePlayer, "isCheckedIn" | "isEliminated" | "isRemoved" | "isDropped">,
>(players: readonly P[]): P[] {
  return players.filter((p) => p.isCheckedIn && !p.isEliminated && !p.isRemoved && !p.isDropped);
}

/**
 * The order lobbies are drawn from: seed order for round 1 (seeds computed among the eligible
 * players, as they will be stored), standings order afterwards.
 */
export function nextRoundOrder(
  players: readonly EnginePlayer[],
  matches: readonly StandingsMatch[],
  roundNumber: number,
  chain: readonly Tiebreaker[] = STANDARD_TIEBREAKERS,
  /** Each player's points over the whole event, when a stage's points are drawn from (the eventPoints criterion). */
  eventPoints?: ReadonlyMap<number, number>,
): number[] {
  const eligible = eligibleForRound(players);
  if (roundNumber <= 1) {
    const seeds = assignSeeds(eligible);
    return seedOrder(eligible.map((p) => ({ id: p.id, seed: seeds.get(p.id) ?? null }))).map((p) => p.id);
  }
  return computeStandings(eligible, matches, chain, eventPoints).map((row) => row.playerId);
}

/** How often each pair of players already shared a lobby: meets.get(a)?.get(b). */
export type MeetCounts = Map<number, Map<number, number>>;

export function meetCounts(history: readonly (readonly (readonly number[])[])[]): MeetCounts {
  const meets: MeetCounts = new Map();
  const bump = (a: number, b: number) => {
    let row = meets.get(a);
    if (!row) meets.set(a, (row = new Map()));
    row.set(b, (row.get(b) ?? 0) + 1);
  };
  for (const round of history) {
    for (const lobby of round) {
      for (let i = 0; i < lobby.length; i++) {
        for (let j = i + 1; j < lobby.length; j++) {
          bump(lobby[i], lobby[j]);
          bump(lobby[j], lobby[i]);
        }
      }
    }
  }
  return meets;
}

/** The number of repeated meetings a draw causes: each pair counts once per earlier shared lobby. */
export function repeatMeetings(lobbies: readonly (readonly number[])[], meets: MeetCounts): number {
  let total = 0;
  for (const lobby of lobbies) {
    for (let i = 0; i < lobby.length; i++) {
      const row = meets.get(lobby[i]);
      if (!row) continue;
      for (let j = i + 1; j < lobby.length; j++) total += row.get(lobby[j]) ?? 0;
    }
  }
  return total;
}

/**
 * Player ids per lobby (lobby i is `lobbyName(i)`). `orderedPlayerIds` is the standings order
 * (seed order in round 1). `history` (earlier rounds' lobbies, or their meet counts) is only used
 * by round-robin.
 */
export function drawLobbies(
  method: LobbyMethod,
  orderedPlayerIds: readonly number[],
  history: readonly (readonly (readonly number[])[])[] | MeetCounts = [],
): number[][] {
  switch (method) {
    case "swiss":
      return drawSwiss(orderedPlayerIds);
    case "round-robin":
      return drawRoundRobin(orderedPlayerIds, history instanceof Map ? history : meetCounts(history));
    case "snake":
    default:
      return drawSnake(orderedPlayerIds);
  }
}

/**
 * Dealt 1→L, then L→1, and so on. Every lobby holds at least floor(n/L), so full lobbies only
 * appear in the last pass; skipping them there leaves the extra players to the bigger, first
 * lobbies, which is why the last pass is computed directly.
 */
export function drawSnake(ids: readonly number[]): number[][] {
  const sizes = lobbySizes(ids.length);
  const count = sizes.length;
  const lobbies: number[][] = sizes.map(() => []);
  if (count === 0) return lobbies;
  const fullPasses = Math.floor(ids.length / count);
  const extra = ids.length - fullPasses * count;
  ids.forEach((id, p) => {
    const pass = Math.floor(p / count);
    const r = p % count;
    const forward = pass % 2 === 0;
    if (pass < fullPasses) lobbies[forward ? r : count - 1 - r].push(id);
    else lobbies[forward ? r : extra - 1 - r].push(id);
  });
  return lobbies;
}

/** Stacked: the best players together, then the next ones, and so on. */
export function drawSwiss(ids: readonly number[]): number[][] {
  const lobbies: number[][] = [];
  let start = 0;
  for (const size of lobbySizes(ids.length)) {
    lobbies.push(ids.slice(start, start + size));
    start += size;
  }
  return lobbies;
}

/**
 * Balanced lobbies with as few repeated meetings as a quick local search finds. Two starts are
 * tried, a greedy fill (each player, in standings order, joins the open lobby where they met the
 * fewest earlier opponents; ties go to the emptiest, then the first lobby) and, when that is not
 * already cheaper, the snake draw. Each is improved by pairwise swaps and the cheaper one wins
 * (greedy on a tie), which guarantees round-robin never repeats more meetings than snake would.
 */
export function drawRoundRobin(ids: readonly number[], meets: MeetCounts): number[][] {
  const n = ids.length;
  const sizes = lobbySizes(n);
  if (n === 0) return [];
  // Dense index-based matrix: a few hundred players fit easily and lookups stay O(1).
  const index = new Map<number, number>();
  ids.forEach((id, i) => index.set(id, i));
  const m = new Uint16Array(n * n);
  for (let i = 0; i < n; i++) {
    const row = meets.get(ids[i]);
    if (!row) continue;
    for (const [other, times] of row) {
      const j = index.get(other);
      if (j !== undefined && j !== i) m[i * n + j] = times;
    }
  }

  const greedy = improveBySwaps(greedyFill(n, sizes, m), m, n);
  let best = greedy;
  const snakeStart = drawSnake(ids.map((_, i) => i));
  // Searching from snake too is only worth it when greedy did not already beat plain snake.
  if (greedy.cost > 0 && greedy.cost >= lobbyCost(snakeStart, m, n)) {
    const fromSnake = improveBySwaps(snakeStart, m, n);
    if (fromSnake.cost < greedy.cost) best = fromSnake;
  }
  return best.lobbies.map((lobby) => lobby.map((i) => ids[i]));
}

function lobbyCost(lobbies: number[][], m: Uint16Array, n: number): number {
  let cost = 0;
  for (const lobby of lobbies) {
    for (let i = 0; i < lobby.length; i++) {
      for (let j = i + 1; j < lobby.length; j++) cost += m[lobby[i] * n + lobby[j]];
    }
  }
  return cost;
}

function greedyFill(n: number, sizes: number[], m: Uint16Array): number[][] {
  const lobbies: number[][] = sizes.map(() => []);
  for (let p = 0; p < n; p++) {
    let bestLobby = -1;
    let bestCost = Infinity;
    for (let l = 0; l < lobbies.length; l++) {
      const lobby = lobbies[l];
      if (lobby.length >= sizes[l]) continue;
      let cost = 0;
      for (const q of lobby) cost += m[p * n + q];
      if (cost < bestCost || (cost === bestCost && lobby.length < lobbies[bestLobby].length)) {
        bestCost = cost;
        bestLobby = l;
      }
    }
    lobbies[bestLobby].push(p);
  }
  return lobbies;
}

// Swaps never change lobby sizes, so the balance of the start is kept.
function improveBySwaps(start: number[][], m: Uint16Array, n: number): { lobbies: number[][]; cost: number } {
  const lobbies = start.map((l) => [...l]);
  const L = lobbies.length;
  const lobbyOf = new Int32Array(n);
  lobbies.forEach((lobby, l) => lobby.forEach((p) => (lobbyOf[p] = l)));
  // c[p * L + l]: how many earlier meetings p has with the current members of lobby l.
  const c = new Int32Array(n * L);
  for (let p = 0; p < n; p++) {
    for (let l = 0; l < L; l++) {
      let sum = 0;
      for (const q of lobbies[l]) sum += m[p * n + q];
      c[p * L + l] = sum;
    }
  }

  const MAX_PASSES = 20;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let improved = false;
    for (let a = 0; a < n; a++) {
      const A = lobbyOf[a];
      if (c[a * L + A] === 0) continue;
      let bestDelta = 0;
      let bestB = -1;
      for (let b = 0; b < n; b++) {
        const B = lobbyOf[b];
        if (B === A) continue;
        const mab = m[a * n + b];
        const delta = c[a * L + B] - mab + c[b * L + A] - mab - c[a * L + A] - c[b * L + B];
        if (delta < bestDelta) {
          bestDelta = delta;
          bestB = b;
        }
      }
      if (bestB < 0) continue;
      const B = lobbyOf[bestB];
      for (let x = 0; x < n; x++) {
        const dxa = m[x * n + a];
        const dxb = m[x * n + bestB];
        c[x * L + A] += dxb - dxa;
        c[x * L + B] += dxa - dxb;
      }
      lobbies[A][lobbies[A].indexOf(a)] = bestB;
      lobbies[B][lobbies[B].indexOf(bestB)] = a;
      lobbyOf[a] = B;
      lobbyOf[bestB] = A;
      improved = true;
    }
    if (!improved) break;
  }

  let cost = 0;
  for (let p = 0; p < n; p++) cost += c[p * L + lobbyOf[p]];
  return { lobbies, cost: cost / 2 };
}

/**
 * Everything the round generator needs in one call: who plays, in which order, drawn by the
 * tournament's method with the meetings of every earlier round. Lobbies of this round or later
 * are ignored so a redraw after an undo sees the same history.
 */
export function planRoundLobbies(
  method: LobbyMethod,
  players: readonly EnginePlayer[],
  matches: readonly StandingsMatch[],
  previousLobbies: readonly Pick<EngineLobby, "roundNumber" | "playerIds">[],
  roundNumber: number,
  chain: readonly Tiebreaker[] = STANDARD_TIEBREAKERS,
  /** The whole event's points before the round (app/models/format/stage-standings.ts drawInputs); absent: one stage. */
  eventPoints?: ReadonlyMap<number, number>,
): { name: string; playerIds: number[] }[] {
  const order = nextRoundOrder(
    players,
    matches.filter((match) => match.roundNumber < roundNumber),
    roundNumber,
    chain,
    eventPoints,
  );
  const history = previousLobbies.filter((l) => l.roundNumber < roundNumber).map((l) => [l.playerIds]);
  return drawLobbies(method, order, history).map((playerIds, i) => ({ name: lobbyName(i), playerIds }));
}
