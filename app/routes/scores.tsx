// Score entry: the round cycle of one tournament (generate, score each lobby, finalize, cut, advance, undo) as plain forms.
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/scores";
import { CutPanel } from "~/components/scores-cut";
import { ManualDrawForm, SwapPlayersForm } from "~/components/scores-draw";
import { LobbyIndex } from "~/components/scores-index";
import { useToast } from "~/components/toast";
import { DNP_CHOICE, LobbyCard, lobbyAnchor, type LobbyFailure, type LobbyView } from "~/components/scores-lobby";
import { failureToast, useFailureToast } from "~/components/form-failure";
import { useEffect } from "react";
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
import { roundDownToMultipleOf8 } from "~/models/format/cuts";
import { badRequest, isActionError, notFound } from "~/models/errors";
import { COMPLETED_MESSAGE, LOBBY_NOT_FOUND, ROUND_ONE_MESSAGE } from "~/models/messages";
import {
  LATER_ROUND_MINIMUM,
  isReadOnly,
  laterRoundTooFew,
  nextRoundStep,
  roundOneTooFew,
} from "~/models/access/policy";
import { FORMAT_LABELS } from "~/models/format/types";
import { DNP_VALUE } from "~/models/format/scoring";
import { advanceSchema, scoresSchema, swapSchema } from "~/models/rounds/round-input";
import { idParam } from "~/models/ids";
import { dbContext } from "~/lib/context";
import { advanceRound } from "~/models/rounds/advance.server";
import { finalizeRound, saveScores } from "~/models/rounds/scores.server";
import { generateLobbies, roundLobbies, undoRound } from "~/models/rounds/lobbies.server";
import { isRefusal, parseDrawText } from "~/models/rounds/manual-draw";
import { swapPlayers } from "~/models/rounds/manual-draw.server";
import { disputedFirst, lobbyState, needsScores, nextUnscored, type LobbyState } from "~/models/rounds/score-sheet";
import { isScriptedRequest } from "~/lib/answered";
import { hostPageHandle } from "~/lib/lite-page";
import { saveRouteHandle } from "~/lib/save-route";
import { publish } from "~/lib/events.server";
import {
  tournamentPlayers,
  type ScoreSheetLobby,
  type StageEndView,
  type StageTie,
  scoreSheetView,
} from "~/models/views/score-sheet.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = () => [{ title: "Score Entry | Tournament Manager" }];

/**
 * Served without React (docs/decisions/039-host-pages-without-react.md): plain forms, and the inline script answers a
 * save in one request and keeps the placement checks live. A client navigation from a React page still renders it here.
 */
export const handle = { ...hostPageHandle, ...saveRouteHandle };

export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const tournament = await loadTournamentFromParams({ context, request }, params.tournamentId);
  return sheetFor(context, tournament, url.searchParams);
}

/** A save answered in place makes no re-validation request (app/lib/answered.ts). */
export { skipWhenAnswered as shouldRevalidate } from "~/lib/answered";

/** What the screen renders for this URL's query; `servedAt` tells a newer answer (a save's) from an older one. */
async function sheetFor(
  context: Route.LoaderArgs["context"],
  tournament: Parameters<typeof scoreSheetView>[1],
  q: URLSearchParams,
  answered = false,
) {
  const view = await scoreSheetView(context.get(dbContext), tournament, await pageAccess(context, tournament), {
    round: parsePositiveInt(q.get("round")),
    cut: !answered && q.has("cut") ? { count: cutCount(q.get("count"), !!q.get("roundDown")) } : null,
  });
  return {
    ...view,
    editLobby: answered ? null : parsePositiveInt(q.get("edit")),
    clear: !answered && q.get("clear") === "1",
    unscoredOnly: q.get(UNSCORED_PARAM) === "1",
    servedAt: Date.now(),
  };
}

/** `?unscored=1`: only the lobbies that still need scores. */
const UNSCORED_PARAM = "unscored";

