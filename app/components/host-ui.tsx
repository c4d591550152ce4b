// Pieces the host screens share: the tournament page header, refused-action alerts, player forms and check-in cards.
import { useEffect, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { FormFailure } from "~/lib/page.server";
import { InputField, SelectField } from "./form-fields";
import { ConfirmAction, FormError, StatusBadge, useFocusOnMount, usePendingIntent } from "./ui";
import { substitutionBlocked } from "~/models/policy";
import { useToast, type ToastMessage } from "./toast";

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
      {canManage && tournament.status === "completed" ? (
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
        You may check players in and out and save lobby scores until the round is finalized; everything else is the owner&apos;s.
      </div>
    </div>
  );
}

/** The refused action's answer when it belongs to this form (several forms share a page). */
export function failureOf(actionData: unknown, ...intents: string[]): FormFailure | null {
  if (!actionData || typeof actionData !== "object") return null;
  const failure = actionData as Partial<FormFailure>;
  if (failure.ok !== false) return null;
  if (intents.length > 0 && !intents.includes(failure.intent ?? "")) return null;
  return failure as FormFailure;
}

/** A string the user typed, for refilling a refused form. */
export function typed(failure: FormFailure | null, name: string, fallback = ""): string {
  const value = failure?.values?.[name];
  if (Array.isArray(value)) return String(value[value.length - 1] ?? fallback);
  return typeof value === "string" || typeof value === "number" ? String(value) : fallback;
}

/** With JavaScript, a refused action also pops SPEC.md's error toast; the page shows the alert either way. */
export function failureToast(failure: FormFailure): ToastMessage {
  return { type: "error", title: failure.title ?? "Error", description: failure.error };
}

export function useFailureToast(actionData: unknown) {
  const show = useToast();
  useEffect(() => {
    const failure = failureOf(actionData);
    if (failure) show(failureToast(failure));
  }, [actionData, show]);
}

/** The alert at the top of a form: SPEC.md's failure title with the server's message. */
export function FailureAlert({ failure }: { failure: FormFailure | null }) {
  if (!failure) return null;
  return <FormError title={failure.title} message={failure.error} />;
}

/** A submit button that says it is busy while its form's hidden intent is being submitted (with JavaScript). */
export function SubmitButton({
  intent,
  children,
  pendingLabel,
  className = "btn primary",
  disabled,
}: {
  intent: string;
  children: ReactNode;
  pendingLabel?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const pending = usePendingIntent(intent);
  return (
    <button type="submit" className={className} disabled={disabled || pending}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

/** The name and tag inputs of the add-player form. */
const PLAYER_TEXT_FIELDS = [
  { id: "player-name", name: "name", label: "Player Name", placeholder: "Player name" },
  { id: "player-tag", name: "riotTag", label: "Riot Tag", placeholder: "NA1" },
];

/** The add forms' "manual override" box, which lets a host add beyond the player limit. */
export function ManualOverrideCheckbox({ failure, children }: { failure: FormFailure | null; children: ReactNode }) {
  return (
    <label className="checkbox small">
      <input type="checkbox" name="manualOverride" value="true" defaultChecked={typed(failure, "manualOverride") === "true"} />
      {children}
    </label>
  );
}

/**
 * Registers one player. `withLp` adds the LP field and the manual-override checkbox of the
 * manage-players page; the check-in management page only asks for name and tag.
 */
export function AddPlayerForm({
  failure,
  disabled,
  disabledNote,
  withLp = true,
  resetKey,
  tournamentId,
}: {
  failure: FormFailure | null;
  disabled?: boolean;
  disabledNote?: ReactNode;
  withLp?: boolean;
  resetKey: string | number;
  tournamentId: number;
}) {
  return (
    <Form method="post" key={failure ? "typed" : resetKey} className="host-add-player" aria-label="Add player">
      <input type="hidden" name="intent" value="add-player" />
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <FailureAlert failure={failure} />
      <fieldset disabled={disabled} aria-describedby={disabled && disabledNote ? "add-player-locked" : undefined}>
        <legend>Add New Player</legend>
        {disabled && disabledNote ? <DisabledNote id="add-player-locked" label="Locked">{disabledNote}</DisabledNote> : null}
        <div className="grid cols-3">
          {PLAYER_TEXT_FIELDS.map((f) => (
            <InputField
              key={f.name}
              id={f.id}
              name={f.name}
              label={f.label}
              type="text"
              autoComplete="off"
              required
              placeholder={f.placeholder}
              defaultValue={typed(failure, f.name)}
              error={failure?.fieldErrors?.[f.name]}
              errorId={`${f.id}-error`}
            />
          ))}
          {withLp ? (
            <InputField
              id="player-lp"
              name="lp"
              label="LP (optional)"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder="0"
              defaultValue={typed(failure, "lp")}
              error={failure?.fieldErrors?.lp}
            />
          ) : null}
        </div>
        {withLp ? (
          <ManualOverrideCheckbox failure={failure}>
            Manual override: add beyond the player limit (the player is added inactive)
          </ManualOverrideCheckbox>
        ) : null}
        <div className="row" style={{ marginTop: "0.75rem" }}>
          <SubmitButton intent="add-player" pendingLabel="Adding...">
            Add Player
          </SubmitButton>
        </div>
      </fieldset>
    </Form>
  );
}

export type CardPlayer = {
  id: number;
  name: string;
  riotTag: string;
  lp: number;
  isCheckedIn: boolean;
  isEliminated: boolean;
};

/**
 * A player's check-in card. For a host it is one form whose whole card is the button, so a click
 * toggles the check-in without JavaScript; for everyone else it only shows the state.
 */
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
      ) : null}
      {/* The fragment brings the answer (a refusal, or the redirect after the tap) back to this card. */}
      <Form method="post" action={`${location.pathname}${location.search}#player-${player.id}`} className={className} preventScrollReset>
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

/** Swaps an eliminated player in for an active checked-in one. */
export function SubstitutionForm({
  active,
  eliminated,
  failure,
}: {
  active: { id: number; name: string; riotTag: string }[];
  eliminated: { id: number; name: string; riotTag: string }[];
  failure: FormFailure | null;
}) {
  const blocked = substitutionBlocked(active.length, eliminated.length);
  return (
    <Form method="post" aria-label="Player substitution">
      <input type="hidden" name="intent" value="substitute" />
      <FailureAlert failure={failure} />
      <fieldset disabled={!!blocked} aria-describedby={blocked ? "substitution-blocked" : undefined}>
        <legend>Player Substitution</legend>
        {blocked ? <DisabledNote id="substitution-blocked">{blocked}</DisabledNote> : null}
        <div className="grid cols-2">
          <PlayerSelect
            id="sub-old"
            name="oldPlayerId"
            label="Active player to replace"
            placeholder="Select an active player"
            players={active}
            defaultValue={typed(failure, "oldPlayerId")}
          />
          <PlayerSelect
            id="sub-new"
            name="newPlayerId"
            label="Eliminated player to bring in"
            placeholder="Select an eliminated player"
            players={eliminated}
            defaultValue={typed(failure, "newPlayerId")}
          />
        </div>
        <SubmitButton intent="substitute" pendingLabel="Substituting...">
          Substitute Player
        </SubmitButton>
      </fieldset>
    </Form>
  );
}

/** Why a form is disabled, inside its disabled fieldset: a lock mark and the reason, in readable contrast. */
export function DisabledNote({ id, label = "Unavailable", children }: { id: string; label?: string; children: ReactNode }) {
  return (
    <p className="disabled-note small" id={id}>
      <span className="badge">{label}</span> {children}
    </p>
  );
}

/** A player picker: an empty choice with `placeholder`, then each player as Name#Tag. */
export function PlayerSelect({
  id,
  name,
  label,
  placeholder,
  players,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  players: { id: number; name: string; riotTag: string }[];
  defaultValue: string;
}) {
  return (
    <SelectField id={id} name={name} label={label} defaultValue={defaultValue}>
      <option value="">{placeholder}</option>
      {players.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}#{p.riotTag}
        </option>
      ))}
    </SelectField>
  );
}

