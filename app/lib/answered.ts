// An action that answers the screen's new data itself (docs/decisions/027-manual-draw-and-score-sheet.md): with
// JavaScript a save is one round trip, so the matched routes skip the re-validation GET React Router would send after it.
import type { ShouldRevalidateFunctionArgs } from "react-router";

/** Marks an action's answer as carrying everything the screen needs. */
export type Answered = { answered: true };

export function isAnswered(result: unknown): result is Answered {
  return typeof result === "object" && result !== null && (result as { answered?: unknown }).answered === true;
}

/** A route's `shouldRevalidate`: no re-validation after an answered action, React Router's default otherwise. */
export function skipWhenAnswered({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isAnswered(actionResult) ? false : defaultShouldRevalidate;
}

/**
 * The header the host screens' page script (app/scripts/host.ts) sends with a save it answers in place: the
 * action answers the screen rather than redirecting, and the document rendered after it is the answer.
 */
export const ANSWER_HEADER = "X-Answer-In-Place";

/**
 * Whether an action request came from a script rather than a plain form post: React Router's (its ".data" request), or
 * the inline script of a host screen served without React (`ANSWER_HEADER`).
 */
export function isScriptedRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data") || request.headers.get(ANSWER_HEADER) === "1";
}
