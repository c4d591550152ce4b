// Self-reported results' pure rules (docs/decisions/036-player-reports.md): whether one report is valid for its lobby,
// and what a lobby's reports together mean (nothing yet, some, agreed on one result, or disputed). Reports work on the
// lobby's players still in play: a member out of play (dropped since the draw) is placed by no report and saved as DNP.
import type { Refusal } from "../errors";
import { ordinal } from "../format/scoring";
import { stillInGame } from "../access/policy";
import type { ScoreEntry } from "./round-input";

export type ReportKind = "full" | "own";
/** One player's placement as a report claims it. */
export type Claim = { playerId: number; placement: number };
/** A player's report: the whole lobby's placements ("full"), or only their own ("own", one claim: the reporter's). */
export type PlayerReport = { reporterId: number; kind: ReportKind; placements: readonly Claim[] };

export const NOT_IN_LOBBY = "You are not a player of this lobby: a pass reports only for its own lobby";
export const NOT_A_REPORTER = "Only a player of a drawn lobby can report results";
export const reportsClosedMessage = (round: number) =>
  `Round ${round} has been finalized: results can no longer be reported`;
export const lobbySavedMessage = (lobby: string) => `${lobby} is already saved: ask the staff if its result is wrong`;
export const placementRangeMessage = (k: number, someOut = false) =>
  `Placements must be from 1st to ${ordinal(k)} (the lobby's ${k} players${someOut ? " still in play" : ""})`;
export const repeatedPlacementMessage = (placement: number) =>
  `${ordinal(placement)} is given to more than one player: each placement once`;
export const INCOMPLETE_REPORT = "A report of the whole lobby places every player of the lobby exactly once";
export const OUT_OF_PLAY_CLAIM =
  "A report places only the players still in play: a player who dropped out is saved as DNP, not placed";
export const OUT_OF_PLAY_REPORTER = "You have dropped out of the event: the players still in play report this lobby";

/**
 * A lobby's members as reports see them, in seat order: `inPlay`, whom a report places 1…k (k of them), and `out`, the
 * members out of play (dropped, or cut or set aside, since the draw), whom no report places and a save records as DNP
 * (DECISIONS.md: "A player's report never places a player who is not in play").
 */
export type ReportLobby = { inPlay: number[]; out: number[] };

/** A member is out of play once dropped, cut or set aside (as the draw and the cut count them). */
export type MemberStatus = { id: number; droppedAt: Date | null; removedAt: Date | null; isEliminated: boolean };

/** The lobby's members split by whether they are still in play; a member with no row is out of play. */
export function reportLobby(playerIds: readonly number[], members: readonly MemberStatus[]): ReportLobby {
  const playing = new Set(members.filter(stillInGame).map((m) => m.id));
  return { inPlay: playerIds.filter((id) => playing.has(id)), out: playerIds.filter((id) => !playing.has(id)) };
}

/**
 * The scores an agreed result saves, in seat order: the players in play with their agreed placements (1…k), every
 * member out of play as DNP (0 points, no placement).
 */
export function agreedScores(seatOrder: readonly number[], result: readonly Claim[]): ScoreEntry[] {
  const placeOf = new Map(result.map((c) => [c.playerId, c.placement]));
  return seatOrder.map((playerId) => {
    const placement = placeOf.get(playerId);
    return placement === undefined ? { playerId, placement: 0, dnp: true } : { playerId, placement };
  });
}

/**
 * Why a report cannot be taken for this lobby, or null. `lobbyPlayerIds`: the lobby's players still in play; `out`: its
 * members out of play. The reporter must be in play in it; an own report is one placement (1…k, k the players in play);
 * a full report places every player in play exactly once, 1…k, none repeated, and no member out of play.
 */
export function reportRefusal(
  lobbyPlayerIds: readonly number[],
  report: PlayerReport,
  out: readonly number[] = [],
): Refusal | null {
  const k = lobbyPlayerIds.length;
  if (out.includes(report.reporterId)) return { code: "player_dropped", message: OUT_OF_PLAY_REPORTER };
  if (!lobbyPlayerIds.includes(report.reporterId)) return { code: "not_in_lobby", message: NOT_IN_LOBBY };
  const inRange = (p: number) => Number.isInteger(p) && p >= 1 && p <= k;
  const range = { code: "invalid_report", message: placementRangeMessage(k, out.length > 0) } as const;
  if (report.kind === "own") {
    const [claim] = report.placements;
    if (report.placements.length !== 1 || claim.playerId !== report.reporterId)
      return { code: "invalid_report", message: "An own report gives the reporter's placement only" };
    if (!inRange(claim.placement)) return range;
    return null;
  }
  if (report.placements.some((c) => out.includes(c.playerId)))
    return { code: "invalid_report", message: OUT_OF_PLAY_CLAIM };
  if (report.placements.some((c) => !inRange(c.placement))) return range;
  const seen = new Set<number>();
  for (const c of report.placements) {
    if (seen.has(c.placement)) return { code: "invalid_report", message: repeatedPlacementMessage(c.placement) };
    seen.add(c.placement);
  }
  const players = new Set(report.placements.map((c) => c.playerId));
  if (
    report.placements.length !== k ||
    players.size !== k ||
    report.placements.some((c) => !lobbyPlayerIds.includes(c.playerId))
  )
    return { code: "invalid_report", message: INCOMPLETE_REPORT };
  return null;
}

