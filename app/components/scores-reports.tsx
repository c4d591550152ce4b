// A lobby's player reports on the score screen (docs/decisions/036-player-reports.md): every version side by side, and
// for an agreed lobby the one-tap confirm (the same save as typing the placements).
import { Form, useLocation } from "react-router";
import { DNP_LABEL, DNP_VALUE, ordinal } from "~/models/format/scoring";
import type { ScoreSheetLobby } from "~/models/views/score-sheet.server";
import { expectAnsweredEvent } from "./live";

type Reports = ScoreSheetLobby["reports"];

/** The badge of a lobby waiting for its scores: what its reports say. */
export function ReportBadge({ state }: { state: Reports["state"] }) {
  if (state === "agreed") return <span className="badge primary">Reported, agreed</span>;
  if (state === "disputed") return <span className="badge danger">Disputed</span>;
  return <span className="badge warning">Pending</span>;
}

export function LobbyReports({ lobby, canEdit, anchor }: { lobby: ScoreSheetLobby; canEdit: boolean; anchor: string }) {
  const location = useLocation();
  const { reports } = lobby;
  if (reports.versions.length === 0) return null;
  const nameOf = new Map(lobby.players.map((p) => [p.id, p]));
  const full = reports.versions.filter((v) => v.kind === "full");
  const own = new Map(
    reports.versions.filter((v) => v.kind === "own").map((v) => [v.reporter.id, v.placements[0]?.placement]),
  );
  const headingId = `${anchor}-reports`;
  return (
    <div className="scores-reports" data-reports={reports.state}>
      <h4 id={headingId} className="scores-reports-title">
        Players&apos; reports ({reports.versions.length})
        {reports.state === "disputed" ? ": they disagree, save the right result below" : null}
      </h4>
      {reports.state === "agreed" && reports.result && canEdit ? (
        <Form
          method="post"
          action={`${location.pathname}${location.search}#${anchor}`}
          preventScrollReset
          onSubmit={() => expectAnsweredEvent("matches_saved", lobby.id)}
          className="scores-confirm"
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="lobbyId" value={lobby.id} />
          {reports.result.map((c, i) => (
            <span key={c.playerId}>
              <input type="hidden" name={`scores.${i}.playerId`} value={c.playerId} />
              <input type="hidden" name={`scores.${i}.placement`} value={c.dnp ? DNP_VALUE : c.placement} />
            </span>
          ))}
          <ol className="list-plain scores-agreed">
            {[...reports.result]
              .sort((a, b) => (a.dnp ? 9 : a.placement) - (b.dnp ? 9 : b.placement))
              .map((c) => (
                <li key={c.playerId}>
                  {c.dnp ? DNP_LABEL : ordinal(c.placement)} {nameOf.get(c.playerId)?.name ?? `Player #${c.playerId}`}
                </li>
              ))}
          </ol>
          <button type="submit" className="btn primary">
            Confirm {lobby.name} Result
          </button>
        </Form>
      ) : null}
      <div className="table-wrap" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className="scores-versions">
          <thead>
            <tr>
              <th scope="col">Player</th>
              {full.map((v) => (
                <th scope="col" key={v.reporter.id}>
                  {v.reporter.name}&apos;s report
                </th>
              ))}
              {own.size > 0 ? <th scope="col">Own placement</th> : null}
            </tr>
          </thead>
          <tbody>
            {lobby.players.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                {full.map((v) => {
                  const claim = v.placements.find((c) => c.playerId === p.id);
                  return <td key={v.reporter.id}>{claim ? ordinal(claim.placement) : "-"}</td>;
                })}
                {own.size > 0 ? <td>{own.has(p.id) ? ordinal(own.get(p.id) ?? 0) : "-"}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
