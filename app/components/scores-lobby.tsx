// One lobby on the score screen: placement selects in a plain form, or the saved placements read-only.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { duplicatePlacements, lockedPlacements } from "~/models/access/policy";
import { DNP_LABEL, DNP_VALUE, ordinal, pointsFor, type Scoring } from "~/models/format/scoring";
import type { ScoreSheetLobby } from "~/models/views/score-sheet.server";
import { expectAnsweredEvent } from "./live";
import { duplicatesNote, placementOption } from "./placement-notes";
import { LobbyReports, ReportBadge } from "./scores-reports";
import { FormError } from "./ui";

export type LobbyView = ScoreSheetLobby;
export type LobbyPlayerView = LobbyView["players"][number];

export type LobbyFailure = { error: string; title?: string; placements: Record<number, number> };

const PLACES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * A DNP in the form's placement map (the select sends "dnp"): below 0, so the placement rules that count taken places
 * (`lockedPlacements`, `duplicatePlacements`) pass over it as they do over "Unscored".
 */
export const DNP_CHOICE = -1;

/**
 * A lobby's anchor on the score screen: "lobby-16" for "Lobby 16" (its number, never its database
 * id). Saves and refusals return to it, so a host on a phone without JavaScript keeps their place.
 */
export function lobbyAnchor(lobby: { id: number; name: string }): string {
  const number = /(\d+)\s*$/.exec(lobby.name)?.[1];
  return number ? `lobby-${number}` : `lobby-id-${lobby.id}`;
}

export function LobbyCard({
  lobby,
  scoring,
  canEdit,
  editing,
  clear,
  hrefs,
  failure,
}: {
  lobby: LobbyView;
  scoring: Scoring;
  /** The viewer may save or change this lobby's scores now. */
  canEdit: boolean;
  /** ?edit=<this lobby>: a saved lobby shown as its form again. */
  editing: boolean;
  /** ?clear=1 with ?edit: start the edit from "Unscored", to re-enter the whole lobby. */
  clear: boolean;
  hrefs: { edit: string; cancel: string; clear: string };
  failure: LobbyFailure | null;
}) {
  const showForm = canEdit && (!lobby.isComplete || editing);
  const anchor = lobbyAnchor(lobby);
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the redirect to #lobby-N is a client navigation, which moves no focus by itself;
  // a refusal's own message takes the focus instead (FormError).
  useEffect(() => {
    if (location.hash === `#${anchor}` && !failure) heading.current?.focus({ preventScroll: true });
  }, [location.key, location.hash, anchor, failure]);
  if (lobby.isComplete && !showForm && !failure) {
    // Saved: folded to one line that opens (no JavaScript needed) to the placements and Edit Scores.
    const winner = lobby.players.find((p) => p.placement === 1);
    return (
      <section className="card scores-lobby folded" aria-labelledby={anchor} data-lobby={lobby.name}>
        <h3 id={anchor} ref={heading} tabIndex={-1}>
          {lobby.name}
        </h3>
        <details className="scores-folded">
          <summary>
            <span className="scores-saved">✓ Scores Saved</span>
            {winner ? <span className="muted small">1st {winner.name}</span> : null}
            <span className="badge success">Complete</span>
          </summary>
          <SavedPlacements lobby={lobby} canEdit={canEdit} editHref={`${hrefs.edit}#${anchor}`} folded />
        </details>
      </section>
    );
  }
  return (
    <section className="card scores-lobby" aria-labelledby={anchor} data-lobby={lobby.name}>
      <div className="row between" style={{ marginBottom: "0.75rem" }}>
        {/* The fragment target: focusable, so a jump to #lobby-N moves focus here too. */}
        <h3 id={anchor} ref={heading} tabIndex={-1} style={{ margin: 0 }}>
          {lobby.name}
        </h3>
        {lobby.isComplete ? (
          <span className="badge success">Complete</span>
        ) : (
          <ReportBadge state={lobby.reports.state} />
        )}
      </div>
      {lobby.isComplete ? null : <LobbyReports lobby={lobby} canEdit={canEdit} anchor={anchor} />}
      {showForm ? (
        <LobbyForm
          // A new edit session (or a clear) starts from fresh values.
          key={`${editing}-${clear}-${lobby.players.map((p) => p.placement ?? 0).join(",")}`}
          lobby={lobby}
          scoring={scoring}
          editing={editing}
          clear={clear}
          hrefs={hrefs}
          failure={failure}
          anchor={anchor}
        />
      ) : (
        <SavedPlacements lobby={lobby} canEdit={canEdit} editHref={`${hrefs.edit}#${anchor}`} />
      )}
    </section>
  );
}

function SavedPlacements({
  lobby,
  canEdit,
  editHref,
  folded = false,
}: {
  lobby: LobbyView;
  canEdit: boolean;
  editHref: string;
  /** Inside the folded line, which already says "Scores Saved": only the placements and Edit Scores. */
  folded?: boolean;
}) {
  const rows = [...lobby.players].sort((a, b) => (a.placement ?? (a.dnp ? 9 : 99)) - (b.placement ?? (b.dnp ? 9 : 99)));
  return (
    <>
      {folded ? null : lobby.isComplete ? (
        <div className="row between" style={{ marginBottom: "0.5rem" }}>
          <span className="scores-saved">✓ Scores Saved</span>
          {canEdit ? (
            <Link to={editHref} className="btn small" preventScrollReset>
              Edit Scores
            </Link>
          ) : null}
        </div>
      ) : null}
      <ul className="list-plain scores-players">
        {rows.map((p) => (
          <li key={p.id} className="scores-player">
            <span className="scores-place">{p.dnp ? DNP_LABEL : p.placement ? ordinal(p.placement) : "-"}</span>
            <span className="scores-name">
              {p.name} <span className="muted small">#{p.riotTag}</span>
              {p.dropped ? <DroppedMark /> : null}
            </span>
            <span className="num small">{p.points !== null ? `+${p.points} pts` : "No score"}</span>
          </li>
        ))}
      </ul>
      {folded && canEdit ? (
        <div className="row" style={{ marginTop: "0.5rem" }}>
          <Link to={editHref} className="btn small" preventScrollReset>
            Edit Scores
          </Link>
        </div>
      ) : null}
    </>
  );
}

