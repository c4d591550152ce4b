// The JSON API's named shapes, declared once: every answer the routes send (the API tests parse each answer with them) and the request bodies under their documented names.
import { z } from "zod";
import { scoringShape } from "~/models/format/scoring";
import { TIEBREAKERS } from "~/models/format/ruleset";
import { CRITERION_LABELS, type Criterion } from "~/models/format/standings";
import { spreadsheetImportSchema } from "~/models/tournaments/spreadsheet.server";
import { FORMATS, LOBBY_METHODS, TOURNAMENT_STATUSES } from "~/models/format/types";
import { loginSchema, staffAddSchema } from "~/models/access/account-input";
import { dropSchema } from "~/models/audit/audit-input";
import {
  bulkPlayersSchema,
  checkinSchema,
  playerCreateSchema,
  playerUpdateSchema,
  substituteSchema,
} from "~/models/roster/player-input";
import { advanceSchema, generateSchema, lockSchema, scoresSchema } from "~/models/rounds/round-input";
import { selfCheckinSchema } from "~/models/roster/self-checkin-input";
import {
  rulesetInputSchema,
  tournamentCreateSchema,
  tournamentUpdateSchema,
} from "~/models/tournaments/tournament-input";
import { webhookCreateSchema, webhookUpdateSchema } from "~/models/audit/webhook-input";
import { TEST_EVENT, WEBHOOK_EVENT_NAMES, WEBHOOK_KINDS } from "~/models/audit/webhooks";

// ---------- answers (what the routes send) ----------

const id = z.int().min(1);
const timestamp = z.iso.datetime({ offset: true }).describe("ISO 8601 date and time");

export const scoringAnswer = z.strictObject(scoringShape(() => z.number())).describe("Points for places 1 to 8");

export const rulesetAnswer = z
  .strictObject({
    preset: z
      .enum(["standard", "riot", "custom"])
      .describe('The preset the chain equals, "custom" for a hand-made one'),
    tiebreakers: z
      .array(z.enum(TIEBREAKERS))
      .describe("The whole tiebreak chain as stored, total points first and registration last"),
  })
  .describe('How ties on points are broken (docs/rules.md, "Rulesets and tiebreaks")');

export const stageAnswer = z
  .strictObject({
    name: z.string(),
    games: z.int().describe("Games in the stage (a checkmate stage without a cap grows by one game at a time)"),
    draw: z.enum(LOBBY_METHODS).describe("How the stage's lobbies are drawn"),
    points: z.enum(["carry", "reset"]).describe("carry: the points so far enter the stage; reset: it starts at 0"),
    end: z
      .union([
        z.strictObject({ cutTo: z.int().describe("Cut to the best N overall") }),
        z.strictObject({
          topPerLobby: z.int().describe("The best K of each lobby of the stage's last game go through"),
        }),
        z.strictObject({
          checkmate: z.strictObject({
            threshold: z.number().describe("Points that put a player on checkmate (default 20, at most 200)"),
            maxGames: z
              .int()
              .nullable()
              .describe(
                "The cap: the leader by points wins after it; null: no cap (the stage then ends at the event's 100th game, the leader winning)",
              ),
          }),
        }),
        z.null(),
      ])
      .describe("How the stage ends; null: nothing"),
  })
  .describe('One stage (docs/rules.md, "Stages")');

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
    isPublic: z
      .boolean()
      .describe("Listed on the landing page and to other organizers; anyone with the link may read it"),
    scoring: scoringAnswer,
    ruleset: rulesetAnswer,
    stages: z.array(stageAnswer).nullable().describe("The stages as stored; null: one stage of totalRounds games"),
    ownerId: id,
    createdAt: timestamp,
  })
  .describe("A tournament, as stored");

