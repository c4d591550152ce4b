// A player's personal link (`/tournaments/{id}/pass/{secret}`): a valid pass becomes an HttpOnly cookie for the
// tournament's pages and the player is sent to their page, so the secret leaves the address bar (docs/decisions/029).
import { data, redirect } from "react-router";
import type { Route } from "./+types/pass-link";
import { dbContext } from "~/lib/context";
import { tournamentIdOrThrow } from "~/lib/page.server";
import { clearPassCookie, myPath, passCookie } from "~/lib/pass.server";
import { clientAddress } from "~/lib/session.server";
import { isActionError } from "~/models/errors";
import { passHolder } from "~/models/access/pass.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  try {
    await passHolder(context.get(dbContext), params.pass, await clientAddress(request, context), tournamentId);
  } catch (error) {
    if (!isActionError(error)) throw error;
    const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
    if (error.status === 401) headers.append("Set-Cookie", clearPassCookie(tournamentId));
    if (error.retryAfter) headers.set("Retry-After", String(error.retryAfter));
    throw data(error.message, { status: error.status, headers });
  }
  return redirect(myPath(tournamentId), {
    headers: {
      "Set-Cookie": passCookie(request, tournamentId, params.pass),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
