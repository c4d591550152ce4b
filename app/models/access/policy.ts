// Who may do what to one tournament, written once (docs/rules.md, "Staff"): the model guards ask it
// before every mutation and the screens ask it which controls to show. Also the host-flow rules a
// screen needs and the server agrees with: which placements a score form locks, a round's next step,
// when substitution is possible (docs/rules.md, "Host flows"). Pure: no database.
import type { Tournament } from "#db/schema";
import type { Refusal } from "../errors";
import {
  alreadyDroppedMessage,
  DROP_WRONG_STATUS,
  dropFinalMessage,
  eliminatedNoDropMessage,
  notDroppedMessage,
  setAsideMessage,
} from "../messages";

/** A signed-in user's relation to one tournament; "visitor" is nobody signed in. */
export type Role = "visitor" | "organizer" | "scorekeeper" | "owner" | "master";

/**
 * `checkIn`: check players in and out. `saveScores`: save or edit a lobby's scores (until the round
 * is finalized, except for a master). `manage`: every other change (settings, players, lobbies,
 * cuts, advance, undo, complete, delete, export). `manageStaff`: add and remove scorekeepers.
 * `override`: the master override panel.
 */
export type Capability = "checkIn" | "saveScores" | "manage" | "manageStaff" | "override";

export const ROLES: readonly Role[] = ["visitor", "organizer", "scorekeeper", "owner", "master"];
export const CAPABILITIES: readonly Capability[] = ["checkIn", "saveScores", "manage", "manageStaff", "override"];

const GRANTS: Record<Role, readonly Capability[]> = {
  visitor: [],
  organizer: [],
  scorekeeper: ["checkIn", "saveScores"],
  owner: ["checkIn", "saveScores", "manage", "manageStaff"],
  master: CAPABILITIES,
};

/** The capabilities a scorekeeper has: the only ones worth a staff look-up for a non-owner. */
export const STAFF_CAPABILITIES: readonly Capability[] = GRANTS.scorekeeper;

/**
 * The user's role for the tournament: master before owner before scorekeeper, so a non-owner
 * non-master who passes a guard is a scorekeeper.
 */
export function roleFor(
  user: { id: number; role: string } | null | undefined,
  tournament: Pick<Tournament, "ownerId">,
  isScorekeeper: boolean,
): Role {
  if (!user) return "visitor";
  if (user.role === "master") return "master";
  if (user.id === tournament.ownerId) return "owner";
  return isScorekeeper ? "scorekeeper" : "organizer";
}

export function can(role: Role, capability: Capability): boolean {
  return GRANTS[role].includes(capability);
}

/** What a screen may show, one flag per capability. */
export type Abilities = Record<Capability, boolean>;

export function abilities(role: Role): Abilities {
  return Object.fromEntries(CAPABILITIES.map((c) => [c, can(role, c)])) as Abilities;
}

/**
 * Placements a player's select locks ("- Taken"), given what every player of the lobby holds now
 * (`current`, 0 = unscored) and, when a saved lobby is being edited, its saved placements.
 *
 * Entering a lobby for the first time, a placement another player holds is locked. Editing a saved
 * lobby, a placement another player still holds from the save is open, so two players swap in two
 * changes (docs/rules.md "Editing saved scores"); only a placement someone picked anew in this edit
 * is locked. Duplicates left on save are refused by the server ("Duplicate placements").
 */
export function lockedPlacements(
  current: Record<number, number>,
  playerId: number,
  saved: Record<number, number> | null = null,
): Set<number> {
  const locked = new Set<number>();
  for (const [id, placement] of Object.entries(current)) {
    const other = Number(id);
    if (other === playerId || !(placement > 0)) continue;
    if (saved && saved[other] === placement) continue;
    locked.add(placement);
  }
  return locked;
}

/** Placements chosen by more than one player, in place order: what a save would refuse as "Duplicate placements". */
export function duplicatePlacements(current: Record<number, number>): number[] {
  const seen = new Map<number, number>();
  for (const placement of Object.values(current)) {
    if (placement > 0) seen.set(placement, (seen.get(placement) ?? 0) + 1);
  }
  return [...seen]
    .filter(([, n]) => n > 1)
    .map(([p]) => p)
    .sort((a, b) => a - b);
}

