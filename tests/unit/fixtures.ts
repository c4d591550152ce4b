// Deterministic random tournament fields for the unit and property tests of app/models.
import { DEFAULT_SCORING, pointsFor } from "../../app/models/format/scoring";
import type { Player } from "#db/schema";
import type { EngineMatch, EnginePlayer, LobbyMethod } from "../../app/models/format/types";
import { drawLobbies, nextRoundOrder } from "../../app/models/rounds/lobbies";
import { computeStandings } from "../../app/models/format/standings";
import { planCut, proposedEliminationCut, resolveCut } from "../../app/models/format/cuts";

/** mulberry32: a tiny seeded generator so a failing property can be replayed from its seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function player(id: number, extra: Partial<EnginePlayer> = {}): EnginePlayer {
  return {
    id,
    name: `Player ${id}`,
    riotTag: "NA1",
    lp: 0,
    seed: null,
    isEliminated: false,
    isCheckedIn: true,
    isRemoved: false,
    isDropped: false,
    adjustPoints: 0,
    adjustMatches: 0,
    adjustAvg: null,
    ...extra,
  };
}

/** n checked-in players with ids from 1, random lp (with repeats, so seeding ties happen). */
export function makePlayers(n: number, rand: () => number): EnginePlayer[] {
  return Array.from({ length: n }, (_, i) => player(i + 1, { lp: Math.floor(rand() * 5) * 100 }));
}

export function playLobby(lobbyId: number, roundNumber: number, playerIds: readonly number[], rand: () => number) {
  return shuffle(playerIds, rand).map((playerId, i): EngineMatch => ({
    playerId,
    lobbyId,
    roundNumber,
    placement: i + 1,
    points: pointsFor(DEFAULT_SCORING, i + 1),
  }));
}

export type Field = { players: EnginePlayer[]; matches: EngineMatch[]; rounds: number[][][] };

/**
 * Plays `rounds` rounds: draw by `method` from nextRoundOrder, random placements, and with
 * `cuts` the Elimination proposal after round 3 on (the host picking the first tied players).
 */
export function simulate(opts: {
  players: number;
  rounds: number;
  method: LobbyMethod;
  seed: number;
  cuts?: boolean;
}): Field {
  const rand = rng(opts.seed);
  let players = makePlayers(opts.players, rand);
  const matches: EngineMatch[] = [];
  const rounds: number[][][] = [];
  let lobbyId = 1;
  for (let r = 1; r <= opts.rounds; r++) {
    const order = nextRoundOrder(players, matches, r);
    if (order.length < 2) break;
    const lobbies = drawLobbies(opts.method, order, rounds);
    rounds.push(lobbies);
    for (const lobby of lobbies) matches.push(...playLobby(lobbyId++, r, lobby, rand));
    if (opts.cuts) {
      const active = computeStandings(players, matches).filter((row) => !row.isEliminated);
      const count = proposedEliminationCut(active.length, r);
      if (count > 0) {
        const plan = planCut(active, count);
        const result = resolveCut(plan, plan.tied.slice(0, plan.needed));
        if (!result.ok) throw new Error(result.error);
        const out = new Set(result.eliminate);
        players = players.map((p) => (out.has(p.id) ? { ...p, isEliminated: true } : p));
      }
    }
  }
  return { players, matches, rounds };
}

/** A stored player row ("Player 7", "EUW7", seed 7, active, checked in), with `overrides`. */
export function playerRow(id: number, overrides: Partial<Player> = {}): Player {
  return {
    id,
    tournamentId: 1,
    name: `Player ${id}`,
    riotTag: `EUW${id}`,
    lp: 0,
    totalPoints: 0,
    matchesPlayed: 0,
    averagePlacement: 0,
    isEliminated: false,
    isCheckedIn: true,
    seed: id,
    removedAt: null,
    droppedAt: null,
    dropReason: null,
    dropRound: null,
    dropLobbyMark: null,
    adjustPoints: 0,
    adjustMatches: 0,
    adjustAverage: null,
    createdAt: new Date(0),
    ...overrides,
  };
}
