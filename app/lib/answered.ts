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

/** Whether an action request came from React Router's script (its ".data" request) rather than a plain form post. */
export function isScriptedRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
