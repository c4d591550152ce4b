// Score entry: the round cycle of one tournament (generate, score each lobby, finalize, cut, advance, undo) as plain forms.
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/scores";
import { CutPanel } from "~/components/scores-cut";
import { DNP_CHOICE, LobbyCard, lobbyAnchor, type LobbyFailure, type LobbyView } from "~/components/scores-lobby";
import { useFailureToast } from "~/components/form-failure";
import { CompleteTournamentConfirm, ScorekeeperNote } from "~/components/tournament-header";
import {
  ConfirmAction,
  EmptyState,
  FormError,
  StatusBadge,
  usePendingIntent,
  useKeptActionData,
} from "~/components/ui";
import {
  loadTournamentFromParams,
  pageAccess,
  pageUser,
  readForm,
  runFormAction,
  invalid,
  formFailure,
  unknownAction,
  type FormFailure,
} from "~/lib/page.server";
import { parsePositiveInt } from "~/lib/params";
import { redirectWithToast } from "~/lib/toast.server";
import { roundDownToMultipleOf8 } from "~/models/cuts";
import { COMPLETED_MESSAGE, notFound } from "~/models/errors";
import { isReadOnly, nextRoundStep } from "~/models/policy";
import { FORMAT_LABELS } from "~/models/types";
import { DNP_VALUE } from "~/models/scoring";
import { advanceSchema, idParam, scoresSchema } from "~/models/validation";
import { dbContext } from "~/lib/context";
import { advanceRound } from "~/models/advance.server";
import { finalizeRound, saveScores } from "~/models/scores.server";
import { generateLobbies, LOBBY_NOT_FOUND, undoRound } from "~/models/lobbies.server";
import { scoreSheetView } from "~/models/views/score-sheet.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = () => [{ title: "Score Entry | Tournament Manager" }];

export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const tournament = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const db = context.get(dbContext);
  const q = url.searchParams;
  const view = await scoreSheetView(db, tournament, await pageAccess(context, tournament), {
    round: parsePositiveInt(q.get("round")),
    cut: q.has("cut") ? { count: cutCount(q.get("count"), !!q.get("roundDown")) } : null,
  });
  return { ...view, editLobby: parsePositiveInt(q.get("edit")), clear: q.get("clear") === "1" };
}

/** The cut dialog's `?count=` (up to 4 digits), rounded down to a multiple of 8 with `?roundDown=1`; else the proposal. */
function cutCount(raw: string | null, roundDown: boolean): number | undefined {
  const count = raw && /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
  return count !== undefined && roundDown ? roundDownToMultipleOf8(count) : count;
}

