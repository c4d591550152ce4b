// The JSON API described once: answer schemas, every operation, the OpenAPI 3.1 document built from the routes' zod schemas, and the docs page's view of it.
import { z } from "zod";
import { IMPORT_FAILED, spreadsheetImportSchema } from "~/models/spreadsheet.server";
import { selfCheckinSchema } from "~/models/validation";
import { CRITERION_LABELS, type Criterion } from "~/models/standings";
import { scoringShape } from "~/models/scoring";
import { FORMATS, LOBBY_METHODS, TOURNAMENT_STATUSES } from "~/models/types";
import * as v from "~/models/validation";

// ---------- answer schemas (what the routes send; the API tests parse every answer with them) ----------

const id = z.int().min(1);
const timestamp = z.iso.datetime({ offset: true }).describe("ISO 8601 date and time");

export const scoringAnswer = z
  .strictObject(scoringShape(() => z.number()))
  .describe("Points for places 1 to 8");

export const tournamentAnswer = z
  .strictObject({
    id,
    name: z.string(),
    format: z.enum(FORMATS),
    lobbyMethod: z.enum(LOBBY_METHODS).describe("How lobbies are drawn"),
    maxPlayers: z.int(),
    totalRounds: z.int(),
    currentRound: z.int(),
    finalizedRound: z.int().describe("The highest round whose scores are locked; 0 before any"),
    version: z.int().describe("Bumped by every committed change; the public pages' ETags follow it"),
    status: z.enum(TOURNAMENT_STATUSES),
    isLocked: z.boolean(),
    isPublic: z.boolean().describe("Listed on the landing page and to other organizers; anyone with the link may read it"),
    scoring: scoringAnswer,
    ownerId: id,
    createdAt: timestamp,
  })
  .describe("A tournament, as stored");

export const tournamentListItemAnswer = tournamentAnswer
  .extend({
    canManage: z.boolean().describe("The caller is the owner or a master"),
    isOwner: z.boolean(),
    role: z
      .enum(["organizer", "scorekeeper", "owner", "master"])
      .describe("The caller's role for it: a scorekeeper may check players in and out and save lobby scores"),
  })
  .describe("A tournament in the caller's list (false canManage is shown as View Only, or Scorekeeper for its staff)");

export const staffMemberAnswer = z
  .strictObject({
    userId: id,
    username: z.string(),
    role: z.enum(["scorekeeper"]),
    addedAt: timestamp,
  })
  .describe("An account on the tournament's staff");

export const playerAnswer = z
  .strictObject({
    id,
    tournamentId: id,
    name: z.string(),
    riotTag: z.string(),
    lp: z.int(),
    totalPoints: z.number(),
    matchesPlayed: z.int(),
    averagePlacement: z.number().describe("0 before the first match"),
    isEliminated: z.boolean(),
    isCheckedIn: z.boolean(),
    seed: z.int().nullable(),
  })
  .describe(
    "A player. Internal bookkeeping (soft removal when round 1 is drawn, a master's stat adjustments) is not shown: " +
      "totalPoints, matchesPlayed and averagePlacement already include the adjustments.",
  );

export const lobbyAnswer = z.strictObject({
  id,
  tournamentId: id,
  roundNumber: z.int(),
  name: z.string(),
  playerIds: z.array(id),
  isComplete: z.boolean(),
});

export const matchAnswer = z.strictObject({
  id,
  tournamentId: id,
  lobbyId: id,
  roundNumber: z.int(),
  playerId: id,
  placement: z.int().min(1).max(8),
  points: z.number(),
});

const criteria = Object.keys(CRITERION_LABELS) as [Criterion, ...Criterion[]];

export const leaderboardRowAnswer = z
  .strictObject({
    id,
    tournamentId: id,
    name: z.string(),
    riotTag: z.string(),
    lp: z.int(),
    seed: z.int().nullable(),
    isEliminated: z.boolean(),
    isCheckedIn: z.boolean(),
    rank: z.int().min(1),
    totalPoints: z.number(),
    matchesPlayed: z.int(),
    averagePlacement: z.number(),
    bestFinish: z.int().nullable().describe("Best placement so far; null before the first match"),
    wins: z.int(),
    top4: z.int(),
    separatedBy: z.enum(criteria).nullable().describe("The tiebreak that separated this row from the one above"),
  })
  .describe("One standings row: active players first, then eliminated ones, in tiebreak order");

export const userAnswer = z.strictObject({
  id,
  username: z.string(),
  role: z.enum(["master", "admin", "user"]),
  createdAt: timestamp,
});

export const errorAnswer = z.strictObject({ message: z.string() }).describe("Why the call was refused; nothing changed");