/** What the host must do next in the current round; the score screen makes that its one primary (filled) button. */
export type RoundStep = "generate" | "score" | "advance" | "complete";

export function nextRoundStep(round: { lobbyCount: number; scored: number; isLastRound: boolean }): RoundStep {
  if (round.lobbyCount === 0) return "generate";
  if (round.scored < round.lobbyCount) return "score";
  return round.isLastRound ? "complete" : "advance";
}

/** Substitution is offered between rounds: while rounds are played, from Round 2 on. */
export function substitutionOpen(tournament: Pick<Tournament, "status" | "currentRound">): boolean {
  return tournament.status === "active" && tournament.currentRound > 1;
}

/**
 * Why a substitution cannot start, or null when it can: it needs an active checked-in player to
 * replace and an eliminated player to bring in.
 */
export function substitutionBlocked(activeCount: number, eliminatedCount: number): string | null {
  if (eliminatedCount === 0) return "No eliminated players are available to substitute in.";
  if (activeCount === 0) return "No active checked-in player can be replaced.";
  return null;
}

// ---------- thresholds (docs/rules.md, "Host flows") ----------

/** Checked-in players Round 1 needs before its lobbies can be drawn. */
export const ROUND_ONE_MINIMUM = 16;
/** Checked-in players from which check-in shows the (disabled until ROUND_ONE_MINIMUM) Round 1 button. */
export const ROUND_ONE_BUTTON_FROM = 4;
/** Active players a later round needs; below it an Elimination tournament completes instead. */
export const LATER_ROUND_MINIMUM = 4;
/** Players per lobby, at most. */
export const LOBBY_SIZE = 8;
/** Checked-in players the host needs before locking check-in. */
export const LOCK_MINIMUM = 8;

/**
 * Whether the tournament is at capacity: as many registered players (soft-removed ones aside) as its maximum. Adding
 * one is then refused ("Tournament is at maximum capacity …") unless the host overrides the limit.
 */
export function atCapacity(registered: number, maxPlayers: number): boolean {
  return registered >= maxPlayers;
}

/** Whether check-in can be locked with this many players checked in (unlocking is always allowed). */
export function canLock(checkedIn: number): boolean {
  return checkedIn >= LOCK_MINIMUM;
}

/**
 * Whether a later round of a Standard tournament cannot be drawn: fewer than LATER_ROUND_MINIMUM players in play (an
 * Elimination tournament completes instead, and Round 1 has its own minimum).
 */
export function laterRoundTooFew(format: string, round: number, inPlay: number): boolean {
  return round > 1 && format !== "elimination" && inPlay < LATER_ROUND_MINIMUM;
}

/** Whether Round 1 cannot be drawn yet: fewer than ROUND_ONE_MINIMUM players checked in (409 round_one_minimum). */
export function roundOneTooFew(round: number, checkedIn: number): boolean {
  return round === 1 && checkedIn < ROUND_ONE_MINIMUM;
}

/** Whether the tournament is over: its standings are final. */
export function isCompleted(tournament: { status: string }): boolean {
  return tournament.status === "completed";
}

/** A completed tournament is read-only: screens hide their changes (docs/decisions/005-completed-is-read-only.md). */
export function isReadOnly(tournament: Pick<Tournament, "status">): boolean {
  return isCompleted(tournament);
}

/** Whether rounds are being played: the spectator banner's "TOURNAMENT LIVE" and the landing page's Live badge. */
export function isLive(tournament: { status: string }): boolean {
  return tournament.status === "active" || tournament.status === "in_progress";
}

/**
 * Where "Back to Tournament" leads from a tournament's shared pages: the host's working screen for
 * the state it is in (scores while live, check-in, settings once completed, else the player list),
 * or the public view for everyone who does not manage it.
 */
