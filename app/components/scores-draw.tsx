// Manual draw on the score screen (docs/decisions/027-manual-draw-and-score-sheet.md): "Enter lobbies by hand" before a
// round is drawn, "Swap players" between unscored lobbies after; plain forms in <details>, no JavaScript needed.
import { Form } from "react-router";
import type { ScoreSheetLobby } from "~/models/views/score-sheet.server";
import { FormError, usePendingIntent } from "./ui";

type Failure = { error: string; title?: string; values: Record<string, unknown> } | null;

export function ManualDrawForm({
  round,
  players,
  failure,
}: {
  round: number;
  players: { id: number; name: string; riotTag: string }[];
  failure: Failure;
}) {
  const pending = usePendingIntent("draw");
  const typed = typeof failure?.values.lobbies === "string" ? failure.values.lobbies : "";
  return (
    <details className="collapsible scores-manual-draw" open={failure ? true : undefined}>
      <summary>Enter lobbies by hand</summary>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value="draw" />
        <FormError title={failure?.title} message={failure?.error} focus />
        <label htmlFor="manual-draw">
          Round {round} lobbies: one lobby per line, players separated by commas (name, name#tag, or player id). Every
          active player exactly once, 2 to 8 players per lobby.
        </label>
        <textarea
          id="manual-draw"
          name="lobbies"
          rows={6}
          defaultValue={typed}
          required
          aria-describedby="manual-draw-players"
          placeholder={"Alice, Bob, Carol, Dan\nErin, Frank, Grace, Heidi"}
        />
        <details className="collapsible" id="manual-draw-players">
          <summary>Active players ({players.length})</summary>
          <p className="small">{players.map((p) => `${p.name}#${p.riotTag}`).join(", ")}</p>
        </details>
        <div className="row">
          <button type="submit" className="btn" disabled={pending}>
            {pending ? "Generating..." : "Use These Lobbies"}
          </button>
        </div>
      </Form>
    </details>
  );
}

export function SwapPlayersForm({ lobbies, failure }: { lobbies: ScoreSheetLobby[]; failure: Failure }) {
  const pending = usePendingIntent("swap");
  const open = lobbies.filter((l) => l.state !== "saved");
  if (open.length < 2) return null;
  const picked = (field: string) => (typeof failure?.values[field] === "string" ? String(failure.values[field]) : "");
  const options = open.flatMap((l) =>
    l.players
      .filter((p) => !p.dropped)
      .map((p) => (
        <option key={p.id} value={p.id}>
          {`${p.name}#${p.riotTag} (${l.name})`}
        </option>
      )),
  );
  return (
    <details className="collapsible scores-swap" open={failure ? true : undefined}>
      <summary>Swap players</summary>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value="swap" />
        <FormError title={failure?.title} message={failure?.error} focus />
        <p className="small muted" style={{ margin: 0 }}>
          Two players of different unscored lobbies trade places.
        </p>
        <label htmlFor="swap-a">First player</label>
        <select id="swap-a" name="playerA" defaultValue={picked("playerA")} required>
          <option value="">Select a player</option>
          {options}
        </select>
        <label htmlFor="swap-b">Second player</label>
        <select id="swap-b" name="playerB" defaultValue={picked("playerB")} required>
          <option value="">Select a player</option>
          {options}
        </select>
        <div className="row">
          <button type="submit" className="btn" disabled={pending}>
            {pending ? "Swapping..." : "Swap Players"}
          </button>
        </div>
      </Form>
    </details>
  );
}
