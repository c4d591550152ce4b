// The "Rules" section of the public view and the leaderboard: points per placement, the tiebreak order and the cut rule in plain words.
import type { RulesView } from "~/models/views/public";
import { formatPoints } from "./public-shared";

/** A disclosure (works without JavaScript); the live pages keep it open across their updates. */
export function RulesSection({ rules, id = "rules" }: { rules: RulesView; id?: string }) {
  return (
    <details className="card rules-section" id={id}>
      <summary>Rules ({rules.presetLabel} tiebreaks)</summary>
      <h3>Points per placement</h3>
      <ul className="list-plain rules-points" aria-label="Points per placement">
        {rules.points.map((p) => (
          <li key={p.place}>
            <strong>{p.place}</strong> {formatPoints(p.points)} pts
          </li>
        ))}
      </ul>
      <h3>Tiebreak order</h3>
      <p className="small muted" style={{ marginTop: 0 }}>
        {rules.standingsRule}
      </p>
      <ol className="rules-tiebreakers">
        {rules.tiebreakers.map((c) => (
          <li key={c.key}>
            <strong>{c.label}</strong>: {c.sentence}
          </li>
        ))}
      </ol>
      <h3>Cuts</h3>
      <p style={{ marginBottom: 0 }}>{rules.cutRule}</p>
    </details>
  );
}