export function tournamentHome(tournament: { id: number; status: string }, manager: boolean): string {
  const base = `/tournaments/${tournament.id}`;
  if (!manager) return `${base}/public`;
  if (isLive(tournament)) return `${base}/scores`;
  if (tournament.status === "checkin") return `${base}/checkin`;
  if (isCompleted(tournament)) return `${base}/settings`;
  return `${base}/manage-players`;
}

type RoundInfo = { status: string; currentRound: number; totalRounds: number };

/** "Round X of Y", or "Completed" once the tournament is over. */
export function roundLabel(t: RoundInfo): string {
  return isCompleted(t) ? "Completed" : `Round ${t.currentRound} of ${t.totalRounds}`;
}

/** A completed tournament shows every round done (100%); otherwise the current round over the total. */
export function roundProgress(t: RoundInfo) {
  const total = Math.max(1, t.totalRounds);
  const done = isCompleted(t) ? total : Math.min(t.currentRound, total);
  return { value: done, max: total, percent: Math.round((done / total) * 100) };
}

export type CircleState = "done" | "current" | "upcoming";

/** One circle per round: done before the current one (all of them once completed), current, upcoming. */
export function roundCircles(t: RoundInfo): { round: number; state: CircleState }[] {
  return Array.from({ length: Math.max(1, t.totalRounds) }, (_, i) => {
    const round = i + 1;
    const state: CircleState =
      isCompleted(t) || round < t.currentRound ? "done" : round === t.currentRound ? "current" : "upcoming";
    return { round, state };
  });
}

/** Max players and total rounds change only during setup (a master's override aside). */
export function sizeEditable(tournament: Pick<Tournament, "status">): boolean {
  return tournament.status === "setup";
}

/** Check-in starts from Setup or Registration. */
export function checkinStartable(tournament: Pick<Tournament, "status">): boolean {
  return tournament.status === "setup" || tournament.status === "registration";
}

// ---------- score editing ----------

/** Whether a round's saved scores are locked: once it is finalized, for everyone but a master. */
export function scoresLocked(tournament: Pick<Tournament, "finalizedRound">, round: number, master: boolean): boolean {
  return tournament.finalizedRound >= round && !master;
}

/**
 * Whether `role` may save or edit the scores of `round` on the score screen: the owner and the
 * scorekeepers the current round until it is finalized, a master any round; nobody once the
 * tournament is completed (docs/rules.md, "Editing saved scores"). The score model refuses the
 * same saves under its lock (`scoresLocked`, and the completed guard).
 */
export function canEditRound(
  role: Role,
  tournament: Pick<Tournament, "status" | "currentRound" | "finalizedRound">,
  round: number,
): boolean {
  if (!can(role, "saveScores") || isReadOnly(tournament)) return false;
  return role === "master" || (round === tournament.currentRound && !scoresLocked(tournament, round, false));
}

// ---------- players ----------

/** A player row's flags; `droppedAt` is set once the player dropped out (docs/decisions/019-dnp-and-drops.md). */
type PlayerFlags = { isCheckedIn: boolean; isEliminated: boolean; droppedAt?: Date | string | null };

/** The player left the event: out of every later draw, "Dropped" wherever statuses show. */
export function isDropped(p: { droppedAt?: Date | string | null }): boolean {
  return p.droppedAt !== undefined && p.droppedAt !== null;
}

/** How many players of a list are where, as the host screens count them. */
export type PlayerCounts = {
  total: number;
  /** Neither eliminated nor dropped. */
  active: number;
  /** Checked in, neither eliminated nor dropped: who would play the next round. */
  checkedIn: number;
  /** Neither checked in, eliminated nor dropped. */
  notCheckedIn: number;
  eliminated: number;
  /** Dropped out (and not eliminated). */
  dropped: number;
};

export function playerCounts(list: readonly PlayerFlags[]): PlayerCounts {
  const counts: PlayerCounts = {
    total: list.length,
    active: 0,
    checkedIn: 0,
    notCheckedIn: 0,
    eliminated: 0,
    dropped: 0,
  };
  for (const p of list) {
    if (p.isEliminated) {
      counts.eliminated++;
      continue;
    }
    if (isDropped(p)) {
      counts.dropped++;
      continue;
    }
    counts.active++;
    if (p.isCheckedIn) counts.checkedIn++;
    else counts.notCheckedIn++;
  }
  return counts;
}