export const loginAnswer = z.strictObject({
  user: userAnswer,
  token: z.string().describe("Send as Authorization: Bearer <token>"),
});
export const logoutAnswer = z.strictObject({ message: z.string() });
export const deletedTournamentAnswer = z.strictObject({ message: z.string(), id, name: z.string() });
export const deletedPlayerAnswer = z.strictObject({ message: z.string(), id, tournamentId: id });
export const deletedLobbyAnswer = z.strictObject({ lobbyId: id, tournamentId: id, roundNumber: z.int() });
export const substitutionAnswer = z.strictObject({
  oldPlayer: playerAnswer,
  newPlayer: playerAnswer,
  lobbyId: id.nullable().describe("The current-round lobby where the substitute took the seat, if any"),
});
export const advanceAnswer = z.strictObject({
  status: z.enum(TOURNAMENT_STATUSES),
  currentRound: z.int(),
  eliminated: z.array(id).describe("Players the cut eliminated"),
  message: z.string().optional().describe('"Tournament has been completed" when advancing completed it'),
});
export const generateAnswer = z.strictObject({
  status: z.enum(["generated", "completed"]),
  roundNumber: z.int(),
  lobbies: z.array(lobbyAnswer),
  removedPlayers: z.int().describe("Round 1: players neither checked in nor eliminated, taken out of play"),
  message: z.string().optional(),
});
export const undoAnswer = z.strictObject({
  roundNumber: z.int(),
  deletedLobbies: z.int(),
  resetToCheckIn: z.boolean().describe("Round 1: the tournament went back to check-in, unlocked"),
  restoredPlayers: z.int().describe("Round 1: players put back in play"),
});
export const scoresAnswer = z.strictObject({ lobby: lobbyAnswer, matches: z.array(matchAnswer) });
export const cutPreviewAnswer = z.strictObject({
  roundNumber: z.int(),
  activeCount: z.int(),
  scoresSubmitted: z.int(),
  lobbyCount: z.int(),
  maxCut: z.int(),
  proposedCount: z.int(),
  count: z.int(),
  error: z.string().nullable(),
  plan: z
    .strictObject({
      sure: z.array(id).describe("Eliminated whatever is picked"),
      tied: z.array(id).describe("Tied at the line"),
      needed: z.int().describe("How many of the tied players tiebreakerPlayerIds must name"),
    })
    .nullable(),
  players: z.record(
    z.string(),
    z.strictObject({ name: z.string(), riotTag: z.string(), totalPoints: z.number(), averagePlacement: z.number() }),
  ),
});
export const exportAnswer = z.strictObject({
  excelData: z.string().describe("The .xlsx workbook (sheets Tournament, Players, Lobbies, Matches; Audit History too for the owner or a master), base64"),
  fileName: z.string(),
});
export const importAnswer = z.strictObject({
  message: z.string(),
  tournament: tournamentAnswer,
  importedPlayers: z.int(),
});

export const selfCheckinAnswer = z
  .strictObject({
    player: playerAnswer,
    alreadyCheckedIn: z.boolean().describe("The player was checked in before this call (nothing changed)"),
  })
  .describe("A player's own check-in");
export const selfCheckinStatusAnswer = z
  .strictObject({
    open: z.boolean().describe("Players can check themselves in"),
    code: z.string().nullable().describe("The code to read out on stream (6 characters); null once closed"),
  })
  .describe("Player self check-in, as its owner sees it");

const auditValues = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .nullable()
  .describe("Fields and their values on that side of the change (settings: the changed fields; scores: each player's placement and points)");

export const auditEntryAnswer = z
  .strictObject({
    id,
    tournamentId: id.nullable(),
    actorId: id.nullable().describe("null once the account is gone; actorUsername stays"),
    actorUsername: z.string(),
    actorRole: z.enum(["owner", "master", "scorekeeper"]),
    action: z.string().describe('A stable code, e.g. "scores.saved", "settings.updated"; a master override panel change starts with "override."'),
    summary: z.string(),
    roundNumber: z.int().nullable().describe("The round the action was about"),
    before: auditValues,
    after: auditValues,
    reason: z.string().nullable().describe("The reason a master gave for an override"),
    createdAt: timestamp,
  })
  .describe("One recorded action of the audit trail");

const totalsAnswer = z.strictObject({ totalPoints: z.number(), matchesPlayed: z.int(), averagePlacement: z.number() });
export const totalsDifferenceAnswer = z
  .strictObject({ playerId: id, name: z.string(), riotTag: z.string(), stored: totalsAnswer, computed: totalsAnswer })
  .describe("A player whose stored totals differ from what the saved matches and a master's adjustments give");
export const repairAnswer = z.strictObject({ repaired: z.array(totalsDifferenceAnswer).describe("The players whose totals were rewritten") });

const answers = z.registry<{ id: string }>();
for (const [name, schema] of Object.entries({
  Scoring: scoringAnswer,
  Tournament: tournamentAnswer,
  TournamentListItem: tournamentListItemAnswer,
  Player: playerAnswer,
  Lobby: lobbyAnswer,
  Match: matchAnswer,
  LeaderboardRow: leaderboardRowAnswer,
  User: userAnswer,
  StaffMember: staffMemberAnswer,
  Error: errorAnswer,
  LoginAnswer: loginAnswer,
  LogoutAnswer: logoutAnswer,
  DeletedTournament: deletedTournamentAnswer,
  DeletedPlayer: deletedPlayerAnswer,
  DeletedLobby: deletedLobbyAnswer,
  Substitution: substitutionAnswer,
  AdvanceAnswer: advanceAnswer,
  GenerateAnswer: generateAnswer,
  UndoAnswer: undoAnswer,
  ScoresAnswer: scoresAnswer,
  CutPreview: cutPreviewAnswer,
  ExportAnswer: exportAnswer,
  ImportAnswer: importAnswer,
  SelfCheckinAnswer: selfCheckinAnswer,
  SelfCheckinStatus: selfCheckinStatusAnswer,
  AuditEntry: auditEntryAnswer,
  TotalsDifference: totalsDifferenceAnswer,
  RepairAnswer: repairAnswer,
})) {
  answers.add(schema, { id: name });
}

