// The host's check-in screens, one module: the check-in page (/tournaments/{id}/checkin, /checkin/{id}: tap a card,
// check in a selection, save and continue or generate the first lobbies) and check-in management
// (/tournament-checkin/{id}: lock or unlock, Round 1 lobbies, self check-in, late registration, substitution). The
// address says which; the loader head, the card taps, Round 1 and the grid are shared.
import { Form, Link } from "react-router";
import type { Route } from "./+types/host-checkin";
import { CheckinGrid } from "~/components/checkin-grid";
import { besideFields, FailureAlert, failureOf, failureToast, useFailureToast } from "~/components/form-failure";
import type { FormFailure } from "~/lib/page.server";
import { SubmitButton } from "~/components/form-fields";
import { AddPlayerForm, addPlayerFields, PlayerFilter, SubstitutionForm } from "~/components/player-forms";
import { SelfCheckinPanel } from "~/components/self-checkin-panel";
import { TournamentHeader } from "~/components/tournament-header";
import { ConfirmAction, StatCard, useKeptActionData } from "~/components/ui";
import { dbContext } from "~/lib/context";
import { hostPageHandle } from "~/lib/lite-page";
import { publicOrigin } from "~/lib/forwarded.server";
import {
  addPlayerIntent,
  generateFirstLobbiesIntent,
  samePage,
  substituteIntent,
  toggleCheckinIntent,
} from "~/lib/host-actions.server";
import {
  invalid,
  loadTournamentFromParams,
  pageAccess,
  pageUser,
  runFormAction,
  unknownAction,
  type FormInput,
  screenAction,
} from "~/lib/page.server";
import { playerListQuery } from "~/lib/player-list.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PublicUser } from "~/models/access/auth.server";
import { setCheckins } from "~/models/roster/checkin.server";
import { atCapacity, canLock, isReadOnly, ROUND_ONE_BUTTON_FROM, ROUND_ONE_MINIMUM } from "~/models/access/policy";
import { capacityMessage, LOCK_MESSAGE, ROUND_ONE_MESSAGE } from "~/models/messages";
import {
  closeSelfCheckin,
  openRefusal,
  openSelfCheckin,
  rotateSelfCheckinCode,
  selfCheckinStatus,
  selfCheckinTries,
} from "~/models/roster/self-checkin.server";
import { setLocked } from "~/models/tournaments/tournaments.server";
import { lockSchema } from "~/models/rounds/round-input";
import { playerListView, type PlayerListFilter } from "~/models/views/player-list.server";
import type { AppDb } from "#db/client.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

/** Which screen an address asks for: check-in management at /tournament-checkin/{id}, else the check-in page. */
type Screen = "checkin" | "management";
const screenOf = (url: URL): Screen => (url.pathname.startsWith("/tournament-checkin") ? "management" : "checkin");

/**
 * Both screens are served without React (docs/decisions/039-host-pages-without-react.md): every action is a plain form,
 * and the inline script keeps the page live. A client navigation from a React page still renders them here.
 */
export const handle = hostPageHandle;

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: !data
      ? "Check-in | Tournament Manager"
      : `${data.screen === "management" ? "Check-in Management" : "Check-in"} - ${data.tournament.name} | Tournament Manager`,
  },
];

const FILTERS: { value: PlayerListFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "checked-in", label: "Checked In" },
  { value: "not-checked-in", label: "Not Checked In" },
];

export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const t = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const db = context.get(dbContext);
  const access = await pageAccess(context, t);
  const screen = screenOf(url);
  const query = screen === "checkin" ? playerListQuery(url, FILTERS) : { q: "", filter: "all" as const };
  const view = await playerListView(db, t, access, query);
  const shared = {
    tournament: view.tournament,
    canManage: view.canManage,
    canCheckIn: view.canCheckIn,
    scorekeeper: view.scorekeeper,
    lobbiesExist: view.lobbiesExist,
    counts: view.counts,
    players: view.shown,
  };
  if (screen === "checkin") {
    return {
      ...shared,
      screen: "checkin" as const,
      q: view.q,
      filter: view.filter,
      // ?select=all: every shown (searched and filtered) card's "Check in selected" box starts ticked.
      selectAll: url.searchParams.get("select") === "all",
    };
  }
  const [selfCheckin, tries] = await Promise.all([
    selfCheckinStatus(db, pageUser(context), t),
    selfCheckinTries(db, pageUser(context), t),
  ]);
  return {
    ...shared,
    screen: "management" as const,
    selfCheckin: {
      ...selfCheckin,
      canOpen: openRefusal(t, view.lobbiesExist) === null,
      url: `${await publicOrigin(request, context)}/tournaments/${t.id}/check-in`,
      tries: tries.map((row) => ({ ...row, lastAt: row.lastAt.toISOString() })),
    },
    active: view.active,
    eliminated: view.eliminated,
  };
}