/**
 * A lobby member still in its game: neither set aside (removed), dropped nor cut. A member out of play is a no-show
 * in the lobby (DNP); the players still in play take placements 1…k (docs/decisions/019-dnp-and-drops.md).
 */
export function stillInGame(p: {
  removedAt: Date | string | null;
  droppedAt: Date | string | null;
  isEliminated: boolean;
}): boolean {
  return p.removedAt === null && !isDropped(p) && !p.isEliminated;
}

/** Checked in, neither eliminated nor dropped: in play for the next round. */
export function isInPlay(p: PlayerFlags): boolean {
  return p.isCheckedIn && !p.isEliminated && !isDropped(p);
}

export type PlayerStatusKind =
  "eliminated" | "dropped" | "removed" | "completed" | "finished" | "playing" | "waiting" | "notCheckedIn";

/** What a player's status line needs: their flags and where they play in the current round. */
export type PlayerStatusInput = Omit<PlayerFlags, "droppedAt"> & {
  /** Dropped out of the event (docs/decisions/019-dnp-and-drops.md). */
  dropped: boolean;
  /** Soft-removed: not checked in when Round 1 was drawn. */
  removed: boolean;
  tournamentCompleted: boolean;
  /** Their lobby of the current round, if any. */
  lobbyName: string | null;
  /** Their lobby of the current round has their result. */
  scoredThisRound: boolean;
};

/**
 * A player's status, one rule for the host's player page and the public profile (docs/rules.md,
 * "Spectator pages"): Eliminated; Dropped; removed at Round 1; Tournament completed; a scored game this round
 * waits for the next; Active in a lobby; Waiting for Assignment once checked in; else Not Checked In.
 */
export function playerStatus(p: PlayerStatusInput): { kind: PlayerStatusKind; label: string } {
  if (p.isEliminated) return { kind: "eliminated", label: "Eliminated" };
  if (p.dropped) return { kind: "dropped", label: DROPPED_LABEL };
  if (p.removed) return { kind: "removed", label: "Removed (not checked in for Round 1)" };
  if (p.tournamentCompleted) return { kind: "completed", label: "Tournament completed" };
  if (p.lobbyName && p.scoredThisRound)
    return { kind: "finished", label: "Game finished - waiting for the next round" };
  if (p.lobbyName) return { kind: "playing", label: `Active - ${p.lobbyName}` };
  if (p.isCheckedIn) return { kind: "waiting", label: "Waiting for Assignment" };
  return { kind: "notCheckedIn", label: "Not Checked In" };
}

/** The mark of a dropped player wherever statuses show, distinct from "Eliminated" (a cut). */
export const DROPPED_LABEL = "Dropped";

/** Why a player is out of play in a list's badge: "Eliminated" (a cut), "Dropped" (left the event), or null. */
export function outLabel(p: { isEliminated: boolean; isDropped?: boolean }): string | null {
  if (p.isEliminated) return "Eliminated";
  return p.isDropped ? DROPPED_LABEL : null;
}

/** The badge tone of a status: red when out, green while playing, amber otherwise. */
export function playerStatusTone(kind: PlayerStatusKind): "danger" | "success" | "warning" {
  if (kind === "eliminated" || kind === "removed" || kind === "dropped") return "danger";
  return kind === "playing" ? "success" : "warning";
}

/** The profile's "Current Status" line for a status: where the player stands in this round. */
export function playerStatusNote(kind: PlayerStatusKind): {
  label: string;
  tone: "danger" | "primary" | "success" | "warning";
} {
  switch (kind) {
    case "eliminated":
      return { label: "Eliminated from tournament", tone: "danger" };
    case "dropped":
      return { label: "Dropped from tournament", tone: "danger" };
    case "removed":
      // Set aside at the Round 1 draw: never waiting for a lobby.
      return { label: "Removed from tournament", tone: "danger" };
    case "completed":
      return { label: "Tournament completed", tone: "primary" };
    case "finished":
      return { label: "Game finished - waiting for the next round", tone: "primary" };
    case "playing":
      return { label: "Ready to Play", tone: "success" };
    default:
      return { label: "Waiting for lobby assignment", tone: "warning" };
  }
}