export const tournamentDetailAnswer = tournamentAnswer
  .extend({
    stages: z.array(stageAnswer).describe("The stages in order (one stage of totalRounds games when none was given)"),
    currentStage: z
      .strictObject({
        index: z.int().min(0).describe("The same stage counted from 0: its place in the stages list"),
        number: z
          .int()
          .min(1)
          .describe("The stage's number, from 1, the plain count: what ?stage= takes and the rows' stage says"),
        name: z.string(),
      })
      .describe("The stage the current round belongs to"),
    gameInStage: z.int().min(1).describe("The current round's game within its stage, from 1"),
    checkmateWinnerId: z
      .int()
      .nullable()
      .describe("A checkmate final's winner, once a player on checkmate has won a game; null otherwise"),
  })
  .describe("A tournament with its stages and where it is among them");

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

/** A player's drop (docs/decisions/019-dnp-and-drops.md), on every player and standings row. */
const dropAnswerFields = {
  isDropped: z
    .boolean()
    .describe("Dropped out of the event: in no later draw, ranked below the active players; distinct from a cut"),
  dropReason: z
    .string()
    .nullable()
    .describe("The reason the owner or a master gave for the drop; null when not dropped"),
  dropRound: z.int().nullable().describe("The round the player dropped in; null when not dropped"),
};

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
    ...dropAnswerFields,
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
  placement: z.int().min(1).max(8).nullable().describe("null for a DNP"),
  points: z.number().describe("0 for a DNP"),
  dnp: z.boolean().describe("Did not play: a game played for matchesPlayed, no placement, 0 points"),
});

const criteria = Object.keys(CRITERION_LABELS) as [Criterion, ...Criterion[]];

export const needAnswer = z
  .discriminatedUnion("kind", [
    z
      .strictObject({
        kind: z.literal("cut"),
        line: z
          .enum(["overall", "lobby"])
          .describe(
            "overall: the best `keep` players in the standings go through; lobby: the best `keep` of each lobby of " +
              "this game by their placement in it",
          ),
        keep: z.int().min(1),
        playing: z.boolean().describe("Still to place in this game; false once the player's lobby is scored"),
        places: z.int().min(1).max(8).describe("Places the player's lobby hands out"),
        safe: z
          .int()
          .min(0)
          .max(8)
          .describe(
            "The worst placement that guarantees staying above the line whatever happens elsewhere (every better one " +
              "does too); 0: none does; equal to places: any does. A scored player: places (through) or 0",
          ),
        alive: z
          .int()
          .min(0)
          .max(8)
          .describe("The worst placement with which staying above the line is still possible; 0: none is"),
        text: z
          .string()
          .describe('The sentence shown to spectators, e.g. "Top 4 keeps you safe; 6th or better keeps you alive"'),
      })
      .describe("The last game before a cut (a stage's end, or the cut proposed between games)"),
    z
      .strictObject({
        kind: z.literal("checkmate"),
        threshold: z.number(),
        points: z.number().describe("The player's points in the stage before this game"),
        winsNow: z
          .boolean()
          .describe("On checkmate (points at or above the threshold): a win in this game wins the tournament"),
        needed: z.number().describe("Points still needed to reach the threshold (0 when on checkmate)"),
        reach: z
          .int()
          .min(0)
          .max(8)
          .describe("The worst placement with which this game reaches the threshold (0: out of reach this game)"),
        text: z.string().describe('e.g. "A win now wins the tournament", "Needs 5 more points to reach checkmate; …"'),
      })
      .describe("A game of a checkmate stage"),
  ])
  .nullable()
  .describe(
    'What the player needs in the game under way (docs/rules.md "What do I need"): before the last game ahead of a ' +
      "cut (a stage's end, or the cut the score screen proposes between games: Elimination from round 3), and " +
      "before every checkmate game; null otherwise, and in standings after a past round (?round=)",
  );

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
    ...dropAnswerFields,
    rank: z.int().min(1),
    totalPoints: z.number(),
    matchesPlayed: z.int(),
    averagePlacement: z.number(),
    bestFinish: z.int().nullable().describe("Best placement so far; null before the first match"),
    wins: z.int(),
    top4: z.int(),
    separatedBy: z.enum(criteria).nullable().describe("The tiebreak that separated this row from the one above"),
    stage: z
      .int()
      .min(1)
      .describe(
        "The number of the stage whose standings rank this row: the player's current stage, or the one they were cut in",
      ),
    eventPoints: z.number().describe("Points over the whole event; totalPoints are the stage's (carried or reset)"),
    onCheckmate: z
      .boolean()
      .describe("In a checkmate final: at or above the threshold before the current game, so a 1st place wins"),
    final: z
      .boolean()
      .describe(
        "This row is its standing after the last finalized round: no score saved since has moved it (all rows of a completed tournament)",
      ),
    rankChange: z
      .int()
      .nullable()
      .describe("Places gained since the round before (negative: lost); null in round 1 or when not ranked then"),
    need: needAnswer,
  })
  .describe("One standings row: active players first, then dropped ones, then eliminated ones, in tiebreak order");

