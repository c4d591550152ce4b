// Sign-up (public, no account, no JavaScript needed): a player gives their name and game tag and gets a seat, a place on
// the waitlist or a sign-up waiting for the owner's approval, and their personal pass (docs/decisions/029).
import { Form, Link } from "react-router";
import type { Route } from "./+types/join";
import { FailureAlert, failureOf, failureToast, typed } from "~/components/form-failure";
import { InputField } from "~/components/form-fields";
import { StatCard } from "~/components/ui";
import { ScheduleLine } from "~/components/schedule";
import { invalid, loadTournamentFromParams, readForm, runFormAction, tournamentIdOrThrow } from "~/lib/page.server";
import { clientAddress } from "~/lib/session.server";
import { dbContext } from "~/lib/context";
import { withoutReactHandle } from "~/lib/lite-page";
import { myPath, passCookie } from "~/lib/pass.server";
import { pageReader } from "~/lib/share.server";
import { findReadableTournament } from "~/models/access/share.server";
import { joinSchema } from "~/models/roster/signup-input";
import { admission, statusLabel } from "~/models/roster/signup";
import { refusalTitle } from "~/models/errors";
import { joinInfo, signUp } from "~/models/roster/signup.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `Sign up - ${loaderData.tournament.name} | Tournament Manager` : "Sign up | Tournament Manager",
  },
];

export const handle = withoutReactHandle;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const t = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const info = await joinInfo(context.get(dbContext), t);
  return { tournament: { id: t.id, name: t.name }, info, now: new Date().toISOString() };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const { intent, values } = readForm(context);
  const kept = { name: values.name, riotTag: values.riotTag };
  const parsed = joinSchema.safeParse(values);
  if (!parsed.success) return invalid(intent, parsed.error, kept, "Sign-up failed");
  const db = context.get(dbContext);
  const address = await clientAddress(request, context);
  let cookie = "";
  const answer = await runFormAction(
    { intent, values: kept, failureTitle: "Sign-up failed" },
    async () => {
      await findReadableTournament(db, pageReader(context, request, tournamentId), tournamentId);
      const outcome = await signUp(db, tournamentId, parsed.data, address);
      cookie = passCookie(request, tournamentId, outcome.result.pass);
      return outcome;
    },
    ({ registration, position }) => ({
      redirectTo: myPath(tournamentId),
      toast: {
        title: "Signed up",
        description: `${registration.name}: ${statusLabel(registration.status, position, null)}. Bookmark your page.`,
      },
    }),
  );
  if (cookie && answer instanceof Response) answer.headers.append("Set-Cookie", cookie);
  return answer;
}

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { tournament: t, info, now } = loaderData;
  const failure = failureOf(actionData);
  // Where a sign-up would go now (the server's own rule): the page never offers one it can only refuse.
  const goes = admission(info);
  const full = goes === "waitlisted";
  const refusal = typeof goes === "object" ? goes : null;
  return (
    <div className="stack self-checkin">
      <header>
        <h1>Sign up</h1>
        <p className="muted" style={{ margin: 0, overflowWrap: "anywhere" }}>
          {t.name}
        </p>
      </header>
      <ScheduleLine
        tournamentId={t.id}
        startsAt={info.startsAt}
        timeZone={info.timeZone}
        window={info.window}
        now={now}
        begun={info.begun}
      />
      <section className="grid cols-2" aria-label="Sign-up status">
        <StatCard label="Registered" value={`${info.seatsTaken}/${info.maxPlayers}`} />
        <StatCard label="Waitlist" value={`${info.waitlisted}/${info.waitlistCap}`} />
      </section>
      {!info.open ? (
        <div className="alert warning" role="note">
          <strong>Registration closed</strong>
          <div>Registration is closed</div>
        </div>
      ) : refusal ? (
        <div className="alert warning" role="note">
          <strong>{refusalTitle(refusal.code)}</strong>
          <div>{refusal.message}. A place opens when someone withdraws: come back later.</div>
        </div>
      ) : (
        <section className="card" aria-labelledby="join-heading">
          <h2 id="join-heading">Your details</h2>
          <p className="muted">
            {info.requireApproval
              ? "The host approves each sign-up before it counts."
              : full
                ? "The tournament is full: you will join the waitlist and move up when a seat frees."
                : "You get a seat right away."}
          </p>
          <FailureAlert failure={failure} />
          {failure ? <template data-toast={JSON.stringify(failureToast(failure))} /> : null}
          <Form method="post">
            <input type="hidden" name="intent" value="join" />
            <InputField
              id="join-name"
              name="name"
              label="Player name"
              required
              maxLength={50}
              autoComplete="nickname"
              defaultValue={typed(failure, "name")}
              error={failure?.fieldErrors.name}
              errorId="join-name-error"
            />
            <InputField
              id="join-tag"
              name="riotTag"
              label="Riot tag"
              hint="The part after # in your Riot ID"
              hintId="join-tag-hint"
              required
              maxLength={21}
              autoComplete="off"
              spellCheck={false}
              defaultValue={typed(failure, "riotTag")}
              error={failure?.fieldErrors.riotTag}
              errorId="join-tag-error"
            />
            <button type="submit" className="btn primary">
              {full ? "Join the waitlist" : "Sign up"}
            </button>
          </Form>
        </section>
      )}
      <div className="row">
        <Link to={`/tournaments/${t.id}/public`} className="btn">
          Public View
        </Link>
      </div>
    </div>
  );
}
