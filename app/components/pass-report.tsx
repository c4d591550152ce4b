// The pass page's "Report results" card (docs/decisions/036-player-reports.md): the lobby's report state, the player's
// own report, and two plain forms (their own placement; the whole lobby's), working without JavaScript at 360 px.
import { Form } from "react-router";
import type { FormFailure } from "~/lib/page.server";
import { READING_LABELS } from "~/models/rounds/reports";
import type { ReportPanel } from "~/models/rounds/reports.server";
import { ordinal } from "~/models/format/scoring";

/** What the player typed before a refusal, so the form keeps it. */
function typed(failure: FormFailure | null, intent: string, key: string): string | undefined {
  if (!failure || failure.intent !== intent) return undefined;
  const value = failure.values[key];
  return typeof value === "string" ? value : undefined;
}

function typedPlacement(failure: FormFailure | null, index: number): string | undefined {
  if (!failure || failure.intent !== "report-full") return undefined;
  const list = failure.values.placements;
  if (!Array.isArray(list)) return undefined;
  const entry = list[index] as { placement?: unknown } | undefined;
  return typeof entry?.placement === "string" ? entry.placement : undefined;
}

export function ReportSection({
  lobby,
  panel,
  failure,
}: {
  lobby: { name: string; round: number };
  panel: ReportPanel;
  failure: FormFailure | null;
}) {
  const k = panel.players.length;
  const places = Array.from({ length: k }, (_, i) => i + 1);
  const nameOf = new Map(panel.players.map((p) => [p.id, `${p.name}#${p.riotTag}`]));
  const reportFailure =
    failure && (failure.intent === "report-own" || failure.intent === "report-full") ? failure : null;
  const mine = panel.mine;
  return (
    <section className="card" aria-labelledby="report-heading">
      <h2 id="report-heading" tabIndex={-1}>
        Report results: {lobby.name}
      </h2>
      {panel.refusal?.code === "lobby_saved" ? (
        <p data-testid="report-state">The result of {lobby.name} is saved.</p>
      ) : panel.refusal ? (
        <p className="muted" data-testid="report-state">
          {panel.refusal.message}
        </p>
      ) : (
        <>
          <p data-testid="report-state">
            <strong>{READING_LABELS[panel.reading.state]}</strong> ({panel.reported} of {k} players reported)
          </p>
          {panel.reading.state === "agreed" ? (
            <p className="muted">The reports agree: the staff confirm the result.</p>
          ) : panel.reading.state === "disputed" ? (
            <p className="muted">The reports disagree: the staff decide the result. You can correct your report.</p>
          ) : (
            <p className="muted">
              Two players reporting the same whole lobby, or every player reporting their own placement, settle it.
            </p>
          )}
          {panel.outOfPlay.length > 0 ? (
            <p className="muted" data-testid="report-out-of-play">
              Dropped out, saved as DNP without a placement:{" "}
              {panel.outOfPlay.map((p) => `${p.name}#${p.riotTag}`).join(", ")}. The {k} players still in play take 1st
              to {ordinal(k)}.
            </p>
          ) : null}
          {mine ? (
            <p data-testid="my-report">
              Your report:{" "}
              {mine.kind === "own"
                ? `${ordinal(mine.placements[0]?.placement ?? 0)} (your own placement)`
                : [...mine.placements]
                    .sort((a, b) => a.placement - b.placement)
                    .map((c) => `${ordinal(c.placement)} ${nameOf.get(c.playerId) ?? `#${c.playerId}`}`)
                    .join(", ")}
            </p>
          ) : null}
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="report-own" />
            <input type="hidden" name="lobbyId" value={panel.lobbyId} />
            <label htmlFor="report-own-placement">My placement</label>
            <select
              id="report-own-placement"
              name="placement"
              defaultValue={
                typed(failure, "report-own", "placement") ??
                (mine?.kind === "own" ? String(mine.placements[0]?.placement) : "")
              }
            >
              <option value="">Choose</option>
              {places.map((p) => (
                <option key={p} value={p}>
                  {ordinal(p)}
                </option>
              ))}
            </select>
            <button type="submit" className="btn primary">
              Report My Placement
            </button>
          </Form>
          <details className="pass-report-full" open={reportFailure?.intent === "report-full" || undefined}>
            <summary>Report the whole lobby</summary>
            <Form method="post" className="stack pass-report-form">
              <input type="hidden" name="intent" value="report-full" />
              <input type="hidden" name="lobbyId" value={panel.lobbyId} />
              <ul className="list-plain">
                {panel.players.map((p, i) => {
                  const claim = mine?.kind === "full" ? mine.placements.find((c) => c.playerId === p.id) : undefined;
                  return (
                    <li key={p.id} className="scores-player">
                      <input type="hidden" name={`placements.${i}.playerId`} value={p.id} />
                      <label htmlFor={`report-full-${p.id}`} style={{ overflowWrap: "anywhere" }}>
                        {p.name}#{p.riotTag}
                      </label>
                      <select
                        id={`report-full-${p.id}`}
                        name={`placements.${i}.placement`}
                        defaultValue={typedPlacement(failure, i) ?? (claim ? String(claim.placement) : "")}
                      >
                        <option value="">Choose</option>
                        {places.map((place) => (
                          <option key={place} value={place}>
                            {ordinal(place)}
                          </option>
                        ))}
                      </select>
                    </li>
                  );
                })}
              </ul>
              <button type="submit" className="btn primary">
                Report Whole Lobby
              </button>
            </Form>
          </details>
        </>
      )}
    </section>
  );
}
