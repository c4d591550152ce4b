// The master override panel: any tournament setting and any player's data, changed with the master override, each after a confirmation.
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/master-override";
import { MasterPlayersTab } from "~/components/master-players";
import { MasterSettingsTab } from "~/components/master-settings";
import { MasterSystemTab } from "~/components/master-system";
import { useFailureToast } from "~/components/form-failure";
import { StatusBadge, useKeptActionData } from "~/components/ui";
import {
  formFailure,
  invalid,
  loadTournamentFromParams,
  readForm,
  runFormAction,
  unknownAction,
  type FormFailure,
} from "~/lib/page.server";
import { parsePositiveInt } from "~/lib/params";
import { requireMaster } from "~/lib/session.server";
import { checkIntegrity, repairTotals } from "~/models/format/integrity.server";
import { getUsername } from "~/models/access/auth.server";
import { badRequest, notFound } from "~/models/errors";
import {
  addPlayer,
  deletePlayer,
  getPlayer,
  listPlayers,
  toPlayerSummary,
  updatePlayer,
} from "~/models/roster/roster.server";
import { capacityMessage, PLAYER_NOT_FOUND } from "~/models/messages";
import { listAllLobbies } from "~/models/rounds/lobbies.server";
import { listMatches } from "~/models/rounds/scores.server";
import { playerCounts } from "~/models/access/policy";
import { updateTournament } from "~/models/tournaments/tournaments.server";
import { idParam } from "~/models/ids";
import { overrideReasonSchema } from "~/models/audit/audit-input";
import { playerCreateSchema, playerUpdateSchema } from "~/models/roster/player-input";
import { tournamentUpdateSchema } from "~/models/tournaments/tournament-input";
import { dbContext } from "~/lib/context";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = () => [{ title: "Master Override | Tournament Manager" }];

const TABS = [
  { id: "settings", label: "Tournament Settings" },
  { id: "players", label: "Player Data" },
  { id: "system", label: "System Data" },
] as const;
type Tab = (typeof TABS)[number]["id"];

function tabOf(raw: string | null): Tab {
  return TABS.some((t) => t.id === raw) ? (raw as Tab) : "settings";
}

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const master = requireMaster(context);
  const tournament = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const tab = tabOf(url.searchParams.get("tab"));
  const db = context.get(dbContext);
  const players = await listPlayers(db, tournament.id);
  const counts = playerCounts(players);
  const [lobbies, matches, differences] =
    tab === "system"
      ? await Promise.all([
          listAllLobbies(db, tournament.id),
          listMatches(db, tournament.id),
          checkIntegrity(db, master, tournament.id),
        ])
      : [[], [], []];

  return {
    tab,
    tournament: {
      id: tournament.id,
      name: tournament.name,
      status: tournament.status,
      format: tournament.format,
      lobbyMethod: tournament.lobbyMethod,
      currentRound: tournament.currentRound,
      totalRounds: tournament.totalRounds,
      maxPlayers: tournament.maxPlayers,
      isLocked: tournament.isLocked,
      isPublic: tournament.isPublic,
      scoring: tournament.scoring,
    },
    players: players.map(toPlayerSummary),
    editId: parsePositiveInt(url.searchParams.get("edit")),
    addOpen: url.searchParams.get("add") === "1",
    capacityMessage: capacityMessage(tournament.maxPlayers),
    facts:
      tab === "system"
        ? {
            tournamentId: tournament.id,
            ownerId: tournament.ownerId,
            ownerName: await getUsername(db, tournament.ownerId),
            createdAt: new Date(tournament.createdAt).toISOString(),
            status: tournament.status,
            currentRound: tournament.currentRound,
            totalRounds: tournament.totalRounds,
            finalizedRound: tournament.finalizedRound,
            players: players.length,
            activePlayers: counts.active,
            // The stored flag, eliminated players included: this tab shows the data as it is.
            checkedIn: players.filter((p) => p.isCheckedIn).length,
            eliminated: counts.eliminated,
            lobbies: lobbies.length,
            matches: matches.length,
            raw: JSON.stringify(tournament, null, 2),
          }
        : null,
    differences,
  };
}

const CONFIRM_MESSAGE = "Please confirm the change to apply it";

