// The "Cut Players Before Next Round" panel: the amount (a GET form), who would go, and the tie-breaker picks (the POST form).
import { useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { CutPreview } from "~/models/format/cuts";
import { formatAverage } from "~/models/format/stats";
import { FormError, useHydrated } from "./ui";

type CutPlayer = CutPreview["players"][number];

function PlayerLine({ player, id }: { player: CutPlayer | undefined; id: number }) {
  if (!player) return <span>Player #{id}</span>;
  return (
    <>
      <span>
        {player.name} <span className="muted small">#{player.riotTag}</span>
      </span>
      <span className="muted small">
        {player.totalPoints} pts · avg {formatAverage(player.averagePlacement, player.averagePlacement > 0 ? 1 : 0)}
      </span>
    </>
  );
}

export function CutPanel({
  cut,
  closeHref,
  failure,
  isLastRound,
}: {
  cut: CutPreview;
  closeHref: string;
  failure: { error: string; title?: string; picks: number[] } | null;
  isLastRound: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // Both forms answer at #cut (docs/rules.md "Keeping the host's place"): on a phone the panel sits below the fold,
  // and a preview, a round-down or a refused pick would otherwise come back at the top of the page.
  const location = useLocation();
  const here = `${location.pathname}${location.search}#cut`;
  const plan = cut.plan;
  const [picks, setPicks] = useState<number[]>(() => (failure?.picks ?? []).filter((id) => plan?.tied.includes(id)));
  const allScored = cut.lobbyCount > 0 && cut.scoresSubmitted >= cut.lobbyCount;
  const hasTie = plan !== null && plan.tied.length > 0;
  // Without JavaScript the count cannot be followed live, so the button stays on and the server checks the picks.
  const pickCountWrong = hydrated && hasTie && picks.length !== plan!.needed;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "cut";
  const canSubmit = allScored && plan !== null && cut.count > 0 && !pickCountWrong && !submitting;

  return (
    <section id="cut" className="card scores-cut" aria-labelledby="cut-title">
      <div className="row between">
        <h2 id="cut-title" style={{ margin: 0 }}>
          Cut Players Before Next Round
        </h2>
        <Link to={closeHref} className="btn ghost small" preventScrollReset>
          Close
        </Link>
      </div>
      <p className="muted small">
        {cut.cutRule === "chain"
          ? "The lowest-ranked active players are eliminated, in the tournament's tiebreak order."
          : "The lowest-ranked active players are eliminated (lowest total points first, then the worse average placement)."}{" "}
        The cut is a multiple of 8 and at least 8 players must remain. It is applied when the round advances.
      </p>
      {!allScored ? (
        <div className="alert warning" role="status">
          All lobby scores must be submitted first: {cut.scoresSubmitted}/{cut.lobbyCount} scores submitted
        </div>
      ) : null}

      <Form method="get" action={`${location.pathname}#cut`} className="scores-cut-amount" preventScrollReset>
        <input type="hidden" name="cut" value="1" />
        <div className="field">
          <label htmlFor="cut-count">Players to cut</label>
          <div className="row">
            <input
              id="cut-count"
              name="count"
              type="number"
              min={8}
              step={8}
              max={Math.max(8, cut.maxCut)}
              defaultValue={cut.count || ""}
              key={cut.count}
              inputMode="numeric"
              style={{ maxWidth: "8rem" }}
            />
            <button type="submit" className="btn small">
              Preview Cut
            </button>
            <button type="submit" name="roundDown" value="1" className="btn ghost small" formNoValidate>
              Round Down to Multiple of 8
            </button>
          </div>
          <div className="hint">
            {cut.activeCount} active players · up to {cut.maxCut} can be cut
            {cut.proposedCount > 0 ? ` · proposed: ${cut.proposedCount}` : ""}
          </div>
        </div>
      </Form>

      {cut.maxCut === 0 ? (
        <div className="alert">
          At least 8 players must remain: no cut is possible with {cut.activeCount} active players.
        </div>
      ) : null}
      {cut.error ? <FormError message={cut.error} /> : null}

      <Form method="post" action={here} preventScrollReset>
        <input type="hidden" name="intent" value="cut" />
        <input type="hidden" name="eliminationCount" value={cut.count} />
        {failure ? <FormError title={failure.title} message={failure.error} /> : null}

        {plan && cut.count > 0 ? (
          <>
            <h3>
              {hasTie
                ? `${plan.sure.length} player${plan.sure.length === 1 ? "" : "s"} will be eliminated, plus ${plan.needed} of the tied players`
                : `${plan.sure.length} players will be eliminated`}
            </h3>
            <ul className="list-plain scores-cut-list">
              {plan.sure.map((id) => (
                <li key={id} className="scores-player">
                  <PlayerLine id={id} player={cut.players[id]} />
                </li>
              ))}
            </ul>
          </>
        ) : null}

        {plan && hasTie ? (
          <fieldset className="scores-tiebreak" aria-labelledby="tiebreak-title">
            <legend id="tiebreak-title">Resolve Tie-breaker</legend>
            <p className="small">
              {plan.tied.length} players are tied at the cut line (
              {cut.cutRule === "chain"
                ? "the tiebreak order cannot separate them"
                : "same total points and average placement"}
              ). Select exactly {plan.needed} to eliminate.
            </p>
            {plan.tied.map((id) => (
              <label key={id} className="checkbox scores-player">
                <input
                  type="checkbox"
                  name="tiebreakerPlayerIds"
                  value={id}
                  checked={picks.includes(id)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setPicks((prev) => (on ? [...prev, id] : prev.filter((x) => x !== id)));
                  }}
                />
                <PlayerLine id={id} player={cut.players[id]} />
              </label>
            ))}
            <p className="small" aria-live="polite">
              Selected {picks.length}/{plan.needed}
            </p>
          </fieldset>
        ) : null}

        <div className="row" style={{ marginTop: "0.75rem" }}>
          <button type="submit" className="btn danger" disabled={!canSubmit}>
            {submitting ? <span className="spinner" aria-hidden="true" /> : null}{" "}
            {`Eliminate ${cut.count} Players${isLastRound ? " & Complete Tournament" : " & Advance"}`}
          </button>
        </div>
      </Form>
    </section>
  );
}
