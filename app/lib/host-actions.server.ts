// The form intents several host screens share (add player, check-in toggle, substitution, first lobbies), each one model call through runFormAction.
import type { AppDb } from "#db/client.server";
import { formFailure, invalid, runFormAction, type FormInput } from "~/lib/page.server";
import type { PublicUser } from "~/models/access/auth.server";
import { badRequest, isActionError } from "~/models/errors";
import { addPlayer } from "~/models/roster/roster.server";
import { setCheckin } from "~/models/roster/checkin.server";
import { substitute } from "~/models/roster/substitution.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { importTournament } from "~/models/tournaments/spreadsheet.server";
import { IMPORT_FAILED } from "~/models/messages";
import { checkinSchema, playerCreateSchema, substituteSchema } from "~/models/roster/player-input";
import { idParam } from "~/models/ids";

/** Where a form comes back to after its action: the page it was posted from, search included (the route's normalized `url`, never the `.data` request). */
export function samePage(url: URL): string {
  return url.pathname + url.search;
}

// Only the organizer's fields: the master-only ones (seed, stats…) belong to the override panel.
function organizerPlayerFields(values: Record<string, unknown>) {
  const { name, riotTag, lp, manualOverride } = values;
  return { name, riotTag, lp, manualOverride };
}

export async function addPlayerIntent(
  db: AppDb,
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
  return runFormAction(
    { ...input, failureTitle: "Cannot Add Player" },
    () => addPlayer(db, user, tournamentId, parsed.data),
    (player) => ({
      redirectTo,
      toast: {
        title: "Player Added",
        description:
          player.isCheckedIn || !parsed.data.manualOverride
            ? `${player.name}#${player.riotTag} has been added to the tournament.`
            : `${player.name}#${player.riotTag} has been added beyond the limit as inactive.`,
      },
    }),
  );
}

/** docs/rules.md's failure title of a check-in whose refusal has no title of its own ("Check-ins locked", "Tournament full"). */
export const CHECKIN_FAILED = "Failed to update check-in status";

export async function toggleCheckinIntent(db: AppDb, user: PublicUser | null, input: FormInput, redirectTo: string) {
  const playerId = idParam(input.values.playerId as string | undefined);
  if (playerId === null)
    return formFailure(input, badRequest("invalid_input", "Invalid player ID"), { title: CHECKIN_FAILED });
  const parsed = checkinSchema.safeParse(input.values);
  if (!parsed.success) return invalid(input.intent, parsed.error, input.values, CHECKIN_FAILED);
  return runFormAction(
    { ...input, failureTitle: CHECKIN_FAILED },
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
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  input: FormInput,
  redirectTo: string,
) {
  const parsed = substituteSchema.safeParse(input.values);
  if (!parsed.success) return invalid(input.intent, parsed.error, input.values, "Substitution Failed");
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
 * tournament; the screen then says "Tournament Complete" and goes to the dashboard (docs/rules.md "Messages and titles").
 */
export async function generateFirstLobbiesIntent(
  db: AppDb,
  user: PublicUser | null,
  tournamentId: number,
  input: FormInput,
  success: { redirectTo: string; title: string; failureTitle: string },
) {
  return runFormAction(
    { ...input, failureTitle: success.failureTitle },
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
export async function importSpreadsheetIntent(db: AppDb, user: PublicUser | null, form: FormData, input: FormInput) {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0 || !/\.(xlsx|xls)$/i.test(file.name)) {
    return formFailure({ intent: input.intent, values: {} }, badRequest("import_failed", IMPORT_FAILED));
  }
  const excelData = Buffer.from(await file.arrayBuffer()).toString("base64");
  return runFormAction(
    { intent: input.intent, values: {}, failureTitle: "Import Failed" },
    async () => {
      try {
        return await importTournament(db, user, excelData);
      } catch (error) {
        if (isActionError(error)) throw error;
        // docs/rules.md's text for a failure the reader did not foresee.
        console.error("Spreadsheet import failed", error);
        throw badRequest("import_error", "An unexpected error occurred during import. Please try again.");
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
