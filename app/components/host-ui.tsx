// Pieces the host screens share: the tournament page header, refused-action alerts, scoring inputs, player forms and check-in cards.
import { useEffect, type ReactNode } from "react";
import { Form, Link } from "react-router";
import type { FormFailure } from "~/lib/page.server";
import { SCORING_KEYS, ordinal, type Scoring } from "~/models/scoring";
import { FieldError, FormError, StatusBadge, usePendingIntent } from "./ui";
import { useToast } from "./toast";

/** How the create and settings forms name the lobby methods of DECISIONS.md. */
export const LOBBY_METHOD_LABELS: Record<string, string> = {
  snake: "Snake distribution",
  swiss: "Swiss (stacked by standings)",
  "round-robin": "Round-robin (fewest repeat opponents)",
};

/** The tournament fields a host page header needs. */
export type HeaderTournament = { id: number; name: string; status: string; isLocked?: boolean };

/**
 * The top of every tournament page: the page name, the tournament's name and status, and the
 * "View Only" note for anyone who may not change it.
 */
export function TournamentHeader({
  title,
  tournament,
  canManage,
  children,
}: {
  title: string;
  tournament: HeaderTournament;
  canManage: boolean;
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
            {!canManage ? <span className="badge warning">View Only</span> : null}
          </div>
        </div>
        {children ? <div className="row">{children}</div> : null}
      </div>
      {canManage && tournament.status === "completed" ? (
        <div className="alert host-completed-note" role="note">
          This tournament has been completed: its results are final and it is read-only.
        </div>
      ) : null}
      {!canManage ? (
        <div className="alert warning host-view-only" role="note">
          <strong>View Only</strong>
          <div className="small">Only the tournament's owner or a master administrator can make changes here.</div>
        </div>
      ) : null}
    </header>
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
export function useFailureToast(actionData: unknown) {
  const show = useToast();
  useEffect(() => {
    const failure = failureOf(actionData);
    if (failure) show({ type: "error", title: failure.title ?? "Error", description: failure.error });
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

/** Points for places 1 to 8, named scoring.first … scoring.eighth for the shared schema. */
export function ScoringFields({
  scoring,
  failure,
  disabled,
}: {
  scoring: Scoring;
  failure: FormFailure | null;
  disabled?: boolean;
}) {
  const typedScoring = (failure?.values?.scoring ?? {}) as Record<string, unknown>;
  return (
    <fieldset disabled={disabled}>
      <legend>Scoring (points per placement)</legend>
      <div className="grid cols-4 host-scoring">
        {SCORING_KEYS.map((key, i) => {
          const value = typedScoring[key];
          return (
            <div className="field" key={key}>
              <label htmlFor={`scoring-${key}`}>{ordinal(i + 1)}</label>
              <input
                id={`scoring-${key}`}
                type="number"
                name={`scoring.${key}`}
                min={0}
                step="any"
                inputMode="decimal"
                defaultValue={typeof value === "string" ? value : scoring[key]}
              />
            </div>
          );
        })}
      </div>
      <FieldError message={failure?.fieldErrors?.scoring} />
    </fieldset>
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
      <fieldset disabled={disabled}>
        <legend>Add New Player</legend>
        {disabled && disabledNote ? <p className="small muted">{disabledNote}</p> : null}
        <div className="grid cols-3">
          <div className="field">
            <label htmlFor="player-name">Player Name</label>
            <input
              id="player-name"
              name="name"
              type="text"
              autoComplete="off"
              required
              placeholder="Player name"
              defaultValue={typed(failure, "name")}
              aria-invalid={failure?.fieldErrors?.name ? true : undefined}
              aria-describedby={failure?.fieldErrors?.name ? "player-name-error" : undefined}
            />
            <FieldError id="player-name-error" message={failure?.fieldErrors?.name} />
          </div>
          <div className="field">
            <label htmlFor="player-tag">Riot Tag</label>
            <input
              id="player-tag"
              name="riotTag"
              type="text"
              autoComplete="off"
              required
              placeholder="NA1"
              defaultValue={typed(failure, "riotTag")}
              aria-invalid={failure?.fieldErrors?.riotTag ? true : undefined}
              aria-describedby={failure?.fieldErrors?.riotTag ? "player-tag-error" : undefined}
            />
            <FieldError id="player-tag-error" message={failure?.fieldErrors?.riotTag} />
          </div>
          {withLp ? (
            <div className="field">
              <label htmlFor="player-lp">LP (optional)</label>
              <input
                id="player-lp"
                name="lp"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                placeholder="0"
                defaultValue={typed(failure, "lp")}
              />
              <FieldError message={failure?.fieldErrors?.lp} />
            </div>
          ) : null}
        </div>
        {withLp ? (
          <label className="checkbox small">
            <input type="checkbox" name="manualOverride" value="true" defaultChecked={typed(failure, "manualOverride") === "true"} />
            Manual override: add beyond the player limit (the player is added inactive)
          </label>
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
export function CheckinCard({ player, interactive }: { player: CardPlayer; interactive: boolean }) {
  const state = player.isEliminated ? "Eliminated" : player.isCheckedIn ? "Checked In" : "Not Checked In";
  const badge = (
    <span className={`badge ${player.isEliminated ? "danger" : player.isCheckedIn ? "success" : ""}`}>{state}</span>
  );
  const body = (
    <span className="host-card-body">
      <span className="host-card-mark" aria-hidden="true">{player.isCheckedIn ? "✓" : ""}</span>
      <span>
        <strong>{player.name}</strong>
        <span className="muted">#{player.riotTag}</span>
        {player.lp > 0 ? <span className="small muted"> · {player.lp} LP</span> : null}
      </span>
    </span>
  );
  const className = `player-card host-checkin-card${player.isCheckedIn ? " checked" : ""}${player.isEliminated ? " eliminated" : ""}`;
  if (!interactive || player.isEliminated) {
    return (
      <li className={className} data-player-id={player.id}>
        {body}
        {badge}
      </li>
    );
  }
  return (
    <li data-player-id={player.id}>
      <Form method="post" className={className} preventScrollReset>
        <input type="hidden" name="intent" value="toggle-checkin" />
        <input type="hidden" name="playerId" value={player.id} />
        <input type="hidden" name="checkedIn" value={player.isCheckedIn ? "false" : "true"} />
        <button
          type="submit"
          aria-pressed={player.isCheckedIn}
          aria-label={`${player.isCheckedIn ? "Check out" : "Check in"} ${player.name}#${player.riotTag}`}
        >
          {body}
        </button>
        {badge}
      </Form>
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
  const none = eliminated.length === 0;
  return (
    <Form method="post" aria-label="Player substitution">
      <input type="hidden" name="intent" value="substitute" />
      <FailureAlert failure={failure} />
      <fieldset disabled={none}>
        <legend>Player Substitution</legend>
        {none ? <p className="small muted">No eliminated players are available to substitute in.</p> : null}
        <div className="grid cols-2">
          <div className="field">
            <label htmlFor="sub-old">Active player to replace</label>
            <select id="sub-old" name="oldPlayerId" defaultValue={typed(failure, "oldPlayerId")}>
              <option value="">Select an active player</option>
              {active.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}#{p.riotTag}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="sub-new">Eliminated player to bring in</label>
            <select id="sub-new" name="newPlayerId" defaultValue={typed(failure, "newPlayerId")}>
              <option value="">Select an eliminated player</option>
              {eliminated.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}#{p.riotTag}
                </option>
              ))}
            </select>
          </div>
        </div>
        <SubmitButton intent="substitute" pendingLabel="Substituting...">
          Substitute Player
        </SubmitButton>
      </fieldset>
    </Form>
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
