// The plain shapes the pure tournament rules take, independent of the database rows.

export type EnginePlayer = {
  id: number;
  name: string;
  riotTag: string;
  lp: number;
  seed: number | null;
  isEliminated: boolean;
  isCheckedIn: boolean;
  /** Soft-removed when round 1 was drawn without them; undoing round 1 brings them back. */
  isRemoved: boolean;
  /** Left the event (a drop): out of every later draw, ranked below the active players. */
  isDropped: boolean;
  /** A master's manual changes, kept apart so recomputing from matches does not erase them. */
  adjustPoints: number;
  adjustMatches: number;
  /** A master's averagePlacement override; null = use the computed average. */
  adjustAvg: number | null;
};

export type EngineMatch = {
  playerId: number;
  lobbyId: number;
  roundNumber: number;
  /** Null for a DNP (did not play): a game played, no placement, 0 points. */
  placement: number | null;
  points: number;
  /** Did not play (a no-show): 0 points and no placement; counts as a game played only (app/models/format/ruleset.ts). */
  dnp?: boolean;
};

export type EngineLobby = {
  id: number;
  roundNumber: number;
  name: string;
  playerIds: number[];
  isComplete: boolean;
};

export const FORMATS = ["standard", "elimination"] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_LABELS: Record<Format, string> = {
  standard: "Standard",
  elimination: "Elimination",
};

export const LOBBY_METHODS = ["snake", "swiss", "round-robin"] as const;
export type LobbyMethod = (typeof LOBBY_METHODS)[number];

export const TOURNAMENT_STATUSES = ["setup", "registration", "checkin", "in_progress", "active", "completed"] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export const STATUS_LABELS: Record<TournamentStatus, string> = {
  setup: "Setup",
  registration: "Registration",
  checkin: "Check-in",
  in_progress: "In Progress",
  active: "Active",
  completed: "Completed",
};

/** docs/rules.md: an unknown status is shown as-is, an empty one as "Unknown". */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return "Unknown";
  return Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as TournamentStatus] : status;
}