export const userAnswer = z.strictObject({
  id,
  username: z.string(),
  role: z.enum(["master", "admin", "user"]),
  createdAt: timestamp,
});

export const errorAnswer = z
  .strictObject({
    message: z.string(),
    code: z
      .string()
      .optional()
      .describe(
        'The refusal\'s code (docs/rules.md "Error codes": e.g. invalid_scores, round_not_scored, tournament_completed): ' +
          "decide on it, not on the message. The HTTP layer's refusals carry one too: method_not_allowed (405), " +
          "body_too_large (413), cross_site (403)",
      ),
  })
  .describe("Why the call was refused; nothing changed");

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
const stageRef = z.strictObject({ number: z.int().describe("From 1"), name: z.string() });
const stageEndAnswer = z
  .strictObject({
    stage: stageRef.describe("The stage that ends"),
    next: stageRef.describe("The stage that begins"),
    kind: z.enum(["cutTo", "topPerLobby"]),
    keep: z.int().describe("N of a cut to N, K of the best K of each lobby"),
    inPlay: z.int().describe("Players in play when the stage ends (dropped and cut players are not)"),
    cut: z.int().describe("Players the end cuts (a tie at the line included)"),
    through: z.int().describe("Players who go through to the next stage"),
    words: z
      .string()
      .describe(
        'What the end does, in words ("Day 1 ends here: the best 32 go through to Day 2."); a cut to N with N or fewer players in play says all of them go through',
      ),
  })
  .describe("The stage end advancing applies: after a stage's last game, in place of a cut between games");
export const advanceAnswer = z.strictObject({
  status: z.enum(TOURNAMENT_STATUSES),
  currentRound: z.int(),
  eliminated: z.array(id).describe("Players the cut eliminated"),
  message: z.string().optional().describe('"Tournament has been completed" when advancing completed it'),
  stageEnd: stageEndAnswer.optional(),
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
  cutRule: z
    .enum(["pointsAndAverage", "chain"])
    .describe(
      "How ties at the line are settled: pointsAndAverage (standard: same points and average within 0.01) or chain (the tiebreak order as far as it separates players)",
    ),
  players: z.record(
    z.string(),
    z.strictObject({ name: z.string(), riotTag: z.string(), totalPoints: z.number(), averagePlacement: z.number() }),
  ),
  stageEnd: stageEndAnswer
    .nullable()
    .describe(
      "At a stage's last game: the stage end the advance applies, whose cut count, plan and players this preview then shows (eliminationCount is ignored, as the advance ignores it); null otherwise",
    ),
});
export const exportAnswer = z.strictObject({
  excelData: z
    .string()
    .describe(
      "The .xlsx workbook (sheets Tournament, Rules, Players, Lobbies, Matches; Audit History too for the owner or a master), base64",
    ),
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
    alreadyCheckedIn: z
      .boolean()
      .describe("The player was already where the call asked (checked in, or out for a check-out): nothing changed"),
    checkedIn: z.boolean().describe("Whether the player is checked in now"),
  })
  .describe("A player's own check-in or check-out");