/** A player who dropped out of the event, so the host knows to save them as DNP if they did not play. */
function DroppedMark() {
  return <span className="badge danger scores-dropped">Dropped</span>;
}

function LobbyForm({
  lobby,
  scoring,
  editing,
  clear,
  hrefs,
  failure,
  anchor,
}: {
  lobby: LobbyView;
  scoring: Scoring;
  editing: boolean;
  clear: boolean;
  hrefs: { cancel: string; clear: string };
  failure: LobbyFailure | null;
  anchor: string;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const [placements, setPlacements] = useState<Record<number, number>>(() => {
    const start: Record<number, number> = {};
    for (const p of lobby.players) {
      start[p.id] = failure?.placements[p.id] ?? (clear ? 0 : p.dnp ? DNP_CHOICE : (p.placement ?? 0));
    }
    return start;
  });
  // Editing a saved lobby, the saved placements stay open to swap (docs/rules.md "Editing saved scores").
  const saved = editing ? Object.fromEntries(lobby.players.map((p) => [p.id, p.placement ?? 0])) : null;
  const holder = new Map(
    lobby.players.filter((p) => (placements[p.id] ?? 0) > 0).map((p) => [placements[p.id], p.name]),
  );
  const duplicates = duplicatePlacements(placements);
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "save" &&
    navigation.formData?.get("lobbyId") === String(lobby.id);
  const label = `Save ${lobby.name} Scores`;

  return (
    // The action's fragment brings the answer (a refusal, or the redirect after a save) back to this lobby.
    <Form
      method="post"
      action={`${location.pathname}${location.search}#${anchor}`}
      preventScrollReset
      // The save is answered in place (one round trip): its own live event re-fetches nothing. `data-answer`: the same
      // for the page served without React (app/scripts/host.ts).
      onSubmit={() => expectAnsweredEvent("matches_saved", lobby.id)}
      data-answer=""
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="lobbyId" value={lobby.id} />
      {editing ? <input type="hidden" name="editing" value="1" /> : null}
      {failure ? <FormError title={failure.title} message={failure.error} focus /> : null}
      <ul className="list-plain scores-players">
        {lobby.players.map((p, i) => {
          const own = placements[p.id] ?? 0;
          const locked = lockedPlacements(placements, p.id, saved);
          const selectId = `placement-${lobby.id}-${p.id}`;
          return (
            <li key={p.id} className="scores-player">
              <label htmlFor={selectId} className="scores-name" style={{ margin: 0, fontWeight: 500 }}>
                {p.name} <span className="muted small">#{p.riotTag}</span>
                {p.dropped ? <DroppedMark /> : null}
              </label>
              <input type="hidden" name={`scores.${i}.playerId`} value={p.id} />
              <select
                id={selectId}
                name={`scores.${i}.placement`}
                aria-label={`Placement for ${p.name}`}
                // The saved placement while editing, for the checks of the page served without React.
                data-saved={saved ? saved[p.id] : undefined}
                value={own === DNP_CHOICE ? DNP_VALUE : own}
                onChange={(event) => {
                  const raw = event.currentTarget.value;
                  const value = raw === DNP_VALUE ? DNP_CHOICE : Number(raw);
                  setPlacements((prev) => ({ ...prev, [p.id]: value }));
                }}
              >
                <option value={0}>Unscored</option>
                {PLACES.map((place) => {
                  const { disabled, note } = placementOption(place, own, locked, (at) => holder.get(at));
                  return (
                    <option key={place} value={place} disabled={disabled}>
                      {`${ordinal(place)} (${pointsFor(scoring, place)} pts)${note}`}
                    </option>
                  );
                })}
                <option value={DNP_VALUE}>{`${DNP_LABEL} - did not play (0 pts)`}</option>
              </select>
            </li>
          );
        })}
      </ul>
      {/* A swap passes through a moment where two players hold one placement; the note says which. */}
      <p className="small scores-duplicates" aria-live="polite">
        {duplicatesNote(duplicates)}
      </p>
      <div className="row" style={{ marginTop: "0.75rem" }}>
        <button type="submit" className="btn primary" disabled={saving}>
          {saving ? <span className="spinner" aria-hidden="true" /> : null} {saving ? "Saving..." : label}
        </button>
        <Link
          to={`${hrefs.clear}#${anchor}`}
          className="btn ghost small"
          preventScrollReset
          // With JavaScript the same URL keeps this form mounted, so its state is cleared here too.
          onClick={() => setPlacements(Object.fromEntries(lobby.players.map((p) => [p.id, 0])))}
        >
          Clear Placements
        </Link>
        {editing ? (
          <Link to={`${hrefs.cancel}#${anchor}`} className="btn small" preventScrollReset>
            Cancel Edit
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
