// The one error type the models throw for a refused action; routes turn it into a 4xx answer with its message.
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;

export class ActionError extends Error {
  /** Seconds a 429 asks the client to wait (answered as Retry-After). */
  retryAfter?: number;

  constructor(
    public readonly status: ErrorStatus,
    message: string,
    /** The field the message belongs to, for forms that show it next to the input. */
    public readonly field?: string,
  ) {
    super(message);
    this.name = "ActionError";
  }
}

export const badRequest = (message: string, field?: string) => new ActionError(400, message, field);
export const forbidden = (message = "You do not have permission to change this tournament") =>
  new ActionError(403, message);
export const TOURNAMENT_NOT_FOUND = "Tournament not found";
export const notFound = (message = TOURNAMENT_NOT_FOUND) => new ActionError(404, message);
export const conflict = (message: string) => new ActionError(409, message);
export function tooManyRequests(message: string, retryAfterSeconds: number) {
  const error = new ActionError(429, message);
  error.retryAfter = retryAfterSeconds;
  return error;
}

export const COMPLETED_MESSAGE = "Tournament has been completed";

export function isActionError(error: unknown): error is ActionError {
  return error instanceof ActionError;
}