// ---------- request bodies: the very schemas the routes parse with ----------

const bodies = z.registry<{ id: string }>();
const BODY_SCHEMAS = {
  LoginBody: v.loginSchema,
  TournamentCreate: v.tournamentCreateSchema,
  TournamentUpdate: v.tournamentUpdateSchema,
  PlayerCreate: v.playerCreateSchema,
  PlayerUpdate: v.playerUpdateSchema,
  BulkPlayers: v.bulkPlayersSchema,
  Checkin: v.checkinSchema,
  SelfCheckin: selfCheckinSchema,
  StaffAdd: v.staffAddSchema,
  Lock: v.lockSchema,
  Substitute: v.substituteSchema,
  Advance: v.advanceSchema,
  Generate: v.generateSchema,
  Scores: v.scoresSchema,
  Import: spreadsheetImportSchema,
} as const;
for (const [name, schema] of Object.entries(BODY_SCHEMAS)) bodies.add(schema as z.ZodType, { id: name });

type BodyName = keyof typeof BODY_SCHEMAS;
/** The name of a registered answer schema. */
type AnswerName = string;

// ---------- operations ----------

type Status = 200 | 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429;
type Answer = { description: string; schema?: AnswerName; list?: boolean; contentType?: string };

export type Operation = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  operationId: string;
  tag: "Authentication" | "Tournaments" | "Players" | "Rounds" | "Documentation";
  summary: string;
  description?: string;
  /** "none": anyone; "user": a token or the page cookie (401 without). */
  auth: "none" | "user";
  query?: { name: string; description: string; schema: Record<string, unknown> }[];
  body?: BodyName;
  answers: Partial<Record<Status, Answer>>;
};

const ok = (description: string, schema?: AnswerName, list = false): Answer => ({ description, schema, list });
const refused = {
  badInput: { 400: { description: "Invalid input: malformed JSON, a wrong or missing field, or a malformed id" } },
  auth: { 401: { description: "Not signed in" } },
  owner: { 403: { description: "Neither the owner nor a master" } },
  staff: { 403: { description: "Neither the owner, a master nor one of the tournament's scorekeepers" } },
  tournament: { 404: { description: "Tournament not found" } },
  player: { 404: { description: "Player not found" } },
  lobby: { 404: { description: "Lobby not found" } },
  conflict: (why: string) => ({ 409: { description: why } }),
};
const mutation = { ...refused.badInput, ...refused.auth, ...refused.owner };

