// The top of every tournament page (name, status, View Only or Scorekeeper note) and the completion confirmation the host screens share.
import { isCompleted } from "~/models/access/policy";
import type { ReactNode } from "react";
import { ConfirmAction, StatusBadge } from "./ui";

/** The tournament fields a host page header needs. */
export type HeaderTournament = { id: number; name: string; status: string; isLocked?: boolean };

/**
 * The top of every tournament page: the page name, the tournament's name and status, and the
 * "View Only" note for anyone who may not change it ("Scorekeeper" for its staff, who may check
 * players in and save scores: docs/rules.md, "Staff").
 */
export function TournamentHeader({
  title,
  tournament,
  canManage,
  scorekeeper = false,
  children,
}: {
  title: string;
  tournament: HeaderTournament;
  canManage: boolean;
  scorekeeper?: boolean;
  children?: ReactNode;
}) {
  return (
    <header className="host-page-header">
      <div className="row between">
        <div>
          <h1>{title}</h1>
          <div className="row">
            <span className="host-tournament-name">{tournament.name || `Tournament #${tournament.id}`}</span>
            <StatusBadge status={tournament.status} />
            {scorekeeper ? <span className="badge primary">Scorekeeper</span> : null}
            {!canManage && !scorekeeper ? <span className="badge warning">View Only</span> : null}
          </div>
        </div>
        {children ? <div className="row">{children}</div> : null}
      </div>
      {canManage && isCompleted(tournament) ? (
        <div className="alert host-completed-note" role="note">
          This tournament has been completed: its results are final and it is read-only.
        </div>
      ) : null}
      {scorekeeper ? <ScorekeeperNote /> : null}
      {!canManage && !scorekeeper ? (
        <div className="alert warning host-view-only" role="note">
          <strong>View Only</strong>
          <div className="small">Only the tournament's owner or a master administrator can make changes here.</div>
        </div>
      ) : null}
    </header>
  );
}

/**
 * Completing a tournament, from the dashboard or the last round's advance: one confirmation, the
 * same words in both places (docs/rules.md "Host flows"), without JavaScript too.
 */
export function CompleteTournamentConfirm({
  name,
  intent,
  fields,
  primary,
  small,
}: {
  name: string;
  intent: string;
  fields?: Record<string, string | number>;
  primary?: boolean;
  small?: boolean;
}) {
  return (
    <ConfirmAction
      label="Complete Tournament"
      intent={intent}
      fields={fields}
      question={`Completing ${name} calculates the final standings and makes the tournament read-only. No more scores, rounds or players can be changed.`}
      finalQuestion="Are you absolutely sure? This is the final confirmation."
      confirmLabel="Complete Tournament"
      primary={primary}
      small={small}
    />
  );
}

/** What a scorekeeper may do here, said once on every page they open. */
export function ScorekeeperNote() {
  return (
    <div className="alert host-scorekeeper-note" role="note">
      <strong>Scorekeeper</strong>
      <div className="small">
        You may check players in and out and save lobby scores until the round is finalized; everything else is the
        owner&apos;s.
      </div>
    </div>
  );
}
