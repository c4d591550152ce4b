// Check-in management: lock or unlock, Round 1 lobbies, late registration, substitution and the check-in grid.
import { Form, Link } from "react-router";
import type { Route } from "./+types/tournament-checkin";
import { CheckinGrid } from "~/components/checkin-grid";
import { FailureAlert, failureOf, useFailureToast } from "~/components/form-failure";
import { SubmitButton } from "~/components/form-fields";
import { AddPlayerForm, SubstitutionForm } from "~/components/player-forms";
import { TournamentHeader } from "~/components/tournament-header";
import {
  addPlayerIntent,
  generateFirstLobbiesIntent,
  samePage,
  substituteIntent,
  toggleCheckinIntent,
} from "~/lib/host-actions.server";
import { ConfirmAction, StatCard, useKeptActionData } from "~/components/ui";
import { publicOrigin } from "~/lib/forwarded.server";
import { SelfCheckinPanel } from "~/components/self-checkin-panel";
import {
  invalid,
  loadTournamentFromParams,
  pageAccess,
  pageUser,
  readForm,
  runFormAction,
  tournamentIdOrThrow,
  unknownAction,
} from "~/lib/page.server";
import {
  closeSelfCheckin,
  openRefusal,
  openSelfCheckin,
  rotateSelfCheckinCode,
  selfCheckinStatus,
  selfCheckinTries,
} from "~/models/self-checkin.server";
import { setLocked } from "~/models/tournaments.server";
import { isReadOnly, ROUND_ONE_BUTTON_FROM, ROUND_ONE_MESSAGE, ROUND_ONE_MINIMUM } from "~/models/policy";
import { playerListView } from "~/models/views/player-list.server";
import { lockSchema } from "~/models/validation";
import { dbContext } from "~/lib/context";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data
      ? `Check-in Management - ${data.tournament.name} | Tournament Manager`
      : "Check-in | Tournament Manager",
  },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const t = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const db = context.get(dbContext);
  const access = await pageAccess(context, t);
  const [view, selfCheckin, tries] = await Promise.all([
    playerListView(db, t, access, { q: "", filter: "all" }),
    selfCheckinStatus(db, pageUser(context), t),
    selfCheckinTries(db, pageUser(context), t),
  ]);
  return {
    tournament: view.tournament,
    canManage: view.canManage,
    canCheckIn: view.canCheckIn,
    scorekeeper: view.scorekeeper,
    lobbiesExist: view.lobbiesExist,
    selfCheckin: {
      ...selfCheckin,
      canOpen: openRefusal(t, view.lobbiesExist) === null,
      url: `${await publicOrigin(request, context)}/tournaments/${t.id}/check-in`,
      tries: tries.map((row) => ({ ...row, lastAt: row.lastAt.toISOString() })),
    },
    counts: view.counts,
    players: view.shown,
    active: view.active,
    eliminated: view.eliminated,
  };
}

export async function action({ url, params, context }: Route.ActionArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const user = pageUser(context);
  const { intent, values } = readForm(context);
  const input = { intent, values };
  const back = samePage(url);
  switch (intent) {
    case "lock": {
      const parsed = lockSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values, "Failed to update tournament status");
      const db = context.get(dbContext);
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
    case "generate-first":
      return generateFirstLobbiesIntent(context.get(dbContext), user, tournamentId, input, {
        redirectTo: back,
        title: "Lobbies Generated",
        failureTitle: "Failed to generate lobby assignments",
      });
    case "add-player":
      return addPlayerIntent(context.get(dbContext), user, tournamentId, input, back, { allowOverride: false });
    case "substitute":
      return substituteIntent(context.get(dbContext), user, tournamentId, input, back);
    case "toggle-checkin":
      return toggleCheckinIntent(context.get(dbContext), user, input, back);
    case "open-self-checkin":
    case "close-self-checkin": {
      const open = intent === "open-self-checkin";
      const db = context.get(dbContext);
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
    case "rotate-self-checkin-code": {
      const db = context.get(dbContext);
      return runFormAction(
        { ...input, failureTitle: "Failed to update check-in status" },
        () => rotateSelfCheckinCode(db, user, tournamentId),
        (status) => ({
          redirectTo: back,
          toast: { title: "Code changed", description: `Read out the new code ${status.code} on stream.` },
        }),
      );
    }
    default:
      return unknownAction(input);
  }
}

export default function TournamentCheckin({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
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
  } = loaderData;
  useFailureToast(actionData);
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
      {/* A refused tap is announced here at the top too; its card shows it and takes the focus. */}
      <FailureAlert failure={failureOf(actionData, "toggle-checkin")} />

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
          <Form method="post">
            <input type="hidden" name="intent" value="lock" />
            <input type="hidden" name="locked" value={t.isLocked ? "false" : "true"} />
            <SubmitButton intent="lock" className="btn">
              {t.isLocked ? "Unlock Tournament" : "Lock Tournament"}
            </SubmitButton>
          </Form>
          {counts.checkedIn >= ROUND_ONE_BUTTON_FROM && !lobbiesExist ? (
            counts.checkedIn >= ROUND_ONE_MINIMUM ? (
              <ConfirmAction
                label={`Generate Round 1 Lobbies (${counts.checkedIn} players)`}
                intent="generate-first"
                question={
                  counts.notCheckedIn > 0
                    ? `This will remove ${counts.notCheckedIn} unchecked players and generate Round 1 lobbies. Continue?`
                    : `Generate Round 1 lobbies with ${counts.checkedIn} players?`
                }
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
              disabled={t.isLocked}
              disabledNote="The tournament is locked: unlock it to add new players."
            />
          </section>
          <section className="card">
            <SubstitutionForm active={active} eliminated={eliminated} failure={failureOf(actionData, "substitute")} />
          </section>
        </div>
      ) : null}

      <section className="card">
        <h2>Player Check-in</h2>
        {lobbiesExist ? (
          <div className="alert warning small" role="note">
            Check-ins cannot be modified after lobby generation has started
          </div>
        ) : null}
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
