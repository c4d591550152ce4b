// The check-in grid of both check-in pages: one card per player, a whole-card toggle for those who may check players in.
import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import type { FormFailure } from "~/lib/page.server";
import { useFocusOnMount } from "./ui";

export type CardPlayer = {
  id: number;
  name: string;
  riotTag: string;
  lp: number;
  isCheckedIn: boolean;
  isEliminated: boolean;
};

/** The check-in grid of both check-in pages: a toggle card per player, or the page's empty state. */
export function CheckinGrid({
  players,
  interactive,
  empty,
  failure,
  select,
}: {
  players: CardPlayer[];
  interactive: boolean;
  empty: ReactNode;
  /** A refused tap: its message shows (and takes the focus) in the tapped card. */
  failure?: FormFailure | null;
  /** "Check in selected": the form id the cards' boxes belong to, and whether they start ticked. */
  select?: { form: string; all: boolean; ids?: string[] };
}) {
  if (players.length === 0) return <div className="empty">{empty}</div>;
  return (
    <ul className="list-plain grid cols-3 host-checkin-grid">
      {players.map((p) => (
        <CheckinCard
          key={p.id}
          player={p}
          interactive={interactive}
          select={select}
          error={failure && String(failure.values.playerId) === String(p.id) ? failure.error : null}
        />
      ))}
    </ul>
  );
}

/**
 * A player's check-in card. For a host it is one form whose whole card is the button, so a click
 * toggles the check-in without JavaScript; for everyone else it only shows the state.
 */
export function CheckinCard({
  player,
  interactive,
  error,
  select,
}: {
  player: CardPlayer;
  interactive: boolean;
  error?: string | null;
  select?: { form: string; all: boolean; ids?: string[] };
}) {
  const location = useLocation();
  const state = player.isEliminated ? "Eliminated" : player.isCheckedIn ? "Checked In" : "Not Checked In";
  const badge = (
    <span className={`badge ${player.isEliminated ? "danger" : player.isCheckedIn ? "success" : ""}`}>{state}</span>
  );
  // The button's visible text is the player's Name#Tag, which its name ("Check in Name#Tag") contains
  // (WCAG 2.5.3); the tick is drawn by CSS and the LP sits beside the button.
  const body = (
    <span className="host-card-body">
      <span className="host-card-mark" aria-hidden="true" />
      <strong className="host-card-name">
        {player.name}#{player.riotTag}
      </strong>
    </span>
  );
  const lp = player.lp > 0 ? <span className="small muted host-card-lp">{player.lp} LP</span> : null;
  const className = `player-card host-checkin-card${player.isCheckedIn ? " checked" : ""}${player.isEliminated ? " eliminated" : ""}`;
  if (!interactive || player.isEliminated) {
    return (
      <li className={className} data-player-id={player.id}>
        {body}
        {lp}
        {badge}
      </li>
    );
  }
  return (
    <li data-player-id={player.id} className={select ? "host-card-selectable" : undefined}>
      {select && !player.isCheckedIn ? (
        <label className="host-card-select">
          {/* Keyed so "Select all" (a link) re-ticks boxes that are already on the page; a refused
              "Check in selected" keeps the boxes that were ticked. */}
          <input
            key={`${select.all}-${select.ids?.join(",") ?? ""}`}
            type="checkbox"
            name="playerIds"
            value={player.id}
            form={select.form}
            defaultChecked={select.all || (select.ids?.includes(String(player.id)) ?? false)}
          />
          <span className="sr-only">
            Select {player.name}#{player.riotTag}
          </span>
        </label>
      ) : select ? (
        // Holds the box's place once checked in, so the card does not move under the host's finger.
        <span className="host-card-select" aria-hidden="true" />
      ) : null}
      {/* The fragment brings the answer (a refusal, or the redirect after the tap) back to this card. */}
      <Form
        method="post"
        action={`${location.pathname}${location.search}#player-${player.id}`}
        className={className}
        preventScrollReset
      >
        <input type="hidden" name="intent" value="toggle-checkin" />
        <input type="hidden" name="playerId" value={player.id} />
        <input type="hidden" name="checkedIn" value={player.isCheckedIn ? "false" : "true"} />
        <button
          type="submit"
          id={`player-${player.id}`}
          aria-pressed={player.isCheckedIn}
          aria-label={`${player.isCheckedIn ? "Check out" : "Check in"} ${player.name}#${player.riotTag}`}
        >
          {body}
        </button>
        {lp}
        {badge}
      </Form>
      {error ? <CardError message={error} /> : null}
    </li>
  );
}

/**
 * A refused tap's message in its card, taking the focus (autofocus without JavaScript); the page's
 * top alert announces it, so this one is not a second role=alert.
 */
function CardError({ message }: { message: string }) {
  const ref = useFocusOnMount<HTMLDivElement>(true, message);
  return (
    <div ref={ref} className="error small host-card-error" tabIndex={-1} autoFocus>
      {message}
    </div>
  );
}