export async function action({ params, context, url, request }: Route.ActionArgs) {
  const tournament = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const user = pageUser(context);
  const db = context.get(dbContext);
  const { intent, values } = readForm(context);
  // `url`, not request.url: the latter carries the ".data" suffix of script-driven submissions.
  const path = url.pathname;
  const id = tournament.id;
  const round = tournament.currentRound;

  switch (intent) {
    case "save": {
      const title = "Failed to save scores";
      const lobbyId = idParam(typeof values.lobbyId === "string" ? values.lobbyId : null);
      if (lobbyId === null)
        return formFailure({ intent, values }, notFound("lobby_not_found", LOBBY_NOT_FOUND), { title });
      const parsed = scoresSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values, title);
      const editing = values.editing === "1";
      return runFormAction(
        { intent, values, failureTitle: title },
        // The model refuses, under its lock, a lobby of another tournament (404) and a finalized round (409).
        () => saveScores(db, user, lobbyId, parsed.data.scores, id),
        (result) => ({
          // Back to the saved lobby (its heading takes the focus), not the top of a long page.
          redirectTo: `${result.lobby.roundNumber === round ? path : `${path}?round=${result.lobby.roundNumber}`}#${lobbyAnchor(result.lobby)}`,
          toast: {
            title: editing ? "Scores Updated" : "Scores Saved",
            description: `${result.lobby.name} scores have been saved`,
          },
        }),
      );
    }
    case "generate":
      return runFormAction(
        {
          intent,
          values,
          failureTitle: "Failed to generate lobbies",
          // A tournament completed meanwhile is its completion (docs/rules.md "Messages and titles"), not a failure.
          instead: {
            tournament_completed: () =>
              redirectWithToast("/dashboard", {
                type: "success",
                title: "Tournament Complete",
                description: COMPLETED_MESSAGE,
              }),
          },
        },
        () => generateLobbies(db, user, id, round),
        (result) =>
          result.status === "completed"
            ? { redirectTo: "/dashboard", toast: { title: "Tournament Complete", description: result.message } }
            : {
                redirectTo: path,
                toast: { title: "Lobbies Generated", description: `Round ${result.roundNumber} lobbies are ready` },
              },
      );
    case "finalize":
      return runFormAction(
        { intent, values, failureTitle: "Failed to finalize round" },
        () => finalizeRound(db, user, id),
        () => ({
          redirectTo: path,
          toast: { title: "Round Finalized", description: `Round ${round} scores are locked` },
        }),
      );
    case "undo":
      return runFormAction(
        { intent, values, failureTitle: "Failed to undo lobby generation" },
        () => undoRound(db, user, id, round),
        (result) =>
          result.resetToCheckIn
            ? {
                redirectTo: `/tournament-checkin/${id}`,
                toast: {
                  title: "Lobby generation undone",
                  description: `Round 1 lobbies removed; ${result.restoredPlayers} players restored. The tournament is back in check-in.`,
                },
              }
            : {
                redirectTo: path,
                toast: { title: "Lobby generation undone", description: `Round ${result.roundNumber} lobbies removed` },
              },
      );
    case "advance":
    case "cut": {
      const isCut = intent === "cut";
      const parsed = isCut ? advanceSchema.safeParse(values) : advanceSchema.safeParse({});
      const failureTitle = isCut ? "Failed to eliminate players" : "Error advancing round";
      if (!parsed.success) return invalid(intent, parsed.error, values, failureTitle);
      const completedTo = `/leaderboard/${id}`;
      return runFormAction(
        {
          intent,
          values,
          failureTitle,
          // Advancing before the round is scored is docs/rules.md's "Round not finalized".
          titles: isCut ? {} : { no_lobbies: "Round not finalized", round_not_scored: "Round not finalized" },
          instead: {
            tournament_completed: () =>
              redirectWithToast(completedTo, { type: "success", title: "Tournament completed!" }),
          },
        },
        () => advanceRound(db, user, id, parsed.data),
        (result) =>
          result.status === "completed"
            ? { redirectTo: completedTo, toast: { title: "Tournament completed!", description: result.message } }
            : {
                redirectTo: path,
                toast: {
                  title: "Round Advanced",
                  description: `Tournament advanced to Round ${result.currentRound}${
                    result.eliminated.length > 0 ? ` (${result.eliminated.length} players eliminated)` : ""
                  }`,
                },
              },
      );
    }
    default:
      return unknownAction({ intent, values });
  }
}

function toNumberList(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0);
}

/** The typed placements of a refused save, by player id. */
function typedPlacements(values: Record<string, unknown>): Record<number, number> {
  const out: Record<number, number> = {};
  const scores = Array.isArray(values.scores) ? values.scores : [];
  for (const entry of scores) {
    if (!entry || typeof entry !== "object") continue;
    const { playerId, placement } = entry as { playerId?: unknown; placement?: unknown };
    const pid = Number(playerId);
    if (!Number.isInteger(pid)) continue;
    if (placement === DNP_VALUE) {
      out[pid] = DNP_CHOICE;
      continue;
    }
    const place = Number(placement);
    if (Number.isInteger(place) && place >= 0 && place <= 8) out[pid] = place;
  }
  return out;
}