export const OPERATIONS: Operation[] = [
  // Authentication.
  {
    method: "post",
    path: "/api/auth/login",
    operationId: "login",
    tag: "Authentication",
    summary: "Sign in",
    description:
      "Answers the user and an opaque token. With demo login on, an unknown valid username creates an organizer account. " +
      "Repeated failures for one username answer 429 for 15 minutes.",
    auth: "none",
    body: "LoginBody",
    answers: {
      200: ok("Signed in", "LoginAnswer"),
      400: { description: '"Missing credentials" or an invalid username or password format' },
      401: { description: "Invalid username or password" },
      429: { description: "Too many failed login attempts" },
    },
  },
  {
    method: "post",
    path: "/api/auth/logout",
    operationId: "logout",
    tag: "Authentication",
    summary: "Sign out: revokes the token (or the page session)",
    auth: "none",
    answers: { 200: ok("Signed out", "LogoutAnswer") },
  },
  {
    method: "post",
    path: "/api/auth/register",
    operationId: "register",
    tag: "Authentication",
    summary: "Create an account (disabled)",
    auth: "none",
    answers: { 403: { description: "Registration is currently disabled" } },
  },
  {
    method: "get",
    path: "/api/auth/me",
    operationId: "me",
    tag: "Authentication",
    summary: "The signed-in user",
    auth: "user",
    answers: { 200: ok("The user", "User"), ...refused.auth },
  },
  {
    method: "get",
    path: "/api/events",
    operationId: "events",
    tag: "Documentation",
    summary: "Live updates (server-sent events)",
    description:
      "A text/event-stream; each message is JSON {type, tournamentId, data}. Types: connected, tournament_created, " +
      "tournament_updated, lobbies_generated, matches_saved, round_advanced, tournament_completed.",
    auth: "none",
    query: [{ name: "tournamentId", description: "Only this tournament's events (plus new tournaments)", schema: { type: "integer", minimum: 1 } }],
    answers: {
      200: { description: "The event stream", contentType: "text/event-stream" },
      400: { description: "Invalid tournament ID" },
    },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "openapi",
    tag: "Documentation",
    summary: "This document (OpenAPI 3.1)",
    auth: "none",
    answers: { 200: { description: "The OpenAPI document", contentType: "application/json" } },
  },
  {
    method: "get",
    path: "/api/docs",
    operationId: "docs",
    tag: "Documentation",
    summary: "This document as a readable page",
    auth: "none",
    answers: { 200: { description: "An HTML page", contentType: "text/html" } },
  },

  // Tournaments.
  {
    method: "get",
    path: "/api/tournaments",
    operationId: "listTournaments",
    tag: "Tournaments",
    summary: "The caller's tournaments",
    description: "A master sees every tournament; an organizer their own plus the public ones of others. Newest first.",
    auth: "user",
    answers: { 200: ok("The list", "TournamentListItem", true), ...refused.auth },
  },
  {
    method: "post",
    path: "/api/tournaments",
    operationId: "createTournament",
    tag: "Tournaments",
    summary: "Create a tournament owned by the caller",
    auth: "user",
    body: "TournamentCreate",
    answers: { 200: ok("Created", "Tournament"), ...refused.badInput, ...refused.auth },
  },
  {
    method: "get",
    path: "/api/tournaments/public",
    operationId: "listPublicTournaments",
    tag: "Tournaments",
    summary: "Every public tournament, newest first",
    auth: "none",
    answers: { 200: ok("The list", "Tournament", true) },
  },
  {
    method: "post",
    path: "/api/tournaments/import",
    operationId: "importTournament",
    tag: "Tournaments",
    summary: "Create a tournament from a spreadsheet",
    description:
      "excelData is a base64 .xlsx workbook. Its Players sheet (columns Name, Riot Tag, optional LP and Seed) gives the players; " +
      "a Tournament sheet (Field / Value rows as the export writes them) gives the settings. Stats are not imported. " +
      `Any unreadable workbook answers 400 "${IMPORT_FAILED}"`,
    auth: "user",
    body: "Import",
    answers: {
      200: ok("Imported", "ImportAnswer"),
      ...refused.badInput,
      ...refused.auth,
      413: { description: "Request body too large" },
    },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}",
    operationId: "getTournament",
    tag: "Tournaments",
    summary: "One tournament",
    auth: "none",
    answers: { 200: ok("The tournament", "Tournament"), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "patch",
    path: "/api/tournaments/{id}",
    operationId: "updateTournament",
    tag: "Tournaments",
    summary: "Change settings",
    description:
      "Any of the fields. maxPlayers and totalRounds only in setup (409 otherwise); status, currentRound and isLocked " +
      "only by a master (403). A scoring change recomputes every saved match. Fields equal to the stored value are ignored.",
    auth: "user",
    body: "TournamentUpdate",
    answers: {
      200: ok("The updated tournament", "Tournament"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Completed tournament, or a setup-only field after setup"),
    },
  },
  {
    method: "delete",
    path: "/api/tournaments/{id}",
    operationId: "deleteTournament",
    tag: "Tournaments",
    summary: "Delete a tournament with its players, lobbies and matches",
    auth: "user",
    answers: {
      200: ok("Deleted", "DeletedTournament"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Tournament has been completed (only the master override panel deletes it)"),
    },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/complete",
    operationId: "completeTournament",
    tag: "Tournaments",
    summary: "Complete the tournament (it becomes read-only)",
    auth: "user",
    answers: {
      200: ok("The completed tournament", "Tournament"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Tournament has been completed"),
    },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/start-checkin",
    operationId: "startCheckin",
    tag: "Tournaments",
    summary: "Move from setup or registration to check-in",
    auth: "user",
    answers: {
      200: ok("The tournament in check-in", "Tournament"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Not in setup or registration"),
    },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/export",
    operationId: "exportTournament",
    tag: "Tournaments",
    summary: "The tournament as a spreadsheet",
    description:
      "Answers {excelData (base64 .xlsx), fileName}; with download=1 it answers the .xlsx file itself as an attachment.",
    auth: "none",
    query: [{ name: "download", description: "1: answer the .xlsx file instead of JSON", schema: { type: "string", enum: ["0", "1"] } }],
    answers: { 200: ok("The workbook", "ExportAnswer"), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/lock",
    operationId: "lockTournament",
    tag: "Tournaments",
    summary: "Lock or unlock check-in",
    description: "Locking needs at least 8 checked-in players; unlocking is always allowed.",
    auth: "user",
    body: "Lock",
    answers: {
      200: ok("The tournament", "Tournament"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Need at least 8 checked-in players to lock tournament"),
    },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/substitute",
    operationId: "substitutePlayer",
    tag: "Tournaments",
    summary: "Swap an eliminated player in for an active one",
    auth: "user",
    body: "Substitute",
    answers: {
      200: ok("Both players after the swap", "Substitution"),
      ...mutation,
      404: { description: "Tournament or player not found" },
      ...refused.conflict("The old player is not active, or the new one is not eliminated"),
    },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/advance-round",
    operationId: "previewCut",
    tag: "Rounds",
    summary: "Preview the cut before advancing",
    description: "What advance-round would eliminate for eliminationCount (default: the proposed cut), with any tie at the line.",
    auth: "none",
    query: [{ name: "eliminationCount", description: "Players to cut", schema: { type: "integer", minimum: 0 } }],
    answers: { 200: ok("The preview", "CutPreview"), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/advance-round",
    operationId: "advanceRound",
    tag: "Rounds",
    summary: "End the round, apply the cut, move on",
    description:
      "Every lobby of the round must be complete; the round is finalized if it was not. eliminationCount (a multiple of 8, " +
      "keeping at least 8) cuts the lowest-ranked active players; a tie at the line answers 409 unless tiebreakerPlayerIds " +
      'names exactly the needed number of the tied players. Advancing past the last round completes the tournament ("Tournament has been completed").',
    auth: "user",
    body: "Advance",
    answers: {
      200: ok("The new round, or completion", "AdvanceAnswer"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Scores missing, a tie at the cut line, or a completed tournament"),
    },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/finalize-round",
    operationId: "finalizeRound",
    tag: "Rounds",
    summary: "Lock the current round's scores without advancing",
    auth: "user",
    answers: {
      200: ok("The tournament", "Tournament"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("All lobby scores must be submitted first"),
    },
  },

  // Players.
  {
    method: "get",
    path: "/api/tournaments/{id}/players",
    operationId: "listPlayers",
    tag: "Players",
    summary: "The players, in registration order",
    auth: "none",
    answers: { 200: ok("The list", "Player", true), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/players",
    operationId: "addPlayer",
    tag: "Players",
    summary: "Register a player",
    description:
      "At capacity the call answers 409 unless manualOverride, which adds the player beyond the limit, not checked in. " +
      "seed, isCheckedIn, isEliminated, totalPoints, matchesPlayed and averagePlacement are a master's (403 otherwise).",
    auth: "user",
    body: "PlayerCreate",
    answers: {
      200: ok("The new player", "Player"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Tournament full, locked, or completed"),
    },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/players/bulk",
    operationId: "bulkAddPlayers",
    tag: "Players",
    summary: "Register many players, all or nothing",
    auth: "user",
    body: "BulkPlayers",
    answers: {
      200: ok("The new players", "Player", true),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Not enough room, locked, or completed"),
    },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/staff",
    operationId: "listStaff",
    tag: "Tournaments",
    summary: "The tournament's scorekeepers, oldest first (owner or master)",
    auth: "user",
    answers: { 200: ok("The list", "StaffMember", true), ...mutation, ...refused.tournament },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/staff",
    operationId: "addScorekeeper",
    tag: "Tournaments",
    summary: "Add an existing account as a scorekeeper, by username (any case)",
    description:
      "A scorekeeper may check players in and out (POST /api/players/{id}/checkin) and save or edit lobby scores " +
      "(POST /api/lobbies/{id}/matches) until the round is finalized; nothing else. Only the owner or a master manages staff. " +
      "An unknown username or the owner's answers 400.",
    auth: "user",
    body: "StaffAdd",
    answers: {
      200: ok("The new staff member", "StaffMember"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Already a scorekeeper, or the tournament completed"),
    },
  },
  {
    method: "delete",
    path: "/api/tournaments/{id}/staff/{userId}",
    operationId: "removeScorekeeper",
    tag: "Tournaments",
    summary: "Remove a scorekeeper (owner or master)",
    auth: "user",
    answers: {
      200: ok("The removed staff member", "StaffMember"),
      ...mutation,
      404: { description: "Tournament not found, or the account is not on its staff" },
      ...refused.conflict("Tournament has been completed"),
    },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/checked-in-players",
    operationId: "listCheckedInPlayers",
    tag: "Players",
    summary: "Checked-in players still in play",
    auth: "none",
    answers: { 200: ok("The list", "Player", true), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "get",
    path: "/api/players/{id}",
    operationId: "getPlayer",
    tag: "Players",
    summary: "One player",
    auth: "none",
    answers: { 200: ok("The player", "Player"), ...refused.badInput, ...refused.player },
  },
  {
    method: "patch",
    path: "/api/players/{id}",
    operationId: "updatePlayer",
    tag: "Players",
    summary: "Change a player",
    description:
      "The owner: name, riotTag, lp, and isEliminated true. A master also: seed, isCheckedIn, isEliminated false and the stats " +
      "(kept as adjustments that survive later score saves).",
    auth: "user",
    body: "PlayerUpdate",
    answers: {
      200: ok("The player", "Player"),
      ...mutation,
      ...refused.player,
      ...refused.conflict("Tournament has been completed"),
    },
  },
  {
    method: "delete",
    path: "/api/players/{id}",
    operationId: "deletePlayer",
    tag: "Players",
    summary: "Delete a player with their matches",
    auth: "user",
    answers: {
      200: ok("Deleted", "DeletedPlayer"),
      ...mutation,
      ...refused.player,
      ...refused.conflict("Tournament has been completed"),
    },
  },
  {
    method: "post",
    path: "/api/players/{id}/checkin",
    operationId: "checkinPlayer",
    tag: "Players",
    summary: "Check a player in or out",
    description: "The owner, a master or one of the tournament's scorekeepers.",
    auth: "user",
    body: "Checkin",
    answers: {
      200: ok("The player", "Player"),
      ...mutation,
      ...refused.staff,
      ...refused.player,
      ...refused.conflict("Lobbies exist, the tournament is full, or the player is eliminated"),
    },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/self-checkin",
    operationId: "selfCheckin",
    tag: "Players",
    summary: "A player checks themselves in with the code read out on stream",
    description:
      "No account needed. Name the player by `playerId`, or by `nameTag` (\"Name#Tag\", any case; it wins over `playerId`); " +
      "`code` is compared " +
      "ignoring case, spaces and dashes. Wrong codes are limited per client address and tournament, per address, and per " +
      "tournament: past the limit the call answers 429 with a Retry-After header (seconds). A player already checked in " +
      "gets 200 with alreadyCheckedIn true.",
    auth: "none",
    body: "SelfCheckin",
    answers: {
      200: ok("The player, checked in", "SelfCheckinAnswer"),
      400: { description: '"Wrong check-in code", a missing code or player, or a malformed Name#Tag' },
      ...refused.player,
      ...refused.conflict(
        '"Self check-in is not open", "Check-in is closed", lobbies already drawn, "Maximum {max} players can be checked in", ' +
          "an eliminated player, or a completed tournament",
      ),
      429: { description: "Too many wrong codes: wait the Retry-After seconds" },
    },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/self-checkin/code",
    operationId: "openSelfCheckin",
    tag: "Tournaments",
    summary: "Open player self check-in: answers the code to read out (opening again keeps it)",
    description: "Only while the tournament is in check-in and unlocked. Locking, drawing round 1 or completing closes it.",
    auth: "user",
    answers: {
      200: ok("Open, with its code", "SelfCheckinStatus"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Not in check-in, locked, lobbies drawn, or completed"),
    },
  },
  {
    method: "delete",
    path: "/api/tournaments/{id}/self-checkin/code",
    operationId: "closeSelfCheckin",
    tag: "Tournaments",
    summary: "Close player self check-in and forget its code",
    auth: "user",
    answers: {
      200: ok("Closed", "SelfCheckinStatus"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Tournament has been completed"),
    },
  },

  // Rounds.
  {
    method: "get",
    path: "/api/tournaments/{id}/lobbies",
    operationId: "listLobbies",
    tag: "Rounds",
    summary: "The lobbies of one round",
    auth: "none",
    query: [{ name: "round", description: "The round (default: the current round)", schema: { type: "integer", minimum: 1 } }],
    answers: { 200: ok("The lobbies, by name", "Lobby", true), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/lobbies/all",
    operationId: "listAllLobbies",
    tag: "Rounds",
    summary: "Every lobby of every round",
    auth: "none",
    answers: { 200: ok("The lobbies, by round then name", "Lobby", true), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/lobbies/generate",
    operationId: "generateLobbies",
    tag: "Rounds",
    summary: "Draw the current round's lobbies",
    description:
      "Round 1 needs 16 checked-in players; it seeds players, takes unchecked ones out of play, sets status active and locks. " +
      "Later rounds need 4 active players; with fewer an Elimination tournament completes (status completed).",
    auth: "user",
    body: "Generate",
    answers: {
      200: ok("The new lobbies, or (status completed) the tournament completed instead", "GenerateAnswer"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Lobbies already exist, not enough or too many players, or not the current round"),
    },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/lobbies/round/{round}",
    operationId: "listRoundLobbies",
    tag: "Rounds",
    summary: "The lobbies of the given round",
    auth: "none",
    answers: { 200: ok("The lobbies, by name", "Lobby", true), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "delete",
    path: "/api/tournaments/{id}/lobbies/round/{round}",
    operationId: "undoRound",
    tag: "Rounds",
    summary: "Undo the round's lobby generation",
    description: "Deletes its lobbies and scores. Undoing round 1 puts the removed players back and returns to check-in.",
    auth: "user",
    answers: {
      200: ok("What was undone", "UndoAnswer"),
      ...mutation,
      ...refused.tournament,
      ...refused.conflict("Cannot undo after finalization, or not the current round"),
    },
  },
  {
    method: "delete",
    path: "/api/lobbies/{id}",
    operationId: "deleteLobby",
    tag: "Rounds",
    summary: "Delete one lobby and its scores",
    auth: "user",
    answers: {
      200: ok("Deleted", "DeletedLobby"),
      ...mutation,
      ...refused.lobby,
      ...refused.conflict("The round is finalized"),
    },
  },
  {
    method: "post",
    path: "/api/lobbies/{id}/matches",
    operationId: "saveScores",
    tag: "Rounds",
    summary: "Save (or replace) a lobby's placements",
    description:
      'Every player of the lobby exactly once, placements 1 to 8 each used once: "No scores entered", "Incomplete scores", ' +
      '"Duplicate placements", "Invalid placements". The owner and the tournament\'s scorekeepers may edit until the round is finalized, ' +
      "a master at any time.",
    auth: "user",
    body: "Scores",
    answers: {
      200: ok("The lobby and its matches", "ScoresAnswer"),
      ...mutation,
      ...refused.staff,
      ...refused.lobby,
      ...refused.conflict("The round is finalized, or the tournament completed"),
    },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/matches",
    operationId: "listMatches",
    tag: "Rounds",
    summary: "Every saved placement",
    auth: "none",
    answers: { 200: ok("By round, lobby and placement", "Match", true), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/leaderboard",
    operationId: "leaderboard",
    tag: "Rounds",
    summary: "Standings",
    auth: "none",
    answers: { 200: ok("Rows in rank order", "LeaderboardRow", true), ...refused.badInput, ...refused.tournament },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/history",
    operationId: "tournamentHistory",
    tag: "Tournaments",
    summary: "The audit trail",
    description:
      "Every recorded action (who, when, what, before → after, a master's reason), newest first, 50 a page. " +
      "Only the tournament's owner or a master may read it.",
    auth: "user",
    query: [
      { name: "action", description: 'Only this action code, e.g. "scores.saved"', schema: { type: "string", pattern: "^[a-z_.]+$", maxLength: 100 } },
      { name: "actor", description: "Only this actor's username", schema: { type: "string", maxLength: 100 } },
      { name: "round", description: "Only this round", schema: { type: "integer", minimum: 1, maximum: 100 } },
      { name: "page", description: "Page number, from 1", schema: { type: "integer", minimum: 1, maximum: 100000 } },
    ],
    answers: {
      200: ok("Entries, newest first", "AuditEntry", true),
      400: { description: "A malformed id or filter, or an unknown action code" },
      ...refused.auth,
      403: { description: "Neither the owner nor a master" },
      ...refused.tournament,
    },
  },
  {
    method: "get",
    path: "/api/tournaments/{id}/integrity",
    operationId: "checkIntegrity",
    tag: "Tournaments",
    summary: "Integrity check of the stored totals (master only)",
    description: "The players whose stored totalPoints, matchesPlayed or averagePlacement differ from what their saved matches (and a master's adjustments) give; empty when all agree.",
    auth: "user",
    answers: {
      200: ok("The differences", "TotalsDifference", true),
      ...refused.badInput,
      ...refused.auth,
      403: { description: "Not a master" },
      ...refused.tournament,
    },
  },
  {
    method: "post",
    path: "/api/tournaments/{id}/integrity",
    operationId: "repairTotals",
    tag: "Tournaments",
    summary: "Repair the stored totals (master only)",
    description: "Recomputes every player's totals from the saved matches in one transaction, recorded in the audit trail. Works on a completed tournament too.",
    auth: "user",
    answers: {
      200: ok("The repaired players", "RepairAnswer"),
      ...refused.badInput,
      ...refused.auth,
      403: { description: "Not a master" },
      ...refused.tournament,
    },
  },
];

// ---------- the document ----------

const PARAM_DESCRIPTIONS: Record<string, (path: string) => string> = {
  id: (path) =>
    path.startsWith("/api/players/") ? "Player id" : path.startsWith("/api/lobbies/") ? "Lobby id" : "Tournament id",
  round: () => "Round number",
  userId: () => "The staff member's user id",
};

type JsonObject = Record<string, unknown>;

function stripMeta(schemas: Record<string, unknown>) {
  const out: Record<string, JsonObject> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as JsonObject;
    out[name] = rest;
  }
  return out;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function buildDocument() {
  const uri = (name: string) => `#/components/schemas/${name}`;
  // z.int() carries JavaScript's safe-integer bounds; they say nothing to a reader, so they are dropped.
  const override = ({ jsonSchema }: { jsonSchema: JsonObject }) => {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
  };
  const common = { uri, target: "draft-2020-12", unrepresentable: "any", override } as const;
  const answerSchemas = z.toJSONSchema(answers, { ...common, io: "output" }).schemas;
  const bodySchemas = z.toJSONSchema(bodies, { ...common, io: "input" }).schemas;

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      description: `${PARAM_DESCRIPTIONS[m[1]]?.(op.path) ?? m[1]} (a positive integer; anything else answers 400)`,
      schema: { type: "integer", minimum: 1, maximum: 2147483647 },
    }));
    const queryParams = (op.query ?? []).map((q) => ({ name: q.name, in: "query", required: false, description: q.description, schema: q.schema }));
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(op.answers) as [string, Answer][]) {
      if (Number(status) >= 400) {
        responses[status] = { description: answer.description, content: { "application/json": { schema: ref("Error") } } };
      } else if (answer.contentType && answer.contentType !== "application/json") {
        responses[status] = { description: answer.description, content: { [answer.contentType]: { schema: { type: "string" } } } };
      } else if (answer.schema) {
        const schema = answer.list ? { type: "array", items: ref(answer.schema) } : ref(answer.schema);
        responses[status] = { description: answer.description, content: { "application/json": { schema } } };
      } else {
        responses[status] = { description: answer.description, content: { "application/json": { schema: { type: "object" } } } };
      }
    }
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security: op.auth === "user" ? [{ bearerAuth: [] }, { cookieAuth: [] }] : [],
      ...(pathParams.length + queryParams.length > 0 ? { parameters: [...pathParams, ...queryParams] } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: ref(op.body) } } } }
        : {}),
      responses,
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Tournament Manager API",
      version: "2.0.0",
      description:
        "JSON API for bots, stream overlays and scripts. Sign in with POST /api/auth/login and send the token as " +
        "the header Authorization: Bearer <token> (the page session cookie works too). Reads of a tournament's public data need no token. " +
        "Every answer is sent with Cache-Control: no-store. Every refusal answers 400, 401, 403, 404, 405, 409, 413 or 429 with " +
        "a JSON body { \"message\": \"…\" } and changes nothing. Calls without a payload take an empty body or any JSON object; " +
        "malformed JSON is 400. Completed tournaments are read-only (409 \"Tournament has been completed\").",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "Authentication" },
      { name: "Tournaments" },
      { name: "Players" },
      { name: "Rounds", description: "Lobbies, scores, cuts, rounds and standings" },
      { name: "Documentation" },
    ],
    paths,
    components: {
      schemas: { ...stripMeta(answerSchemas), ...stripMeta(bodySchemas) },
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The token from POST /api/auth/login" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "tm_session", description: "The page session" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;

let cached: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  cached ??= buildDocument();
  return cached;
}

// ---------- the docs page's view ----------

export type DocsField = { name: string; type: string; required: boolean; notes: string };
export type DocsOperation = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  auth: string;
  parameters: DocsField[];
  body: { schema: string; fields: DocsField[] } | null;
  answers: { status: string; description: string; schema: string | null }[];
};
export type DocsModel = {
  title: string;
  description: string;
  sections: { tag: string; operations: DocsOperation[] }[];
  schemas: { name: string; description: string | null; fields: DocsField[] }[];
};

/** A JSON Schema as one short phrase: "integer", "array of Lobby", "string: standard or elimination". */
export function describeType(schema: JsonObject | undefined): string {
  if (!schema) return "any";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop()!;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonObject[]).map(describeType).join(" or ");
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as JsonObject[]).map(describeType).join(" or ");
  if (Array.isArray(schema.enum)) return `one of ${(schema.enum as unknown[]).map((e) => JSON.stringify(e)).join(", ")}`;
  if (schema.type === "array") return `array of ${describeType(schema.items as JsonObject)}`;
  if (schema.type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `map of ${describeType(schema.additionalProperties as JsonObject)}`;
  }
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  if (typeof schema.type === "string") return schema.format ? `${schema.type} (${schema.format})` : schema.type;
  return "any";
}

function constraints(schema: JsonObject): string {
  const notes: string[] = [];
  const plain = Array.isArray(schema.anyOf) ? ((schema.anyOf as JsonObject[]).find((s) => s.type !== "null") ?? schema) : schema;
  const { minimum, maximum, minLength, maxLength, minItems } = plain as Record<string, number | undefined>;
  if (minimum !== undefined && maximum !== undefined && maximum < 2147483647) notes.push(`${minimum} to ${maximum}`);
  else if (minimum !== undefined) notes.push(`at least ${minimum}`);
  else if (maximum !== undefined) notes.push(`at most ${maximum}`);
  if (minLength !== undefined && maxLength !== undefined) notes.push(`${minLength} to ${maxLength} characters`);
  else if (maxLength !== undefined) notes.push(`up to ${maxLength} characters`);
  else if (minLength !== undefined && minLength > 0) notes.push("not empty");
  if (minItems !== undefined && minItems > 0) notes.push(`at least ${minItems} item${minItems === 1 ? "" : "s"}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (typeof schema.description === "string") notes.push(schema.description);
  return notes.join("; ");
}

function fieldsOf(schema: JsonObject | undefined): DocsField[] {
  if (!schema || typeof schema.properties !== "object" || schema.properties === null) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(schema.properties as Record<string, JsonObject>).map(([name, s]) => ({
    name,
    type: describeType(s),
    required: required.has(name),
    notes: constraints(s),
  }));
}

export function docsModel(): DocsModel {
  const doc = openApiDocument();
  const schemas = doc.components.schemas;
  const sections = doc.tags.map(({ name }) => ({ tag: name, operations: [] as DocsOperation[] }));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        operationId: string;
        tags: string[];
        summary: string;
        description?: string;
        security: unknown[];
        parameters?: { name: string; in: string; required: boolean; description: string; schema: JsonObject }[];
        requestBody?: { content: { "application/json": { schema: { $ref: string } } } };
        responses: Record<string, { description: string; content?: Record<string, { schema: JsonObject }> }>;
      };
      const bodyName = op.requestBody ? describeType(op.requestBody.content["application/json"].schema) : null;
      const entry: DocsOperation = {
        anchor: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description ?? null,
        auth: op.security.length > 0 ? "Token or session required" : "No token needed",
        parameters: (op.parameters ?? []).map((p) => ({
          name: `${p.name} (${p.in})`,
          type: describeType(p.schema),
          required: p.required,
          notes: p.description,
        })),
        body: bodyName ? { schema: bodyName, fields: fieldsOf(schemas[bodyName]) } : null,
        answers: Object.entries(op.responses).map(([status, r]) => {
          const content = r.content ? Object.entries(r.content)[0] : undefined;
          const schema = content ? (content[0] === "application/json" ? describeType(content[1].schema) : content[0]) : null;
          return { status, description: r.description, schema };
        }),
      };
      sections.find((s) => s.tag === op.tags[0])?.operations.push(entry);
    }
  }
  return {
    title: doc.info.title,
    description: doc.info.description,
    sections: sections.filter((s) => s.operations.length > 0),
    schemas: Object.entries(schemas).map(([name, s]) => ({
      name,
      description: typeof s.description === "string" ? s.description : null,
      fields: fieldsOf(s),
    })),
  };
}
