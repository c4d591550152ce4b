// The player's own page, read with their pass (docs/decisions/029): their status (registered, waitlisted #n, checked in,
// lobby and seat, eliminated or dropped), check-in while the window is open, withdrawal, and their lobby.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/my-pass";
import { FailureAlert, failureOf, failureToast } from "~/components/form-failure";
import { ScheduleLine } from "~/components/schedule";
import { retryAfterOf } from "~/lib/retry-after";
import { dbContext } from "~/lib/context";
import { invalid, readForm, runFormAction, tournamentIdOrThrow, unknownAction } from "~/lib/page.server";
import { clearPassCookie, myPath, passFromCookie, passLink } from "~/lib/pass.server";
import { clientAddress } from "~/lib/session.server";
import { withoutReactHandle } from "~/lib/lite-page";
import { pageReader } from "~/lib/share.server";
import { canReadById } from "~/models/access/share.server";
import { isActionError } from "~/models/errors";
import { passCheckin, passView, passWithdraw } from "~/models/roster/signup.server";
import { READING_LABELS } from "~/models/rounds/reports";
import { reportSchema } from "~/models/rounds/reports-input";
import { reportPanel, submitReport } from "~/models/rounds/reports.server";
import { ReportSection } from "~/components/pass-report";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `My page - ${loaderData.view.tournament.name} | Tournament Manager`
      : "My page | Tournament Manager",
  },
];

export const handle = withoutReactHandle;

// The player's own page: never stored by a shared cache, never sent on as a referrer to another site (it shows the
// pass's link). "same-origin", not "no-referrer": with no referrer at all a browser posts its forms with `Origin: null`,
// which the cross-site check refuses.
export const headers: Route.HeadersFunction = (args) => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  ...retryAfterOf(args),
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const pass = passFromCookie(request, tournamentId);
  if (!pass) throw data("Open your personal link to see your page", { status: 401 });
  try {
    const db = context.get(dbContext);
    const view = await passView(db, pass, await clientAddress(request, context), tournamentId);
    // Reporting the lobby's result (docs/decisions/036-player-reports.md): the panel of the player's current lobby.
    const report =
      view.lobby && view.player ? await reportPanel(db, tournamentId, view.lobby.id, view.player.id) : null;
    return {
      view,
      report,
      link: await passLink(request, context, tournamentId, pass),
      now: new Date().toISOString(),
      // The public view opens for a public tournament or a reader of it (a share link); never offered to a 404.
      publicView: await canReadById(db, pageReader(context, request, tournamentId), tournamentId),
    };
  } catch (error) {
    if (!isActionError(error)) throw error;
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (error.status === 401) headers.append("Set-Cookie", clearPassCookie(tournamentId));
    throw data(error.message, { status: error.status, headers });
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const input = readForm(context);
  const pass = passFromCookie(request, tournamentId);
  if (!pass) throw data("Open your personal link to see your page", { status: 401 });
  const db = context.get(dbContext);
  const address = await clientAddress(request, context);
  const back = myPath(tournamentId);
  switch (input.intent) {
    case "checkin":
    case "checkout": {
      const action = input.intent;
      return runFormAction(
        { ...input, failureTitle: "Check-in failed" },
        () => passCheckin(db, pass, address, tournamentId, action),
        ({ player, unchanged }) => ({
          redirectTo: back,
          toast: {
            title: "Check-in Updated",
            description: `${player.name} ${unchanged ? "was already" : "is"} ${action === "checkin" ? "checked in" : "checked out"}.`,
          },
        }),
      );
    }
    case "report-own":
    case "report-full": {
      const values = { ...input.values };
      if (input.intent === "report-own") delete values.placements;
      else delete values.placement;
      const parsed = reportSchema.safeParse(values);
      if (!parsed.success) return invalid(input.intent, parsed.error, input.values, "Could not report");
      return runFormAction(
        { ...input, failureTitle: "Could not report" },
        () => submitReport(db, pass, address, tournamentId, parsed.data),
        ({ lobby, reading, saved, unchanged }) => ({
          redirectTo: `${back}#report-heading`,
          toast: {
            title: "Result reported",
            description: saved
              ? `${lobby.name}: the reports agree and the result is saved.`
              : unchanged
                ? `${lobby.name}: the same report as before.`
                : `${lobby.name}: ${READING_LABELS[reading.state].toLowerCase()}.`,
          },
        }),
      );
    }
    case "withdraw":
      return runFormAction(
        { ...input, failureTitle: "Could not withdraw" },
        () => passWithdraw(db, pass, address, tournamentId),
        ({ registration }) => ({
          redirectTo: back,
          toast: { title: "Withdrawn", description: `${registration.name} has withdrawn.` },
        }),
      );
    default:
      return unknownAction(input);
  }
}