/**
 * After a save: the next lobby of the round that needs scores, else the round's actions (the host's next step: finalize
 * or advance) for whoever may take them, else the saved lobby.
 */
function nextAnchor(
  roundLobbies: readonly { id: number; name: string; state: LobbyState }[],
  savedId: number,
  manage: boolean,
): { anchor: string; name: string | null } {
  const next = nextUnscored(roundLobbies, savedId);
  if (next) return { anchor: lobbyAnchor(next), name: next.name };
  const saved = roundLobbies.find((l) => l.id === savedId);
  return { anchor: manage || !saved ? ROUND_ACTIONS_ANCHOR : lobbyAnchor(saved), name: null };
}

const ROUND_ACTIONS_ANCHOR = "round-actions";

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
      const toastOf = (lobby: { name: string }) => ({
        title: editing ? "Scores Updated" : "Scores Saved",
        description: `${lobby.name} scores have been saved`,
      });
      // The model refuses, under its lock, a lobby of another tournament (404) and a finalized round (409).
      const save = () => saveScores(db, user, lobbyId, parsed.data.scores, id);
      if (isScriptedRequest(request)) {
        // With JavaScript: one round trip. The answer is the screen's new data, so nothing re-validates after it.
        let saved;
        try {
          saved = await save();
        } catch (error) {
          if (!isActionError(error)) throw error;
          return formFailure({ intent, values }, error, { title });
        }
        await publish(saved.events);
        const sheet = await sheetFor(context, tournament, url.searchParams, true);
        return {
          ok: true as const,
          answered: true as const,
          intent,
          sheet,
          savedLobbyId: saved.result.lobby.id,
          next: nextAnchor(sheet.lobbies, saved.result.lobby.id, sheet.manage),
          toast: toastOf(saved.result.lobby),
        };
      }
      const manage = (await pageAccess(context, tournament)).can.manage;
      const saveThenRead = async () => {
        const out = await save();
        const drawn = await roundLobbies(db, id, out.result.lobby.roundNumber);
        return { ...out, result: { ...out.result, drawn: drawn.map((l) => ({ ...l, state: lobbyState(l) })) } };
      };
      return runFormAction({ intent, values, failureTitle: title }, saveThenRead, (result) => {
        // Without JavaScript: on to the next lobby that needs scores (its heading takes the focus), keeping the filter.
        const query = new URLSearchParams();
        if (result.lobby.roundNumber !== round) query.set("round", String(result.lobby.roundNumber));
        if (url.searchParams.get(UNSCORED_PARAM) === "1") query.set(UNSCORED_PARAM, "1");
        const to = query.size > 0 ? `${path}?${query}` : path;
        const next =
          result.lobby.roundNumber === round ? nextAnchor(result.drawn, result.lobby.id, manage).anchor : null;
        return { redirectTo: `${to}#${next ?? lobbyAnchor(result.lobby)}`, toast: toastOf(result.lobby) };
      });
    }
    case "draw": {
      const failureTitle = "Failed to generate lobbies";
      const text = typeof values.lobbies === "string" ? values.lobbies : "";
      const parsed = parseDrawText(text, await tournamentPlayers(db, id));
      if (isRefusal(parsed)) {
        return formFailure({ intent, values }, badRequest(parsed.code, parsed.message, "lobbies"), {
          title: failureTitle,
        });
      }
      return runFormAction(
        { intent, values, failureTitle },
        () => generateLobbies(db, user, id, round, parsed),
        (result) => ({
          redirectTo: path,
          toast: { title: "Lobbies Generated", description: `Round ${result.roundNumber} lobbies are ready` },
        }),
      );
    }
    case "swap": {
      const failureTitle = "Failed to swap players";
      const parsed = swapSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values, failureTitle);
      return runFormAction(
        { intent, values, failureTitle },
        () => swapPlayers(db, user, id, parsed.data.playerA, parsed.data.playerB),
        (result) => ({
          redirectTo: `${path}#${lobbyAnchor(result.lobbies[0])}`,
          toast: {
            title: "Players Swapped",
            description: `${result.lobbies[0].name} and ${result.lobbies[1].name} have been updated`,
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
      // Advancing sends no cut amount; at a stage end that cuts it may carry the picks of a tie at the line.
      const parsed = advanceSchema.safeParse(isCut ? values : { tiebreakerPlayerIds: values.tiebreakerPlayerIds });
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
                    result.eliminated.length > 0
                      ? ` (${result.eliminated.length} players eliminated)`
                      : result.stageEnd
                        ? ` (${result.stageEnd.stage.name} ended: all ${result.stageEnd.through} players in play go through to ${result.stageEnd.next.name})`
                        : ""
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

export default function ScoreEntry({ loaderData: loaded, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const failure = actionData && actionData.ok === false ? actionData : undefined;
  // A save answered in place carries the screen's data; a later re-validation (a live event) is newer still.
  const answer = actionData && actionData.ok === true ? actionData : undefined;
  const loaderData = answer && answer.sheet.servedAt > loaded.servedAt ? answer.sheet : loaded;
  const { tournament: t, viewRound, lobbies: allLobbies, current, manage, scorekeeper, cut } = loaderData;
  useFailureToast(failure);
  useSavedAnswer(answer);

  // Links stay on whichever alias the host opened (/scores/{id} or /tournaments/{id}/scores).
  const base = useLocation().pathname;
  const onCurrent = viewRound === t.currentRound;
  const roundQuery = onCurrent ? "" : `round=${viewRound}`;
  const filterQuery = loaderData.unscoredOnly ? `${UNSCORED_PARAM}=1` : "";
  const href = (extra: string, keepFilter = true) => {
    const q = [roundQuery, keepFilter && !extra.startsWith(UNSCORED_PARAM) ? filterQuery : "", extra]
      .filter(Boolean)
      .join("&");
    return q ? `${base}?${q}` : base;
  };
  const unscoredHref = (on: boolean) => href(on ? `${UNSCORED_PARAM}=1` : "", false);
  const filtering = loaderData.unscoredOnly;
  // The edit a save answered in place just closed stays closed while the address still says ?edit= (until a navigation).
  const editLobby = answer && answer.savedLobbyId === loaderData.editLobby ? null : loaderData.editLobby;
  const editableOf = new Map(allLobbies.map((l, i) => [l.id, loaderData.editable[i]]));
  // The filter keeps a lobby being edited or refused in view, so its form and message stay where the host is.
  // Disputed lobbies come first: they wait for the staff's decision (docs/rules.md "Reports").
  const lobbies = disputedFirst(
    filtering
      ? allLobbies.filter(
          (l) =>
            needsScores(l.state) ||
            l.id === editLobby ||
            (failure?.intent === "save" && String(failure.values.lobbyId) === String(l.id)),
        )
      : allLobbies,
  );
  const completed = isReadOnly(t);
  const stage = loaderData.stage;
  // A checkmate final's planned last game is not the end: advancing plays one more game until a checkmate.
  const isLastRound = t.currentRound >= t.totalRounds && !stage?.playsOn;
  const roundFailure = failure && !["save", "cut", "draw", "swap"].includes(failure.intent ?? "") ? failure : undefined;

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
          {stage && !completed ? <span className="scores-stage">{stage.label}</span> : null}
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

      {allLobbies.length > 0 ? (
        <LobbyIndex
          lobbies={allLobbies}
          unscoredOnly={loaderData.unscoredOnly}
          live={onCurrent && !completed}
          hrefs={{ all: href("", false), unscored: unscoredHref(true) }}
        />
      ) : null}

      {manage && !completed ? (
        <RoundActions
          t={t}
          current={current}
          checkedIn={loaderData.counts.checkedIn}
          unchecked={loaderData.counts.notCheckedIn}
          active={loaderData.counts.active}
          isLastRound={isLastRound}
          stageEnd={stage?.end ?? null}
          endsWithCut={stage?.endsWithCut ?? false}
          stageCut={loaderData.stageEnd}
          stageTie={loaderData.stageTie}
          failure={roundFailure}
          drawFailure={failure?.intent === "draw" ? failure : null}
          swapFailure={failure?.intent === "swap" ? failure : null}
          drawPlayers={loaderData.drawPlayers}
          lobbies={onCurrent ? allLobbies : []}
        />
      ) : null}

      {cut ? (
        <CutPanel
          cut={cut}
          closeHref={`${base}#${ROUND_ACTIONS_ANCHOR}`}
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

      {allLobbies.length === 0 ? (
        <EmptyState title={`No lobbies for Round ${viewRound}`}>
          {manage && onCurrent && !completed ? (
            <p>Generate the lobbies of this round to start entering scores.</p>
          ) : null}
        </EmptyState>
      ) : (
        <div className="grid cols-2 scores-lobbies">
          {filtering && lobbies.length === 0 ? (
            <p className="card scores-all-saved">
              Every lobby of Round {viewRound} is saved. <Link to={href("", false)}>Show all lobbies</Link>
            </p>
          ) : null}
          {lobbies.map((lobby) => {
            const editing = editLobby === lobby.id;
            const lobbyFailure: LobbyFailure | null =
              failure && failure.intent === "save" && String(failure.values.lobbyId) === String(lobby.id)
                ? { error: failure.error, title: failure.title, placements: typedPlacements(failure.values) }
                : null;
            return (
              <LobbyCard
                key={lobby.id}
                lobby={lobby}
                scoring={t.scoring}
                canEdit={editableOf.get(lobby.id) ?? false}
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
      {/* For the page script of the screen served without React (app/scripts/host.ts): the answered save's
          toast and where it goes next, or a refusal's toast. Inert with React. */}
      {answer ? (
        <template data-toast={JSON.stringify({ type: "success", ...answer.toast })} data-next={answer.next.anchor} />
      ) : failure ? (
        <template data-toast={JSON.stringify(failureToast(failure))} />
      ) : null}
    </div>
  );
}

/**
 * A save answered in place (JavaScript): its toast, then on to the next lobby that needs scores (or the round's
 * actions), as the redirect without JavaScript does.
 */
function useSavedAnswer(
  answer: { toast: { title: string; description: string }; next: { anchor: string } } | undefined,
) {
  const showToast = useToast();
  useEffect(() => {
    if (!answer) return;
    showToast({ type: "success", ...answer.toast });
    const target = document.getElementById(answer.next.anchor);
    if (!target) return;
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  }, [answer, showToast]);
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
  stageEnd,
  endsWithCut,
  stageCut,
  stageTie,
  failure,
  drawFailure,
  swapFailure,
  drawPlayers,
  lobbies,
}: {
  t: RoundT;
  current: CurrentT;
  checkedIn: number;
  unchecked: number;
  active: number;
  isLastRound: boolean;
  /** What the current stage's end does, said above the buttons (null: no stage end ahead). */
  stageEnd: string | null;
  /** The stage's end decides the cut: no manual cut dialog. */
  endsWithCut: boolean;
  /** Once the stage's last game is scored: who advancing cuts (the plan the advance applies). */
  stageCut: StageEndView | null;
  stageTie: StageTie | null;
  failure: FormFailure | undefined;
  drawFailure: FormFailure | null;
  swapFailure: FormFailure | null;
  drawPlayers: { id: number; name: string; riotTag: string }[];
  /** The current round's lobbies, for the swap form. */
  lobbies: ScoreSheetLobby[];
}) {
  const generating = usePendingIntent("generate");
  const finalizing = usePendingIntent("finalize");
  const advancing = usePendingIntent("advance");
  const base = useLocation().pathname;
  const round = t.currentRound;
  const hasLobbies = current.lobbyCount > 0;
  // A later round of a Standard tournament cannot be drawn for fewer than 4 players in play (an Elimination one
  // completes instead): no Generate or hand-drawn form then, which could only be refused (DECISIONS.md).
  const tooFew = !hasLobbies && laterRoundTooFew(t.format, round, checkedIn);
  // Round 1 needs 16 checked in: below that its Generate is shown disabled with the reason, as on check-in.
  const roundOneShort = !hasLobbies && roundOneTooFew(round, checkedIn);
  const step = nextRoundStep({ lobbyCount: current.lobbyCount, scored: current.scored, isLastRound });
  return (
    <section className="card scores-actions" aria-label="Round actions">
      {/* Where a save lands once every lobby is saved: the next step is here. */}
      <h2 id={ROUND_ACTIONS_ANCHOR} tabIndex={-1}>
        Round {round}
      </h2>
      {stageEnd ? <p className="alert warning scores-stage-end">{stageEnd}</p> : null}
      {stageCut && (stageCut.cut.length > 0 || stageTie) ? (
        <details className="scores-stage-cut">
          <summary>
            Advancing cuts {stageCut.cut.length} player{stageCut.cut.length === 1 ? "" : "s"}
            {stageTie ? `, plus ${stageTie.needed} of the ${stageTie.players.length} tied players picked below` : ""}
          </summary>
          <ul className="list-plain">
            {stageCut.cut.map((p) => (
              <li key={p.id}>
                {p.name}
                {p.riotTag ? <span className="muted small"> #{p.riotTag}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <FormError title={failure?.title} message={failure?.error} />
      <div className="row" style={{ marginTop: failure ? "0.75rem" : 0 }}>
        {!hasLobbies ? (
          roundOneShort ? (
            <div>
              <button type="button" className="btn primary" disabled aria-describedby="round-one-hint">
                Generate Round 1 Lobbies
              </button>
              <div className="small muted" id="round-one-hint">
                {ROUND_ONE_MESSAGE}
              </div>
            </div>
          ) : round === 1 ? (
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
          ) : tooFew ? (
            <p className="alert warning" role="status">
              Not enough players: Round {round} needs at least {LATER_ROUND_MINIMUM} players in play ({checkedIn} left).
              Complete the tournament from the dashboard.
            </p>
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
            {endsWithCut ? null : (
              <Link to={`${base}?cut=1#cut`} className="btn" preventScrollReset>
                Cut Players
              </Link>
            )}
            {isLastRound ? (
              // Completing asks once, as the dashboard's Complete does (docs/rules.md "Host flows").
              <CompleteTournamentConfirm
                name={t.name || `Tournament #${t.id}`}
                intent="advance"
                primary={step === "complete"}
              />
            ) : (
              <Form method="post" className={stageTie ? "stack" : "inline-form"}>
                <input type="hidden" name="intent" value="advance" />
                {stageTie ? (
                  <fieldset className="scores-stage-tie">
                    <legend>
                      Tie at the cut line: select exactly {stageTie.needed} of the {stageTie.players.length} tied
                      players to eliminate
                    </legend>
                    {stageTie.players.map((p) => (
                      <label key={p.id} className="checkbox-row">
                        <input type="checkbox" name="tiebreakerPlayerIds" value={p.id} /> {p.name}
                        {p.riotTag ? <span className="muted small"> #{p.riotTag}</span> : null}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
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
      {!hasLobbies && !tooFew && !roundOneShort && drawPlayers.length > 0 ? (
        <ManualDrawForm round={round} players={drawPlayers} failure={drawFailure} />
      ) : null}
      {hasLobbies && !current.finalized ? <SwapPlayersForm lobbies={lobbies} failure={swapFailure} /> : null}
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