export const selfCheckinStatusAnswer = z
  .strictObject({
    open: z.boolean().describe("Players can check themselves in"),
    code: z.string().nullable().describe("The code to read out on stream (6 characters); null once closed"),
  })
  .describe("Player self check-in, as its owner sees it");
export const selfCheckinTriesAnswer = z
  .strictObject({
    tries: z
      .array(
        z.strictObject({
          address: z.string().describe('The client address ("unknown" when the server could not tell)'),
          wrongCodes: z.int(),
          wrongTags: z.int(),
          checkins: z.int().describe("Check-ins and check-outs that went through"),
          lastAt: z.iso.datetime({ offset: true }),
        }),
      )
      .describe("Tries of the last 15 minutes per address, the most wrong ones first"),
  })
  .describe("Self check-in tries per address, for the owner");
export const selfCheckinOverviewAnswer = z
  .strictObject({ ...selfCheckinStatusAnswer.shape, ...selfCheckinTriesAnswer.shape })
  .describe("Self check-in as its owner sees it: the code and the tries per address");
export const shareLinkAnswer = z
  .strictObject({
    url: z.string().describe("The tournament's public view with its key: whoever holds it may read the tournament"),
    key: z.string().describe("The key alone (32 characters), for `?key=` on any read of the tournament"),
  })
  .describe("A tournament's share link");
export const shareKeyAnswer = z.strictObject({ key: z.string() }).describe("A tournament's new share key");

const auditValues = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .nullable()
  .describe(
    "Fields and their values on that side of the change (settings: the changed fields; scores: each player's placement and points)",
  );

export const auditEntryAnswer = z
  .strictObject({
    id,
    tournamentId: id.nullable(),
    actorId: id.nullable().describe("null once the account is gone; actorUsername stays"),
    actorUsername: z.string(),
    actorRole: z
      .enum(["owner", "master", "scorekeeper", "system", "player"])
      .describe('"system": the server itself (a webhook disabled after failures); "player": a player with their pass'),
    action: z
      .string()
      .describe(
        'A stable code, e.g. "scores.saved", "settings.updated"; a master override panel change starts with "override."',
      ),
    summary: z.string(),
    roundNumber: z.int().nullable().describe("The round the action was about"),
    before: auditValues,
    after: auditValues,
    reason: z.string().nullable().describe("The reason a master gave for an override, or the owner for a drop"),
    createdAt: timestamp,
  })
  .describe("One recorded action of the audit trail");