// ---------- drops ----------

/** A player's drop as every answer carries it (docs/decisions/019-dnp-and-drops.md). */
export type DropFields = { isDropped: boolean; dropReason: string | null; dropRound: number | null };

export function dropFields(p: {
  droppedAt: Date | string | null;
  dropReason: string | null;
  dropRound: number | null;
}): DropFields {
  return { isDropped: p.droppedAt !== null, dropReason: p.dropReason, dropRound: p.dropRound };
}

/** What deciding a drop needs of a player row (docs/decisions/019-dnp-and-drops.md). */
type DropSubject = Pick<PlayerFlags, "isEliminated" | "droppedAt"> & {
  name: string;
  removedAt?: Date | string | null;
  dropLobbyMark?: number | null;
};

/**
 * Why `player` cannot be dropped now, or null when they can: only once Round 1 is drawn (before, the host checks
 * them out or deletes them), never a player already out (eliminated by a cut, set aside at Round 1, or dropped).
 * The completed tournament's refusal is the mutation guard's.
 */
export function dropRefusal(tournament: Pick<Tournament, "status">, player: DropSubject): Refusal | null {
  if (tournament.status !== "active") {
    return { code: "wrong_status", message: DROP_WRONG_STATUS };
  }
  if (player.isEliminated) return { code: "player_eliminated", message: eliminatedNoDropMessage(player.name) };
  if (player.removedAt) {
    return { code: "player_removed", message: setAsideMessage(player.name) };
  }
  if (isDropped(player)) return { code: "player_dropped", message: alreadyDroppedMessage(player.name) };
  return null;
}

/**
 * Why a drop cannot be undone, or null when it can: only a dropped player, and only until a draw happened after the
 * drop (`latestLobbyId`, the tournament's highest lobby id, above the one recorded at the drop).
 */
export function undoDropRefusal(player: DropSubject, latestLobbyId: number): Refusal | null {
  if (!isDropped(player)) return { code: "not_dropped", message: notDroppedMessage(player.name) };
  if (latestLobbyId > (player.dropLobbyMark ?? 0)) {
    return {
      code: "drop_final",
      message: dropFinalMessage(player.name),
    };
  }
  return null;
}

// ---------- screen actions ----------

/** Who looks at a tournament's row: their role, and whether they own it (a master may too). */
export type Viewer = { role: Role; isOwner: boolean };

/** The actions a tournament's screens offer, by its status and the viewer (docs/rules.md, "Staff"). */
export type TournamentActions = {
  viewResults: boolean;
  overridePanel: boolean;
  /** A scorekeeper's links: check-in during check-in, scores while active. */
  staffCheckIn: boolean;
  staffScores: boolean;
  history: boolean;
  settings: boolean;
  addPlayers: boolean;
  startCheckin: boolean;
  manageCheckins: boolean;
  enterScores: boolean;
  export: boolean;
  complete: boolean;
  delete: boolean;
};

export function actionsFor(tournament: Pick<Tournament, "status">, viewer: Viewer): TournamentActions {
  const { status } = tournament;
  const owner = viewer.isOwner;
  const scorekeeper = viewer.role === "scorekeeper";
  const master = viewer.role === "master";
  return {
    viewResults: isReadOnly(tournament),
    // The panel is master-only: an owner would only meet its guard.
    overridePanel: master,
    staffCheckIn: scorekeeper && status === "checkin",
    staffScores: scorekeeper && status === "active",
    // The audit trail is for the owner and masters (docs/rules.md, "Audit trail").
    history: master || owner,
    settings: owner,
    addPlayers: owner && status === "setup",
    startCheckin: owner && checkinStartable(tournament),
    manageCheckins: owner && status === "checkin",
    enterScores: owner && status === "active",
    export: owner,
    complete: owner && !isReadOnly(tournament),
    delete: owner,
  };
}
