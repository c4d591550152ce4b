// Master panel, System Data tab: read-only facts about the tournament and its raw record, and the integrity check of the stored totals with its Repair form.
import { Form } from "react-router";
import { totalsText } from "~/models/audit/audit";
import type { TotalsDifference } from "~/models/format/stats.server";
import { statusLabel } from "~/models/format/types";
import { MasterConfirm } from "./master-confirm";
import type { MasterFailure } from "./master-settings";
import { FormError, usePendingIntent } from "./ui";

export type SystemFacts = {
  tournamentId: number;
  ownerId: number;
  ownerName: string | null;
  createdAt: string;
  status: string;
  currentRound: number;
  totalRounds: number;
  finalizedRound: number;
  players: number;
  activePlayers: number;
  checkedIn: number;
  eliminated: number;
  lobbies: number;
  matches: number;
  raw: string;
};

export function MasterSystemTab({
  facts,
  differences,
  failure,
}: {
  facts: SystemFacts;
  differences: TotalsDifference[];
  failure?: MasterFailure;
}) {
  const rows: [string, string | number][] = [
    ["Tournament ID", facts.tournamentId],
    ["Owner", facts.ownerName ? `${facts.ownerName} (user #${facts.ownerId})` : `User #${facts.ownerId}`],
    [
      "Created",
      new Date(facts.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
        " UTC",
    ],
    ["Status", `${statusLabel(facts.status)} (${facts.status})`],
    ["Current round", `${facts.currentRound} of ${facts.totalRounds}`],
    ["Finalized round", facts.finalizedRound === 0 ? "None" : facts.finalizedRound],
    ["Players", facts.players],
    ["Active players", facts.activePlayers],
    ["Checked in", facts.checkedIn],
    ["Eliminated", facts.eliminated],
    ["Lobbies", facts.lobbies],
    ["Matches", facts.matches],
  ];
  return (
    <div className="stack">
      <section className="card">
        <h2>System Data</h2>
        <div className="table-wrap">
          <table>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" style={{ width: "40%" }}>
                    {label}
                  </th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <IntegrityCheck differences={differences} failure={failure} />
      <section className="card">
        <h3>Raw tournament record</h3>
        <pre className="master-raw" tabIndex={0}>
          {facts.raw}
        </pre>
      </section>
    </div>
  );
}

/** Stored totals against the saved matches (docs/decisions/009-stored-totals.md); Repair recomputes them in one recorded transaction. */
function IntegrityCheck({ differences, failure }: { differences: TotalsDifference[]; failure?: MasterFailure }) {
  const pending = usePendingIntent("repairTotals");
  return (
    <section className="card" aria-labelledby="integrity-title">
      <h2 id="integrity-title">Integrity Check</h2>
      <p className="small muted">
        Each player's stored totals compared with what their saved matches (and manual adjustments) give.
      </p>
      {failure ? <FormError title={failure.title} message={failure.error} /> : null}
      {differences.length === 0 ? (
        <div className="alert success" role="status">
          All stored totals match the saved matches.
        </div>
      ) : (
        <>
          <div className="alert warning" role="status">
            {differences.length} player{differences.length === 1 ? "'s" : "s'"} stored totals differ from the saved
            matches.
          </div>
          <div className="table-wrap" role="region" aria-label="Totals that differ" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col">Stored</th>
                  <th scope="col">From the matches</th>
                </tr>
              </thead>
              <tbody>
                {differences.map((d) => (
                  <tr key={d.playerId} data-player={d.name}>
                    <td>
                      {d.name}#{d.riotTag}
                    </td>
                    <td>{totalsText(d.stored)}</td>
                    <td>{totalsText(d.computed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {/* Always offered: a master may recompute even when nothing differs (nothing is then changed or recorded). */}
      <Form method="post" aria-label="Repair totals">
        <input type="hidden" name="intent" value="repairTotals" />
        <MasterConfirm
          label="Repair"
          confirmLabel="Confirm Repair"
          open={!!failure?.fieldErrors.confirmed}
          reason={{ value: failure?.values.reason, error: failure?.fieldErrors.reason }}
          pending={pending}
          question={<strong>Recompute and store every player's totals from the saved matches?</strong>}
        />
      </Form>
    </section>
  );
}