/** What each intent handler gets: the database, the user, the tournament, the form and the page's own address. */
type IntentArgs = { db: AppDb; user: PublicUser | null; tournamentId: number; input: FormInput; url: URL };

export async function action({ url, params, context }: Route.ActionArgs) {
  const { tournamentId, intent, input, db, user } = screenAction({ params, context });
  const args: IntentArgs = { db, user, tournamentId, input, url };
  const screen = screenOf(url);
  switch (intent) {
    case "toggle-checkin":
      return toggleCheckinIntent(args.db, args.user, args.input, samePage(url));
    case "generate-first":
      return generateFirstLobbiesIntent(
        args.db,
        args.user,
        tournamentId,
        args.input,
        screen === "checkin"
          ? {
              redirectTo: `/scores/${tournamentId}`,
              title: "First lobbies generated",
              failureTitle: "Failed to generate first lobbies",
            }
          : {
              redirectTo: samePage(url),
              title: "Lobbies Generated",
              failureTitle: "Failed to generate lobby assignments",
            },
      );
    default:
      return screen === "checkin" ? checkinPageIntent(args) : managementIntent(args);
  }
}

/** The check-in page's own forms: "Check in selected" and "Save Check-ins & Continue". */
async function checkinPageIntent({ db, user, tournamentId, input, url }: IntentArgs) {
  const { values } = input;
  switch (input.intent) {
    case "checkin-selected": {
      const ids = (
        Array.isArray(values.playerIds) ? values.playerIds : values.playerIds === undefined ? [] : [values.playerIds]
      )
        .map((v) => Number(v))
        .filter((n) => Number.isInteger(n) && n > 0);
      const back = new URL(url);
      back.searchParams.delete("select");
      return runFormAction(
        { ...input, failureTitle: "Failed to update check-in status" },
        async () => setCheckins(db, user, tournamentId, ids),
        ({ checkedIn }) => ({
          redirectTo: back.pathname + back.search,
          toast: {
            title: "Check-in Updated",
            description: `${checkedIn.length} player${checkedIn.length === 1 ? " is" : "s are"} checked in.`,
          },
        }),
      );
    }
    case "save": {
      // Each click already saved its check-in; this only confirms and moves on.
      const checkedIn = Number(values.checkedIn) || 0;
      return redirectWithToast(`/manage-players/${tournamentId}`, {
        type: "success",
        title: "Check-ins saved",
        description: `${checkedIn} player${checkedIn === 1 ? " is" : "s are"} checked in.`,
      });
    }
    default:
      return unknownAction(input);
  }
}

