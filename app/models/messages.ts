// The words of every refusal the models answer, in one table per status, in docs/rules.md's order ("Error codes"): a
// message is reworded here and nowhere else. Plain strings and functions with no server code, so screens may read them.
import { ordinal } from "./format/scoring";

// ---------- 400: the input ----------

export const NO_VALID_PLAYERS = "No Valid Players";
export const NO_PLAYERS_SELECTED = "Select at least one player";
export const MAX_PLAYERS_MINIMUM = "Max players must be at least 4";
export const MAX_PLAYERS_MAXIMUM = "Cannot exceed 256 players";
export const belowCheckinsMessage = (checkedIn: number) =>
  `Max players cannot be below the current check-ins (${checkedIn})`;
export const currentRoundRangeMessage = (totalRounds: number) => `Current round must be between 1 and ${totalRounds}`;
export const totalRoundsBelowCurrentMessage = (currentRound: number) =>
  `Total rounds cannot be below the current round (${currentRound})`;
export const SAME_PLAYER = "Please select two different players";

/** `invalid_draw`: a draw entered by hand (docs/decisions/027-manual-draw-and-score-sheet.md). */
export const DRAW_MESSAGES = {
  noLobby: "Enter at least one lobby",
  notActive: (label: string) => `${label} is not an active player of this tournament`,
  twice: (label: string) => `${label} is in the draw more than once`,
  lobbySize: (min: number, max: number, lobby: number, size: number) =>
    `Lobbies must have ${min} to ${max} players: Lobby ${lobby} has ${size}`,
  missing: (count: number, shown: string) =>
    `Every active player must be in exactly one lobby: ${count} missing (${shown})`,
  unknownName: (line: number, entry: string) => `Line ${line}: no player is named "${entry}"`,
  sameName: (entry: string) => `More than one player is named "${entry}": write it as name#tag`,
} as const;

/** `invalid_swap` (and `lobby_scored`, 409): swapping two players of a drawn round. */
export const SWAP_MESSAGES = {
  notActive: (label: string) => `${label} is not an active player of this tournament`,
  notInLobby: (label: string) => `${label} is not in a lobby of this round`,
  sameLobby: (a: string, b: string, lobby: string) => `${a} and ${b} are both in ${lobby}`,
  lobbyScored: (lobby: string) => `${lobby} is already scored: players can only be swapped between unscored lobbies`,
} as const;

/** `invalid_scores`: a lobby's scores, in the order they are checked. */
export const NO_SCORES = "No scores entered";
export const DNP_WITH_PLACEMENT = "A DNP player cannot have a placement";
export const ALL_DNP = "At least one player of the lobby must have played: every player cannot be DNP";
export const INVALID_PLACEMENTS = "Invalid placements";
export const DUPLICATE_PLACEMENTS = "Duplicate placements";
export const INCOMPLETE_SCORES = "Incomplete scores";
export const presentPlacementsMessage = (present: number) =>
  `With a DNP, the ${present} players present take placements 1st to ${ordinal(present)}, each once`;

/** `invalid_stages`: the stage plan (`label` is the stage's name). */
export const STAGE_MESSAGES = {
  none: "A tournament needs at least one stage",
  tooMany: (max: number) => `At most ${max} stages`,
  nameRequired: (position: number) => `Stage ${position} needs a name`,
  nameTooLong: (max: number) => `A stage name is at most ${max} characters`,
  games: (label: string, max: number) => `${label}: a stage has 1 to ${max} games`,
  cutWhole: (label: string) => `${label}: the cut keeps a whole number of players`,
  cutTooLarge: (label: string, n: number, entering: number) =>
    `${label}: a cut to ${n} must keep fewer players than the ${entering} who can enter the stage`,
  cutNoFullLobby: (label: string, n: number) => `${label}: a cut to ${n} leaves no full lobby of 8`,
  topPerLobby: (label: string) => `${label}: the best K of each lobby is 1 to 7`,
  checkmateNotLast: (label: string) => `${label}: only the last stage can be a checkmate`,
  threshold: (label: string) => `${label}: the checkmate threshold must be above 0`,
  gameCap: (label: string, games: number) => `${label}: the game cap must be at least the stage's ${games} games`,
  thresholdTooHigh: (label: string, max: number) => `${label}: the checkmate threshold is at most ${max} points`,
  gameCapTooHigh: (label: string, cap: number, rounds: number) =>
    `${label}: the game cap is at most ${cap} games: an event plays at most ${rounds} games`,
  plannedTooMany: (planned: number, max: number) => `The stages plan ${planned} games: at most ${max}`,
  belowCurrentRound: (round: number) => `The stages must plan at least the ${round} rounds already under way`,
} as const;

/** `invalid_cut`. */
export const CUT_WHOLE = "Cut amount must be a whole number of at least 0";
export const CUT_MULTIPLE = "Cut amount must be a multiple of 8";
export const CUT_MINIMUM_REMAINING = "At least 8 players must remain";

