// A refused form's Retry-After on the page's answer. React Router sends an action's headers only through the route's
// `headers` export: a form limited per address (sign-up, self check-in, a pass's page) answers 429 with the seconds to
// wait, as its API call does (app/lib/page.server.ts `formFailure` puts them on the action's answer).
import type { HeadersArgs } from "react-router";

/** The action's (or a thrown answer's) Retry-After, when it has one. */
export function retryAfterOf({
  actionHeaders,
  errorHeaders,
}: Pick<HeadersArgs, "actionHeaders" | "errorHeaders">): Record<string, string> {
  const value = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After") ?? null;
  return value === null ? {} : { "Retry-After": value };
}