export default function ScoreEntry({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const { tournament: t, viewRound, lobbies, current, manage, scorekeeper, cut } = loaderData;
  const failure = actionData && actionData.ok === false ? actionData : undefined;
  useFailureToast(failure);

  // Links stay on whichever alias the host opened (/scores/{id} or /tournaments/{id}/scores).
  const base = useLocation().pathname;
  const onCurrent = viewRound === t.currentRound;
  const roundQuery = onCurrent ? "" : `round=${viewRound}`;
  const href = (extra: string) => {
    const q = [roundQuery, extra].filter(Boolean).join("&");
    return q ? `${base}?${q}` : base;
  };
  const completed = isReadOnly(t);
  const isLastRound = t.currentRound >= t.totalRounds;
  const roundFailure = failure && failure.intent !== "save" && failure.intent !== "cut" ? failure : undefined;

  return (
    <div className="stack scores-page">
      <header className="card">
        <div className="row between">
          <div>
            <h1 style={{ marginBottom: "0.25rem" }}>Score Entry</h1>
            <div className="muted">{t.name}</div>
          </div>
          <div className="row">
            <StatusBadge status={t.status} />
            {scorekeeper ? <span className="badge primary">Scorekeeper</span> : null}
            {!manage && !scorekeeper ? <span className="badge">View Only</span> : null}
          </div>
        </div>
        {scorekeeper ? <ScorekeeperNote /> : null}
        <div className="row scores-round-header" style={{ marginTop: "0.75rem" }}>
          <strong className="scores-round-title">
            {completed ? "Completed" : `Round ${t.currentRound} of ${t.totalRounds}`}
          </strong>
          <span className="badge">{FORMAT_LABELS[t.format]}</span>
          {current.lobbyCount > 0 ? (
            <span className={`badge ${current.scored === current.lobbyCount ? "success" : "warning"}`}>
              {current.scored}/{current.lobbyCount} scores submitted
            </span>
          ) : null}
          {current.finalized ? <span className="badge primary">Round finalized</span> : null}
        </div>
        <nav className="row" style={{ marginTop: "0.75rem" }} aria-label="Tournament pages">
          <Link className="btn small" to={`/public/${t.id}`}>
            Public View
          </Link>
          {scorekeeper ? (
            <Link className="btn small" to={`/tournaments/${t.id}/checkin`}>
              Check-in
            </Link>
          ) : (
            <Link className="btn small" to={`/manage-players/${t.id}`}>
              Manage Players
            </Link>
          )}
          <Link className="btn small" to={`/leaderboard/${t.id}`}>
            Leaderboard
          </Link>
          <Link className="btn small" to="/dashboard">
            Dashboard
          </Link>
        </nav>
      </header>

      {failure && failure.intent === "save" ? <SaveRefusal failure={failure} lobbies={lobbies} /> : null}

      {completed ? (
        <div className="alert success">
          This tournament is completed. <Link to={`/leaderboard/${t.id}`}>View the final standings</Link>.
        </div>
      ) : null}

      {manage && !completed ? (
        <RoundActions
          t={t}
          current={current}
          checkedIn={loaderData.counts.checkedIn}
          unchecked={loaderData.counts.notCheckedIn}
          active={loaderData.counts.active}
          isLastRound={isLastRound}
          failure={roundFailure}
        />
      ) : null}

      {cut ? (
        <CutPanel
          cut={cut}
          closeHref={base}
          isLastRound={isLastRound}
          failure={
            failure && failure.intent === "cut"
              ? { error: failure.error, title: failure.title, picks: toNumberList(failure.values.tiebreakerPlayerIds) }
              : null
          }
        />
      ) : null}

      {loaderData.roundsWithLobbies.some((r) => r !== t.currentRound) || !onCurrent ? (
        <nav className="tabs" aria-label="Rounds">
          {[...new Set([...loaderData.roundsWithLobbies, t.currentRound])]
            .filter((r) => r <= t.currentRound)
            .sort((a, b) => a - b)
            .map((r) => (
              <Link
                key={r}
                to={r === t.currentRound ? base : `${base}?round=${r}`}
                aria-current={r === viewRound ? "page" : undefined}
              >
                Round {r}
                {r === t.currentRound ? " (current)" : ""}
              </Link>
            ))}
        </nav>
      ) : null}

      {!onCurrent ? (
        <p className="muted small">Round {viewRound} is a previous round: its lobbies are shown as played.</p>
      ) : null}

      {lobbies.length === 0 ? (
        <EmptyState title={`No lobbies for Round ${viewRound}`}>
          {manage && onCurrent && !completed ? (
            <p>Generate the lobbies of this round to start entering scores.</p>
          ) : null}
        </EmptyState>
      ) : (
        <div className="grid cols-2 scores-lobbies">
          {lobbies.map((lobby, i) => {
            const editing = loaderData.editLobby === lobby.id;
            const lobbyFailure: LobbyFailure | null =
              failure && failure.intent === "save" && String(failure.values.lobbyId) === String(lobby.id)
                ? { error: failure.error, title: failure.title, placements: typedPlacements(failure.values) }
                : null;
            return (
              <LobbyCard
                key={lobby.id}
                lobby={lobby}
                scoring={t.scoring}
                canEdit={loaderData.editable[i]}
                editing={editing}
                clear={editing && loaderData.clear}
                failure={lobbyFailure}
                hrefs={{
                  edit: href(`edit=${lobby.id}`),
                  cancel: href(""),
                  clear: editing ? href(`edit=${lobby.id}&clear=1`) : href(""),
                }}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}

/** A refused save, announced at the top of the page too, with a way down to its lobby. */
function SaveRefusal({ failure, lobbies }: { failure: FormFailure; lobbies: LobbyView[] }) {
  const lobby = lobbies.find((l) => String(l.id) === String(failure.values.lobbyId));
  return (
    <div className="alert error" role="alert">
      <strong>{failure.title ?? "Failed to save scores"}</strong>
      <div>
        {lobby ? `${lobby.name}: ` : null}
        {failure.error}
        {lobby ? (
          <>
            {" "}
            <a href={`#${lobbyAnchor(lobby)}`}>Go to {lobby.name}</a>
          </>
        ) : null}
      </div>
    </div>
  );
}

type RoundT = Route.ComponentProps["loaderData"]["tournament"];
type CurrentT = Route.ComponentProps["loaderData"]["current"];

function RoundActions({
  t,
  current,
  checkedIn,
  unchecked,
  active,
  isLastRound,
  failure,
}: {
  t: RoundT;
  current: CurrentT;
  checkedIn: number;
  unchecked: number;
  active: number;
  isLastRound: boolean;
  failure: FormFailure | undefined;
}) {
  const generating = usePendingIntent("generate");
  const finalizing = usePendingIntent("finalize");
  const advancing = usePendingIntent("advance");
  const base = useLocation().pathname;
  const round = t.currentRound;
  const hasLobbies = current.lobbyCount > 0;
  const step = nextRoundStep({ lobbyCount: current.lobbyCount, scored: current.scored, isLastRound });
  return (
    <section className="card scores-actions" aria-label="Round actions">
      <h2>Round {round}</h2>
      <FormError title={failure?.title} message={failure?.error} />
      <div className="row" style={{ marginTop: failure ? "0.75rem" : 0 }}>
        {!hasLobbies ? (
          round === 1 ? (
            <ConfirmAction
              label="Generate Round 1 Lobbies"
              intent="generate"
              primary
              confirmLabel={generating ? "Generating..." : "Generate Lobbies"}
              question={
                unchecked > 0
                  ? `This will remove ${unchecked} unchecked players and generate Round 1 lobbies. Continue?`
                  : `Generate Round 1 lobbies with ${checkedIn} players?`
              }
            />
          ) : (
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="generate" />
              <button type="submit" className="btn primary" disabled={generating}>
                {generating ? "Generating..." : `Generate Round ${round} Lobbies (${active} players)`}
              </button>
            </Form>
          )
        ) : (
          <>
            {!current.finalized ? (
              <Form method="post" className="inline-form">
                <input type="hidden" name="intent" value="finalize" />
                <button type="submit" className="btn" disabled={finalizing}>
                  {finalizing ? "Finalizing..." : "Finalize Round"}
                </button>
              </Form>
            ) : null}
            <Link to={`${base}?cut=1#cut`} className="btn" preventScrollReset>
              Cut Players
            </Link>
            {isLastRound ? (
              // Completing asks once, as the dashboard's Complete does (docs/rules.md "Host flows").
              <CompleteTournamentConfirm
                name={t.name || `Tournament #${t.id}`}
                intent="advance"
                primary={step === "complete"}
              />
            ) : (
              <Form method="post" className="inline-form">
                <input type="hidden" name="intent" value="advance" />
                <button type="submit" className={`btn${step === "advance" ? " primary" : ""}`} disabled={advancing}>
                  {advancing ? "Advancing..." : `Advance to Round ${round + 1}`}
                </button>
              </Form>
            )}
            {!current.finalized ? (
              <ConfirmAction
                label="Undo Lobby Generation"
                intent="undo"
                danger
                confirmLabel="Undo"
                question={
                  round === 1
                    ? "Remove the Round 1 lobbies and their scores? The tournament goes back to check-in and removed players are restored."
                    : `Remove the Round ${round} lobbies and their scores?`
                }
              />
            ) : null}
          </>
        )}
      </div>
      {step === "score" ? (
        <p className="small scores-next-step" style={{ marginTop: "0.75rem", marginBottom: 0 }}>
          Next: save the scores of every lobby below ({current.scored}/{current.lobbyCount} scores submitted); then{" "}
          {isLastRound ? "complete the tournament" : "advance to the next round"}.
        </p>
      ) : null}
      {hasLobbies && !current.finalized ? (
        <p className="muted small" style={{ marginTop: "0.75rem", marginBottom: 0 }}>
          Finalizing locks this round&apos;s scores and disables undo. Advancing finalizes the round if needed and
          applies any cut.
        </p>
      ) : null}
    </section>
  );
}