export const unknownUsernameMessage = (username: string) => `No account has the username "${username}"`;
export const OWNER_AS_STAFF_MESSAGE = "The owner already runs this tournament and cannot be added as a scorekeeper";
export const UNKNOWN_AUDIT_ACTION = "Unknown action kind";
export const IMPORT_FAILED = "Failed to import tournament. Please check your Excel file format.";
export const WRONG_CODE = "Wrong check-in code";
export const WRONG_TAG = "This game tag does not match the player: type it exactly as registered";
/** A player holding a personal pass checks in and out with it only: the code and a tag read out on stream prove nothing. */
export const PASS_REQUIRED =
  "This player has a personal link: check in or out with it (the host can make a new one if it is lost)";
export const INVALID_UTF8_MESSAGE = "Text must be valid Unicode: the request is not well-formed UTF-8";
export const LONE_SURROGATE_MESSAGE = "Text must be valid Unicode: a lone surrogate (half of a UTF-16 pair) is not";
export const MISSING_CREDENTIALS_MESSAGE = "Missing credentials";
/** `invalid_webhook_url`, `private_webhook_address`, `unknown_webhook_event` and the endpoints' 404 and 409s. */
export const WEBHOOK_MESSAGES = {
  urlRequired: "Webhook URL is required",
  urlInvalid: "Webhook URL must be a valid http:// or https:// address",
  urlTooLong: (max: number) => `Webhook URL must be at most ${max} characters`,
  privateAddress:
    "Webhook URL points to a private, loopback or link-local address (set WEBHOOK_ALLOW_PRIVATE=1 to allow local receivers)",
  forbiddenAddress: "Webhook URL points to an address that can never receive webhooks",
  unknownEvent: (name: string) => `Unknown webhook event "${name}"`,
  noEvents: "Choose at least one event",
  unknownKind: 'Webhook kind must be "standard" or "discord"',
  tooMany: (max: number) => `A tournament can have at most ${max} webhook endpoints`,
  notFound: "Webhook endpoint not found",
  disabled: "This webhook endpoint is disabled: enable it first",
} as const;
export const START_MESSAGE = "Start must be a date and time (YYYY-MM-DDTHH:MM)";
export const CHECKIN_WINDOW_ORDER = "Check-in must close after it opens (fewer minutes before the start)";

// ---------- 401, 403: who asks ----------

export const INVALID_CREDENTIALS = "Invalid username or password";
export const INVALID_PASS = "This pass is not valid: it was replaced or never existed. Ask the host for your link.";
export const AUTH_REQUIRED = "Authentication required";
export const NOT_ALLOWED = "You do not have permission to change this tournament";
export const HISTORY_FORBIDDEN = "Only the tournament's owner or a master administrator can see its history";
export const WEBHOOKS_FORBIDDEN = "Only the tournament's owner or a master administrator can manage its webhooks";
export const MASTER_ONLY = "Only a master administrator can do this";
export const MASTER_FIELDS_MESSAGE =
  "Only a master administrator can change seeds, check-ins, stats or un-eliminate players";
export const MASTER_SETTINGS_MESSAGE =
  "Only a master administrator can change the status, current round or lock directly";

// ---------- 404: what is asked about ----------

export const TOURNAMENT_NOT_FOUND = "Tournament not found";
export const PLAYER_NOT_FOUND = "Player not found";
export const SIGNUP_NOT_FOUND = "Sign-up not found";
export const ADDRESS_NOT_FOUND = "No active sign-ups from this address";
export const LOBBY_NOT_FOUND = "Lobby not found";
export const STAFF_NOT_FOUND = "Staff member not found";

// ---------- 409: the tournament's state ----------

export const COMPLETED_MESSAGE = "Tournament has been completed";
export const CHECKIN_LOCKED = "Check-ins cannot be modified after lobby generation has started";
export const checkinMaxMessage = (max: number) => `Maximum ${max} players can be checked in`;
export const capacityMessage = (max: number) =>
  `Tournament is at maximum capacity (${max} players). Remove a player first.`;
export const capacityLeftMessage = (free: number, max: number) =>
  `Only ${free} more player${free === 1 ? "" : "s"} can be added (maximum ${max} players)`;
export const LOCKED_ADD_MESSAGE = "The tournament is locked: unlock it to add players";
export const LOCKED_SELF_CHECKIN_MESSAGE = "The tournament is locked: unlock it to open self check-in";
export const ELIMINATED_CHECKIN = "Eliminated players cannot be checked in";
export const MAX_PLAYERS_SETUP_ONLY = "Max players can only be changed while the tournament is in setup";
export const TOTAL_ROUNDS_SETUP_ONLY = "Total rounds can only be changed while the tournament is in setup";
export const MAX_PLAYERS_AFTER_LOBBIES = "Max players cannot be changed after lobby generation has started";
export const checkinNotStartableMessage = (status: string) =>
  `Check-in can only be started from Setup or Registration (the tournament is in ${status})`;