export const webhookEndpointAnswer = z
  .strictObject({
    id,
    tournamentId: id,
    url: z.string().describe("Where deliveries are posted (http or https)"),
    kind: z
      .enum(Object.keys(WEBHOOK_KINDS) as [keyof typeof WEBHOOK_KINDS])
      .describe('"standard": signed JSON; "discord": a Discord channel webhook'),
    events: z.array(z.enum(WEBHOOK_EVENT_NAMES as [string, ...string[]])),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().describe("Why it is disabled (by its owner, or after 24 h of failures)"),
    disabledAt: timestamp.nullable(),
    failingSince: timestamp.nullable().describe("Since when every attempt has failed; null after a success"),
    consecutiveFailures: z.int(),
    lastSuccessAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .describe("A webhook endpoint of a tournament, as its owner sees it (its secret is shown once, when made)");

export const webhookWithSecretAnswer = webhookEndpointAnswer
  .extend({
    secret: z
      .string()
      .describe(
        'The Standard Webhooks signing secret: "whsec_" and base64 bytes; verify webhook-signature with it. ' +
          "Answered only here, once: keep it (a lost one is replaced by rotating it)",
      ),
  })
  .describe("A webhook endpoint with its new signing secret, shown this once");

export const webhookAttemptAnswer = z
  .strictObject({
    id,
    deliveryId: id,
    messageId: z.string().describe("The webhook-id header: the same for every retry of one event"),
    event: z.enum([...WEBHOOK_EVENT_NAMES, TEST_EVENT] as unknown as [string, ...string[]]),
    attempt: z.int().describe("1 for the first try"),
    at: timestamp,
    ok: z.boolean().describe("The receiver answered 2xx"),
    statusCode: z.int().nullable().describe("The receiver's HTTP status; null when there was no answer"),
    latencyMs: z.int(),
    error: z
      .string()
      .nullable()
      .describe("Why the attempt failed: the status and the start of the answer, a timeout, a refused address, …"),
    deliveryStatus: z.enum(["pending", "delivered", "failed"]).describe("Where the delivery stands now"),
  })
  .describe("One attempt to deliver an event");

export const webhookDeliveryLogAnswer = z
  .strictObject({
    pending: z.int().describe("Deliveries waiting to be sent or retried"),
    attempts: z.array(webhookAttemptAnswer).describe("The last 50 attempts, newest first"),
  })
  .describe("An endpoint's delivery log");

export const webhookTestAnswer = z
  .strictObject({ deliveryId: id, messageId: z.string(), event: z.literal(TEST_EVENT) })
  .describe("The queued test event");

const totalsAnswer = z.strictObject({ totalPoints: z.number(), matchesPlayed: z.int(), averagePlacement: z.number() });
export const totalsDifferenceAnswer = z
  .strictObject({ playerId: id, name: z.string(), riotTag: z.string(), stored: totalsAnswer, computed: totalsAnswer })
  .describe("A player whose stored totals differ from what the saved matches and a master's adjustments give");
export const repairAnswer = z.strictObject({
  repaired: z.array(totalsDifferenceAnswer).describe("The players whose totals were rewritten"),
});

/** The answers, under their component names: an operation naming one of these gets a $ref to it. */
export const answerSchemas = z.registry<{ id: string }>();
for (const [name, schema] of Object.entries({
  Scoring: scoringAnswer,
  Ruleset: rulesetAnswer,
  Tournament: tournamentAnswer,
  Stage: stageAnswer,
  TournamentDetail: tournamentDetailAnswer,
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
  SelfCheckinOverview: selfCheckinOverviewAnswer,
  ShareLink: shareLinkAnswer,
  ShareKey: shareKeyAnswer,
  AuditEntry: auditEntryAnswer,
  TotalsDifference: totalsDifferenceAnswer,
  RepairAnswer: repairAnswer,
  WebhookEndpoint: webhookEndpointAnswer,
  WebhookEndpointWithSecret: webhookWithSecretAnswer,
  WebhookAttempt: webhookAttemptAnswer,
  WebhookDeliveryLog: webhookDeliveryLogAnswer,
  WebhookTestQueued: webhookTestAnswer,
})) {
  answerSchemas.add(schema, { id: name });
}

// ---------- request bodies: the very schemas the routes parse with ----------

/** The request bodies, under their component names: an operation whose handler parses one of these gets a $ref to it. */
export const bodySchemas = z.registry<{ id: string }>();
for (const [name, schema] of Object.entries({
  LoginBody: loginSchema,
  TournamentCreate: tournamentCreateSchema,
  TournamentUpdate: tournamentUpdateSchema,
  RulesetInput: rulesetInputSchema,
  PlayerCreate: playerCreateSchema,
  PlayerUpdate: playerUpdateSchema,
  BulkPlayers: bulkPlayersSchema,
  Checkin: checkinSchema,
  Drop: dropSchema,
  SelfCheckin: selfCheckinSchema,
  StaffAdd: staffAddSchema,
  Lock: lockSchema,
  Substitute: substituteSchema,
  Advance: advanceSchema,
  Generate: generateSchema,
  Scores: scoresSchema,
  Import: spreadsheetImportSchema,
  WebhookCreate: webhookCreateSchema,
  WebhookUpdate: webhookUpdateSchema,
})) {
  bodySchemas.add(schema as z.ZodType, { id: name });
}
