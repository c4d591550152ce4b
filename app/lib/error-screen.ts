// What an error says: an error screen's words (our own refusal messages as they are, never the framework's text) and a refused form's summary.
import { isRouteErrorResponse } from "react-router";

export type ErrorScreen = { status: number; title: string; message: string };

export const GENERIC_TITLE = "Something went wrong";
export const GENERIC_MESSAGE = "An unexpected error occurred. Please try again.";

const BY_STATUS: Record<number, { title: string; message: string }> = {
  400: { title: GENERIC_TITLE, message: "The request could not be understood. Please go back and try again." },
  401: { title: "Please sign in", message: "Sign in to see this page." },
  403: { title: "Access denied", message: "You do not have access to this page." },
  404: { title: "Page not found", message: "The page you are looking for does not exist or has been moved." },
  405: { title: GENERIC_TITLE, message: "This page cannot do that. Please go back and try again." },
  413: { title: GENERIC_TITLE, message: "What was sent is too large. Please try again with less." },
};

/** The statuses our loaders and actions throw with a message meant for people (docs/rules.md's page messages). */
const OWN_STATUSES = new Set([400, 401, 403, 404, 409]);

/**
 * Our own message in an error response: a string or `{ message }` we threw. Not one React Router
 * made: those are `internal` on the server, and after hydration their Error arrives as a string
 * starting "Error: ", which none of ours does.
 */
function ownMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || (error as { internal?: boolean }).internal || !OWN_STATUSES.has(error.status))
    return null;
  const data: unknown = error.data;
  let message: unknown = data;
  if (data && typeof data === "object")
    message = data instanceof Error ? null : (data as { message?: unknown }).message;
  if (typeof message !== "string" || !message.trim() || /^\w*Error: /.test(message)) return null;
  return message;
}

/**
 * The error screen for `error`. A 4xx we answered on purpose shows its message as the heading
 * (docs/rules.md's "Invalid tournament ID", "Tournament not found", …); framework answers (a POST to a
 * page without a form, an unknown route) and every 5xx or thrown exception read "Something went
 * wrong" with a plain sentence, never "Unexpected Server Error", a status text or a stack.
 */
export function errorScreen(error: unknown): ErrorScreen {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) return { status, title: GENERIC_TITLE, message: GENERIC_MESSAGE };
  const own = ownMessage(error);
  const fallback = BY_STATUS[status] ?? { title: GENERIC_TITLE, message: GENERIC_MESSAGE };
  if (own) return { status, title: own, message: "" };
  return { status, ...fallback };
}

/**
 * The one summary at the top of a refused form. A message that belongs to a field is shown beside
 * that field only, so the summary names the problem ("Tournament name required", or the form's
 * failure title) and points down to the fields instead of repeating them; a refusal of no field is
 * the summary's own message.
 */
export function formFailureSummary(
  failure: { title?: string; error: string; fieldErrors: Record<string, string> },
  fallbackTitle: string,
): { title: string; message: string } {
  const title = failure.title ?? fallbackTitle;
  const count = Object.keys(failure.fieldErrors).length;
  if (count === 0) return { title, message: failure.error };
  return {
    title,
    message: count === 1 ? "Check the highlighted field below." : `Check the ${count} highlighted fields below.`,
  };
}