export const SELF_CHECKIN_WRONG_STATUS = "Self check-in can only be opened while the tournament is in check-in";
export const DROP_WRONG_STATUS = "Players can only be dropped while rounds are played (from Round 1 on)";
export const CHECKIN_CLOSED = "Check-in is closed";
export const SELF_CHECKIN_NOT_OPEN = "Self check-in is not open";
export const PASS_CHECKIN_CLOSED = "Check-in is not open for your pass";
export const LOCK_MESSAGE = "Need at least 8 checked-in players to lock tournament";
export const notActiveCheckedInMessage = (name: string) => `${name} is not an active checked-in player`;
export const notEliminatedMessage = (name: string) => `${name} is not an eliminated player`;
export const wrongRoundGenerateMessage = (round: number) =>
  `Lobbies can only be generated for the current round (Round ${round})`;
export const wrongRoundUndoMessage = (round: number) => `Only the current round (Round ${round}) can be undone`;
export const lobbiesExistMessage = (round: number) => `Lobbies already exist for Round ${round}`;
/** `round_one_minimum`; 16 is `ROUND_ONE_MINIMUM` in policy.ts. */
export const ROUND_ONE_MESSAGE = "At least 16 players must be checked in to generate lobbies";
export const NOT_ENOUGH_PLAYERS = "Not enough players";
export const TOO_MANY_PLAYERS = "Too many players";
export const noLobbiesMessage = (round: number) => `No lobbies have been generated for Round ${round}`;
export const noLobbiesToUndoMessage = (round: number) => `No lobbies to undo for Round ${round}`;
export const roundNotScoredMessage = (done: number, all: number) =>
  `All lobby scores must be submitted first: ${done}/${all} scores submitted`;
export const roundFinalizedMessage = (round: number) => `Round ${round} has already been finalized`;
export const scoresFinalizedMessage = (round: number) =>
  `Round ${round} has been finalized: its scores can no longer be edited`;
export const lobbiesFinalizedMessage = (round: number) =>
  `Round ${round} has been finalized: its lobbies can no longer be deleted`;
export const drawFinalizedMessage = (round: number) =>
  `Round ${round} has been finalized: its lobbies can no longer change`;
export const rulesetLockedMessage = (finalizedRound: number) =>
  `The tiebreak order cannot be changed after a round is finalized (Round ${finalizedRound} is)`;
export const UNDO_FINALIZED_MESSAGE = "Cannot undo after finalization";
export const stageStartedMessage = (stage: string) => `${stage} has started: its settings can no longer change`;
export const tieAtCutMessage = (needed: number, tied: number, names: string) =>
  `Tie-break needed at the cut line: select exactly ${needed} of the ${tied} tied players to eliminate (${names})`;
export const alreadyStaffMessage = (username: string) => `${username} is already a scorekeeper of this tournament`;
export const AMBIGUOUS_PLAYER = "More than one player has this name: choose yours from the list";
export const eliminatedNoDropMessage = (name: string) => `${name} is eliminated and cannot be dropped`;
export const setAsideMessage = (name: string) => `${name} was set aside at Round 1 and is not in play`;
export const alreadyDroppedMessage = (name: string) => `${name} has already dropped`;
export const notDroppedMessage = (name: string) => `${name} has not dropped`;
export const dropFinalMessage = (name: string) =>
  `Lobbies have been drawn since ${name} dropped: the drop can no longer be undone`;
export const REGISTRATION_CLOSED = "Registration is closed";
export const WAITLIST_FULL = "The tournament and its waitlist are full";
export const TAG_TAKEN = "This name and game tag are already registered";
export const WITHDRAW_LOCKED = "Lobbies are drawn: ask the host to drop you";
export const HOST_WITHDRAW_LOCKED = "Lobbies are drawn: drop the player instead";
export const NOT_WITHDRAWABLE = "This sign-up is no longer active";
export const NOT_A_PLAYER = "Only a registered player can check in";
export const NOT_PENDING = "Only a sign-up waiting for approval can be approved or declined";

// ---------- 429: too many tries ----------

export const TOO_MANY_ATTEMPTS = "Too many failed login attempts. Please wait 15 minutes and try again.";
export const TOO_MANY_CODES = "Too many wrong codes. Please wait 15 minutes and try again.";
export const TOO_MANY_FOR_PLAYER =
  "Too many wrong game tags for this player. Please wait 15 minutes or ask the host to check you in.";
export const TOO_MANY_CHECKINS =
  "Too many check-ins from this address. Please wait 15 minutes or ask the host to check you in.";
export const TOO_MANY_PASSES = "Too many wrong passes from this address. Please wait 15 minutes and try again.";