/** Check-in management's own forms: lock, late registration, substitution and self check-in. */
async function managementIntent({ db, user, tournamentId, input, url }: IntentArgs) {
  const back = samePage(url);
  switch (input.intent) {
    case "lock": {
      const parsed = lockSchema.safeParse(input.values);
      if (!parsed.success)
        return invalid(input.intent, parsed.error, input.values, "Failed to update tournament status");
      return runFormAction(
        { ...input, failureTitle: "Failed to update tournament status" },
        () => setLocked(db, user, tournamentId, parsed.data.locked),
        (t) => ({
          redirectTo: back,
          toast: t.isLocked
            ? { title: "Tournament Locked", description: "No new players can be added." }
            : { title: "Tournament Unlocked", description: "New players can be added again." },
        }),
      );
    }
    case "add-player":
      return addPlayerIntent(db, user, tournamentId, input, back, { allowOverride: false });
    case "substitute":
      return substituteIntent(db, user, tournamentId, input, back);
    case "open-self-checkin":
    case "close-self-checkin": {
      const open = input.intent === "open-self-checkin";
      return runFormAction(
        { ...input, failureTitle: "Failed to update check-in status" },
        () => (open ? openSelfCheckin : closeSelfCheckin)(db, user, tournamentId),
        (status) => ({
          redirectTo: back,
          toast: status.open
            ? { title: "Self check-in open", description: `Read out the code ${status.code} on stream.` }
            : { title: "Self check-in closed", description: "Players can no longer check themselves in." },
        }),
      );
    }
    case "rotate-self-checkin-code":
      return runFormAction(
        { ...input, failureTitle: "Failed to update check-in status" },
        () => rotateSelfCheckinCode(db, user, tournamentId),
        (status) => ({
          redirectTo: back,
          toast: { title: "Code changed", description: `Read out the new code ${status.code} on stream.` },
        }),
      );
    default:
      return unknownAction(input);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type ScreenProps<S extends Screen> = { data: Extract<LoaderData, { screen: S }>; actionData: unknown };

/** A refused add whose messages all sit beside their fields pops no toast that repeats them (docs/rules.md). */
const quietAddPlayer = (failure: FormFailure) =>
  failure.intent === "add-player" && besideFields(failure, addPlayerFields(false));

export default function HostCheckin({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  useFailureToast(actionData, quietAddPlayer);
  const failure = failureOf(actionData);
  return (
    <>
      {loaderData.screen === "checkin" ? (
        <CheckinPage data={loaderData} actionData={actionData} />
      ) : (
        <CheckinManagement data={loaderData} actionData={actionData} />
      )}
      {/* A refusal's toast, for the inline script of the page served without React; inert with React. */}
      {failure ? <template data-toast={JSON.stringify(failureToast(failure))} /> : null}
    </>
  );
}

/** docs/rules.md's confirmation before Round 1: how many unchecked players it removes. */
function roundOneQuestion(counts: LoaderData["counts"]) {
  return counts.notCheckedIn > 0
    ? `This will remove ${counts.notCheckedIn} unchecked players and generate Round 1 lobbies. Continue?`
    : `Generate Round 1 lobbies with ${counts.checkedIn} players?`;
}

/** A refused tap is announced at the top too; its card shows it and takes the focus. */
function TapFailure({ actionData }: { actionData: unknown }) {
  return <FailureAlert failure={failureOf(actionData, "toggle-checkin")} />;
}

function LobbiesStartedNote() {
  return (
    <div className="alert warning small" role="note">
      Check-ins cannot be modified after lobby generation has started
    </div>
  );
}

function CheckinPage({ data, actionData }: ScreenProps<"checkin">) {
  const {
    tournament: t,
    canManage,
    canCheckIn,
    scorekeeper,
    lobbiesExist,
    counts,
    players,
    q,
    filter,
    selectAll,
  } = data;
  const mutable = canCheckIn && !isReadOnly(t);
  const remaining = Math.max(0, t.maxPlayers - counts.checkedIn);
  return (
    <div className="stack host-checkin">
      <TournamentHeader title="Check-in" tournament={t} canManage={canManage} scorekeeper={scorekeeper}>
        {scorekeeper ? (
          <Link to={`/tournaments/${t.id}/scores`} className="btn">
            Scores
          </Link>
        ) : (
          <Link to={`/tournaments/${t.id}/manage-players`} className="btn">
            Manage Players
          </Link>
        )}
      </TournamentHeader>
      <TapFailure actionData={actionData} />

      <section className="grid cols-5" aria-label="Check-in status">
        <StatCard label="Available Players" value={counts.active} />
        <StatCard label="Checked In" value={`${counts.checkedIn}/${t.maxPlayers}`} />
        <StatCard label="Remaining Spots" value={remaining} />
      </section>

      {mutable && canManage ? (
        <div className="row host-checkin-actions">
          <Form method="post">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="checkedIn" value={counts.checkedIn} />
            <SubmitButton intent="save" className="btn">
              Save Check-ins &amp; Continue ({counts.checkedIn} players)
            </SubmitButton>
          </Form>
          {counts.checkedIn >= ROUND_ONE_MINIMUM && !lobbiesExist ? (
            <ConfirmAction
              label="Generate First Lobbies"
              intent="generate-first"
              question={roundOneQuestion(counts)}
              confirmLabel="Generate Lobbies"
            />
          ) : null}
          {lobbiesExist ? (
            <Link to={`/scores/${t.id}`} className="btn primary">
              Enter Scores
            </Link>
          ) : null}
        </div>
      ) : null}

      <FailureAlert failure={failureOf(actionData, "generate-first", "save")} />

      <section className="card">
        <div className="row between">
          <h2>Players</h2>
          <PlayerFilter q={q} filter={filter} filters={FILTERS} />
        </div>
        {lobbiesExist ? (
          <LobbiesStartedNote />
        ) : mutable ? (
          <p className="small muted">Click a player to check them in or out.</p>
        ) : null}
        {mutable && !lobbiesExist && players.some((p) => !p.isCheckedIn && !p.isEliminated) ? (
          <SelectedCheckinForm
            q={q}
            filter={filter}
            selectAll={selectAll}
            failure={failureOf(actionData, "checkin-selected")}
          />
        ) : null}
        <CheckinGrid
          players={players}
          interactive={mutable && !lobbiesExist}
          select={
            mutable && !lobbiesExist ? { form: SELECTED_FORM, all: selectAll, ids: selectedIds(actionData) } : undefined
          }
          failure={failureOf(actionData, "toggle-checkin")}
          empty={
            <>
              <h3>{counts.active === 0 ? "No players yet" : "No players match"}</h3>
              {counts.active === 0 && mutable && canManage ? (
                <Link to={`/tournaments/${t.id}/manage-players`} className="btn primary">
                  Add Players
                </Link>
              ) : null}
            </>
          }
        />
      </section>
    </div>
  );
}

const SELECTED_FORM = "checkin-selected";

/**
 * "Check in selected": the cards' boxes belong to this form (form="checkin-selected"), so it works
 * without JavaScript; "Select all" is a link that renders the shown cards' boxes ticked.
 */
function SelectedCheckinForm({
  q,
  filter,
  selectAll,
  failure,
}: {
  q: string;
  filter: string;
  selectAll: boolean;
  failure: ReturnType<typeof failureOf>;
}) {
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (filter && filter !== "all") params.set("filter", filter);
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  const filtered = Boolean(q) || (filter && filter !== "all");
  return (
    <Form method="post" id={SELECTED_FORM} className="row host-selected-checkin" aria-label="Check in selected">
      <input type="hidden" name="intent" value="checkin-selected" />
      <SubmitButton intent="checkin-selected" className="btn">
        Check in selected
      </SubmitButton>
      <Link to={query({ select: "all" })} className="btn ghost small" preventScrollReset>
        {filtered ? "Select all filtered" : "Select all visible"}
      </Link>
      {selectAll ? (
        <Link to={query({})} className="btn ghost small" preventScrollReset>
          Clear selection
        </Link>
      ) : null}
      <FailureAlert failure={failure} />
    </Form>
  );
}

/** The boxes a refused "Check in selected" had ticked. */
function selectedIds(actionData: unknown): string[] | undefined {
  const failure = failureOf(actionData, "checkin-selected");
  if (!failure) return undefined;
  const raw = failure.values.playerIds;
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
}

function CheckinManagement({ data, actionData }: ScreenProps<"management">) {
  const {
    tournament: t,
    canManage,
    canCheckIn,
    scorekeeper,
    lobbiesExist,
    counts,
    players,
    active,
    eliminated,
    selfCheckin,
  } = data;
  const mutable = canManage && !isReadOnly(t);
  return (
    <div className="stack host-tournament-checkin">
      <TournamentHeader title="Check-in Management" tournament={t} canManage={canManage} scorekeeper={scorekeeper}>
        <Link to={`/tournaments/${t.id}/checkin`} className="btn">
          Check-in Page
        </Link>
        <Link to={`/tournaments/${t.id}/manage-players`} className="btn">
          Manage Players
        </Link>
      </TournamentHeader>
      <TapFailure actionData={actionData} />

      <section className="grid cols-5" aria-label="Check-in status">
        <div className="card stat-card">
          <div className="label">Status</div>
          <div className="value">
            <span className={`badge ${t.isLocked ? "danger" : "success"}`}>{t.isLocked ? "Locked" : "Open"}</span>
          </div>
        </div>
        <StatCard label="Total Players" value={counts.total} />
        <StatCard label="Checked In" value={`${counts.checkedIn}/${t.maxPlayers}`} />
        <StatCard label="Not Checked In" value={counts.notCheckedIn} />
        <StatCard label="Eliminated" value={counts.eliminated} />
      </section>

      <FailureAlert
        failure={failureOf(actionData, "lock", "generate-first", "open-self-checkin", "close-self-checkin")}
      />

      {mutable ? (
        <section className="card row host-round-one">
          {t.isLocked || canLock(counts.checkedIn) ? (
            <Form method="post">
              <input type="hidden" name="intent" value="lock" />
              <input type="hidden" name="locked" value={t.isLocked ? "false" : "true"} />
              <SubmitButton intent="lock" className="btn">
                {t.isLocked ? "Unlock Tournament" : "Lock Tournament"}
              </SubmitButton>
            </Form>
          ) : (
            // Locking needs 8 checked in: below that the button could only be refused (DECISIONS.md), so it says why.
            <div>
              <button type="button" className="btn" disabled aria-describedby="lock-hint">
                Lock Tournament
              </button>
              <div className="small muted" id="lock-hint">
                {LOCK_MESSAGE}
              </div>
            </div>
          )}
          {counts.checkedIn >= ROUND_ONE_BUTTON_FROM && !lobbiesExist ? (
            counts.checkedIn >= ROUND_ONE_MINIMUM ? (
              <ConfirmAction
                label={`Generate Round 1 Lobbies (${counts.checkedIn} players)`}
                intent="generate-first"
                question={roundOneQuestion(counts)}
                confirmLabel="Generate Lobbies"
              />
            ) : (
              <div>
                <button type="button" className="btn primary" disabled aria-describedby="round-one-hint">
                  Generate Round 1 Lobbies ({counts.checkedIn} players)
                </button>
                <div className="small muted" id="round-one-hint">
                  {ROUND_ONE_MESSAGE}
                </div>
              </div>
            )
          ) : null}
          {lobbiesExist ? (
            <>
              <Link to={`/scores/${t.id}`} className="btn primary">
                Enter Round 1 Scores
              </Link>
              <Link to={`/tournaments/${t.id}/scores`} className="btn">
                Manage Lobbies
              </Link>
            </>
          ) : null}
        </section>
      ) : null}

      {mutable ? (
        <SelfCheckinPanel
          open={selfCheckin.open}
          code={selfCheckin.code}
          url={selfCheckin.url}
          canOpen={selfCheckin.canOpen}
          tries={selfCheckin.tries}
        />
      ) : null}

      {mutable ? (
        <div className="grid cols-2">
          <section className="card">
            <AddPlayerForm
              failure={failureOf(actionData, "add-player")}
              resetKey={counts.total}
              tournamentId={t.id}
              withLp={false}
              // Locked, or at capacity (this form has no manual override): adding could only be refused.
              disabled={t.isLocked || atCapacity(counts.total, t.maxPlayers)}
              disabledNote={
                t.isLocked ? "The tournament is locked: unlock it to add new players." : capacityMessage(t.maxPlayers)
              }
              disabledLabel={t.isLocked ? "Locked" : "Full"}
            />
          </section>
          <section className="card">
            <SubstitutionForm active={active} eliminated={eliminated} failure={failureOf(actionData, "substitute")} />
          </section>
        </div>
      ) : null}

      <section className="card">
        <h2>Player Check-in</h2>
        {lobbiesExist ? <LobbiesStartedNote /> : null}
        <CheckinGrid
          players={players}
          interactive={canCheckIn && !isReadOnly(t) && !lobbiesExist}
          failure={failureOf(actionData, "toggle-checkin")}
          empty={<h3>No players yet</h3>}
        />
      </section>
    </div>
  );
}