export default function MyPass({ loaderData, actionData }: Route.ComponentProps) {
  const { view, link, now, report } = loaderData;
  const { tournament: t, entry, lobby, player } = view;
  const failure = failureOf(actionData);
  return (
    <div className="stack self-checkin">
      <header>
        <h1>
          {entry.name}#{entry.riotTag}
        </h1>
        <p className="muted" style={{ margin: 0, overflowWrap: "anywhere" }}>
          {t.name}
        </p>
      </header>
      <section className="card" aria-labelledby="status-heading">
        <h2 id="status-heading">Your status</h2>
        <p className="stat-value" data-testid="pass-status">
          {view.label}
        </p>
        {entry.via === "promoted" && entry.status === "registered" ? <p>You were promoted from the waitlist.</p> : null}
        {player && player.totalPoints > 0 ? <p>Total points: {player.totalPoints}</p> : null}
      </section>
      <ScheduleLine
        tournamentId={t.id}
        startsAt={view.settings.startsAt}
        timeZone={view.settings.timeZone}
        window={view.window}
        now={now}
        begun={view.begun}
      />
      <FailureAlert failure={failure} />
      {failure ? <template data-toast={JSON.stringify(failureToast(failure))} /> : null}

      {lobby ? (
        <section className="card" aria-labelledby="lobby-heading">
          <h2 id="lobby-heading">
            Your lobby: {lobby.name} (Round {lobby.round})
          </h2>
          <p>Seat {lobby.seat}</p>
          {lobby.host ? (
            <p>
              Lobby host:{" "}
              <strong>
                {lobby.host.name}#{lobby.host.riotTag}
              </strong>{" "}
              (makes the in-game lobby)
            </p>
          ) : null}
          {lobby.password ? (
            <p>
              Lobby password: <code data-testid="lobby-password">{lobby.password}</code>
            </p>
          ) : null}
          <ol>
            {lobby.players.map((p) => (
              <li key={`${p.name}#${p.riotTag}`}>
                {p.name}#{p.riotTag}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {lobby && report ? <ReportSection lobby={lobby} panel={report} failure={failure} /> : null}

      {entry.status === "registered" && player && !lobby ? (
        <section className="card" aria-labelledby="checkin-heading">
          <h2 id="checkin-heading">Check-in</h2>
          {view.checkin ? (
            <p className="muted">{view.checkin.message}</p>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value={player.isCheckedIn ? "checkout" : "checkin"} />
              <button type="submit" className={player.isCheckedIn ? "btn" : "btn primary"}>
                {player.isCheckedIn ? "Check Out" : "Check In"}
              </button>
            </Form>
          )}
        </section>
      ) : null}

      <section className="card" aria-labelledby="link-heading">
        <h2 id="link-heading">Your personal link</h2>
        <p className="muted">Keep it to yourself: it opens this page on any device. The host can replace it.</p>
        <p style={{ overflowWrap: "anywhere" }}>
          <code>{link}</code>
        </p>
      </section>

      {view.canWithdraw ? (
        <section className="card" aria-labelledby="withdraw-heading">
          <h2 id="withdraw-heading">Withdraw</h2>
          <p className="muted">
            {entry.status === "registered"
              ? "Your seat goes to the first player on the waitlist."
              : "You leave the queue."}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="withdraw" />
            <button type="submit" className="btn danger">
              Withdraw
            </button>
          </Form>
        </section>
      ) : null}

      {loaderData.publicView ? (
        <div className="row">
          <Link to={`/tournaments/${t.id}/public`} className="btn">
            Public View
          </Link>
        </div>
      ) : null}
    </div>
  );
}
