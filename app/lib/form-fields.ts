// Every field name a page form of this app posts, by its first segment ("scores" for "scores.0.placement"). A posted
// name outside it is refused with 400 "Unknown form field: …" instead of being dropped by the schemas (issue 21 item 4;
// docs/decisions/034). tests/unit/form-fields.test.ts reads every `name="…"` of app/ and fails for one missing here.
export const FORM_FIELDS: ReadonlySet<string> = new Set([
  // every form
  "intent",
  "redirectTo",
  "confirmed",
  "reason",
  // tournaments: create, settings, master override, dashboard rows, imports
  "name",
  "format",
  "lobbyMethod",
  "maxPlayers",
  "totalRounds",
  "isPublic",
  "scoring",
  "ruleset",
  "stage",
  "stageRows",
  "stagePreset",
  "status",
  "currentRound",
  "isLocked",
  "tournamentId",
  "file",
  // players: add, bulk, edit, check-in, substitution, drops
  "riotTag",
  "lp",
  "seed",
  "manualOverride",
  "isCheckedIn",
  "isEliminated",
  "totalPoints",
  "matchesPlayed",
  "averagePlacement",
  "bulk",
  "playerId",
  "playerIds",
  "checkedIn",
  "locked",
  "oldPlayerId",
  "newPlayerId",
  // rounds: draws, scores, cuts, swaps, reports
  "lobbies",
  "lobbyId",
  "round",
  "scores",
  "placement",
  "placements",
  "editing",
  "cut",
  "count",
  "roundDown",
  "eliminationCount",
  "tiebreakerPlayerIds",
  "playerA",
  "playerB",
  // self check-in and passes
  "code",
  "nameTag",
  "action",
  // sign-up settings, entries and lobby passwords
  "requireApproval",
  "waitlistCap",
  "startsAt",
  "timeZone",
  "checkinOpensBefore",
  "checkinClosesBefore",
  "lobbyHostRule",
  "saveAgreedReports",
  "id",
  "decision",
  "address",
  "generate",
  "password",
  // staff, webhooks, accounts, theme
  "userId",
  "username",
  "url",
  "kind",
  "events",
  "webhookId",
  "theme",
  // search and filter forms (sent with GET, listed so one posted by hand is not refused)
  "q",
  "filter",
  "actor",
]);

/** The first name a form posted that no form of ours has, or null. */
export function unknownFormField(names: Iterable<string>): string | null {
  for (const name of names) if (!FORM_FIELDS.has(name.split(/[.[]/)[0])) return name;
  return null;
}
