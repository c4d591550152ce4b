// The one error type the models throw for a refused action: its status, its code (what screens and clients decide on) and its message.
import {
  AUTH_REQUIRED,
  COMPLETED_MESSAGE,
  CUT_WHOLE,
  MAX_PLAYERS_MAXIMUM,
  MAX_PLAYERS_MINIMUM,
  MISSING_CREDENTIALS_MESSAGE,
  NO_VALID_PLAYERS,
  NOT_ALLOWED,
  SAME_PLAYER,
  TOURNAMENT_NOT_FOUND,
} from "./messages";
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;

/**
 * Every refusal's code, with the title a form shows for it (the titles of docs/rules.md "Messages and titles"), or null
 * when the form's own failure title applies ("Failed to save scores", …). docs/rules.md ("Error
 * codes") lists each code's status and messages. Screens decide on the code, never on the message.
 */
export const REFUSAL_TITLES = {
  // 400: the input
  invalid_input: null,
  no_valid_players: "No Valid Players",
  no_players_selected: null,
  max_players_out_of_range: null,
  max_players_below_checkins: null,
  rounds_out_of_range: null,
  same_player: null,
  invalid_scores: null,
  invalid_cut: null,
  unknown_username: null,
  owner_as_staff: null,
  unknown_audit_action: null,
  import_failed: "Import Failed",
  import_error: "Import Failed",
  wrong_code: "Wrong code",
  invalid_webhook_url: null,
  private_webhook_address: null,
  unknown_webhook_event: null,
  wrong_tag: "Wrong game tag",
  invalid_text: null,
  invalid_draw: null,
  invalid_swap: null,
  invalid_stages: null,
  invalid_report: "Report not valid",
  // 401, 403: who asks
  missing_credentials: "Missing credentials",
  invalid_credentials: null,
  auth_required: null,
  forbidden: null,
  master_only: null,
  invalid_pass: "Pass not valid",
  not_in_lobby: "Not your lobby",
  pass_required: "Use your personal link",
  // The HTTP layer's own refusals: a write from another site (403), a method the route does not answer (405), a body
  // over its limit (413).
  cross_site: null,
  method_not_allowed: null,
  body_too_large: null,
  // 404: what is asked about
  tournament_not_found: null,
  player_not_found: null,
  lobby_not_found: null,
  staff_not_found: null,
  webhook_not_found: null,
  address_not_found: null,
  route_not_found: null,
  // 409: the tournament's state
  tournament_completed: null,
  checkin_locked: "Check-ins locked",
  tournament_full: "Tournament full",
  tournament_at_capacity: null,
  tournament_locked: null,
  player_eliminated: null,
  settings_locked: null,
  wrong_status: null,
  checkin_closed: "Check-in closed",
  lock_minimum: null,
  not_substitutable: null,
  wrong_round: null,
  lobbies_exist: null,
  round_one_minimum: "Insufficient Players",
  not_enough_players: "Not enough players",
  too_many_players: null,
  no_lobbies: null,
  round_not_scored: null,
  round_finalized: null,
  ruleset_locked: null,
  undo_finalized: "Cannot undo after finalization",
  tie_at_cut: null,
  already_staff: null,
  ambiguous_player: null,
  too_many_webhooks: null,
  webhook_disabled: null,
  player_removed: null,
  player_dropped: "Already dropped",
  not_dropped: null,
  drop_final: "Drop cannot be undone",
  lobby_scored: null,
  stage_started: null,
  registration_closed: "Registration closed",
  waitlist_full: "Waitlist full",
  tag_taken: "Already registered",
  withdraw_locked: null,
  not_active: null,
  not_pending: null,
  lobby_saved: "Already saved",
  // 429
  too_many_attempts: "Too many attempts",
} as const satisfies Record<string, string | null>;

export type RefusalCode = keyof typeof REFUSAL_TITLES;

/** A refusal before it is thrown: what a pure rule answers ("why not?") for the server to throw and a screen to show. */
export type Refusal = { code: RefusalCode; message: string };

/** The form's title for a refusal: docs/rules.md's title of its code, else the form's own. */
export function refusalTitle(code: RefusalCode, fallback?: string): string | undefined {
  return REFUSAL_TITLES[code] ?? fallback;
}

/**
 * The schema messages that are a refusal with a code of its own (docs/rules.md "Error codes"): a form or an API body a
 * schema refuses with one of them carries that code, as the model's own refusal does; any other schema message is
 * `invalid_input`.
 */
const SCHEMA_MESSAGE_CODES: ReadonlyMap<string, RefusalCode> = new Map<string, RefusalCode>([
  [NO_VALID_PLAYERS, "no_valid_players"],
  [MAX_PLAYERS_MINIMUM, "max_players_out_of_range"],
  [MAX_PLAYERS_MAXIMUM, "max_players_out_of_range"],
  [SAME_PLAYER, "same_player"],
  [CUT_WHOLE, "invalid_cut"],
  [MISSING_CREDENTIALS_MESSAGE, "missing_credentials"],
]);

/** The code of a schema's refusal message. */
export const schemaRefusalCode = (message: string): RefusalCode => SCHEMA_MESSAGE_CODES.get(message) ?? "invalid_input";

export class ActionError extends Error {
  /** Seconds a 429 asks the client to wait (answered as Retry-After). */
  retryAfter?: number;

  constructor(
    public readonly status: ErrorStatus,
    public readonly code: RefusalCode,
    message: string,
    /** The field the message belongs to, for forms that show it next to the input. */
    public readonly field?: string,
  ) {
    super(message);
    this.name = "ActionError";
  }
}

export const badRequest = (code: RefusalCode, message: string, field?: string) =>
  new ActionError(400, code, message, field);
export const unauthorized = () => new ActionError(401, "auth_required", AUTH_REQUIRED);
export const forbidden = (code: "forbidden" | "master_only" | "pass_required" = "forbidden", message = NOT_ALLOWED) =>
  new ActionError(403, code, message);
export const notFound = (code: RefusalCode = "tournament_not_found", message = TOURNAMENT_NOT_FOUND) =>
  new ActionError(404, code, message);
export const conflict = (code: RefusalCode, message: string) => new ActionError(409, code, message);
export const completed = () => conflict("tournament_completed", COMPLETED_MESSAGE);
/** Throws a pure rule's refusal as a 409. */
export const conflictOf = (refusal: Refusal) => conflict(refusal.code, refusal.message);
export function tooManyRequests(message: string, retryAfterSeconds: number) {
  const error = new ActionError(429, "too_many_attempts", message);
  error.retryAfter = retryAfterSeconds;
  return error;
}

export function isActionError(error: unknown): error is ActionError {
  return error instanceof ActionError;
}
