// The domain events of docs/rules.md "Versions and live pages": what a committed action tells spectators.
export type EventType =
  | "connected"
  | "tournament_created"
  | "tournament_updated"
  | "lobbies_generated"
  | "matches_saved"
  | "round_advanced"
  | "tournament_completed"
  /** The database came back after an outage: events may have been missed, so every page re-reads (no toast). */
  | "resync";

export type DomainEvent = {
  type: EventType;
  tournamentId: number | null;
  /** docs/rules.md's event data: name, roundNumber, newRound, lobbyId, as the type needs. */
  data: { name?: string; roundNumber?: number; newRound?: number; lobbyId?: number; [key: string]: unknown };
};

export function event(type: EventType, tournamentId: number | null, data: DomainEvent["data"] = {}): DomainEvent {
  return { type, tournamentId, data: { tournamentId, ...data } };
}
