// Master panel, System Data tab: read-only facts about the tournament and its raw record.
import { statusLabel } from "~/models/types";

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

export function MasterSystemTab({ facts }: { facts: SystemFacts }) {
  const rows: [string, string | number][] = [
    ["Tournament ID", facts.tournamentId],
    ["Owner", facts.ownerName ? `${facts.ownerName} (user #${facts.ownerId})` : `User #${facts.ownerId}`],
    ["Created", new Date(facts.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC"],
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
                  <th scope="row" style={{ width: "40%" }}>{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card">
        <h3>Raw tournament record</h3>
        <pre className="master-raw" tabIndex={0}>{facts.raw}</pre>
      </section>
    </div>
  );
}
