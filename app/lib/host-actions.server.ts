// The form intents several host screens share (add player, check-in toggle, substitution, first lobbies), each one model call through runFormAction.
import { data } from "react-router";
import { getDb } from "~/lib/db.server";
import { invalid, runFormAction, type FormFailure } from "~/lib/page.server";
import { parseTournamentParam } from "~/lib/params";
import type { PublicUser } from "~/models/auth.server";
import { badRequest, isActionError } from "~/models/errors";
import { addPlayer, CHECKIN_LOCKED, setCheckin, substitute } from "~/models/players.server";
import { generateLobbies } from "~/models/lobbies.server";
import { ROUND_ONE_MESSAGE } from "~/models/policy";
import { IMPORT_FAILED, importTournament } from "~/models/spreadsheet.server";
import { checkinSchema, idParam, playerCreateSchema, substituteSchema } from "~/models/validation";

type FormInput = { intent: string | null; values: Record<string, unknown> };

/** SPEC.md section 8's titles for a refused check-in: "Check-ins locked", "Tournament full", else the fallback. */
export function checkinFailureTitle(message: string): string {
  if (message === CHECKIN_LOCKED) return "Check-ins locked";
  if (/^Maximum \d+ players can be checked in$/.test(message)) return "Tournament full";
  return "Failed to update check-in status";
}

/** SPEC.md section 8's titles for refused lobby generation: "Insufficient Players" (round 1), "Not enough players", else the fallback. */
export function lobbyFailureTitle(fallback: string) {
  return (message: string): string => {
    if (message === ROUND_ONE_MESSAGE) return "Insufficient Players";
    if (message === "Not enough players") return "Not enough players";
    return fallback;
  };
}

/** The tournament id of an action's URL; the page's own messages with 400 when it is missing or malformed. */
export function tournamentIdOrThrow(raw: string | undefined): number {
  const parsed = parseTournamentParam(raw);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  return parsed.id;
}

/** Where a form comes back to after its action: the page it was posted from, search included (the route's normalized `url`, never the `.data` request). */
export function samePage(url: URL): string {
  return url.pathname + url.search;
}

/** A refusal that never reached a model: an unknown intent or a malformed id in the form. */
export function refuse(input: FormInput, error: string, status: 400 | 404 = 400, title?: string) {
  return data<FormFailure>(
    { ok: false, intent: input.intent, error, title, fieldErrors: {}, values: input.values },
    { status },
  );
}

// Only the organizer's fields: the master-only ones (seed, stats…) belong to the override panel.
function organizerPlayerFields(values: Record<string, unknown>) {
  const { name, riotTag, lp, manualOverride } = values;
  return { name, riotTag, lp, manualOverride };
}

export async function addPlayerIntent(
  user: PublicUser | null,
  tournamentId: number,
  input: FormInput,
  redirectTo: string,
  options: { allowOverride: boolean },
) {
  const fields = organizerPlayerFields(input.values);
  if (!options.allowOverride) delete fields.manualOverride;
  const parsed = playerCreateSchema.safeParse(fields);
  if (!parsed.success) return invalid(input.intent, parsed.error, input.values, "Failed to add player");
  const db = await getDb();
  return runFormAction(
    { ...input, failureTitle: "Cannot Add Player" },
    () => addPlayer(db, user, tournamentId, parsed.data),
    (player) => ({
      redirectTo,
      toast: {
        title: "Player Added",
        description: player.isCheckedIn || !parsed.data.manualOverride
          ? `${player.name}#${player.riotTag} has been added to the tournament.`
          : `${player.name}#${player.riotTag} has been added beyond the limit as inactive.`,
      },
    }),
  );
}

export async function toggleCheckinIntent(user: PublicUser | null, input: FormInput, redirectTo: string) {
  const playerId = idParam(input.values.playerId as string | undefined);
  if (playerId === null) return refuse(input, "Invalid player ID", 400, "Failed to update check-in status");
  const parsed = checkinSchema.safeParse(input.values);
  if (!parsed.success) return invalid(input.intent, parsed.error, input.values, "Failed to update check-in status");
  const db = await getDb();
  return runFormAction(
    { ...input, failureTitle: checkinFailureTitle },
    () => setCheckin(db, user, playerId, parsed.data.checkedIn),
    (player) => ({
      // Back to the tapped card (its button takes the focus), not the top of a long grid.
      redirectTo: `${redirectTo.split("#")[0]}#player-${player.id}`,
      toast: {
        title: "Check-in Updated",
        description: `${player.name} is ${player.isCheckedIn ? "checked in" : "no longer checked in"}.`,
      },
    }),
  );
}

export async function substituteIntent(
  user: PublicUser | null,
  tournamentId: number,
  input: FormInput,
  redirectTo: string,
) {
  const parsed = substituteSchema.safeParse(input.values);
  if (!parsed.success) return invalid(input.intent, parsed.error, input.values, "Substitution Failed");
  const db = await getDb();
  return runFormAction(
    { ...input, failureTitle: "Substitution Failed" },
    () => substitute(db, user, tournamentId, parsed.data.oldPlayerId, parsed.data.newPlayerId),
    ({ oldPlayer, newPlayer }) => ({
      redirectTo,
      toast: {
        title: "Substitution Complete",
        description: `${newPlayer.name} has replaced ${oldPlayer.name}.`,
      },
    }),
  );
}

/**
 * Round 1's lobbies from a check-in page. Generation may instead complete an Elimination
 * tournament; SPEC.md then says "Tournament Complete" and goes to the dashboard.
 */
export async function generateFirstLobbiesIntent(
  user: PublicUser | null,
  tournamentId: number,
  input: FormInput,
  success: { redirectTo: string; title: string; failureTitle: string },
) {
  const db = await getDb();
  return runFormAction(
    { ...input, failureTitle: lobbyFailureTitle(success.failureTitle) },
    () => generateLobbies(db, user, tournamentId, 1),
    (result) =>
      result.status === "completed"
        ? { redirectTo: "/dashboard", toast: { title: "Tournament Complete", description: result.message } }
        : {
            redirectTo: success.redirectTo,
            toast: {
              title: success.title,
              description: `Round ${result.roundNumber} lobbies are ready (${result.lobbies.length} lobbies).`,
            },
          },
  );
}

// ---------- spreadsheet import ----------

/** The dashboard's "Import Spreadsheet": an .xlsx or .xls file becomes a new tournament with its players. */
export async function importSpreadsheetIntent(user: PublicUser | null, form: FormData, input: FormInput) {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0 || !/\.(xlsx|xls)$/i.test(file.name)) {
    return refuse({ intent: input.intent, values: {} }, IMPORT_FAILED, 400, "Import Failed");
  }
  const excelData = Buffer.from(await file.arrayBuffer()).toString("base64");
  const db = await getDb();
  return runFormAction(
    { intent: input.intent, values: {}, failureTitle: "Import Failed" },
    async () => {
      try {
        return await importTournament(db, user, excelData);
      } catch (error) {
        if (isActionError(error)) throw error;
        // SPEC.md's text for a failure the reader did not foresee.
        console.error("Spreadsheet import failed", error);
        throw badRequest("An unexpected error occurred during import. Please try again.");
      }
    },
    ({ tournament, importedPlayers }) => ({
      redirectTo: "/dashboard",
      toast: {
        title: "Import Successful",
        description: `${tournament.name} was imported with ${importedPlayers} player${importedPlayers === 1 ? "" : "s"}.`,
      },
    }),
  );
}