/** What a lobby's reports mean together. */
export type Reading =
  /** No report (that still fits the lobby). */
  | { state: "none"; reporters: number[] }
  /** Reports that do not contradict each other but do not settle the result yet. */
  | { state: "reported"; reporters: number[] }
  /** "Reported, agreed": the result every report supports, in the lobby's seat order. */
  | { state: "agreed"; reporters: number[]; result: Claim[]; by: "two-full" | "every-own" }
  /** Reports that contradict each other: which players and placements are claimed more than one way. */
  | { state: "disputed"; reporters: number[]; players: number[]; placements: number[] };

/**
 * The reports that count, in order: each reporter's latest, and only those that still fit the lobby (a swap may have
 * moved a reporter or a placed player out of it since).
 */
export function countingReports(lobbyPlayerIds: readonly number[], reports: readonly PlayerReport[]): PlayerReport[] {
  const latest = new Map<number, PlayerReport>();
  for (const r of reports) {
    latest.delete(r.reporterId);
    latest.set(r.reporterId, r);
  }
  return [...latest.values()].filter((r) => reportRefusal(lobbyPlayerIds, r) === null);
}

/**
 * A lobby's reports read together (oldest first; a reporter's latest report replaces their earlier ones):
 * - disputed when two reports contradict each other: a player given two placements, or a placement given to two players;
 * - agreed when nothing contradicts and either two players' full reports match, or every player of the lobby has given
 *   their own placement (alone or within a full report), which together form the result;
 * - else reported (some reports) or none.
 */
export function readReports(lobbyPlayerIds: readonly number[], reports: readonly PlayerReport[]): Reading {
  const counted = countingReports(lobbyPlayerIds, reports);
  const reporters = counted.map((r) => r.reporterId);
  if (counted.length === 0) return { state: "none", reporters };
  const placeOf = new Map<number, Set<number>>();
  const holderOf = new Map<number, Set<number>>();
  const add = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => map.set(key, (map.get(key) ?? new Set()).add(value));
  for (const r of counted)
    for (const c of r.placements) {
      add(placeOf, c.playerId, c.placement);
      add(holderOf, c.placement, c.playerId);
    }
  const players = [...placeOf].filter(([, s]) => s.size > 1).map(([id]) => id);
  const placements = [...holderOf].filter(([, s]) => s.size > 1).map(([p]) => p);
  if (players.length > 0 || placements.length > 0)
    return {
      state: "disputed",
      reporters,
      players: lobbyPlayerIds.filter((id) => players.includes(id)),
      placements: placements.sort((a, b) => a - b),
    };
  const inSeatOrder = (claims: Map<number, number>) =>
    lobbyPlayerIds.map((playerId) => ({ playerId, placement: claims.get(playerId)! }));
  const full = counted.filter((r) => r.kind === "full");
  if (full.length >= 2)
    return {
      state: "agreed",
      reporters,
      by: "two-full",
      result: inSeatOrder(new Map(full[0].placements.map((c) => [c.playerId, c.placement]))),
    };
  const own = new Map<number, number>();
  for (const r of counted) {
    const mine = r.placements.find((c) => c.playerId === r.reporterId);
    if (mine) own.set(r.reporterId, mine.placement);
  }
  if (lobbyPlayerIds.every((id) => own.has(id)))
    return { state: "agreed", reporters, by: "every-own", result: inSeatOrder(own) };
  return { state: "reported", reporters };
}

/** "2nd" for an own report; "1st A, 2nd B, …" for a full one (names by id). */
export function reportText(report: Pick<PlayerReport, "kind" | "placements">, nameOf: (id: number) => string) {
  if (report.kind === "own") return `own placement ${ordinal(report.placements[0]?.placement ?? 0)}`;
  return [...report.placements]
    .sort((a, b) => a.placement - b.placement)
    .map((c) => `${ordinal(c.placement)} ${nameOf(c.playerId)}`)
    .join(", ");
}

/** What the player's page and the staff say of a reading. */
export const READING_LABELS: Record<Reading["state"], string> = {
  none: "No reports yet",
  reported: "Reported, waiting for more reports",
  agreed: "Reported, agreed",
  disputed: "Disputed",
};