export async function action({ params, request, url, context }: Route.ActionArgs) {
  const user = requireMaster(context);
  const tournament = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const db = context.get(dbContext);
  const { intent, values } = readForm(context);
  // `url`, not request.url: the latter carries the ".data" suffix of script-driven submissions.
  const path = url.pathname;

  const titles: Record<string, string> = {
    updateTournament: "Failed to update tournament",
    updatePlayer: "Failed to update player",
    deletePlayer: "Failed to delete player",
    addPlayer: "Failed to add player",
    repairTotals: "Failed to repair totals",
  };
  if (!intent || !titles[intent]) return unknownAction({ intent, values });
  const failureTitle = titles[intent];
  // Every change in this panel is confirmed first; a submission that skipped the step reopens it.
  if (values.confirmed !== "1") {
    return formFailure({ intent, values }, badRequest("invalid_input", CONFIRM_MESSAGE, "confirmed"), {
      title: "Confirmation required",
    });
  }
  // Every override says why; the audit trail keeps the reason (docs/rules.md, "Audit trail").
  const reason = overrideReasonSchema.safeParse(values);
  if (!reason.success) return invalid(intent, reason.error, values, failureTitle);
  const override = { override: true, reason: reason.data.reason };

  /** The player named by the form, only if it belongs to this tournament. */
  const ownPlayer = async () => {
    const playerId = idParam(typeof values.playerId === "string" ? values.playerId : null);
    if (playerId === null) return null;
    try {
      const player = await getPlayer(db, playerId);
      return player.tournamentId === tournament.id ? player : null;
    } catch {
      return null;
    }
  };

  switch (intent) {
    case "updateTournament": {
      const parsed = tournamentUpdateSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values, failureTitle);
      return runFormAction(
        { intent, values, failureTitle },
        () => updateTournament(db, user, tournament.id, parsed.data, override),
        () => ({ redirectTo: `${path}?tab=settings`, toast: { title: "Tournament updated successfully" } }),
      );
    }
    case "updatePlayer": {
      const player = await ownPlayer();
      if (!player)
        return formFailure({ intent, values }, notFound("player_not_found", PLAYER_NOT_FOUND), { title: failureTitle });
      const parsed = playerUpdateSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values, failureTitle);
      return runFormAction(
        { intent, values, failureTitle },
        () => updatePlayer(db, user, player.id, parsed.data, override),
        (updated) => ({
          redirectTo: `${path}?tab=players`,
          toast: { title: "Player updated successfully", description: `${updated.name} has been updated` },
        }),
      );
    }
    case "deletePlayer": {
      const player = await ownPlayer();
      if (!player)
        return formFailure({ intent, values }, notFound("player_not_found", PLAYER_NOT_FOUND), { title: failureTitle });
      return runFormAction(
        { intent, values, failureTitle },
        () => deletePlayer(db, user, player.id, override),
        () => ({
          redirectTo: `${path}?tab=players`,
          toast: { title: "Player deleted successfully", description: `${player.name} has been removed` },
        }),
      );
    }
    case "repairTotals":
      return runFormAction(
        { intent, values, failureTitle },
        () => repairTotals(db, user, tournament.id, { reason: override.reason }),
        ({ repaired }) => ({
          redirectTo: `${path}?tab=system`,
          toast: {
            title: "Totals repaired",
            description:
              repaired.length === 0
                ? "Every stored total already matched the saved matches."
                : `${repaired.length} player${repaired.length === 1 ? "'s" : "s'"} totals were recomputed.`,
          },
        }),
      );
    case "addPlayer": {
      const parsed = playerCreateSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values, failureTitle);
      // The panel never adds beyond capacity: docs/rules.md blocks it with the capacity message.
      const input = { ...parsed.data, manualOverride: false, tournamentId: tournament.id };
      return runFormAction(
        { intent, values, failureTitle },
        () => addPlayer(db, user, tournament.id, input, override),
        (created) => ({
          redirectTo: `${path}?tab=players`,
          toast: { title: "Player added successfully", description: `${created.name} has been added` },
        }),
      );
    }
  }
  return unknownAction({ intent, values });
}

/** A submission that skipped the confirmation reopens it: the open box says enough, no toast. */
const skippedConfirmation = (failure: FormFailure) => failure.fieldErrors.confirmed !== undefined;

export default function MasterOverride({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const { tab, tournament: t } = loaderData;
  const failure = actionData && actionData.ok === false ? actionData : undefined;
  useFailureToast(failure, skippedConfirmation);
  const path = useLocation().pathname;

  return (
    <div className="stack master-page">
      <div className="danger-banner" role="note">
        ⚠ Master override: changes here bypass the normal tournament rules and take effect immediately.
      </div>
      <header className="row between">
        <div>
          <h1 style={{ marginBottom: "0.25rem" }}>
            Master Override <span className="badge danger master-admin-badge">ADMIN ONLY</span>
          </h1>
          <div className="muted">
            {t.name} · Round {t.currentRound} of {t.totalRounds}
          </div>
        </div>
        <div className="row">
          <StatusBadge status={t.status} />
          <Link className="btn small" to={`/tournaments/${t.id}/settings`}>
            Tournament Settings Page
          </Link>
          <Link className="btn small" to={`/tournaments/${t.id}/history`}>
            History
          </Link>
          <Link className="btn small" to="/dashboard">
            Dashboard
          </Link>
        </div>
      </header>

      <nav className="tabs" aria-label="Master override sections">
        {TABS.map((item) => (
          <Link key={item.id} to={`${path}?tab=${item.id}`} aria-current={tab === item.id ? "page" : undefined}>
            {item.label}
          </Link>
        ))}
      </nav>

      {tab === "settings" ? (
        <MasterSettingsTab t={t} failure={failure?.intent === "updateTournament" ? failure : undefined} />
      ) : null}
      {tab === "players" ? (
        <MasterPlayersTab
          players={loaderData.players}
          maxPlayers={t.maxPlayers}
          editId={loaderData.editId}
          addOpen={loaderData.addOpen}
          failure={failure}
          basePath={path}
          capacityMessage={loaderData.capacityMessage}
        />
      ) : null}
      {tab === "system" && loaderData.facts ? (
        <MasterSystemTab
          facts={loaderData.facts}
          differences={loaderData.differences}
          failure={failure?.intent === "repairTotals" ? failure : undefined}
        />
      ) : null}
    </div>
  );
}