/** The search box and filter of a player list, as a GET form so it works without JavaScript. */
export function PlayerFilter({
  q,
  filter,
  filters,
  label = "Search players",
}: {
  q: string;
  filter?: string;
  filters?: { value: string; label: string }[];
  label?: string;
}) {
  return (
    <Form method="get" className="row host-filter" role="search" preventScrollReset>
      <label className="sr-only" htmlFor="player-search">{label}</label>
      <input id="player-search" type="search" name="q" placeholder="Search by name or tag" defaultValue={q} />
      {filters ? (
        <>
          <label className="sr-only" htmlFor="player-filter">Filter</label>
          <select id="player-filter" name="filter" defaultValue={filter ?? "all"}>
            {filters.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <button type="submit" className="btn">Search</button>
      {q || (filter && filter !== "all") ? (
        <Link className="btn ghost" to="?" preventScrollReset>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The Excel export link. Without JavaScript it is a plain download of the export route; with it,
 * the file is fetched and saved here so the host gets SPEC.md's toasts either way the API answers
 * (a file, or JSON with base64 excelData).
 */
export function ExcelDownloadLink({
  tournamentId,
  className = "btn primary",
  children = "Download Excel File",
}: {
  tournamentId: number;
  className?: string;
  children?: ReactNode;
}) {
  const show = useToast();
  const href = `/api/tournaments/${tournamentId}/export?download=1`;
  return (
    <a
      href={href}
      className={className}
      download
      onClick={async (event) => {
        event.preventDefault();
        try {
          const response = await fetch(href, { credentials: "same-origin", cache: "no-store" });
          if (!response.ok) throw new Error(`${response.status}`);
          let fileName = "tournament_export.xlsx";
          let blob: Blob;
          if ((response.headers.get("content-type") ?? "").includes("application/json")) {
            const body = (await response.json()) as { excelData: string; fileName?: string };
            const bytes = Uint8Array.from(atob(body.excelData), (c) => c.charCodeAt(0));
            blob = new Blob([bytes], { type: XLSX_TYPE });
            fileName = body.fileName ?? fileName;
          } else {
            blob = await response.blob();
            const named = response.headers.get("content-disposition")?.match(/filename="?([^";]+)"?/);
            if (named) fileName = named[1];
          }
          const url = URL.createObjectURL(blob);
          const anchor = document.createElement("a");
          anchor.href = url;
          anchor.download = fileName;
          document.body.append(anchor);
          anchor.click();
          anchor.remove();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
          show({ type: "success", title: "Download started", description: "Tournament exported successfully" });
        } catch {
          show({ type: "error", title: "Export failed", description: "Failed to export tournament data" });
        }
      }}
    >
      {children}
    </a>
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
